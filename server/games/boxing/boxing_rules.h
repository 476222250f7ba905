/*
 * boxing_rules.h: the rules of Robot boxing that hold whatever the state of a
 * game, and their data: the tables (boxing_data.c), layouts and their
 * powers, orders, cones and simultaneous movement (boxing_rules.c), and the
 * record of a resolved turn. Pure: shared by the game and the bots.
 *
 * Geometry. Cells are numbered y*size + x, x west→east, y north→south; on the
 * wire a cell is [x, y]. Slots are numbered row*3 + col, row 0 north, so slot
 * 4 is the centre. Directions are 0..7 clockwise from N (N NE E SE S SW W NW);
 * each non-centre slot faces the direction of its position (slot 2 is NE).
 * Letters are 0..8 for a..i; a set of letters is a 9-bit mask.
 */
#ifndef BOTPIT_BOXING_RULES_H
#define BOTPIT_BOXING_RULES_H

#include <stdbool.h>
#include <stdint.h>

#include "games/game.h"
#include "util/rng.h"

enum {
    BOXING_SLOTS = 9,
    BOXING_CENTRE = 4,
    BOXING_LETTERS = 9,
    BOXING_DIRS = 8,
    BOXING_LASERS = 4,
    BOXING_ENGINES = 4,
    BOXING_MAX_SEATS = 4,
    BOXING_MAX_STEPS = 2 * BOXING_ENGINES, /* every engine working, booster on moving */
    BOXING_MIN_SIZE = 6,
    BOXING_MAX_SIZE = 16,
    BOXING_MAX_CELLS = BOXING_MAX_SIZE * BOXING_MAX_SIZE,
};

typedef enum boxing_part { BOXING_LASER, BOXING_ENGINE, BOXING_BOOSTER } boxing_part;
typedef enum boxing_phase { BOXING_PHASE_LAYOUT, BOXING_PHASE_ORDERS, BOXING_PHASE_OVER } boxing_phase;
typedef enum boxing_boost { BOXING_BOOST_NONE, BOXING_BOOST_MOVE, BOXING_BOOST_SHOOT } boxing_boost;
/* Why a robot stopped moving before the end of its path. */
typedef enum boxing_stop {
    BOXING_STOP_NONE,
    BOXING_STOP_SAME_CELL, /* two robots stepped into one cell */
    BOXING_STOP_SWAP,      /* two robots tried to trade cells */
    BOXING_STOP_OCCUPIED,  /* the cell stays occupied after the step */
} boxing_stop;
/* Why a robot was knocked out (a mask). */
enum { BOXING_OUT_LASERS = 1, BOXING_OUT_ENGINES = 2 };

/* ---- data (boxing_data.c) ---- */

typedef struct boxing_dir_info {
    const char *name; /* "NE" */
    int dx, dy;
    int slot; /* the slot facing this way */
} boxing_dir_info;

extern const boxing_dir_info boxing_dirs[BOXING_DIRS];
/* The direction a slot faces, or -1 for the centre. */
extern const int boxing_slot_dir[BOXING_SLOTS];
/* Seat names in summaries and events ("Seat 1"). */
extern const char *const boxing_seat_names[BOXING_MAX_SEATS];
/* Each seat's starting corner, in quarter turns clockwise from a random one. */
extern const int boxing_start_corner[BOXING_MAX_SEATS];

/* A bot's layout plan: which part sits on each slot (letters are drawn). */
typedef struct boxing_template {
    const char *name;
    uint8_t part[BOXING_SLOTS];
} boxing_template;
extern const boxing_template boxing_templates[];
extern const int boxing_template_count;

/* ---- layouts and powers (boxing_rules.c) ---- */

typedef struct boxing_layout {
    uint8_t letter[BOXING_SLOTS]; /* letter 0..8 on each slot */
    uint8_t part[BOXING_SLOTS];   /* boxing_part on each slot */
} boxing_layout;

/* What a robot can do this turn, from its layout and its destroyed letters. */
typedef struct boxing_powers {
    int engines;        /* working engines (a centre engine counts) */
    int lasers;         /* working lasers (a centre laser counts) */
    bool booster;       /* the booster works */
    uint8_t dirs;       /* mask of directions a working engine points */
    uint16_t guns;      /* letters of working lasers that face a direction */
} boxing_powers;

/* Checks a layout against the rules: each letter once, four lasers, four
 * engines, one booster, the booster in the centre unless free_centre. */
