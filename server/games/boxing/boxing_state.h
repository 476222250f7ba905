/*
 * boxing_state.h: the plain data of a game of Robot boxing: what create
 * builds, act and tick change, clone copies and the views read. The game
 * (boxing_game.c) writes it; the views (boxing_view.c) read it. Bots never
 * include it: they read a game through boxing_game.h, which hands out only
 * what is public (cells, destroyed letters, the record of resolved turns)
 * plus a seat's own layout.
 */
#ifndef BOTPIT_BOXING_STATE_H
#define BOTPIT_BOXING_STATE_H

#include "boxing_rules.h"

typedef struct boxing_robot {
    int cell;
    bool laid_out;
    bool random_layout;
    boxing_layout layout; /* secret until the game is over */
    uint16_t destroyed;   /* public: letters hit */
    bool out;
    int out_turn;
    int out_why;
    bool ordered;
    boxing_orders orders; /* secret until the turn resolves */
    int parts_destroyed;  /* enemy parts this robot destroyed: its score */
} boxing_robot;

struct game {
    int size, seats, turn_limit;
    bool free_centre;
    int64_t order_ms, layout_ms;
    rng dice;   /* the open stream: the starting corners */
    rng secret; /* the secret stream: layouts drawn at the set-up deadline */
    boxing_phase phase;
    int turn;
    int64_t deadline;
    boxing_robot r[BOXING_MAX_SEATS];
    boxing_record *records; /* turn_limit of them */
    int nrecords;
    json_t *last;           /* the last "resolved" event */
    uint8_t winners, drawn; /* seat masks, once over */
    bool by_turn_limit;
};

#endif
