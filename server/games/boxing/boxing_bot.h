/*
 * boxing_bot.h: robots that box by themselves (boxing_bot.c). They read a
 * game through boxing_game.h (what their seat may see) and reason with
 * boxing_rules.h; nothing of the game calls them but the engine's table.
 */
#ifndef BOTPIT_BOXING_BOT_H
#define BOTPIT_BOXING_BOT_H

#include "boxing_rules.h"

/* The engine's bot() (game.h): once *cancel is raised it stops modelling
 * and searching and sends the best orders found so far. */
json_t *boxing_bot(const game *g, int seat, int level, int64_t now_ms, uint64_t salt,
                   int64_t *wake_ms, const volatile int *cancel);
/* A layout a bot of `level` would choose, as an action. */
json_t *boxing_bot_layout(int level, bool free_centre, rng *r);

#endif
