/*
 * manoover_rules.h: the rules of Robot Attack on a plain position, without
 * JSON, dice bookkeeping or matches.
 *
 * A manoover_pos is one game's board: where every robot is, which way it
 * points, which robots went into which goal or off the board, and how many
 * turns each seat has begun. It is a plain value (copy it with `=`): the
 * engine keeps one per game, the bots copy it thousands of times to look
 * ahead. Every function here is deterministic; only manoover_roll draws from
 * an rng.
 *
 * Robots are identified by an index, seat * layout->robots + (number - 1).
 */
#ifndef MANOOVER_RULES_H
#define MANOOVER_RULES_H

#include <stdbool.h>
#include <stdint.h>

#include "manoover_layout.h"
#include "util/rng.h"

/* A game that has not ended after this many turns ends where it stands, scored
 * as usual: a guard against positions where robots push each other back and
 * forth forever (the rules never end such a game; RULINGS is silent). */
#define MANOOVER_TURN_LIMIT 400

/* Cells of the square grid that holds any board, indexed by manoover_cell_index. */
#define MANOOVER_GRID_SIDE (2 * MANOOVER_MAX_RADIUS + 1)
#define MANOOVER_GRID (MANOOVER_GRID_SIDE * MANOOVER_GRID_SIDE)

typedef enum manoover_where {
    MANOOVER_ON_BOARD,
    MANOOVER_IN_GOAL,  /* entered a goal: scores for that goal's owner */
    MANOOVER_OFF_EDGE, /* left the board: put to the side, scores for no one */
} manoover_where;

typedef struct manoover_robot {
    manoover_cell cell; /* on the board: its cell; removed: the cell it went into */
    uint8_t dir;        /* manoover_dir */
    uint8_t where;      /* manoover_where */
    int8_t goal;        /* MANOOVER_IN_GOAL: the seat whose goal it entered, else -1 */
    uint8_t removed_seq; /* 1 for the first robot removed in this game, 2 next, ... */
} manoover_robot;

typedef struct manoover_pos {
    const manoover_layout *layout;
    manoover_robot robot[MANOOVER_MAX_ROBOTS];
    int8_t occupant[MANOOVER_GRID]; /* robot index on each cell, or -1 */
    uint8_t alive[MANOOVER_MAX_SEATS];  /* robots still on the board */
    uint8_t scored[MANOOVER_MAX_SEATS]; /* robots in each seat's goal */
    uint8_t removed;                    /* counts removals, to order them */
    uint8_t out_count;                  /* seats with no robot left */
    uint16_t turns;                     /* turns begun in this game */
    uint16_t turns_taken[MANOOVER_MAX_SEATS]; /* turns begun by each seat */
    bool over;                          /* the game has ended */
} manoover_pos;

/* A robot pushed by a step: it moves one cell the way the mover went. */
typedef struct manoover_push {
    uint8_t robot;
    manoover_cell from, to;
} manoover_push;

/* Everything one step did, for events and animation. */
typedef struct manoover_move {
    uint8_t robot;          /* the robot that stepped */
    uint8_t dir;            /* the way it went (its arrow) */
    manoover_cell from, to; /* its own step */
    int npushed;
    manoover_push pushed[MANOOVER_MAX_ROBOTS]; /* nearest first */
    int removed;  /* the robot that left the board or entered a goal, or -1 */
    int goal;     /* if removed: the seat whose goal it entered, -1 off the edge */
    int out_seat; /* a seat that lost its last robot in this step, or -1 */
} manoover_move;

/* One throw of the dice at the start of a control phase. */
typedef struct manoover_roll {
    int n;                           /* dice thrown */
    uint8_t first[MANOOVER_MAX_DICE];  /* the first throw */
    bool rerolled[MANOOVER_MAX_DICE];  /* thrown again: it named a removed robot */
    uint8_t value[MANOOVER_MAX_DICE];  /* the value it ended on */
    bool kept[MANOOVER_MAX_DICE];      /* names a robot on the board: one action */
} manoover_roll;

