/*
 * testgame.h: "count to 21", an engine for the server's tests only, and the
 * skeleton every engine's folder follows (server/games/README.md, "One
 * shape for every engine"). Players take turns adding 1 to 3 to a count;
 * whoever reaches the target wins.
 *
 * Small enough to reason about in a test, yet it uses every part of the
 * contract: turns (not_your_turn), a secret per seat (views differ), an
 * optional turn deadline (tick), bots with levels, bots thinking off the
 * loop (clone; option bot_ms makes them sleep before they answer, so tests
 * can change the room under a thinking bot), and off-loop work (a "hint"
 * computed by work_run once the count passes half the target). It ships
 * only in the botpit-test binary (its bot sleeps, which no shipped engine
 * may do).
 *
 * The files, each calling only those above it in this list:
 *   testgame_state.h  the plain data of a game (struct game)
 *   testgame_rules.c  the pure rules, shared with the bots (testgame_rules.h)
 *   testgame_game.c   the flow: create, act, tick, deadlines, the secrets,
 *                     off-loop work; what bots may read (testgame_game.h)
 *   testgame_view.c   the views and the result (testgame_view.h)
 *   testgame_bot.c    the bots (testgame_bot.h)
 *   testgame.c        the engine's tables: options, bot levels, functions
 */
#ifndef BOTPIT_TESTGAME_H
#define BOTPIT_TESTGAME_H

#include "games/game.h"

extern const game_engine testgame_engine;

/* The same game from an engine without clone: the room plays its inputs on
 * the game itself and rebuilds it from the log when a write fails (unit
 * tests only). */
extern const game_engine testgame_noclone_engine;

#endif
