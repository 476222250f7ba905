/*
 * robotwars.h: Robot Wars, the board game, engine id "robotwars": its public
 * face, for the registry, its tools and its tests.
 *
 * Two to six roboteers. With two, a match of best of 3, 5 or 7 battles;
 * with three to six, heats of three, semi-finals and a final (RULINGS §4).
 * Before each battle every surviving robot is reset to base, its roboteer's
 * ten disc throws are rolled, and the roboteers of the battle allocate their
 * discs at once and in secret. A battle is fought turn by turn on a 12×12 war
 * zone with hazards, corner patrol zones and a pit that opens after five
 * turns each; the first robot immobilised, or the most damaged after fifteen
 * turns each, is eliminated.
 *
 * The files, each calling only those above it in this list
 * (server/games/README.md); every name but the registry's robotwars_engine
 * and robotwars_tool has the engine's one prefix, rw_:
 *   robotwars_rules.h   the rules and their data: robotwars_data.c (the
 *                       reconstruction, kept as data), then robotwars_json.c
 *                       (the JSON forms the rules' events and the views
 *                       share, robotwars_json.h), robotwars_rules.c (one
 *                       battle's mechanics and the discs), robotwars_bracket.c
 *                       (the tournament); pure, shared with the bots
 *   robotwars_state.h   the plain data of a game (struct game)
 *   robotwars_game.c    the flow: phases, deadlines, the secret allocations;
 *                       what views and bots read (robotwars_game.h)
 *   robotwars_view.c    the views and the result
 *   robotwars_bot.c     the bots
 *   robotwars.c         the engine's tables: options, bot levels, functions
 *   tools/              the bench (`botpit bench robotwars`)
 * The wire formats are documented in protocol/drafts/robotwars.md.
 */
#ifndef BOTPIT_ROBOTWARS_H
#define BOTPIT_ROBOTWARS_H

#include "robotwars_bot.h"
#include "robotwars_game.h"
#include "robotwars_json.h"
#include "robotwars_rules.h"

extern const game_engine robotwars_engine;
/* Names of the bot levels, weakest first, NULL-terminated. */
extern const char *const rw_bot_levels[];

#endif