int boxing_layout_check(const boxing_layout *l, bool free_centre, game_error *err);
/* A random valid layout: the booster in the centre, lasers on four random
 * outer slots, letters shuffled. Draws only from r. */
void boxing_layout_random(boxing_layout *l, rng *r);
/* Lays out `t` with a random letter on each slot. */
void boxing_layout_from_template(boxing_layout *l, const boxing_template *t, rng *r);
int boxing_layout_slot_of(const boxing_layout *l, int letter);
void boxing_powers_of(const boxing_layout *l, uint16_t destroyed, boxing_powers *p);
/* Out of the fight? Returns a mask of BOXING_OUT_* (0 if still fighting). */
int boxing_knocked_out(const boxing_layout *l, uint16_t destroyed);

/* ---- orders (boxing_rules.c) ---- */

typedef struct boxing_orders {
    int steps;                         /* path length */
    int8_t path[BOXING_MAX_STEPS];     /* directions */
    uint8_t boost;                     /* boxing_boost */
    int8_t fire;                       /* own laser letter, or -1 */
    int8_t target;                     /* enemy slot letter, or -1 */
    int8_t target_robot;               /* seat fired at, or -1 with no fire */
} boxing_orders;

/* Standing still with guns quiet: what a missing order counts as. */
void boxing_orders_idle(boxing_orders *o);
/* Checks a robot's own orders against its powers and the ring (not the
 * target robot, which the game checks). 0 or -1 with err ("illegal"). */
int boxing_orders_check(const boxing_layout *l, uint16_t destroyed, int size, int cell,
                        const boxing_orders *o, game_error *err);
/* Steps allowed and laser reach for a boost choice. */
int boxing_max_steps(const boxing_powers *p, int boost);
int boxing_reach(const boxing_powers *p, int boost);

/* ---- cones and movement (boxing_rules.c) ---- */

#define BOXING_UNLIMITED 1000 /* a reach beyond any ring */

/* Is the offset (dx, dy) from a laser facing `dir` inside its cone within
 * king-distance `reach`? Edge slots: straight out, one cell wider on each side
 * per cell of distance; corner slots: the quarter-plane toward the corner.
 * Both 90°, borders included; never the robot's own cell. */
bool boxing_cone_contains(int dir, int dx, int dy, int reach);
/* The ring cells of that cone from `cell`, in cell order; returns the count. */
int boxing_cone_cells(int size, int dir, int cell, int reach, int *out);
/* Does the path stay on the ring? Returns the 1-based step that leaves it, 0 if none. */
int boxing_path_leaves(int size, int cell, const boxing_orders *o);

/* All robots' movement, step by step and at once. */
typedef struct boxing_motion {
    int frames;                                            /* the longest path */
    int cell[BOXING_MAX_SEATS][BOXING_MAX_STEPS + 1];      /* [0] = start, [k] = after step k */
    int stop_step[BOXING_MAX_SEATS];                       /* 1-based step refused, 0 if none */
    uint8_t stop_why[BOXING_MAX_SEATS];                    /* boxing_stop */
} boxing_motion;

/* Robots not `present` take no part (knocked out, off the ring). Paths must
 * stay on the ring (checked with the orders). */
void boxing_move_all(int size, int seats, const bool present[], const int start[],
                     const boxing_orders orders[], boxing_motion *m);

/* Why a robot was knocked out, by BOXING_OUT_* mask: "", "lasers",
 * "engines", "both" (boxing_data.c). */
extern const char *const boxing_out_names[4];

/* ---- the record of a turn ---- */

/* One resolved turn as everyone saw it. */
typedef struct boxing_record {
    int turn;
    bool present[BOXING_MAX_SEATS];         /* robots on the ring this turn */
    boxing_orders orders[BOXING_MAX_SEATS]; /* as revealed */
    bool missed[BOXING_MAX_SEATS];          /* no orders by the deadline */
    int from[BOXING_MAX_SEATS], to[BOXING_MAX_SEATS];
    uint16_t destroyed_before[BOXING_MAX_SEATS];
    int8_t fire_dir[BOXING_MAX_SEATS];      /* direction of the laser fired, or -1 */
    bool in_wedge[BOXING_MAX_SEATS];        /* target inside the cone's directions */
    bool hit[BOXING_MAX_SEATS];             /* ... and within reach */
    bool destroyed[BOXING_MAX_SEATS];       /* the hit destroyed a working part */
} boxing_record;

#endif
