/*
 * ricochet_bench.c: `botpit bench ricochet`, and the baseline it can compare
 * against.
 *
 * The fixed set is the sample puzzles compiled in from
 * data/ricochet/sample_puzzles.json (groups random, ricochet_rule, hard,
 * anchor) and N seeded random puzzles: a random layout of A/B sides, four
 * robots on random start cells, a random chip of the 17, the ricochet rule on.
 * The seeded ones are grouped by their optimum.
 *
 * --baseline also runs a plain iterative-deepening search with a memo and
 * the single-robot lower bound (the algorithm of the best public C solver,
 * written here from its description) on the same puzzles, so that the
 * speed-up is measured on this machine rather than quoted.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "games/tool.h"
#include "ricochet_cli.h"
#include "ricochet_move.h"
#include "ricochet_samples.h"
#include "ricochet_solver.h"
#include "util/rng.h"

/* Milliseconds of this process's CPU time (user and kernel: the kernel
 * zeroing a big table's pages is the solver's cost too). Not the wall
 * clock, because the machines we measure on are shared: a solve that waits
 * for a core should not look slower. */
static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* ---- the baseline: IDA* with a growing memo and the any-stop bound ----
 *
 * Written to the public solver's design: a grid of wall bits with a robot
 * bit per cell, slides stepped cell by cell, robots moved and moved back,
 * a position key with the helpers sorted, a memo of the depth each position
 * was searched to (linear probing, grown fourfold at half full), helpers
 * left alone when the active robot needs every remaining move, and no move
 * straight back. The ricochet rule is added the same way as in the solver
 * (turn states in the key), so both answer the same question. */

#define BASE_ROBOT 0x20

typedef struct baseline {
    uint8_t grid[RICOCHET_CELLS];    /* wall bits, BASE_ROBOT where a robot stands */
    uint8_t dist[4][RICOCHET_CELLS]; /* the any-stop bound */
    int n, active, target;
    bool rule;
    uint8_t cell[RICOCHET_ROBOTS_MAX], turn[RICOCHET_ROBOTS_MAX];
    uint64_t *memo; /* key + 1 | depth << 56 */
    size_t memo_size, memo_count;
    uint64_t nodes;
} baseline;

static const int base_step[4] = {-16, 1, 16, -1};

/* The relaxed distance by plain breadth-first search over (turn, cell). */
static void baseline_dist(baseline *b)
{
    memset(b->dist, 255, sizeof b->dist);
    uint16_t queue[4 * RICOCHET_CELLS];
    int head = 0, tail = 0;
    int t0 = b->rule ? 0 : RICOCHET_TURN_DONE;
    for (int d = 0; d < 4; d++) {
        int back = (d + 2) & 3;
        for (int c = b->target; !(b->grid[c] & RICOCHET_WALL(back));) {
            c += base_step[back];
            for (int t = t0; t < 4; t++)
                if (ricochet_turn_after(t, d) == RICOCHET_TURN_DONE && b->dist[t][c] == 255) {
                    b->dist[t][c] = 1;
                    queue[tail++] = (uint16_t)(t << 8 | c);
                }
        }
    }
    while (head < tail) {
        int t1 = queue[head] >> 8, c1 = queue[head] & 255;
        head++;
        if (c1 == b->target)
            continue;
        for (int d = 0; d < 4; d++) {
            int back = (d + 2) & 3;
            for (int c = c1; !(b->grid[c] & RICOCHET_WALL(back));) {
                c += base_step[back];
                for (int t = t0; t < 4; t++)
                    if (ricochet_turn_after(t, d) == t1 && b->dist[t][c] == 255) {
                        b->dist[t][c] = (uint8_t)(b->dist[t1][c1] + 1);
                        queue[tail++] = (uint16_t)(t << 8 | c);
                    }
            }
        }
    }
}

