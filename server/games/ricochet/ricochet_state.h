/*
 * ricochet_state.h: the plain data of a game of Ricochet Robots at the
 * table: what create builds, act and tick change, clone copies and the views
 * read. The game (ricochet_game.c) writes it, the views (ricochet_view.c)
 * read it; everyone else goes through ricochet_game.h.
 */
#ifndef BOTPIT_RICOCHET_STATE_H
#define BOTPIT_RICOCHET_STATE_H

#include "ricochet_rules.h"
#include "util/rng.h"

/* A finished round, as the view shows it until the next one ends. */
typedef struct ricochet_record {
    int round;
    int chip;
    ricochet_outcome outcome;
    int winner; /* seat, or -1 */
    ricochet_position start;
    ricochet_position end;
    int nattempts;
    ricochet_attempt attempts[RICOCHET_MAX_SEATS];
    int nwinning;                        /* the winning demonstration's moves */
    ricochet_step winning[RICOCHET_MAX_BID];
    ricochet_optimum optimum;
} ricochet_record;

struct game {
    /* options */
    int seats;
    int64_t timer_ms, idle_min_ms, idle_ms, demo_ms, pause_ms;
    int chips_to_win; /* 0: until every chip is won */
    bool rule, silver;
    int think_pct;

    rng dice; /* the open stream: the board and the robots' first cells */
    rng deal; /* the secret stream: the order of the pile */
    ricochet_board board;
    ricochet_position robots; /* where the robots stand between rounds */

    int npile;
    uint8_t pile[RICOCHET_CHIPS]; /* face down; the next chip is pile[npile - 1] */
    int nwon[RICOCHET_MAX_SEATS];
    uint8_t won[RICOCHET_MAX_SEATS][RICOCHET_CHIPS];

    /* the round in progress */
    ricochet_phase phase;
    int round;
    int chip;
    ricochet_round play; /* start, robots now, target, active robot, the rule */
    int64_t revealed_at;
    int64_t timer_started, timer_end; /* GAME_NO_DEADLINE before the timer starts */
    ricochet_timer_by timer_by;
    int timer_seat;
    int nbids_made;
    ricochet_bid bids[RICOCHET_MAX_SEATS];
    int norder;
    int order[RICOCHET_MAX_SEATS]; /* demonstration order, fixed when the timer runs out */
    int demo_index;                /* into order */
    int64_t demo_started, demo_deadline, last_move_at;
    int nsteps;
    ricochet_step steps[RICOCHET_MAX_BID]; /* this demonstration's moves */
    int nattempts;
    ricochet_attempt attempts[RICOCHET_MAX_SEATS];
    ricochet_optimum optimum;
    int64_t ended_at, next_reveal; /* the pause after a round */
    bool finishing;                /* the game ends when the pause does */

    bool has_last;
    ricochet_record last;
    uint8_t winners; /* seat mask, once over */
};

#endif
