/*
 * manoover_layout.h: the boards, goals and start set-ups of Robot Attack /
 * MANOOVER, as data.
 *
 * The real layouts are not public: RULINGS §2 reconstructs them, and this
 * table is that reconstruction and nothing else. A better-sourced layout
 * replaces the table in manoover_layout.c without touching rule code: the
 * rules only ask a layout for its radius, its goals, its dice and where each
 * robot starts.
 *
 * Cells are axial coordinates [q, r] of flat-topped hexes, the centre [0, 0];
 * a cell is on a board of radius R when max(|q|, |r|, |q + r|) <= R.
 * Directions are numbered clockwise from north (manoover_dir).
 */
#ifndef MANOOVER_LAYOUT_H
#define MANOOVER_LAYOUT_H

#include <stdbool.h>
#include <stdint.h>

#define MANOOVER_MAX_SEATS 3
#define MANOOVER_MAX_ROBOTS_PER_SEAT 8
#define MANOOVER_MAX_ROBOTS (MANOOVER_MAX_SEATS * MANOOVER_MAX_ROBOTS_PER_SEAT)
#define MANOOVER_MAX_DICE 4
#define MANOOVER_MAX_RADIUS 4

/* The six directions of a flat-topped hex, clockwise from north. */
typedef enum manoover_dir {
    MANOOVER_N,
    MANOOVER_NE,
    MANOOVER_SE,
    MANOOVER_S,
    MANOOVER_SW,
    MANOOVER_NW,
    MANOOVER_DIRS
} manoover_dir;

typedef struct manoover_cell {
    int8_t q, r;
} manoover_cell;

/* Where a robot stands when a game starts. */
typedef struct manoover_start {
    manoover_cell cell;
    manoover_dir dir;
} manoover_start;

/* One variant: board, seats, dice, goals and set-up. Seats are listed in
 * turn order (clockwise around the board); start[s][n - 1] is robot n of
 * seat s. */
typedef struct manoover_layout {
    const char *variant;      /* the `variant` option: "standard", "three", "plus" */
    const char *title;        /* "MANOOVER Plus, two players" */
    int radius;               /* R */
    int seats;                /* exactly this many players */
    int robots;               /* robots per seat, numbered 1..robots */
    int dice;                 /* dice thrown in a control phase */
    int faces;                /* faces of each die: robot numbers 1..faces */
    int match_points;         /* the match target the rules advise */
    const char *colour[MANOOVER_MAX_SEATS];        /* "red", "blue", "green" */
    const char *name[MANOOVER_MAX_SEATS];          /* "Red": for sentences */
    manoover_cell goal[MANOOVER_MAX_SEATS];        /* goal[s] scores for seat s */
    manoover_start start[MANOOVER_MAX_SEATS][MANOOVER_MAX_ROBOTS_PER_SEAT];
} manoover_layout;

/* The variants, NULL-terminated; the first is the default. */
extern const manoover_layout *const manoover_layouts[];

/* The layout of a variant name, or NULL. */
const manoover_layout *manoover_layout_find(const char *variant);

#endif
