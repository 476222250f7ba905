/*
 * manoover_state.h: the plain data of a game of Robot Attack: what create
 * builds, act and tick change, clone copies and the views read. The game
 * (manoover_game.c) writes it; the views (manoover_view.c) and the tests
 * read it. Bots read a game through manoover_game.h.
 */
#ifndef MANOOVER_STATE_H
#define MANOOVER_STATE_H

#include "manoover_rules.h"
#include "util/rng.h"

/* After a game of an undecided match, the result stays on screen this long
 * before the next game starts (by tick). */
#define MANOOVER_NEXT_GAME_DELAY_MS 5000

typedef enum manoover_phase { MANOOVER_PHASE_CONTROL, MANOOVER_PHASE_OVER } manoover_phase;

typedef struct manoover_die {
    uint8_t value; /* the robot it names */
    bool used;     /* spent on an action, or passed */
} manoover_die;

/* The game. The room sees only the opaque type. Owns first_roll and
 * history. */
struct game {
    const manoover_layout *layout;
    bool alternate;
    int match_to; /* the match target as resolved; 0 = one game */
    rng rng;
    manoover_pos pos;
    manoover_phase phase;
    int turn;              /* seat to act */
    bool has_roll;         /* roll is this control phase's throw */
    manoover_roll roll;
    int ndice;             /* dice on the table (kept after the re-roll) */
    manoover_die dice[MANOOVER_MAX_DICE];
    int game_no;           /* 1-based */
    int first_seat;        /* who began this game */
    const char *first_reason;
    json_t *first_roll;    /* {"rounds":[...],"seat":s}: game 1's throws */
    int totals[MANOOVER_MAX_SEATS];
    json_t *history;       /* finished games */
    int64_t next_game_at;  /* GAME_NO_DEADLINE unless between match games */
    bool match_over;
    int nwinners;
    int winners[MANOOVER_MAX_SEATS]; /* of the match, once over */
};

#endif
