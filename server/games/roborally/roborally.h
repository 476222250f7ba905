/*
 * roborally.h: RoboRally, engine id "roborally" (mode "race"; RoboBall is
 * the mode "roboball" of this engine, rr_ball.h). Rules: RULINGS §5, the 1994 first
 * edition; courses from data/roborally/.
 *
 * The engine's table of contents:
 *  - rr_board.h     the factory floor: courses, pieces, board elements
 *  - rr_cards.h     the program deck and the option cards
 *  - rr_ball.h      RoboBall: the ball's hitches and pogo on the floor, teams,
 *                   homes, bonk, declarations, goal, extraction cards
 *  - rr_rules.h     a turn's rules: the register phase, damage, clean-up
 *  - rr_trace.h     what happens, as events a client animates
 *  - rr_game.h      the game (private): turns, hands, timers, choices;
 *                   roborally_game.c (flow and actions), roborally_view.c
 *                   (views, events, result)
 *  - rr_bot.c       the bots (rb_bot.c: their RoboBall part); rr_bench.c
 *                   the benchmark (tools library)
 * The wire formats are in protocol/PROTOCOL.md (RoboRally).
 *
 * This header is what bots, tests and tools see of a game: its public state
 * and, for one seat, that seat's own hand.
 */
#ifndef BOTPIT_ROBORALLY_H
#define BOTPIT_ROBORALLY_H

#include <stdbool.h>
#include <stdint.h>

#include "games/game.h"
#include "rr_rules.h"

extern const game_engine roborally_engine;
extern const char *const roborally_bot_levels[];

typedef enum roborally_phase {
    ROBORALLY_PROGRAM, /* players program their registers */
    ROBORALLY_CHOOSE,  /* clean-up choices: re-entry facings, staying powered down */
    ROBORALLY_OVER,
} roborally_phase;

/* What a seat is asked to do now. */
typedef enum roborally_need {
    ROBORALLY_NOTHING,
    ROBORALLY_NEED_PROGRAM,   /* program the registers of this turn */
    ROBORALLY_NEED_REENTER,   /* choose the facing the robot re-enters with */
    ROBORALLY_NEED_STAY,      /* powered down and damaged: stay down next turn? */
} roborally_need;

int roborally_seats(const game *g);
roborally_phase roborally_phase_of(const game *g);
int roborally_turn(const game *g);
const rr_course *roborally_course(const game *g);
/* The public state of the floor and the robots. Registers a seat has not
 * revealed are the game's secret: bots read only their own. Borrowed. */
const rr_state *roborally_state(const game *g);
roborally_need roborally_needs(const game *g, int seat);
/* The seat's hand (its own secret); returns the count. */
int roborally_hand(const game *g, int seat, int16_t out[RR_HAND_MAX]);
/* The seat's draft of this turn's unlocked registers (its own secret, 0 for
 * empty); returns how many hold a card. */
int roborally_draft(const game *g, int seat, int16_t out[RR_REGISTERS]);
/* Winners as a seat mask, once over. */
unsigned roborally_winners(const game *g);
/* RoboBall: the seats voting the ball inaccessible, as a mask. */
unsigned roborally_votes(const game *g);

/* For tests only (not the engine contract): the state to set a position up
 * before a turn's programming, and a hand dealt by hand. */
rr_state *roborally_state_for_tests(game *g);
int roborally_set_hand_for_tests(game *g, int seat, const int16_t *cards, int n);

/* The bots (rr_bot.c). */
json_t *roborally_bot(const game *g, int seat, int level, int64_t now_ms, uint64_t salt,
                      int64_t *wake_ms, const volatile int *cancel);

/* The bot's planner on its own, for tools and tests: the best program for
 * `seat` from `hand` at this level, given the state; registers[r] gets a
 * card (locked registers keep theirs). Returns the search's score. */
double roborally_plan(const rr_state *s, int seat, const int16_t *hand, int nhand, int level,
                      uint64_t salt, const volatile int *cancel, int16_t registers[RR_REGISTERS]);

/* The benchmark (tools library). */
int roborally_bench(int argc, char **argv);

#endif
