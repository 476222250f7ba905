/*
 * ricochet_rules.h: the rules of Ricochet Robots at the table that hold
 * whatever the state of a game: its phases and outcomes, bids and the order
 * of demonstrations, chips to win, the solver's answer as the game keeps it
 * (ricochet_rules.c); the board, moves and the exact solver are their own
 * modules below (ricochet_board.h, ricochet_move.h, ricochet_solver.h).
 * Pure: shared by the game, the views and the bots.
 */
#ifndef BOTPIT_RICOCHET_RULES_H
#define BOTPIT_RICOCHET_RULES_H

#include <stdbool.h>
#include <stdint.h>

#include "games/game.h"
#include "ricochet_board.h"
#include "ricochet_move.h"
#include "ricochet_solver.h"

enum {
    RICOCHET_MIN_SEATS = 2,
    RICOCHET_MAX_SEATS = 8,
    RICOCHET_MAX_BID = 99,
};

typedef enum ricochet_phase {
    RICOCHET_PHASE_BIDDING,    /* a chip is revealed; bids are open */
    RICOCHET_PHASE_DEMO,       /* the sand timer ran out; bidders demonstrate in order */
    RICOCHET_PHASE_ROUND_OVER, /* a short pause: the result and the optimal solution */
    RICOCHET_PHASE_OVER,
} ricochet_phase;

/* How a demonstration ended. */
typedef enum ricochet_demo_end {
    RICOCHET_DEMO_SOLVED,
    RICOCHET_DEMO_OUT_OF_MOVES, /* the moves reached the bid without a solution */
    RICOCHET_DEMO_GAVE_UP,
    RICOCHET_DEMO_TIME,         /* demo_s passed */
} ricochet_demo_end;

/* What the server's solver said about a round. */
typedef enum ricochet_known {
    RICOCHET_KNOWN_NOTHING, /* still solving */
    RICOCHET_KNOWN_OPTIMUM,
    RICOCHET_KNOWN_BOUND,   /* gave up: only a lower bound */
    RICOCHET_KNOWN_NONE,    /* no solution within the solver's move limit */
} ricochet_known;

typedef struct ricochet_optimum {
    ricochet_known known;
    int nmoves; /* the optimum, when known */
    ricochet_move moves[RICOCHET_MAX_MOVES];
    int lower_bound;
    uint64_t nodes;
} ricochet_optimum;

/* How the sand timer was started. */
typedef enum ricochet_timer_by {
    RICOCHET_TIMER_BID,    /* the first bid of the round */
    RICOCHET_TIMER_PLAYER, /* a player, after idle_min_s without a bid */
    RICOCHET_TIMER_IDLE,   /* by itself, after idle_s without a bid */
} ricochet_timer_by;

typedef enum ricochet_outcome {
    RICOCHET_OUTCOME_WON,
    RICOCHET_OUTCOME_ALL_FAILED,
    RICOCHET_OUTCOME_NO_BIDS,
} ricochet_outcome;

typedef struct ricochet_bid {
    int moves;  /* 0: no bid */
    int order;  /* 1 for the round's first bid, and so on; a repeat keeps its place */
    int64_t at;
} ricochet_bid;

/* One demonstration that ended. */
typedef struct ricochet_attempt {
    int seat;
    int bid;
    int moves;
    ricochet_demo_end end;
} ricochet_attempt;

/* The RULINGS' chips to win by the number of players (0: every chip). */
int ricochet_chips_to_win_for(int seats);

/* The seats that bid (bids[s].moves > 0) in demonstration order: the lowest
 * bid, then fewer chips won (nwon), then the earlier bid; returns their
 * count. */
int ricochet_bid_order(const ricochet_bid *bids, const int *nwon, int seats, int *out);

#endif
