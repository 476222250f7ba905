/*
 * boxing.h: Robot boxing (ROBOXING), engine id "boxing": its public face,
 * for the registry, its tools and its tests.
 *
 * Two to four robots on a size×size ring. Each player secretly lays out a 3×3
 * robot (letters a–i on nine slots: four lasers, one booster, four engines),
 * then every turn all players secretly write orders (a path of steps along
 * their working engines' directions, booster use, a laser letter to fire and
 * an enemy slot letter to hit). Orders are revealed together; robots move step
 * by step at the same time, then every chosen laser fires at once, and damage
 * counts from the next turn. Rules: the seed 004 text and RULINGS §3. The
 * wire formats: protocol/PROTOCOL.md, section "boxing: Robot boxing".
 *
 * The files, each calling only those above it in this list
 * (server/games/README.md):
 *   boxing_rules.h   the rules and their data: boxing_data.c (the tables),
 *                    boxing_rules.c (layouts, orders, cones, simultaneous
 *                    movement), pure, shared with the bots
 *   boxing_json.c    the JSON forms of layouts, orders, cells and seats
 *   boxing_state.h   the plain data of a game (struct game)
 *   boxing_game.c    the flow: phases, deadlines, resolution, the secrets;
 *                    what bots may read (boxing_game.h)
 *   boxing_view.c    the views and the result
 *   boxing_bot.c     the bots
 *   boxing.c         the engine's tables: options, bot levels, functions
 *   tools/           the bench (`botpit bench boxing`), outside the engine
 *
 * Secrecy. Only the game and the views include boxing_state.h. Bots read a
 * game through boxing_game.h, which hands out only what is public (cells,
 * destroyed letters, the record of resolved turns) plus a seat's own layout
 * when asked for that seat.
 */
#ifndef BOTPIT_BOXING_H
#define BOTPIT_BOXING_H

#include "boxing_bot.h"
#include "boxing_game.h"
#include "boxing_json.h"
#include "boxing_rules.h"

extern const game_engine boxing_engine;
/* Names of the bot levels, weakest first, NULL-terminated. */
extern const char *const boxing_bot_levels[];

#endif