/* Geometry. The small helpers are inline: the bots call them millions of
 * times a second. */
const char *manoover_dir_name(int dir);     /* "N", "NE", ... */
int manoover_dir_parse(const char *name);   /* direction, or -1 */

static inline manoover_cell manoover_neighbour(manoover_cell c, int dir)
{
    static const int8_t dq[MANOOVER_DIRS] = {0, 1, 1, 0, -1, -1};
    static const int8_t dr[MANOOVER_DIRS] = {-1, -1, 0, 1, 1, 0};
    return (manoover_cell){(int8_t)(c.q + dq[dir]), (int8_t)(c.r + dr[dir])};
}

static inline bool manoover_on_board(const manoover_layout *l, manoover_cell c)
{
    int s = -c.q - c.r;
    return c.q >= -l->radius && c.q <= l->radius && c.r >= -l->radius && c.r <= l->radius &&
           s >= -l->radius && s <= l->radius;
}

/* The seat whose goal is at c, or -1. */
static inline int manoover_goal_owner(const manoover_layout *l, manoover_cell c)
{
    for (int s = 0; s < l->seats; s++) {
        if (l->goal[s].q == c.q && l->goal[s].r == c.r)
            return s;
    }
    return -1;
}

/* Index of an on-board cell into manoover_pos.occupant. */
static inline int manoover_cell_index(manoover_cell c)
{
    return (c.r + MANOOVER_MAX_RADIUS) * MANOOVER_GRID_SIDE + (c.q + MANOOVER_MAX_RADIUS);
}

/* Robots. */
static inline int manoover_robot_index(const manoover_layout *l, int seat, int number)
{
    return seat * l->robots + number - 1;
}

static inline int manoover_robot_seat(const manoover_layout *l, int index)
{
    return index / l->robots;
}

static inline int manoover_robot_number(const manoover_layout *l, int index)
{
    return index % l->robots + 1;
}

bool manoover_robot_on_board(const manoover_pos *p, int seat, int number);

/* Positions. */
void manoover_pos_start(manoover_pos *p, const manoover_layout *l); /* the set-up */
/* An empty board: every robot off the edge (tests and tools build positions
 * from it with place and put_in_goal, then call manoover_pos_recount). */
void manoover_pos_clear(manoover_pos *p, const manoover_layout *l);
int manoover_pos_place(manoover_pos *p, int seat, int number, manoover_cell c, int dir);
void manoover_pos_put_in_goal(manoover_pos *p, int seat, int number, int goal_seat);
void manoover_pos_recount(manoover_pos *p);
/* True if the position ends the game: every seat but one has no robot left. */
bool manoover_pos_decided(const manoover_pos *p);

/* Moves. The robot must be on the board and the game not over. */
void manoover_step(manoover_pos *p, int robot, manoover_move *out);
void manoover_turn(manoover_pos *p, int robot, int dir);

/* The automatic phase of `seat`: its robots step in number order, stopping at
 * once if the game ends. on_step (may be NULL) sees every step. */
typedef void (*manoover_step_fn)(const manoover_pos *p, const manoover_move *m, void *ctx);
void manoover_automatic(manoover_pos *p, int seat, manoover_step_fn on_step, void *ctx);

/* The seat after `seat` in turn order that still has robots, or -1. */
int manoover_next_seat(const manoover_pos *p, int seat);

/* Throws the dice for `seat`: keeps the dice naming its robots on the board,
 * throws the others once more. */
void manoover_roll_dice(rng *r, const manoover_pos *p, int seat, manoover_roll *out);

/* The winners of a finished (or stopped) game: seats with the most robots in
 * their goal. Returns how many, writing them to winners. */
int manoover_pos_winners(const manoover_pos *p, int winners[MANOOVER_MAX_SEATS]);

#endif