static uint64_t baseline_key(const baseline *b)
{
    uint32_t v[RICOCHET_ROBOTS_MAX];
    int m = 0;
    uint64_t key = 0;
    if (b->active == RICOCHET_ANY) {
        for (int i = 0; i < b->n; i++)
            v[m++] = (uint32_t)(b->cell[i] | b->turn[i] << 8);
    } else {
        key = (uint64_t)(b->cell[b->active] | b->turn[b->active] << 8);
        for (int i = 0; i < b->n; i++)
            if (i != b->active)
                v[m++] = b->cell[i];
    }
    for (int i = 1; i < m; i++)
        for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
            uint32_t t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
        }
    for (int i = 0; i < m; i++)
        key = key << 10 | v[i];
    return key;
}

/* False when the memo says this position was searched at least `depth`
 * deep already; otherwise records it. */
static bool baseline_visit(baseline *b, uint64_t key, int depth)
{
    uint64_t k = key + 1;
    for (size_t i = (size_t)((k * UINT64_C(0x9E3779B97F4A7C15)) >> 20) & (b->memo_size - 1);;
         i = (i + 1) & (b->memo_size - 1)) {
        uint64_t e = b->memo[i];
        if (!e) {
            b->memo[i] = k | (uint64_t)depth << 56;
            if (++b->memo_count * 2 > b->memo_size) {
                size_t old_size = b->memo_size;
                uint64_t *old = b->memo;
                b->memo_size = old_size * 4;
                b->memo = calloc(b->memo_size, sizeof *b->memo);
                b->memo_count = 0;
                for (size_t j = 0; j < old_size; j++)
                    if (old[j])
                        baseline_visit(b, (old[j] & ((UINT64_C(1) << 56) - 1)) - 1,
                                       (int)(old[j] >> 56));
                free(old);
            }
            return true;
        }
        if ((e & ((UINT64_C(1) << 56) - 1)) == k) {
            if ((int)(e >> 56) >= depth)
                return false;
            b->memo[i] = k | (uint64_t)depth << 56;
            return true;
        }
    }
}

static int baseline_bound(const baseline *b)
{
    if (b->active != RICOCHET_ANY)
        return b->dist[b->turn[b->active]][b->cell[b->active]];
    int h = 255;
    for (int i = 0; i < b->n; i++)
        if (b->dist[b->turn[i]][b->cell[i]] < h)
            h = b->dist[b->turn[i]][b->cell[i]];
    return h;
}

static bool baseline_search(baseline *b, int left, int last, int last_from)
{
    int h = baseline_bound(b);
    if (h > left)
        return false;
    for (int r = 0; r < b->n; r++) {
        bool finisher = b->active == RICOCHET_ANY || r == b->active;
        if (!finisher && h == left)
            continue;
        int from = b->cell[r], turn = b->turn[r];
        for (int d = 0; d < 4; d++) {
            if ((b->grid[from] & RICOCHET_WALL(d)) || (b->grid[from + base_step[d]] & BASE_ROBOT))
                continue;
            int to = from + base_step[d];
            while (!(b->grid[to] & RICOCHET_WALL(d)) && !(b->grid[to + base_step[d]] & BASE_ROBOT))
                to += base_step[d];
            if (last == r * 4 + (d ^ 2) && !(finisher && b->rule && to == last_from))
                continue;
            b->nodes++;
            int t = finisher ? ricochet_turn_after(turn, d) : turn;
            if (finisher && to == b->target) {
                if (t == RICOCHET_TURN_DONE)
                    return true;
                continue;
            }
            if (left == 1)
                continue;
            b->grid[from] &= (uint8_t)~BASE_ROBOT;
            b->grid[to] |= BASE_ROBOT;
            b->cell[r] = (uint8_t)to;
            b->turn[r] = (uint8_t)t;
            bool found = (left == 2 || baseline_visit(b, baseline_key(b), left - 1)) &&
                         baseline_search(b, left - 1, r * 4 + d, from);
            b->grid[to] &= (uint8_t)~BASE_ROBOT;
            b->grid[from] |= BASE_ROBOT;
            b->cell[r] = (uint8_t)from;
            b->turn[r] = (uint8_t)turn;
            if (found)
                return true;
        }
    }
    return false;
}

