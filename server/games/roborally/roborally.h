/*
 * roborally.h: RoboRally, engine id "roborally" (mode "race"; RoboBall is
 * the mode "roboball" of this engine). Rules: RULINGS §5, the 1994 first
 * edition; courses and card tables from data/roborally/. The wire formats
 * are in protocol/PROTOCOL.md (RoboRally). One prefix, rr_, names the whole
 * engine; only roborally_engine and roborally_tool carry the id, as the
 * generated registries expect.
 *
 * The engine's table of contents, each module calling only those above it
 * in this list:
 *  - roborally_state.h     plain data: courses, pieces, robots, RoboBall, a position
 *  - roborally_cards.h     the program deck and the option cards (tables generated
 *                   from data/roborally/tables.json)
 *  - roborally_course.h    directions, neighbours and walls; the shipped courses
 *  - roborally_trace.h     what happens, as events a client animates
 *  - roborally_board.h     the factory floor: pieces and board elements, with the
 *                   hooks a variant's piece plugs into (roborally_elements.c)
 *  - roborally_rules.h     a turn's rules: the register phase, damage, clean-up,
 *                   with the hooks a variant plugs into
 *  - roborally_ball.h      RoboBall on top of both: the ball, teams, homes, hitches
 *  - roborally_game.h      the game (private): turns, hands, timers,
 *                   choices, the end
 *  - roborally_view.h      views and the result, above the game
 *  - roborally_bot.h       the bots (roborally_bot.c; roborally_bot_ball.c their RoboBall part),
 *                   reading the game through this header
 *  - roborally.c    the engine's tables, on top: options, bot levels, functions
 *  - tools/         the benchmark and the build-time data generator
 *
 * This header is what bots, tests and tools see of a game: its public state
 * and, for one seat, that seat's own hand.
 */
#ifndef BOTPIT_ROBORALLY_H
#define BOTPIT_ROBORALLY_H

#include <stdbool.h>
#include <stdint.h>

#include "games/game.h"
#include "roborally_rules.h"

extern const game_engine roborally_engine;
/* Names of the bot levels, weakest first, NULL-terminated. */
extern const char *const rr_bot_levels[];

typedef enum rr_phase {
    RR_PHASE_PROGRAM, /* players program their registers */
    RR_PHASE_CHOOSE,  /* clean-up choices: re-entry facings, staying powered down */
    RR_PHASE_OVER,
} rr_phase;

/* What a seat is asked to do now. */
typedef enum rr_need {
    RR_NEED_NOTHING,
    RR_NEED_PROGRAM,   /* program the registers of this turn */
    RR_NEED_REENTER,   /* choose the facing the robot re-enters with */
    RR_NEED_STAY,      /* powered down and damaged: stay down next turn? */
} rr_need;

int rr_game_seats(const game *g);
rr_phase rr_game_phase(const game *g);
int rr_game_turn(const game *g);
const rr_course *rr_game_course(const game *g);
/* The public state of the floor and the robots. Registers a seat has not
 * revealed are the game's secret: bots read only their own. Borrowed. */
const rr_state *rr_game_state(const game *g);
rr_need rr_game_needs(const game *g, int seat);
/* The seat's hand (its own secret); returns the count. */
int rr_game_hand(const game *g, int seat, int16_t out[RR_HAND_MAX]);
/* The seat's draft of this turn's unlocked registers (its own secret, 0 for
 * empty); returns how many hold a card. */
int rr_game_draft(const game *g, int seat, int16_t out[RR_REGISTERS]);
/* Winners as a seat mask, once over. */
unsigned rr_game_winners(const game *g);
/* RoboBall: the seats voting the ball inaccessible, as a mask. */
unsigned rr_game_votes(const game *g);

/* For tests only (not the engine contract): the state to set a position up
 * before a turn's programming, and a hand dealt by hand. */
rr_state *rr_game_state_for_tests(game *g);
int rr_game_set_hand_for_tests(game *g, int seat, const int16_t *cards, int n);

/* The bots' planner on its own, for tools and tests: the best program for
 * `seat` from `hand` at this level, given the state; registers[r] gets a
 * card (locked registers keep theirs). Returns the search's score. */
double rr_bot_plan(const rr_state *s, int seat, const int16_t *hand, int nhand, int level,
                   uint64_t salt, const volatile int *cancel, int16_t registers[RR_REGISTERS]);

/* The benchmark (tools library). */
int rr_bench(int argc, char **argv);

#endif
