/*
 * testgame_state.h: the plain data of a game of count to 21: what create
 * builds, act and tick change, clone copies and the views read. No
 * functions: the rules are testgame_rules.h's, the flow testgame_game.c's.
 * Bots do not include it: they read a game through testgame_game.h, which
 * hands out what is public and a seat's own secret.
 */
#ifndef BOTPIT_TESTGAME_STATE_H
#define BOTPIT_TESTGAME_STATE_H

#include <stdint.h>

#include "testgame_rules.h"

struct game {
    int seats, target, turn_s, bot_ms;
    int total, turn, winner;
    int added[TESTGAME_MAX_SEATS];
    int secret[TESTGAME_MAX_SEATS]; /* each seat's hidden deal, from the secret stream */
    int64_t turn_deadline;          /* GAME_NO_DEADLINE without turn_s */
    int hint;                       /* -1 until the off-loop work's result arrives */
};

#endif