/* The optimum by the baseline (or -1 past 60 moves). */
static int baseline_solve(const ricochet_puzzle *p, uint64_t *nodes)
{
    baseline b = {.n = p->robots.nrobots, .active = p->active, .target = p->target,
                  .rule = p->ricochet_rule, .memo_size = 4096};
    b.memo = calloc(b.memo_size, sizeof *b.memo);
    for (int c = 0; c < RICOCHET_CELLS; c++)
        b.grid[c] = p->board->walls[c] & 0xf;
    memcpy(b.cell, p->robots.cell, sizeof b.cell);
    for (int i = 0; i < b.n; i++)
        b.grid[b.cell[i]] |= BASE_ROBOT;
    baseline_dist(&b);
    int t0 = b.rule ? RICOCHET_TURN_NONE : RICOCHET_TURN_DONE;
    for (int i = 0; i < b.n; i++)
        b.turn[i] = (uint8_t)(b.active == RICOCHET_ANY || i == b.active ? t0 : 0);
    int result = -1;
    for (int bound = 1; bound <= RICOCHET_MAX_MOVES && result < 0; bound++)
        if (baseline_bound(&b) <= bound && baseline_search(&b, bound, -1, -1))
            result = bound;
    free(b.memo);
    *nodes = b.nodes;
    return result;
}

/* ---- the bench ---- */

typedef struct result {
    const char *id;
    const char *group;
    int moves;
    double ms;
    uint64_t nodes;
    double reference_ms; /* recorded for the public solver, -1 if none */
    double baseline_ms;  /* measured here with --baseline, -1 if not run */
    bool ok;             /* solved, and to the known optimum when there is one */
    bool fell_back;      /* the A* table outgrew the budget */
    size_t peak_bytes;
} result;

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void print_group(const char *name, const result *rs, int n)
{
    double *ms = malloc((size_t)(n ? n : 1) * sizeof *ms);
    double max = 0, sum = 0, ref = 0, base = 0;
    uint64_t nodes = 0;
    int lo = 999, hi = 0, refs = 0, bases = 0, bad = 0;
    for (int i = 0; i < n; i++) {
        ms[i] = rs[i].ms;
        sum += rs[i].ms;
        if (rs[i].ms > max)
            max = rs[i].ms;
        nodes += rs[i].nodes;
        if (rs[i].moves < lo)
            lo = rs[i].moves;
        if (rs[i].moves > hi)
            hi = rs[i].moves;
        if (rs[i].reference_ms >= 0) {
            ref += rs[i].reference_ms;
            refs++;
        }
        if (rs[i].baseline_ms >= 0) {
            base += rs[i].baseline_ms;
            bases++;
        }
        bad += !rs[i].ok;
    }
    qsort(ms, (size_t)n, sizeof *ms, cmp_double);
    double median = n ? (n % 2 ? ms[n / 2] : (ms[n / 2 - 1] + ms[n / 2]) / 2) : 0;
    printf("%-16s %5d  %5d-%-3d %10.3f %10.2f %14llu %10.1f", name, n, n ? lo : 0, hi, median,
           max, (unsigned long long)nodes, sum);
    if (refs == n && n)
        printf("   public %9.1f (x%.1f)", ref, ref / sum);
    if (bases == n && n)
        printf("   baseline %9.1f (x%.1f)", base, base / sum);
    if (bad)
        printf("   %d WRONG", bad);
    printf("\n");
    free(ms);
}

static void print_header(void)
{
    printf("%-16s %5s  %9s %10s %10s %14s %10s\n", "group", "count", "moves", "median ms",
           "max ms", "total nodes", "sum ms");
}

