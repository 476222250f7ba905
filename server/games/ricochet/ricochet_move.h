/*
 * ricochet_move.h: moves and the ricochet rule (RULINGS 1).
 *
 * A move is one robot sliding N, E, S or W until the next cell is a wall, the
 * board edge, the centre block or another robot; a move that goes nowhere is
 * not a move. ricochet_slide computes one; a ricochet_round applies moves
 * during a round, refusing what the rules forbid with a sentence a player can
 * read, and tracks the ricochet rule: a robot *turns* when two of its own
 * successive moves are at 90 degrees (other robots may move in between); with
 * the rule on, a move that would stop the active robot on the target before it
 * has turned is refused, and the round is solved when the active robot stops
 * on the target after a turn. With the rule off any stop on the target solves
 * it. In a vortex round (active = RICOCHET_ANY) every robot is a possible
 * active robot, so the rule binds each of them.
 *
 * All plain values; nothing is allocated.
 */
#ifndef BOTPIT_RICOCHET_MOVE_H
#define BOTPIT_RICOCHET_MOVE_H

#include <stdbool.h>
#include <stddef.h>

#include "ricochet_board.h"

/* Why a slide stopped (or could not start): the obstacle after its last cell. */
typedef enum ricochet_obstacle {
    RICOCHET_BY_WALL,
    RICOCHET_BY_EDGE,
    RICOCHET_BY_BLOCK, /* the centre block */
    RICOCHET_BY_ROBOT,
} ricochet_obstacle;

/* Where `robot` stops moving `dir` from position p: its end cell (its own
 * cell when it cannot move). path (if not NULL, 15 cells at most) receives
 * every cell it enters in order, the end cell last; *npath their count.
 * *obstacle (if not NULL) says what stopped it, *blocker the robot in the way
 * (or -1). */
int ricochet_slide(const ricochet_board *b, const ricochet_position *p, int robot, int dir,
                   uint8_t *path, int *npath, ricochet_obstacle *obstacle, int *blocker);

/* The ricochet rule's memory of one robot: which axis its last move took and
 * whether it has turned. Packed in two bits because the solver keys on it. */
typedef enum ricochet_turn {
    RICOCHET_TURN_NONE = 0,   /* has not moved yet */
    RICOCHET_TURN_EW = 1,     /* last moved east or west, not turned yet */
    RICOCHET_TURN_NS = 2,     /* last moved north or south, not turned yet */
    RICOCHET_TURN_DONE = 3,   /* has turned */
} ricochet_turn;

static inline int ricochet_turn_after(int turn, int dir)
{
    int axis = (dir & 1) ? RICOCHET_TURN_EW : RICOCHET_TURN_NS;
    if (turn == RICOCHET_TURN_NONE || turn == axis)
        return axis;
    return RICOCHET_TURN_DONE;
}

/* One round in progress: where the robots stand, the target, and the rule's
 * memory. */
typedef struct ricochet_round {
    ricochet_position start;
    ricochet_position pos;
    uint8_t target;  /* cell */
    int8_t active;   /* robot colour, or RICOCHET_ANY for the vortex */
    bool rule;       /* the ricochet rule is on */
    uint8_t turn[RICOCHET_ROBOTS_MAX];
    int moves;
    bool solved;
    int8_t finisher; /* the robot that solved it, or -1 */
} ricochet_round;

/* One applied move, everything an animation or an event needs. */
typedef struct ricochet_step {
    int robot;
    int dir;
    int from;
    int to;
    int npath;
    uint8_t path[15];   /* cells entered, in order; path[npath-1] == to */
    bool turned;        /* this move made the robot turn (first 90-degree change) */
    bool solved;        /* this move solved the round */
} ricochet_step;

/* Starts a round on position `start`. */
void ricochet_round_start(ricochet_round *r, const ricochet_position *start, int target_cell,
                          int active, bool rule);

/* True when robot counts as an active robot in this round. */
bool ricochet_round_is_active(const ricochet_round *r, int robot);

/* Applies one move. Returns 0 and fills step (if not NULL), or -1 with a
 * sentence in why ("red cannot move north: a wall") and nothing changed. */
int ricochet_round_move(ricochet_round *r, const ricochet_board *b, int robot, int dir,
                        ricochet_step *step, char *why, size_t whylen);

/* Puts the robots back where the round began, forgetting all moves (a failed
 * demonstration). */
void ricochet_round_reset(ricochet_round *r);

#endif
