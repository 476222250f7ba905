/*
 * manoover.h: the Robot Attack / MANOOVER engine (engine id "manoover"): its
 * public face, for the registry, its tools and its tests.
 *
 * Two or three players steer numbered robots on a hexagonal board. A turn is
 * a control phase (dice name robots; one action per die: turn the robot's
 * arrow or step it forward) and an automatic phase (the player's robots step
 * forward in number order, pushing whatever stands in front of them). Robots
 * entering a goal score for its owner, whatever their colour; the game ends
 * the moment a player has no robot left (three players: a second player).
 * Rules: the seed 000_9f0cb3af72169154.txt and RULINGS §2.
 *
 * The files, each calling only those above it in this list
 * (server/games/README.md):
 *   manoover_layout.[ch]  boards and set-ups, data only
 *   manoover_rules.[ch]   positions, steps, pushes, dice throws: pure,
 *                         shared with the bots
 *   manoover_json.[ch]    the JSON forms shared by events and views
 *   manoover_state.h      the plain data of a game (struct game)
 *   manoover_game.[ch]    the flow: turns, matches, events; what bots read
 *   manoover_view.[ch]    the views and the result
 *   manoover_bot.[ch]     easy, normal, hard
 *   manoover.c            the engine's tables: options, levels, functions
 *   tools/                manoover_bench.c (`botpit bench manoover`) and
 *                         manoover_fit.c (`botpit manoover-fit`, which refits
 *                         the hard bot's evaluation weights by self-play)
 *
 * The wire formats (options, actions, view, events, result) are in
 * protocol/PROTOCOL.md, section "manoover: Robot Attack (MANOOVER)". The
 * engine plays the automatic phase itself, and throws the next player's
 * dice, in the call that ends a control phase.
 *
 * The turn cap (MANOOVER_TURN_LIMIT, 400 turns of all players together)
 * and match_to's default by variant are RULINGS §2.
 *
 * ## Decided here, where the seed and RULINGS are silent
 *   - Three players: a player out of robots takes no more turns, but robots
 *     entering that player's goal still score for it.
 *   - Three-player set-ups (data, manoover_layout.c): every robot of a group
 *     points the way from its corner to the centre; numbered from the
 *     player's left, the corner 3 and the cell inward 4.
 *   - The first-player throw is a d6 in every variant.
 */
#ifndef MANOOVER_H
#define MANOOVER_H

#include "manoover_bot.h"
#include "manoover_game.h"
#include "manoover_json.h"
#include "manoover_rules.h"

extern const game_engine manoover_engine;
/* Names of the bot levels, weakest first, NULL-terminated. */
extern const char *const manoover_bot_levels[];

#endif