static result run_one(ricochet_solver *solver, const ricochet_puzzle *p, int known,
                      bool with_baseline);

/* The deep set: the puzzles of 16 moves and more found among the first
 * 150 000 seeded puzzles of seed 7 (layouts of A/B sides, four robots, the
 * ricochet rule on), six of 16 and 17 moves, ten of 18, both of 19 and the
 * one of 21, each with the optimum the solver found then. Kept as cells
 * rather than as seeds so that they outlive a change of the generator. */
typedef struct deep_puzzle {
    uint8_t layout[4]; /* indices into ricochet_sides, NW NE SE SW */
    uint8_t robots[4]; /* red, green, blue, yellow */
    uint8_t chip;      /* index into ricochet_chips */
    uint8_t optimum;
} deep_puzzle;

static const deep_puzzle deep_puzzles[] = {
    {{6, 5, 3, 1}, {39, 123, 40, 74}, 9, 16},     /* seed 7, puzzle 704 */
    {{0, 7, 4, 3}, {81, 208, 122, 30}, 9, 16},    /* seed 7, puzzle 4902 */
    {{0, 6, 4, 3}, {108, 55, 143, 236}, 9, 16},   /* seed 7, puzzle 6157 */
    {{6, 3, 0, 4}, {5, 216, 17, 190}, 9, 16},     /* seed 7, puzzle 12645 */
    {{3, 0, 4, 6}, {175, 251, 83, 228}, 9, 16},   /* seed 7, puzzle 14580 */
    {{3, 0, 4, 6}, {231, 80, 161, 107}, 9, 16},   /* seed 7, puzzle 14965 */
    {{0, 6, 5, 3}, {30, 221, 218, 31}, 9, 17},    /* seed 7, puzzle 14859 */
    {{6, 4, 3, 0}, {209, 113, 55, 115}, 9, 17},   /* seed 7, puzzle 18220 */
    {{0, 6, 4, 3}, {39, 143, 103, 78}, 9, 17},    /* seed 7, puzzle 20826 */
    {{1, 6, 4, 3}, {35, 138, 46, 207}, 9, 17},    /* seed 7, puzzle 23201 */
    {{7, 4, 2, 0}, {243, 54, 181, 14}, 9, 17},    /* seed 7, puzzle 23537 */
    {{3, 0, 4, 6}, {191, 237, 201, 129}, 9, 17},  /* seed 7, puzzle 32994 */
    {{5, 3, 0, 6}, {150, 35, 55, 34}, 9, 18},     /* seed 7, puzzle 15996 */
    {{0, 6, 4, 3}, {23, 47, 186, 30}, 9, 18},     /* seed 7, puzzle 26970 */
    {{3, 0, 6, 4}, {180, 237, 251, 79}, 9, 18},   /* seed 7, puzzle 50240 */
    {{6, 3, 0, 4}, {254, 200, 176, 227}, 9, 18},  /* seed 7, puzzle 52660 */
    {{4, 3, 0, 6}, {128, 175, 241, 49}, 9, 18},   /* seed 7, puzzle 55608 */
    {{0, 6, 5, 3}, {16, 191, 206, 126}, 9, 18},   /* seed 7, puzzle 66425 */
    {{7, 5, 3, 0}, {123, 27, 13, 23}, 9, 18},     /* seed 7, puzzle 76590 */
    {{5, 2, 7, 1}, {214, 1, 238, 28}, 9, 18},     /* seed 7, puzzle 77999 */
    {{6, 5, 3, 0}, {92, 228, 175, 80}, 9, 18},    /* seed 7, puzzle 92083 */
    {{4, 3, 0, 7}, {206, 244, 144, 196}, 9, 18},  /* seed 7, puzzle 93617 */
    {{0, 4, 6, 3}, {169, 32, 245, 12}, 9, 19},    /* seed 7, puzzle 104224 */
    {{0, 6, 5, 3}, {191, 76, 213, 109}, 9, 19},   /* seed 7, puzzle 127851 */
    {{6, 5, 3, 0}, {33, 227, 15, 224}, 9, 21},    /* seed 7, puzzle 29597 */
};
#define DEEP_COUNT ((int)(sizeof deep_puzzles / sizeof deep_puzzles[0]))

