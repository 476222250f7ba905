/*
 * robotwars_state.h: the plain data of a game of Robot Wars: what create
 * builds, act and tick change, clone copies and the views read. The game
 * (robotwars_game.c) writes it; the views (robotwars_view.c) read it. Bots
 * never include it: they read a game through robotwars_game.h, which hands
 * out what is public (an allocation only once revealed).
 */
#ifndef BOTPIT_ROBOTWARS_STATE_H
#define BOTPIT_ROBOTWARS_STATE_H

#include "robotwars_rules.h"

struct game {
    int seats, best_of, turn_limit;
    int64_t setup_ms, turn_ms;
    rw_dice dice;
    int card[RW_MAX_SEATS]; /* the weapons card each roboteer drew */
    rw_bracket br;
    rw_phase phase;
    int battle; /* the battle being set up or fought (or the last one) */
    int64_t deadline;

    /* The set-up, by the battle's drawn seats (br.b[battle].seats). */
    int throws[RW_MAX_IN_BATTLE][RW_THROWS];
    int discs[RW_MAX_IN_BATTLE];
    bool allocated[RW_MAX_IN_BATTLE];
    bool defaulted[RW_MAX_IN_BATTLE]; /* placed at the deadline */
    int add[RW_MAX_IN_BATTLE][RW_CAPS];

    /* The battle. */
    rw_arena arena;
    rw_turn turn;
    bool turn_on;
    int round;
    int starter; /* who started the last battle of a match, -1 before any */
};

#endif
