/*
 * ricochet_table.h: the game's state, private to ricochet_game.c (the flow)
 * and ricochet_view.c (its JSON faces). Everyone else goes through the
 * accessors of ricochet.h.
 */
#ifndef BOTPIT_RICOCHET_TABLE_H
#define BOTPIT_RICOCHET_TABLE_H

#include "ricochet.h"
#include "util/rng.h"

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

/* ---- ricochet_view.c ---- */

extern const char *const ricochet_phase_names[];
extern const char *const ricochet_demo_end_names[];
extern const char *const ricochet_outcome_names[];
extern const char *const ricochet_timer_by_names[];

/* The seats in demonstration order among those that bid (lowest bid, then
 * fewer chips, then the earlier bid); returns their count. */
int ricochet_bid_order(const game *g, int *seats);

json_t *ricochet_view_json(const game *g, int seat);
json_t *ricochet_result_json(const game *g);
json_t *ricochet_record_json(const game *g, const ricochet_record *rec);
json_t *ricochet_attempt_json(const ricochet_attempt *a);
/* The optimum as the view shows it after a round, with the steps of the
 * solution replayed from `start` for animation. */
json_t *ricochet_optimum_json(const game *g, const ricochet_position *start, int chip,
                              const ricochet_optimum *o);
/* "Seat 1 wins with 8 chips" */
void ricochet_summary(const game *g, char *buf, size_t len);

#endif