/* Solves the deep set into rs (DEEP_COUNT results). */
static void run_deep(ricochet_solver *solver, result *rs, bool verbose)
{
    for (int i = 0; i < DEEP_COUNT; i++) {
        const deep_puzzle *x = &deep_puzzles[i];
        int layout[4] = {x->layout[0], x->layout[1], x->layout[2], x->layout[3]};
        ricochet_board board;
        ricochet_board_assemble(&board, layout, NULL, 0);
        ricochet_chip chip = ricochet_chips[x->chip];
        ricochet_puzzle p = {.board = &board, .ricochet_rule = true, .active = chip.color,
                             .target = ricochet_board_target_cell(&board, chip)};
        p.robots.nrobots = 4;
        memcpy(p.robots.cell, x->robots, sizeof x->robots);
        rs[i] = run_one(solver, &p, x->optimum, false);
        rs[i].group = "deep";
        if (verbose)
            printf("  deep%-2d moves %2d (%s) %10.3f ms %12llu nodes %7.1f MiB\n", i, rs[i].moves,
                   rs[i].ok ? "optimal" : "WRONG", rs[i].ms, (unsigned long long)rs[i].nodes,
                   (double)rs[i].peak_bytes / (1 << 20));
    }
}

/* The deep set's groups by optimum. */
static void print_deep(const result *rs)
{
    static const int edges[][2] = {{16, 17}, {18, 19}, {20, 99}};
    for (int e = 0; e < 3; e++) {
        result sel[DEEP_COUNT];
        int k = 0;
        for (int i = 0; i < DEEP_COUNT; i++)
            if (deep_puzzles[i].optimum >= edges[e][0] && deep_puzzles[i].optimum <= edges[e][1])
                sel[k++] = rs[i];
        char name[32];
        snprintf(name, sizeof name, edges[e][1] == 99 ? "deep %d+" : "deep %d-%d", edges[e][0],
                 edges[e][1]);
        print_group(name, sel, k);
    }
    print_group("deep 16-19", rs, DEEP_COUNT - 1); /* all but the last, the 21-move one */
}

static const char bench_usage[] =
    "usage: botpit bench ricochet [--quick] [--deep] [--random N] [--seed S] [--baseline] "
    "[--verbose]\n"
    "  --quick     leave out the two 24/25-move anchors\n"
    "  --deep      also the deep set: 25 seeded puzzles of 16 to 21 moves (some seconds)\n"
    "  --random N  seeded random puzzles (default 1000)\n"
    "  --seed S    their seed (default 1)\n"
    "  --baseline  also time the plain iterative-deepening solver (slow)\n"
    "  --verbose   one line per sample puzzle\n"
    "       botpit bench ricochet --bots [--rounds N] [--seed S] [--levels L,L,...]\n"
    "              the bot levels at one table instead: chips won, bid times\n";

