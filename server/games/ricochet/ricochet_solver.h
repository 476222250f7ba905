/*
 * ricochet_solver.h: an exact solver for Ricochet Robots rounds.
 *
 * Finds the minimum number of single-robot moves (every robot's moves count)
 * that brings the active robot (or, for the vortex, any robot) onto the
 * target, with the ricochet rule on or off, 4 or 5 robots, and returns one
 * optimal move list. A* over exact positions (helpers interchangeable) with
 * an admissible bound (sharpened by a blocker test: a stop short of a wall
 * needs a robot on the next cell, and bringing one costs a move), in a
 * memory budget; past the budget it finishes as IDA* with a fixed
 * transposition table (slower, still exact). How it works, and why its
 * bounds never exceed the true distance, is described at the top of
 * ricochet_solver.c.
 *
 * limits.helper_bound adds the helper-cost bound (ricochet_bound.h): a
 * blocker costs the moves that bring a helper to rest on it, each of that
 * helper's last two stops needing a wall or a robot of its own. It never
 * exceeds the true distance (a solution's finisher path needs those
 * helper moves), and it cuts a big search's positions 2-5x, but each
 * position then costs microseconds: slower in time, so it is off unless
 * asked for (callers with a node budget, tests).
 *
 * Memory: a solve uses what it needs up to the workspace's budget (default
 * 256 MiB; the 24/25-move sample anchors peak at about 112 MiB, a typical
 * puzzle well under 1 MiB). Outside the budget: the workspace itself (about
 * 370 KiB, mostly memos touched only as needed), once a search passes
 * 20 000 positions a 1 MiB cache of blocker-test answers kept with it, and
 * on the first solve that asks for the helper-cost bound its tables (about
 * 120 KiB, kept too).
 *
 * Thread safety: a solve touches only its own ricochet_solver workspace and
 * read-only tables, so separate solves may run on separate threads at once
 * (one workspace per thread). A solve stops early on a node budget or when
 * *cancel becomes nonzero: it never reads the clock, so a caller with a time
 * budget raises the flag when it is spent.
 */
#ifndef BOTPIT_RICOCHET_SOLVER_H
#define BOTPIT_RICOCHET_SOLVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ricochet_board.h"

#define RICOCHET_MAX_MOVES 60
#define RICOCHET_TABLE_DEFAULT ((size_t)256 << 20)
#define RICOCHET_TABLE_MIN ((size_t)1 << 20)

typedef struct ricochet_puzzle {
    const ricochet_board *board; /* borrowed for the solve */
    ricochet_position robots;
    int target;                  /* cell */
    int active;                  /* robot colour, or RICOCHET_ANY (vortex) */
    bool ricochet_rule;
} ricochet_puzzle;

typedef struct ricochet_limits {
    uint64_t max_nodes;         /* 0: no node budget */
    int max_moves;              /* 0: RICOCHET_MAX_MOVES; longer solutions are not sought */
    const volatile int *cancel; /* NULL or a flag another thread may set */
    bool no_blocker_test;       /* search without the blocker test (to compare; slower) */
    bool helper_bound;          /* also the helper-cost bound: far fewer positions, but each
                                 * costs microseconds more, so slower (ricochet_bound.h) */
} ricochet_limits;

typedef enum ricochet_status {
    RICOCHET_SOLVED,
    RICOCHET_NO_SOLUTION, /* none within max_moves (or none at all) */
    RICOCHET_GAVE_UP,     /* node or time budget spent */
    RICOCHET_CANCELLED,
    RICOCHET_INVALID,     /* the puzzle itself is malformed */
} ricochet_status;

typedef struct ricochet_move {
    uint8_t robot;
    uint8_t dir;
} ricochet_move;

typedef struct ricochet_solution {
    ricochet_status status;
    int nmoves;         /* when solved: the optimum */
    ricochet_move moves[RICOCHET_MAX_MOVES];
    int lower_bound;    /* proven: no solution has fewer moves */
    uint64_t nodes;     /* positions generated */
    bool fell_back;     /* A* outgrew the memory budget; IDA* finished the search */
    size_t peak_bytes;  /* the most table and queue memory held at once */
} ricochet_solution;

/* A reusable workspace: the transposition table (grown on demand up to
 * table_bytes; 0 means RICOCHET_TABLE_DEFAULT). Owned by the caller; one per
 * thread. NULL when out of memory. */
typedef struct ricochet_solver ricochet_solver;
ricochet_solver *ricochet_solver_new(size_t table_bytes);
void ricochet_solver_free(ricochet_solver *s);

/* Solves with workspace s. limits may be NULL. Returns the status, also in
 * out->status. */
ricochet_status ricochet_solver_run(ricochet_solver *s, const ricochet_puzzle *p,
                                    const ricochet_limits *limits, ricochet_solution *out);

/* One-shot: a workspace of table_bytes for this solve only. */
ricochet_status ricochet_solve(const ricochet_puzzle *p, const ricochet_limits *limits,
                               size_t table_bytes, ricochet_solution *out);

/* The lower bound the search starts from, without searching: the relaxed
 * distance, one more when no shortest relaxed path works with the others
 * frozen, and one more again when the blocker test fails (unless
 * limits->no_blocker_test; see ricochet_solver.c). 255 when the target is
 * out of reach, -1 for a malformed puzzle. limits may be NULL. For tests:
 * it must never exceed the optimum. */
int ricochet_solver_bound(ricochet_solver *s, const ricochet_puzzle *p,
                          const ricochet_limits *limits);

const char *ricochet_status_name(ricochet_status st); /* "solved", "no_solution", ... */

#endif
