/*
 * testgame_bot.h: the bots of count to 21. They read a game through
 * testgame_game.h and play by testgame_rules.h: easy adds 1, normal plays
 * the winning line. Nothing of the game calls them but the engine's table.
 */
#ifndef BOTPIT_TESTGAME_BOT_H
#define BOTPIT_TESTGAME_BOT_H

#include "games/game.h"

enum { TESTGAME_BOT_EASY, TESTGAME_BOT_NORMAL };

json_t *testgame_bot(const game *g, int seat, int level, int64_t now, uint64_t salt,
                     int64_t *wake_ms, const volatile int *cancel);

#endif