/* Solves one puzzle with solver and, when asked, the baseline. */
static result run_one(ricochet_solver *solver, const ricochet_puzzle *p, int known,
                      bool with_baseline)
{
    result r = {.reference_ms = -1, .baseline_ms = -1};
    ricochet_solution sol;
    double t0 = now_ms();
    ricochet_status st = ricochet_solver_run(solver, p, NULL, &sol);
    r.ms = now_ms() - t0;
    r.nodes = sol.nodes;
    r.fell_back = sol.fell_back;
    r.peak_bytes = sol.peak_bytes;
    r.moves = st == RICOCHET_SOLVED ? sol.nmoves : -1;
    r.ok = st == RICOCHET_SOLVED && (known < 0 || sol.nmoves == known);
    if (r.ok) {
        /* The move list must solve the round, under the round's own rules. */
        ricochet_round round;
        ricochet_round_start(&round, &p->robots, p->target, p->active, p->ricochet_rule);
        char why[256];
        for (int i = 0; i < sol.nmoves && r.ok; i++)
            r.ok = ricochet_round_move(&round, p->board, sol.moves[i].robot, sol.moves[i].dir,
                                       NULL, why, sizeof why) == 0;
        r.ok = r.ok && round.solved;
    }
    if (with_baseline) {
        uint64_t nodes;
        t0 = now_ms();
        int best = baseline_solve(p, &nodes);
        r.baseline_ms = now_ms() - t0;
        r.ok = r.ok && best == r.moves;
    }
    return r;
}

/* Sample x as a puzzle, on `board` (assembled here), ricochet rule on. */
static ricochet_puzzle sample_puzzle(const ricochet_sample *x, ricochet_board *board)
{
    int layout[4];
    for (int c = 0; c < 4; c++)
        layout[c] = ricochet_side_find(x->layout[c]);
    ricochet_board_assemble(board, layout, NULL, 0);
    ricochet_puzzle p = {.board = board, .target = x->target, .active = x->active, .ricochet_rule = true};
    p.robots.nrobots = x->nrobots;
    memcpy(p.robots.cell, x->robots, sizeof p.robots.cell);
    return p;
}

/* The solver's fixed cost per solve: the mean time of a solve of the sample
 * puzzles of 3 moves or fewer (answered by the bound, no search), repeated
 * so that the clock's own cost disappears. Printed in microseconds. */
static void print_setup_cost(ricochet_solver *solver)
{
    enum { REPEAT = 2000 };
    double total = 0;
    long solves = 0;
    for (int i = 0; i < ricochet_sample_count; i++) {
        const ricochet_sample *x = &ricochet_samples[i];
        if (x->optimal_moves > 3)
            continue;
        ricochet_board board;
        ricochet_puzzle p = sample_puzzle(x, &board);
        ricochet_solution sol;
        double t0 = now_ms();
        for (int k = 0; k < REPEAT; k++)
            ricochet_solver_run(solver, &p, NULL, &sol);
        total += now_ms() - t0;
        solves += REPEAT;
    }
    if (solves)
        printf("set-up per solve: %.2f us (mean of %ld solves of the %ld sample puzzles of 3 "
               "moves or fewer)\n",
               total * 1e3 / (double)solves, solves, solves / REPEAT);
}

