/*
 * robotwars_bot.h: the bots (robotwars_bot.c). They read a game through
 * robotwars_game.h and plan on robotwars_rules.h's look-ahead; nothing of
 * the game calls them but the engine's table.
 */
#ifndef BOTPIT_ROBOTWARS_BOT_H
#define BOTPIT_ROBOTWARS_BOT_H

#include "robotwars_rules.h"

json_t *rw_bot(const game *g, int seat, int level, int64_t now_ms, uint64_t salt,
                      int64_t *wake_ms, const volatile int *cancel);
/* How a bot of `level` spends `discs` discs from base (into add[]): the
 * normal bot as the rules' default allocation (rw_default_allocation). */
void rw_bot_allocation(int level, int discs, int weapon, int add[RW_CAPS]);

#endif
