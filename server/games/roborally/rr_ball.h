/*
 * rr_ball.h: RoboBall (seed 003, RULINGS §5), the ball and its rules on the
 * RoboRally board model.
 *
 * The ball is one more piece on the floor (piece RR_BALL, kind
 * RR_PIECE_BALL): the board elements move it by its traits (rr_board.h), so
 * it is pushed by robots and pushers, carried by belts, turned by gears
 * (its facing only) and stops beams like a wall; it never falls but goes up
 * (pogo: is_virtual) where it would. What the traits cannot say lives here:
 *  - the floor's part: hitches (a hitched ball follows its robot one square
 *    behind, a hitched robot follows the ball the same way), the automatic
 *    unhitching, going up and dropping back (pogo);
 *  - the rules' part: teams and homes, the bonk after the lasers, the hitch
 *    declarations at the end of a register phase, the goal, and the cards of
 *    an extraction turn.
 */
#ifndef BOTPIT_RR_BALL_H
#define BOTPIT_RR_BALL_H

#include <stdbool.h>
#include <stdint.h>

#include "rr_board.h"

typedef struct rr_state rr_state;

/* A hitch declaration at the end of a register phase. */
typedef enum rr_hitch { RR_HITCH_NONE, RR_HITCH_ON, RR_HITCH_OFF } rr_hitch;

/* ---- the floor's part ---- */

/* Is `seat` touching the ball (adjacent, no wall between)? */
bool rr_ball_touching(const rr_floor *f, int seat);
/* The ball loses robot `seat`'s hitch, for `why` ("declared", "separated"...). */
void rr_ball_unhitch(rr_floor *f, int seat, const char *why, rr_trace *t);
/* The ball goes up (pogo) where it stands, losing every hitch. */
void rr_ball_up(rr_floor *f, rr_trace *t);
/* After a step of movement (before[i]: piece i's cell before it): robots
 * that fell lose their hitch (the ball stays at the edge); a hitched robot
 * that moved away drags the ball into the square it left, and a ball that
 * moved away drags its hitched robot into the square the ball left; a
 * trailing square already taken breaks that hitch, several robots dragged
 * into one square all lose theirs; any hitched robot left not touching the
 * ball loses its hitch. */
void rr_ball_follow(rr_floor *f, const int16_t before[RR_MAX_PIECES], rr_trace *t);

/* ---- the rules' part ---- */

enum { RR_MIN_TEAMS = 2 };

typedef struct rr_roboball {
    int nteams;
    int8_t team[RR_MAX_ROBOTS];     /* each seat's team */
    int16_t home[RR_MAX_ROBOTS];    /* each team's home */
    int8_t goal;                    /* the team whose home the ball ended a phase on, or -1 */
    bool extraction;                /* this turn the ball runs cards of its own */
    int16_t cards[5];               /* its cards by register (RR_REGISTERS), 0 for none */
    uint8_t shown;                  /* bit r: its card of register r has been revealed */
    int8_t running;                 /* the register phase last run this turn (1..5), 0 before */
    int8_t still;                   /* whole turns the ball has ended where it began them */
} rr_roboball;

/* Puts the game into RoboBall: the ball on the course's centre, each seat on
 * team team[seat] of nteams, robots on their team's home (virtual while
 * they share it) facing the ball, archive markers on the homes, infinite
 * lives. The course must have RoboBall data (c->roboball). */
void rr_ball_setup(rr_state *s, int nteams, const int8_t team[RR_MAX_ROBOTS]);
/* Is `cell` a team's home? (Homes archive and repair like flags.) */
bool rr_ball_is_home(const rr_state *s, int cell);
/* The team of a home cell, or -1. */
int rr_ball_home_team(const rr_state *s, int cell);
/* Is a robot of `team` hitched? */
bool rr_ball_team_hitched(const rr_state *s, int team);

/* Would the ball's card (extraction) take it into a pit or off the course?
 * Then it balks: the card does nothing. */
bool rr_ball_balks(const rr_state *s, int card);

/* Step "bonk", right after the lasers: a ball up in the air bonks the robot
 * below it for 1 damage; then, if nothing is below, it drops back. */
void rr_ball_bonk(rr_state *s, int reg, rr_trace *t);
/* At step (8): the ball on a team's home: that team scores (s->rb.goal). */
void rr_ball_goal(rr_state *s, rr_trace *t);
/* Step "hitches", after step (8): the declarations of register reg, in the
 * order of the register's cards (highest first), each team's unhitch
 * before its hitch. */
void rr_ball_hitches(rr_state *s, int reg, rr_trace *t);

#endif