int ricochet_cli_bench(int argc, char **argv)
{
    bool quick = false, with_baseline = false, verbose = false, deep = false;
    int nrandom = 1000, seed = 1;
    const tool_flag flags[] = {
        TOOL_SWITCH_FLAG("--quick", &quick),
        TOOL_SWITCH_FLAG("--deep", &deep),
        TOOL_SWITCH_FLAG("--baseline", &with_baseline),
        TOOL_SWITCH_FLAG("--verbose", &verbose),
        TOOL_INT_FLAG("--random", &nrandom, 0, 1000000),
        TOOL_INT_FLAG("--seed", &seed, 0, 1 << 30),
        TOOL_FLAGS_END,
    };
    if (tool_flags_read("bench ricochet", bench_usage, flags, argc, argv) < 0)
        return 2;

    ricochet_solver *solver = ricochet_solver_new(0);
    result *rs = calloc((size_t)ricochet_sample_count + (size_t)nrandom + DEEP_COUNT, sizeof *rs);
    if (!solver || !rs) {
        fprintf(stderr, "bench ricochet: out of memory\n");
        ricochet_solver_free(solver);
        free(rs);
        return 2;
    }
    printf("ricochet bench: %d sample puzzles%s, %d seeded random (seed %d), ricochet rule on; "
           "times are CPU time\n",
           ricochet_sample_count, quick ? " (no anchors)" : "", nrandom, seed);

    /* The samples, by group. */
    static const char *const groups[] = {"random", "ricochet_rule", "hard", "anchor"};
    int ns = 0;
    for (int i = 0; i < ricochet_sample_count; i++) {
        const ricochet_sample *x = &ricochet_samples[i];
        if (quick && strcmp(x->group, "anchor") == 0)
            continue;
        ricochet_board board;
        ricochet_puzzle p = sample_puzzle(x, &board);
        result r = run_one(solver, &p, x->optimal_moves, with_baseline);
        r.id = x->id;
        r.group = x->group;
        r.reference_ms = x->reference_ms;
        rs[ns++] = r;
        if (verbose)
            printf("  %-5s %-14s moves %2d (%s) %10.3f ms %12llu nodes %7.1f MiB   public "
                   "%9.2f ms%s\n",
                   r.id, r.group, r.moves, r.ok ? "optimal" : "WRONG", r.ms,
                   (unsigned long long)r.nodes, (double)r.peak_bytes / (1 << 20), r.reference_ms,
                   r.fell_back ? "   (memory budget exceeded: finished by IDA*)" : "");
    }

    /* The seeded random puzzles. */
    rng dice;
    rng_seed(&dice, (uint64_t)seed);
    int nr = 0;
    result *seeded = rs + ns;
    for (int i = 0; i < nrandom; i++) {
        int layout[4];
        ricochet_layout_random(&dice, "AB", layout);
        ricochet_board board;
        ricochet_board_assemble(&board, layout, NULL, 0);
        ricochet_puzzle p = {.board = &board, .ricochet_rule = true};
        ricochet_position_random(&dice, &board, 4, &p.robots);
        ricochet_chip chip = ricochet_chips[rng_below(&dice, RICOCHET_CHIPS)];
        p.target = ricochet_board_target_cell(&board, chip);
        p.active = chip.color;
        result r = run_one(solver, &p, -1, with_baseline);
        r.group = "seeded";
        seeded[nr++] = r;
    }

    result *deeps = seeded + nr;
    if (deep)
        run_deep(solver, deeps, verbose);

    printf("\n");
    print_header();
    for (int g = 0; g < 4; g++) {
        result *sel = calloc((size_t)ns + 1, sizeof *sel);
        int k = 0;
        for (int i = 0; i < ns; i++)
            if (strcmp(rs[i].group, groups[g]) == 0)
                sel[k++] = rs[i];
        if (k) {
            char name[32];
            snprintf(name, sizeof name, "sample %s", groups[g]);
            print_group(name, sel, k);
        }
        free(sel);
    }
    static const int edges[][2] = {{0, 5}, {6, 9}, {10, 11}, {12, 99}};
    for (int e = 0; e < 4 && nr; e++) {
        result *sel = calloc((size_t)nr, sizeof *sel);
        int k = 0;
        for (int i = 0; i < nr; i++)
            if (seeded[i].moves >= edges[e][0] && seeded[i].moves <= edges[e][1])
                sel[k++] = seeded[i];
        if (k) {
            char name[32];
            snprintf(name, sizeof name, "seeded %d-%d", edges[e][0], edges[e][1]);
            if (edges[e][1] == 99)
                snprintf(name, sizeof name, "seeded %d+", edges[e][0]);
            print_group(name, sel, k);
        }
        free(sel);
    }
    if (nr)
        print_group("seeded all", seeded, nr);
    if (deep)
        print_deep(deeps);
    int wrong = 0;
    for (int i = 0; i < ns + nr + (deep ? DEEP_COUNT : 0); i++)
        wrong += !rs[i].ok;
    printf("\n");
    print_setup_cost(solver);
    printf("%s\n", wrong ? "SOME RESULTS WERE WRONG" : "every solution replayed to the target");
    ricochet_solver_free(solver);
    free(rs);
    return wrong ? 1 : 0;
}
