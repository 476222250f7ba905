/*
 * ricochet_bound.h: the helper-cost lower bound of the exact solver.
 *
 * For a position with one finishing robot: the fewest moves of that robot
 * along a relaxed path (as if it could stop on any cell of a slide) plus
 * the most helper moves any single need of that path costs: a helper passed
 * or stopped on must move away (one move), and a stop before a cell no
 * helper holds needs some helper brought to rest there, which costs its own
 * moves plus one move of another robot for each of its last two stops that
 * nothing holds up. Why this never exceeds the true distance is told at the
 * top of ricochet_bound.c.
 *
 * Why the solver leaves it off (issue 31; measured with `botpit bench
 * ricochet --quick --random 300 [--helper-bound]`, CPU time, alternated
 * runs): it is asked of nearly every popped position (sample hard: 80 882
 * asks, 72% pushed a layer on) and cuts the positions generated 3-4x
 * (sample hard 792 927 -> 212 718, seeded 12+ 3.78M -> 1.31M), but each
 * ask runs a depth-first search of a hundred or so relaxed stops, each
 * looking at every cell of four slides and a blocker's cost there: about
 * 2.7 us an ask, where the search spends ~43 ns a position. Sample hard
 * takes 34 ms without it and 217 ms with it (1.0 us a position), seeded
 * 12+ 157 ms and 2.0 s (1.55 us a position). The set (`bench
 * ricochet --deep [--helper-bound]`): A001 30.7M -> 15.0M positions, 1.34 s
 * -> 32.6 s; A002 22.0M -> 10.6M, 0.90 s -> 20.8 s (112 -> 53 MiB); deep
 * 16-19 129.8M -> 42.1M, median 0.18 s -> 4.6 s (37 ns -> 3.2 us a
 * position). To break even on sample
 * hard an ask could cost 0.3 us, and a free one would still leave it
 * ~9 ms: the search's own positions. Asking less did not pay (all 300
 * seeded puzzles: 4.95M positions, 0.22 s without the bound; 1.73M,
 * 2.2 s with it): asked only where the layer leaves at most one move
 * beyond the relaxed distance, 4.22M positions and 1.0 s; only at g <= 3,
 * 4.57M and 0.43 s (both while it still worked out up to 4 layers at
 * once), since a pruned position's descendants are reached by the other
 * orders of the same moves. Capping a search at 200 steps saved
 * ~10% of the time for 1% more positions; a quick look whether an earlier
 * stop stands near a blocker saved nothing.
 * What would pay is a formulation an order of magnitude cheaper per ask
 * (per-position blocker costs as cell sets and a breadth-first pass per
 * cost level instead of a search per path), which must keep the earlier
 * stops' help to stay admissible.
 *
 * Private to the solver: one workspace per solver workspace, reset per
 * solve; its tables are built on the first evaluation of a solve, so a
 * solve that never asks costs nothing.
 */
#ifndef BOTPIT_RICOCHET_BOUND_H
#define BOTPIT_RICOCHET_BOUND_H

#include <stdbool.h>
#include <stdint.h>

#include "ricochet_board.h"

#define RICOCHET_BOUND_PATH 64 /* the longest relaxed path looked at */

/* A set of cells, bit c of w[c / 64]. */
typedef struct ricochet_cells {
    uint64_t w[4];
} ricochet_cells;

typedef struct ricochet_bound {
    /* The solve: borrowed from the solver, valid until the next reset. */
    const uint8_t (*stop)[RICOCHET_CELLS];
    const uint8_t (*dist)[RICOCHET_CELLS];
    int target;
    uint32_t gen;  /* the solve's generation (0: never reset) */
    bool ready;    /* the per-solve tables below are built */

    /* Per solve: the cells a slide from c moving d may pass or stop on (up
     * to the wall), their union per cell, and the cells after which a wall
     * stops a robot moving d. */
    ricochet_cells seg[4][RICOCHET_CELLS];
    ricochet_cells cross[RICOCHET_CELLS];
    ricochet_cells wall_stop[4];
    /* Per solve, built on demand per cell p: ray[j][d][p], the cells a robot
     * on p passes or stops on moving d after at most j + 1 any-stop moves. */
    ricochet_cells ray[2][4][RICOCHET_CELLS];
    uint32_t ray_gen[2][RICOCHET_CELLS];

    /* Per position: the helpers, the cells a stop moving d on which is
     * held up now (a wall or a robot on the next cell), the union of the helpers'
     * rays (levels 0..2), and the cells a helper can come to rest on for at
     * most r helper moves (r = 1..3, built on demand). */
    ricochet_cells helpers;
    ricochet_cells sup[4];
    ricochet_cells rays[3][4];
    ricochet_cells rest[3];
    unsigned built; /* bits: rays level j (1 << j), rest r (8 << r) */
    uint8_t helper_cell[RICOCHET_ROBOTS_MAX];
    int nhelpers;
    /* Per position: the blockers' costs with no earlier stop of the
     * finisher standing by, valid while beta_gen[b] == pos_gen. */
    uint8_t beta[RICOCHET_CELLS];
    uint32_t beta_gen[RICOCHET_CELLS];
    uint32_t pos_gen;

    /* The relaxed-path search: the finisher's stops so far, and its failure
     * memo per (turn, cell): the moves that were left, the helper cost
     * already spent, and the earlier stops then. */
    uint8_t path[RICOCHET_BOUND_PATH];
    int depth;
    uint32_t memo_mark[4][RICOCHET_CELLS];
    uint32_t memo_prefix[4][RICOCHET_CELLS];
    uint8_t memo_left[4][RICOCHET_CELLS];
    uint8_t memo_cost[4][RICOCHET_CELLS];
    uint32_t memo_gen;
    uint32_t calls; /* search steps of this evaluation */

    uint64_t evaluations; /* positions evaluated in this solve */
} ricochet_bound;

/* Starts a solve: the wall-stop table and the finisher's relaxed distance
 * per (turn state, cell) (INF = 255 where unreachable) stay owned by the
 * caller and unchanged until the next reset. Cheap: the tables are built on
 * the first evaluation. */
void ricochet_bound_reset(ricochet_bound *hb, const uint8_t (*stop)[RICOCHET_CELLS],
                          const uint8_t (*dist)[RICOCHET_CELLS], int target);

/* The bound of the position whose finisher (one robot, in turn state
 * turn0) stands on cell[0] and whose helpers stand on cell[1..n-1]: the
 * least L in [from, cap) that some relaxed plan fits in, or cap when none
 * does (then the bound is at least cap). from must itself be a lower bound
 * (the finisher's relaxed distance at least). 255 when the target is out of
 * the finisher's reach. */
int ricochet_bound_eval(ricochet_bound *hb, const uint8_t *cell, int n, int turn0, int from,
                        int cap);

#endif
