/*
 * ricochet.h: Ricochet Robots at the table, engine id "ricochet": its public
 * face, for the registry, its tools and its tests. Rules: the seed 001 text
 * and RULINGS §1. The wire formats: protocol/PROTOCOL.md, section
 * "ricochet: Ricochet Robots".
 *
 * The files, each calling only those above it in this list
 * (server/games/README.md):
 *   ricochet_board.[ch]   the board: quadrant sides, walls, chips (the sides
 *                         and sample puzzles are data/ricochet/ (JSON), turned
 *                         into C at build time by ricochet_gen.c)
 *   ricochet_move.[ch]    moves and the rules of a round's moves
 *   ricochet_solver.[ch]  the exact solver
 *   ricochet_rules.[ch]   the table's rules: phases, bids and the order of
 *                         demonstrations, chips to win; pure
 *   ricochet_json.[ch]    puzzles, solutions and the table's forms as JSON
 *   ricochet_state.h      the plain data of a game (struct game)
 *   ricochet_game.[ch]    the flow: reveal, simultaneous bids, the sand
 *                         timer and the idle rule, demonstrations in order,
 *                         chips, the end, the solver's answer; what bots read
 *   ricochet_view.[ch]    the views, the round records, the result
 *   ricochet_bot.[ch]     the bots, with their bounded searches
 *                         (ricochet_bot_seek.c)
 *   ricochet.c            the engine's tables: options, levels, functions
 *   tools/                `botpit solve`, `botpit bench ricochet` (the
 *                         solver's and the bots' benches)
 *
 * The solver never runs on the loop thread: the game asks for it through
 * work_request while the round's optimum is unknown, and takes the answer
 * as a logged {"kind":"work_done"} input from GAME_SEAT_SERVER.
 */
#ifndef BOTPIT_RICOCHET_H
#define BOTPIT_RICOCHET_H

#include "ricochet_bot.h"
#include "ricochet_game.h"
#include "ricochet_json.h"
#include "ricochet_rules.h"

extern const game_engine ricochet_engine;
/* Names of the bot levels, weakest first, NULL-terminated. */
extern const char *const ricochet_bot_levels[];

#endif
