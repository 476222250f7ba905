/*
 * roborally_game.h: the RoboRally game, private to the engine: its state, and the
 * flow the function table (roborally.c) calls; the views (roborally_view.c) read
 * it from above.
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
    rr_need choice;         /* RR_NEED_REENTER / _STAY, or RR_NEED_NOTHING */
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
    int64_t opened;     /* programming: when it opened (the turn before played back) */
    int64_t play_end;   /* when the clients will have played back every event so far */
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

/* ---- the engine contract's parts (game.h), for the function table ---- */

/* Refuses options the table cannot: RoboBall with one team. */
int rr_game_options_check(const json_t *options, game_error *err);
game *rr_game_create(const json_t *options, int seats, game_seeds seeds, game_error *err);
void rr_game_destroy(game *g);
game *rr_game_clone(const game *g);
int rr_game_act(game *g, int seat, const json_t *action, int64_t now_ms, json_t *events,
                game_error *err);
void rr_game_tick(game *g, int64_t now_ms, json_t *events);
/* The deadline now running, or GAME_NO_DEADLINE. */
int64_t rr_game_deadline(const game *g);
bool rr_game_over(const game *g);
/* RoboBall with 2 to 4 teams: the team of game seat `seat`; otherwise -1
 * (the race, or RoboBall with every player a team of one). */
int rr_game_seat_team(const json_t *options, int seat);

/* ---- what the views read besides the state ---- */

/* RoboBall: the seats of a team, as a mask. */
uint8_t rr_game_team_seats(const game *g, int team);
/* Why the game ended: "finish", "out_of_lives", "goal", "turn_limit", or "none". */
const char *rr_game_reason(const game *g);
/* The end in a sentence: "Seat 2 touches the last flag (flag 3) on turn 9". */
void rr_game_summary(const game *g, char *buf, size_t len);
/* A seat mask as a JSON list of seats (a new reference). */
json_t *rr_seat_list(uint8_t mask);

#endif
