/*
 * rr_game.h: the RoboRally game's private state, shared by its flow
 * (rr_game.c) and its views (rr_game_view.c) only.
 *
 * Everything is plain data (the course is constant and shared), so a clone
 * is a copy. Secrets: the undealt deck, the hands, the programs being
 * written (draft), power-down announcements and beam choices until the
 * registers run, and clean-up choices until they are all in.
 */
#ifndef BOTPIT_RR_GAME_H
#define BOTPIT_RR_GAME_H

#include "roborally.h"
#include "util/rng.h"

typedef enum rr_end {
    RR_END_NONE,
    RR_END_FINISH,
    RR_END_OUT_OF_LIVES,
    RR_END_GOAL,       /* RoboBall: the ball ended a phase on a team's home */
    RR_END_TURN_LIMIT, /* RoboBall: max_turns with no goal, a draw */
} rr_end;

typedef struct rr_seat {
    bool must_program;      /* has a program to write this turn */
    bool submitted;         /* locked its program in */
    int8_t nhand;
    int16_t hand[RR_HAND_MAX];
    int16_t draft[RR_REGISTERS]; /* the program being written (unlocked registers) */
    bool announce;          /* power down next turn (with the program) */
    uint8_t beam;           /* rr_beam_mode for the turn */
    bool filled;            /* its empty registers were filled at random */
    /* clean-up choices */
    rr_need choice;  /* RR_NEED_REENTER / _STAY, or NOTHING */
    bool chosen;
    int8_t facing;          /* re-entry facing chosen, -1 if none */
    bool choice_down;       /* re-enter powered down / stay down */
    int16_t last_cards[RR_REGISTERS]; /* revealed last turn, 0 if none */
    int8_t hitches[RR_REGISTERS]; /* RoboBall: the declarations being programmed (rr_hitch) */
} rr_seat;

struct game {
    rr_state st;
    const rr_course *course;
    int seats;
    bool options_on;
    int64_t program_ms, turn_ms;
    rr_phase phase;
    int64_t cap;        /* programming: the turn_s deadline */
    int64_t last;       /* programming: the program_s deadline once one seat is left */
    int64_t choose_end; /* clean-up choices: their deadline */
    rng deal;           /* secret: shuffles the deck */
    rng fill;           /* secret: fills empty registers at the deadline */
    int ndeck;
    int16_t deck[RR_DECK]; /* undealt cards, top first */
    rr_seat seat[RR_MAX_ROBOTS];
    uint8_t winners;
    rr_end end;
    bool roboball;      /* mode roboball */
    int max_turns;      /* RoboBall: the draw comes after this many turns */
    uint8_t votes;      /* RoboBall: seats voting the ball inaccessible */
};

/* RoboBall: the seats of a team, as a mask. */
uint8_t rr_team_seats(const game *g, int team);

/* Views, events and the result (rr_game_view.c). */
json_t *rr_view(const game *g, int seat);
json_t *rr_result(const game *g);
/* The deadline now running, or GAME_NO_DEADLINE. */
int64_t rr_deadline(const game *g);
/* "Seat 2, Seat 3 and Seat 5" */
void rr_names(uint8_t mask, char *buf, size_t len);
json_t *rr_seat_list(uint8_t mask);

#endif
