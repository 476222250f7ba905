/*
 * ricochet_solver.c: exact solving.
 *
 * The search runs over canonical positions: robots that cannot finish (the
 * helpers) are interchangeable obstacles, so they are kept sorted by cell; in
 * a vortex round every robot may finish, so all are sorted (with their
 * ricochet-rule memory). A position packs into a 50-bit key, 10 bits a robot.
 *
 * Main search: A* by layers of f = g + h, with a hash table of the best g
 * per position. Inside a layer the positions nearest the goal go first, and
 * positions are expanded a batch at a time so that the table lines of all
 * their children are fetched together.
 *
 * The bound h: the "any stop" distance of the finishing robot (as if it could
 * stop on any cell of a slide: other robots could only shorten one), one more
 * when it cannot finish along such a shortest path with every other robot
 * frozen where it stands (a helper's move away from the lines of those paths
 * inherits the answer). Positions near the goal also get a spare-move test
 * before they are expanded: one more again when not even one extra move (a
 * detour, or one helper move onto those lines) would do. And a position
 * whose bound is dist + 1 takes the blocker test before it is expanded: the
 * finisher's stops short of a wall need robots on the next cells, one helper
 * move per new such cell; when no relaxed path fits in dist + 1 counting
 * those (the one new blocker brought by one move of a helper as it stands),
 * the position needs dist + 2 and waits for that layer.
 *
 * Why none of this overestimates: every real move of the finisher stops on
 * a cell of its relaxed line, so a solution's finisher moves are a relaxed
 * path, and dist is at most their number. If no shortest relaxed path works
 * with the others frozen, a solution either takes a longer path or moves
 * another robot: one move more. A stop short of a wall needs a robot on the
 * next cell; the finisher cannot be its own, so a cell no helper holds now
 * needs a helper move ending there, and one move ends on one cell: the
 * blocker test counts one move per such cell, and looks only at one new
 * cell brought by one helper move as it stands, else a second move more.
 *
 * The helper-cost bound (ricochet_bound.c; off unless the limits ask, see
 * below) takes that further: a new blocker costs the moves that bring some
 * helper to rest on it (its any-stop distance to a line into the cell, the
 * move along it, and a move of another robot for each of its last two stops
 * that no wall, standing robot or earlier stop of the finisher holds up),
 * and a solution needs its finisher's path plus the dearest single need.
 * It cuts the positions of big searches 2-5x (the deep set's 16-move
 * puzzles 2.5-5x, A002 2.1x), but costs microseconds a position where the
 * search costs ~35 ns, so it is slower everywhere; it stays for callers
 * that budget positions rather than time, and for the tests
 * (ricochet_bound.h has the figures and what was tried).
 *
 * A robot never goes straight back the way it came (that position was
 * reached one move sooner) unless the ricochet rule makes the back-and-forth
 * a turn. When the memory budget runs out, the search continues as IDA* with
 * a fixed-size transposition table from the bound A* has proven.
 *
 * Speed: the search is bound by mispredicted branches more than by
 * instructions or memory (which move a robot makes, whether it commutes,
 * whether a child is new are coin flips to the predictor), so the hot
 * loops build bit masks of moves and walk their set bits, and combine
 * conditions with & where && would add a branch.
 *
 * Where a big search's time goes: in proving the layers below the optimum
 * empty. The last layer is nearly free (on the bench's deep set and the
 * anchors a solution turns up through a frozen shortest path among its
 * first positions: the median 1% of a search's positions, 16% at most),
 * each layer before it holds 1.8 to 1.9 times the positions of the one
 * before, and a position costs about 30 ns, mostly waiting for table lines.
 * So only a sharper bound cuts the work much: deferring work to the last
 * layer (the blocker test, or the table record of children queued past
 * the layer under way) saved nothing when tried.
 */
#include "ricochet_solver.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "ricochet_bound.h"
#include "ricochet_move.h"

#define INF 255
#define FIELD 10
#define KEY_BITS 50
#define KEY_MASK ((UINT64_C(1) << KEY_BITS) - 1)
#define G_SHIFT KEY_BITS
/* Open entries: key | g << 50 | creator << 56 | flags, creator = 1 + 4 *
 * slot + dir of the move that reached the position (0: the start). With
 * four robots and one active robot the key takes 40 bits, and bits 40-47
 * hold the cell that move started from. */
#define FROM_SHIFT 40
#define CREATOR_SHIFT 56
#define CREATOR_MASK 31
#define OPEN_NO_TIGHT (UINT64_C(1) << 61) /* no frozen shortest path: h2 = dist + 1 */
#define OPEN_CHECKED (UINT64_C(1) << 62)  /* the spare-move test was done */
/* The blocker test's memos cost more to fill than a small search costs
 * whole (tens of microseconds), so it starts after this many positions. */
#ifndef BLOCKER_NODES
#define BLOCKER_NODES 20000
#endif
#define BLK_CACHE_BITS 16
#define BLK_OK_MAX 8
#define BLK_FREE (UINT64_C(1) << 46)
#define BLK_MANY (UINT64_C(1) << 47)
#define BLK_COUNT_SHIFT 48
#define BLK_GEN_SHIFT 52
#define BLK_KEY_MASK ((UINT64_C(1) << 46) - 1)
#define BLK_CACHE (1 << BLK_CACHE_BITS)
#ifndef BLK_SLACK
#define BLK_SLACK 1
#endif
/* The helper-cost bound (ricochet_bound.c, asked for in the limits) is
 * asked of a position each time it is popped, and only whether it fits in
 * the layer under way: a position that does not goes one layer on and is
 * asked again there. Working out how many layers on (up to 4) took a
 * failed search per layer and cost twice the time for the same positions
 * (measured: bench --quick --random 300, seeded 12+ 3.9 s -> 2.0 s). */
#define CHECK_EVERY 1024
#define LAYERS (RICOCHET_MAX_MOVES + 2)
#define START_BITS 10
#define TABLE_GROW_SLOWER ((size_t)4 << 20)
/* The spare-move test pays for itself on positions near the goal (it is
 * cheap there and moves them out of the layer being searched); far from the
 * goal it costs more than it saves. It also pays on searches of up to a few
 * million positions (12 to 16 moves: a third fewer instructions) but not on
 * the biggest ones (24 moves: a tenth more), so it stops after this many.
 * Measured on the sample puzzles and the bench's seeded ones. */
#define LOOKAHEAD_MAX 4
#define LOOKAHEAD_NODES ((uint64_t)3 << 20)

enum { FOUND = 1, FOUND_TIGHT = 2, EXHAUSTED = 0, STOPPED = -1, NO_MEMORY = -2 };

/* One generated child waiting for its table lookup. */
typedef struct child {
    uint64_t key;
    size_t home;
    uint8_t parent; /* index in the batch */
    uint8_t robot;  /* slot */
    uint8_t to;
    uint8_t turn;
    uint8_t creator;
} child;

struct ricochet_solver {
    size_t mem_limit;
    size_t mem_used;
    size_t mem_peak;

    /* A*: open addressing, linear probing; entry = key | (g + 1) << 50. */
    uint64_t *table;
    size_t table_size;  /* entries, a power of two */
    int table_shift;    /* 64 - log2(table_size) */
    size_t table_count;
    /* Positions to expand, a stack per (f, h): within a layer the
     * positions nearest the goal go first. */
    struct stack {
        uint64_t *a;
        size_t n, cap;
    } open[LAYERS][LAYERS];
    bool open_live[LAYERS]; /* some stack of layer f holds memory */

    /* IDA* fallback: buckets of 8 entries, key | depth << 50 | gen << 56. */
    uint64_t *tt;
    size_t tt_buckets;
    uint8_t tt_gen;

    /* The puzzle. Slots: with one active robot, slot 0 is it and the others
     * follow sorted; in a vortex round all slots are sorted. */
    const ricochet_board *board;
    uint8_t stop[4][RICOCHET_CELLS];
    uint8_t dist[4][RICOCHET_CELLS];
    int n;
    bool vortex;
    bool rule;
    int target;
    int active; /* colour, or RICOCHET_ANY */
    int max_moves;
    bool commute;      /* prune moves that commute with the last one (4 robots, one active) */
    uint64_t key_mask; /* the key bits of an open entry */
    bool lookahead; /* the spare-move test before expanding */
    bool blockers;  /* the blocker test before expanding */
    bool helpers;   /* the helper-cost bound before expanding */
    int look_max;   /* ... for positions whose bound is at most this */

    /* Memos per (turn state, cell) of the active robot, valid while their
     * *_gen entry equals solve_gen. */
    uint32_t solve_gen;
    uint64_t rel[4][RICOCHET_CELLS][4];    /* relevance: the lines of its shortest paths */
    uint8_t rel_dirs[4][RICOCHET_CELLS];   /* directions with a relaxed step closer */
    uint8_t level_dirs[4][RICOCHET_CELLS]; /* directions with a relaxed stop as far */
    uint32_t rel_gen[4][RICOCHET_CELLS];
    uint64_t rel1[4][RICOCHET_CELLS][4];   /* the same with one move to spare */
    uint32_t rel1_gen[4][RICOCHET_CELLS];
    int8_t tight_empty[4][RICOCHET_CELLS]; /* the frozen shortest-path test on an empty board */
    uint32_t tight_empty_gen[4][RICOCHET_CELLS];
    int8_t spare_empty[4][RICOCHET_CELLS]; /* the spare-move test on an empty board */
    uint32_t spare_empty_gen[4][RICOCHET_CELLS];
    uint64_t seg[4][RICOCHET_CELLS][4];    /* per (direction, cell): cells a slide may pass */
    uint32_t seg_gen[4][RICOCHET_CELLS];
    uint64_t cross[RICOCHET_CELLS][4];     /* per cell: its four segments together */
    uint32_t cross_gen[RICOCHET_CELLS];

    /* The spare-move test's own memo within one test: (turn, cell) -> moves
     * left that found nothing, valid while spare_mark == spare_gen. */
    uint8_t spare_left[4][RICOCHET_CELLS];
    uint32_t spare_mark[4][RICOCHET_CELLS];
    uint32_t frozen_mark[4][RICOCHET_CELLS]; /* shortest-path marks, helpers unmoved */
    uint32_t spare_gen;

    /* The blocker test: its failure memo within one search, per (slack,
     * turn, cell) the cells whose occupant matters, the answers with no
     * helper on them, and a cache of the answers with some. */
    uint8_t blk_left[4][RICOCHET_CELLS];
    uint32_t blk_mark[4][RICOCHET_CELLS];
    uint32_t blk_gen;
    uint64_t blk_ways[4][RICOCHET_CELLS][4];
    uint32_t blk_ways_mark[4][RICOCHET_CELLS];
    uint64_t blk_rel[2][4][RICOCHET_CELLS][4];
    uint32_t blk_rel_gen[2][4][RICOCHET_CELLS];
    /* An answer: tag = key (turn, cell, the helpers that matter: 46 bits)
     * | free << 46 (passes with no new blocker) | many << 47 (more cells
     * would do as the new blocker than ok[] holds: taken as a pass) | the
     * count of ok[] << 48 | the solve's generation << 52; ok[]: the cells
     * that would do. Sixteen bytes, four to a cache line. */
    struct blk_answer {
        uint64_t tag;
        uint8_t ok[BLK_OK_MAX];
    } blk_empty[4][RICOCHET_CELLS], *blk_cache;

    /* Marks for the frozen shortest-path test. */
    uint32_t mark[4][RICOCHET_CELLS];
    uint32_t mark_gen;

    /* Result of the A* goal test: the position the last move(s) start from,
     * its g, and those moves (one robot, the slot it holds there). */
    uint64_t goal_parent;
    int goal_g;
    int goal_slot;
    int goal_ndirs;
    uint8_t goal_dirs[RICOCHET_MAX_MOVES];
    /* The shortest solution known so far through a position from which a
     * robot finishes alone along a shortest relaxed path (INF: none). */
    int best_len;
    uint64_t best_key;
    int best_g;

    /* IDA* working position (colour-indexed) and path. */
    uint8_t cell[RICOCHET_ROBOTS_MAX];
    uint8_t turn[RICOCHET_ROBOTS_MAX];
    ricochet_move path[RICOCHET_MAX_MOVES];

    /* The helper-cost bound's workspace (about 120 KiB), made on the first
     * solve that asks for the bound. */
    ricochet_bound *hb;

    /* Budget. */
    uint64_t nodes;
    uint64_t next_check;
    uint64_t max_nodes;
    const volatile int *cancel;
    ricochet_status stopped;
};

static const int step[4] = {-16, 1, 16, -1};

/* ---- memory ---- */

/* Blocks of 4 MiB and more ask for transparent huge pages: the tables are
 * probed at random, and TLB misses would otherwise dominate. Blocks of 32
 * MiB and more (which malloc would map afresh anyway) come straight from
 * the kernel, already zero, so they are not cleared a second time; smaller
 * ones come from malloc, which hands back warm memory. */
#define BIG_BLOCK ((size_t)4 << 20)
#define MAP_BLOCK ((size_t)32 << 20)
#define HUGE_PAGE ((size_t)2 << 20)

static size_t block_size(size_t bytes)
{
    size_t align = bytes >= BIG_BLOCK ? HUGE_PAGE : 64;
    return (bytes + align - 1) / align * align;
}

/* size bytes of zeroes from the kernel, aligned to a huge page. */
static void *map_block(size_t size)
{
    char *raw = mmap(NULL, size + HUGE_PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                     -1, 0);
    if (raw == MAP_FAILED)
        return NULL;
    size_t head = (HUGE_PAGE - (uintptr_t)raw % HUGE_PAGE) % HUGE_PAGE;
    if (head)
        munmap(raw, head);
    munmap(raw + head + size, HUGE_PAGE - head);
    return raw + head;
}

/* A block of `bytes` within the memory budget, or NULL. zeroed: cleared. */
static void *big_alloc(ricochet_solver *s, size_t bytes, bool zeroed)
{
    size_t size = block_size(bytes);
    if (s->mem_used + size > s->mem_limit)
        return NULL;
    void *p = size >= MAP_BLOCK ? map_block(size)
                                : aligned_alloc(size >= BIG_BLOCK ? HUGE_PAGE : 64, size);
    if (!p)
        return NULL;
#ifdef MADV_HUGEPAGE
    if (size >= BIG_BLOCK)
        madvise(p, size, MADV_HUGEPAGE);
#endif
    if (zeroed && size < MAP_BLOCK)
        memset(p, 0, size);
    s->mem_used += size;
    if (s->mem_used > s->mem_peak)
        s->mem_peak = s->mem_used;
    return p;
}

static void big_free(ricochet_solver *s, void *p, size_t bytes)
{
    if (!p)
        return;
    size_t size = block_size(bytes);
    s->mem_used -= size;
    if (size >= MAP_BLOCK)
        munmap(p, size);
    else
        free(p);
}

/* ---- positions ---- */

static inline bool slot_may_finish(const ricochet_solver *s, int i)
{
    return s->vortex || i == 0;
}

/* Where the robot in slot i stops moving d. */
static inline int slide(const ricochet_solver *s, const uint8_t *cell, int i, int d)
{
    int from = cell[i];
    int to = s->stop[d][from];
    int n = s->n;
    switch (d) {
    case RICOCHET_N:
        for (int j = 0; j < n; j++) {
            int o = cell[j];
            if (((o ^ from) & 15) == 0 && o < from && o >= to)
                to = o + 16;
        }
        break;
    case RICOCHET_E:
        for (int j = 0; j < n; j++) {
            int o = cell[j];
            if ((o >> 4) == (from >> 4) && o > from && o <= to)
                to = o - 1;
        }
        break;
    case RICOCHET_S:
        for (int j = 0; j < n; j++) {
            int o = cell[j];
            if (((o ^ from) & 15) == 0 && o > from && o <= to)
                to = o - 16;
        }
        break;
    default:
        for (int j = 0; j < n; j++) {
            int o = cell[j];
            if ((o >> 4) == (from >> 4) && o < from && o >= to)
                to = o + 1;
        }
        break;
    }
    return to;
}

static uint64_t pack(const ricochet_solver *s, const uint8_t *cell, const uint8_t *turn)
{
    uint32_t v[RICOCHET_ROBOTS_MAX];
    int n = s->n;
    for (int i = 0; i < n; i++)
        v[i] = (uint32_t)cell[i] | (uint32_t)turn[i] << 8;
    for (int i = s->vortex ? 1 : 2; i < n; i++) {
        uint32_t x = v[i];
        int j = i;
        for (; j > (s->vortex ? 0 : 1) && v[j - 1] > x; j--)
            v[j] = v[j - 1];
        v[j] = x;
    }
    uint64_t key = 0;
    for (int i = 0; i < n; i++)
        key = key << FIELD | v[i];
    return key;
}

static void unpack(const ricochet_solver *s, uint64_t key, uint8_t *cell, uint8_t *turn)
{
    for (int i = s->n - 1; i >= 0; i--) {
        cell[i] = (uint8_t)(key & 255);
        turn[i] = (uint8_t)((key >> 8) & 3);
        key >>= FIELD;
    }
}

/* ---- the lower bound ---- */

/* dist[t][c]: the fewest moves for a robot on c in turn state t to finish,
 * were it able to stop on any cell of its path (other robots could only
 * shorten a slide, so this never overestimates).
 *
 * Turned robots (and every robot when the rule is off) first: breadth first
 * from the target backwards, the cells from which a move can end on c lying
 * behind c up to the first wall. */
static void compute_dist_turned(ricochet_solver *s, uint8_t *dist)
{
    memset(dist, INF, RICOCHET_CELLS);
    uint8_t queue[RICOCHET_CELLS];
    int head = 0, tail = 0;
    dist[s->target] = 0;
    queue[tail++] = (uint8_t)s->target;
    while (head < tail) {
        int c1 = queue[head++];
        uint8_t nd = (uint8_t)(dist[c1] + 1);
        for (int back = 0; back < 4; back++)
            for (int c = c1; c != s->stop[back][c1];) {
                c += step[back];
                if (dist[c] == INF) {
                    dist[c] = nd;
                    queue[tail++] = (uint8_t)c;
                }
            }
    }
}

static inline int min_int(int a, int b)
{
    return a < b ? a : b;
}

/* out[c] = the best of f over the cells a robot on c could stop on moving
 * along an axis (east-west when ew), the target left out when skip_target:
 * the rest of c's wall-bounded segment, found with running minima. The 16
 * lines are walked side by side (position k outer, line inner) so that
 * their running minima are independent and the inner loop has no branch:
 * this runs six times in every solve's set-up. */
static void best_on_axis(const ricochet_solver *s, bool ew, const int *f, bool skip_target,
                         int *out)
{
    enum { NONE = INF * 4 };
    const uint8_t *fwd = s->stop[ew ? RICOCHET_E : RICOCHET_S];
    const uint8_t *bwd = s->stop[ew ? RICOCHET_W : RICOCHET_N];
    int skip = skip_target ? s->target : -1;
    int along = ew ? 1 : 16, across = ew ? 16 : 1;
    int run[16], before[RICOCHET_CELLS];
    for (int line = 0; line < 16; line++)
        run[line] = NONE;
    for (int k = 0; k < 16; k++)
        for (int line = 0; line < 16; line++) {
            int c = k * along + line * across;
            int v = c == skip ? NONE : f[c];
            before[c] = run[line];
            int m = min_int(run[line], v);
            run[line] = fwd[c] == c ? NONE : m; /* a wall after c ends the segment */
        }
    for (int line = 0; line < 16; line++)
        run[line] = NONE;
    for (int k = 15; k >= 0; k--)
        for (int line = 0; line < 16; line++) {
            int c = k * along + line * across;
            int v = c == skip ? NONE : f[c];
            out[c] = min_int(before[c], run[line]);
            int m = min_int(run[line], v);
            run[line] = bwd[c] == c ? NONE : m;
        }
}

/* Under the ricochet rule a robot that has not turned needs a move across
 * the axis of its last one before it may stop on the target. Moves along
 * that axis keep it in one wall-bounded segment, each cell of which it could
 * reach at once; so from c after an east-west move it either turns now or
 * first moves once more along its row. */
static void compute_dist(ricochet_solver *s)
{
    compute_dist_turned(s, s->dist[RICOCHET_TURN_DONE]);
    if (!s->rule) {
        memset(s->dist, INF, 3 * sizeof s->dist[0]);
        return;
    }
    int done[RICOCHET_CELLS], turn_ns[RICOCHET_CELLS], turn_ew[RICOCHET_CELLS];
    int ew[RICOCHET_CELLS], ns[RICOCHET_CELLS], a[RICOCHET_CELLS], b[RICOCHET_CELLS];
    for (int c = 0; c < RICOCHET_CELLS; c++)
        done[c] = s->dist[RICOCHET_TURN_DONE][c] == INF ? INF * 4 : s->dist[RICOCHET_TURN_DONE][c];
    /* turn_ns[c]: finishing from c by turning onto its north-south line. */
    best_on_axis(s, false, done, false, a);
    best_on_axis(s, true, done, false, b);
    for (int c = 0; c < RICOCHET_CELLS; c++) {
        turn_ns[c] = 1 + a[c];
        turn_ew[c] = 1 + b[c];
    }
    best_on_axis(s, true, turn_ns, true, a);
    best_on_axis(s, false, turn_ew, true, b);
    for (int c = 0; c < RICOCHET_CELLS; c++) {
        ew[c] = min_int(turn_ns[c], 1 + a[c]);
        ns[c] = min_int(turn_ew[c], 1 + b[c]);
    }
    best_on_axis(s, true, ew, true, a);
    best_on_axis(s, false, ns, true, b);
    for (int c = 0; c < RICOCHET_CELLS; c++) {
        s->dist[RICOCHET_TURN_EW][c] = (uint8_t)min_int(ew[c], INF);
        s->dist[RICOCHET_TURN_NS][c] = (uint8_t)min_int(ns[c], INF);
        s->dist[RICOCHET_TURN_NONE][c] = (uint8_t)min_int(1 + min_int(a[c], b[c]), INF);
    }
}

/* The cells whose occupant could change whether a robot in turn state t on
 * c can finish along a shortest relaxed path with everything else frozen:
 * every cell of every line such a path may slide along. Computed once per
 * (t, c) and solve. */
static const uint64_t *relevance(ricochet_solver *s, int t, int c)
{
    if (s->rel_gen[t][c] == s->solve_gen)
        return s->rel[t][c];
    uint64_t *r = s->rel[t][c];
    memset(r, 0, 4 * sizeof *r);
    s->rel_gen[t][c] = s->solve_gen;
    s->rel_dirs[t][c] = 0;
    s->level_dirs[t][c] = 0;
    int k = s->dist[t][c];
    if (k == INF || k == 0)
        return r;
    for (int d = 0; d < 4; d++) {
        int t2 = ricochet_turn_after(t, d);
        uint64_t line[4] = {0};
        bool useful = false;
        for (int x = c; x != s->stop[d][c];) {
            x += step[d];
            line[x >> 6] |= UINT64_C(1) << (x & 63);
            if (x != s->target && s->dist[t2][x] == k)
                s->level_dirs[t][c] |= (uint8_t)(1u << d);
            if (x == s->target) {
                useful |= k == 1 && t2 == RICOCHET_TURN_DONE;
            } else if (k > 1 && s->dist[t2][x] == k - 1) {
                useful = true;
                const uint64_t *sub = relevance(s, t2, x);
                for (int w = 0; w < 4; w++)
                    r[w] |= sub[w];
            }
        }
        if (useful) {
            s->rel_dirs[t][c] |= (uint8_t)(1u << d);
            for (int w = 0; w < 4; w++)
                r[w] |= line[w];
        }
    }
    return r;
}

static inline bool in_mask(const uint64_t *m, int cell)
{
    return (m[cell >> 6] >> (cell & 63)) & 1;
}

/* Where a robot on `from` stops moving d, other robots given as occupancy
 * bits per row (bit x) and per column (bit y). */
static inline __attribute__((always_inline)) int
slide_bits(const ricochet_solver *s, const uint16_t *rows, const uint16_t *cols, int from, int d)
{
    int x = from & 15, y = from >> 4;
    int to = s->stop[d][from];
    uint32_t m;
    switch (d) {
    case RICOCHET_N:
        m = cols[x] & ((1u << y) - 1) & ~((1u << (to >> 4)) - 1);
        if (m)
            to = (32 - __builtin_clz(m)) * 16 + x;
        break;
    case RICOCHET_E:
        m = rows[y] & ~((2u << x) - 1) & ((2u << (to & 15)) - 1);
        if (m)
            to = y * 16 + __builtin_ctz(m) - 1;
        break;
    case RICOCHET_S:
        m = cols[x] & ~((2u << y) - 1) & ((2u << (to >> 4)) - 1);
        if (m)
            to = (__builtin_ctz(m) - 1) * 16 + x;
        break;
    default:
        m = rows[y] & ((1u << x) - 1) & ~((1u << (to & 15)) - 1);
        if (m)
            to = y * 16 + 32 - __builtin_clz(m);
        break;
    }
    return to;
}

/* Where a robot on `from` stops in each direction (slide_bits four times,
 * sharing the work). */
static inline __attribute__((always_inline)) void
slide_all(const ricochet_solver *s, const uint16_t *rows, const uint16_t *cols, int from,
          int *dest)
{
    int x = from & 15, y = from >> 4;
    uint32_t col = cols[x], row = rows[y];
    /* Each blocker shifted one cell back towards `from`, and the wall's stop
     * as a sentinel bit: the nearest of them is the stop, without a branch. */
    int sy = s->stop[RICOCHET_N][from] >> 4;
    uint32_t m = (col & ((1u << y) - 1)) << 1 | 1u << sy;
    dest[RICOCHET_N] = (31 - __builtin_clz(m)) * 16 + x;
    int sx = s->stop[RICOCHET_E][from] & 15;
    m = (row & ~((2u << x) - 1)) >> 1 | 1u << sx;
    dest[RICOCHET_E] = y * 16 + __builtin_ctz(m);
    sy = s->stop[RICOCHET_S][from] >> 4;
    m = (col & ~((2u << y) - 1)) >> 1 | 1u << sy;
    dest[RICOCHET_S] = __builtin_ctz(m) * 16 + x;
    sx = s->stop[RICOCHET_W][from] & 15;
    m = (row & ((1u << x) - 1)) << 1 | 1u << sx;
    dest[RICOCHET_W] = y * 16 + 31 - __builtin_clz(m);
}

/* Can a robot in turn state t on c finish in `left` moves alone, the other
 * robots frozen (rows, cols: their occupancy), each move one step closer by
 * dist? (Then left is its dist.) Only directions with a relaxed step closer
 * are tried. */
static bool tight_path(ricochet_solver *s, const uint16_t *rows, const uint16_t *cols, int c,
                       int t, int left, uint32_t (*mark)[RICOCHET_CELLS], uint32_t gen)
{
    if (s->rel_gen[t][c] != s->solve_gen)
        relevance(s, t, c);
    unsigned dirs = s->rel_dirs[t][c];
    int dest[4];
    slide_all(s, rows, cols, c, dest); /* cheaper than a switch that mispredicts */
    for (; dirs; dirs &= dirs - 1) {
        int d = __builtin_ctz(dirs);
        int to = dest[d];
        if (to == c)
            continue;
        int t2 = ricochet_turn_after(t, d);
        if (to == s->target) {
            if (t2 == RICOCHET_TURN_DONE)
                return true;
            continue;
        }
        if (left == 1 || s->dist[t2][to] != left - 1 || mark[t2][to] == gen)
            continue;
        mark[t2][to] = gen;
        if (tight_path(s, rows, cols, to, t2, left - 1, mark, gen))
            return true;
    }
    return false;
}

static inline int dist_of(const ricochet_solver *s, const uint8_t *cell, const uint8_t *turn,
                          int i)
{
    return s->dist[turn[i]][cell[i]];
}

/* The cheap bound: the relaxed distance of the best finisher. */
static inline int bound_cheap(const ricochet_solver *s, const uint8_t *cell, const uint8_t *turn)
{
    if (!s->vortex)
        return dist_of(s, cell, turn, 0);
    int h = INF;
    for (int i = 0; i < s->n; i++) {
        int d = dist_of(s, cell, turn, i);
        if (d < h)
            h = d;
    }
    return h;
}

/* The sharpened bound: one more when no finisher can finish alone along a
 * shortest relaxed path (then some move is spent on another robot, or on a
 * detour). Consistent, like the cheap one. */
static int bound_sharp(ricochet_solver *s, const uint8_t *cell, const uint8_t *turn)
{
    int best = INF;
    for (int i = 0; i < (s->vortex ? s->n : 1); i++) {
        int h = dist_of(s, cell, turn, i);
        if (h == INF || h >= best)
            continue;
        uint16_t rows[16] = {0}, cols[16] = {0};
        for (int j = 0; j < s->n; j++)
            if (j != i) {
                rows[cell[j] >> 4] |= (uint16_t)(1u << (cell[j] & 15));
                cols[cell[j] & 15] |= (uint16_t)(1u << (cell[j] >> 4));
            }
        if (++s->mark_gen == 0) {
            memset(s->mark, 0, sizeof s->mark);
            s->mark_gen = 1;
        }
        best = tight_path(s, rows, cols, cell[i], turn[i], h, s->mark, s->mark_gen) ? h : h + 1;
    }
    return best;
}

/* ---- budget ---- */

static bool out_of_budget(ricochet_solver *s)
{
    s->next_check = s->nodes + CHECK_EVERY;
    if (s->cancel && *s->cancel) {
        s->stopped = RICOCHET_CANCELLED;
        return true;
    }
    if (s->max_nodes && s->nodes >= s->max_nodes) {
        s->stopped = RICOCHET_GAVE_UP;
        return true;
    }
    return false;
}

/* ---- A* ---- */

static inline size_t table_home(const ricochet_solver *s, uint64_t key)
{
    return (size_t)((key * UINT64_C(0x9E3779B97F4A7C15)) >> s->table_shift);
}

/* The stored g of key, or -1. */
static int table_g(const ricochet_solver *s, uint64_t key)
{
    for (size_t i = table_home(s, key);; i = (i + 1) & (s->table_size - 1)) {
        uint64_t e = s->table[i];
        if (!e)
            return -1;
        if ((e & KEY_MASK) == key)
            return (int)(e >> G_SHIFT) - 1;
    }
}

static int table_resize(ricochet_solver *s, size_t size)
{
    uint64_t *t = big_alloc(s, size * sizeof *t, true);
    if (!t)
        return -1;
    uint64_t *old = s->table;
    size_t old_size = s->table_size;
    s->table = t;
    s->table_shift = 64 - __builtin_ctzll((unsigned long long)size);
    s->table_size = size;
    for (size_t i = 0; i < old_size; i++) {
        uint64_t e = old[i];
        if (!e)
            continue;
        size_t j = table_home(s, e & KEY_MASK);
        while (t[j])
            j = (j + 1) & (size - 1);
        t[j] = e;
    }
    big_free(s, old, old_size * sizeof *old);
    return 0;
}

/* Records key (whose home slot is `home`) at g if it is new or g is better.
 * Returns 1 if recorded, 0 if not better, -1 when memory is out. */
static inline int table_offer(ricochet_solver *s, uint64_t key, size_t home, int g)
{
    size_t mask = s->table_size - 1;
    uint64_t entry = key | (uint64_t)(g + 1) << G_SHIFT;
    for (size_t i = home;; i = (i + 1) & mask) {
        uint64_t e = s->table[i];
        if (!e) {
            if ((s->table_count + 1) * 10 > s->table_size * 7) {
                /* Fourfold, then twofold past TABLE_GROW_SLOWER entries: the
                 * kernel zeroing a fresh table is a tenth to a sixth of a big
                 * solve (sixteenfold past 1M entries zeroed 128 MiB where 32
                 * would do for the deep puzzles, and the anchors' 5M entries
                 * fit in 64), more than the rehashes cost: the homes are the
                 * hash's top bits, so a rehash writes nearly in order. */
                if (!(s->table_size < TABLE_GROW_SLOWER &&
                      table_resize(s, s->table_size * 4) == 0) &&
                    table_resize(s, s->table_size * 2) < 0)
                    return -1;
                return table_offer(s, key, table_home(s, key), g);
            }
            s->table[i] = entry;
            s->table_count++;
            return 1;
        }
        if ((e & KEY_MASK) == key) {
            if ((int)(e >> G_SHIFT) - 1 <= g)
                return 0;
            s->table[i] = entry;
            return 1;
        }
    }
}

/* Doubles a full stack. */
static int open_grow(ricochet_solver *s, struct stack *st)
{
    size_t cap = st->cap ? st->cap * 2 : 64;
    uint64_t *a = big_alloc(s, cap * sizeof *a, false);
    if (!a)
        return -1;
    if (st->n)
        memcpy(a, st->a, st->n * sizeof *a);
    big_free(s, st->a, st->cap * sizeof *a);
    st->a = a;
    st->cap = cap;
    return 0;
}

static inline int open_push(ricochet_solver *s, int f, int h, uint64_t entry)
{
    struct stack *st = &s->open[f][h];
    if (st->n == st->cap) {
        if (open_grow(s, st) < 0)
            return -1;
        s->open_live[f] = true;
    }
    st->a[st->n++] = entry;
    return 0;
}

/* Only layers that grew a stack are walked: an easy solve touches two or
 * three of the LAYERS, and walking all LAYERS x LAYERS stacks was a third
 * of its cost. */
static void open_free_layer(ricochet_solver *s, int f)
{
    if (!s->open_live[f])
        return;
    s->open_live[f] = false;
    for (int h = 0; h < LAYERS; h++) {
        struct stack *st = &s->open[f][h];
        big_free(s, st->a, st->cap * sizeof(uint64_t));
        st->a = NULL;
        st->n = st->cap = 0;
    }
}

static void astar_release(ricochet_solver *s)
{
    for (int f = 0; f < LAYERS; f++)
        open_free_layer(s, f);
    big_free(s, s->table, s->table_size * sizeof(uint64_t));
    s->table = NULL;
    s->table_size = s->table_count = 0;
}

/* The key of a position whose slot i now holds value x (cell | turn << 8),
 * the other slots as in the sorted v[]; *at gets the slot x lands in. Every
 * other value moves down one slot if it was after slot i and up one if it
 * is above x. */
static inline uint64_t key_with(const ricochet_solver *s, const uint32_t *v, int i, uint32_t x,
                                int *at)
{
    int n = s->n, first = s->vortex ? 0 : 1;
    int pos = first;
    uint64_t key = 0;
    for (int j = 0; j < first; j++)
        key |= (uint64_t)v[j] << (FIELD * (n - 1 - j));
    for (int j = first; j < n; j++) {
        if (j == i)
            continue;
        pos += v[j] < x;
        int to = j - (j > i) + (v[j] > x);
        key |= (uint64_t)v[j] << (FIELD * (n - 1 - to));
    }
    *at = pos;
    return key | (uint64_t)x << (FIELD * (n - 1 - pos));
}

/* The cells a robot on c may pass or stop on sliding d: up to the wall. */
static void segment_fill(ricochet_solver *s, int d, int c)
{
    uint64_t *m = s->seg[d][c];
    s->seg_gen[d][c] = s->solve_gen;
    memset(m, 0, 4 * sizeof *m);
    for (int x = c; x != s->stop[d][c];) {
        x += step[d];
        m[x >> 6] |= UINT64_C(1) << (x & 63);
    }
}

static inline const uint64_t *segment(ricochet_solver *s, int d, int c)
{
    if (s->seg_gen[d][c] != s->solve_gen)
        segment_fill(s, d, c);
    return s->seg[d][c];
}

/* The cells a robot on c may pass or stop on in any direction. */
static const uint64_t *cross(ricochet_solver *s, int c)
{
    uint64_t *m = s->cross[c];
    if (s->cross_gen[c] != s->solve_gen) {
        s->cross_gen[c] = s->solve_gen;
        memset(m, 0, 4 * sizeof *m);
        for (int d = 0; d < 4; d++) {
            const uint64_t *seg = segment(s, d, c);
            for (int w = 0; w < 4; w++)
                m[w] |= seg[w];
        }
    }
    return m;
}

/* A helper move that might matter to the spare-move test. */
typedef struct helper_move {
    uint8_t from;
    uint8_t dir;
} helper_move;

/* Can the active robot finish within `left` moves, `left` being one more
 * than its dist on c (so one move to spare), the helpers standing at rows,
 * cols? Either alone with one move that brings it no closer, or after one
 * helper move that starts or ends on a line of its shortest relaxed paths
 * (no other helper move can give it a shortest path it has not got). Only
 * the helper moves in hm[] can; the rest were ruled out for every cell the
 * robot may pass. */
static bool spare_path(ricochet_solver *s, uint16_t *rows, uint16_t *cols, int c, int t, int left,
                       const helper_move *hm, int nhm)
{
    int k = s->dist[t][c];
    if (k > left)
        return false;
    if (s->spare_mark[t][c] == s->spare_gen && s->spare_left[t][c] >= left)
        return false;
    s->spare_mark[t][c] = s->spare_gen;
    s->spare_left[t][c] = (uint8_t)left;
    /* With no move to spare: a shortest path, the helpers where they stand.
     * Its marks last the whole test (the helpers do not move in it). */
    if (k == left)
        return tight_path(s, rows, cols, c, t, k, s->frozen_mark, s->spare_gen);
    const uint64_t *rel = relevance(s, t, c);
    unsigned dirs = s->rel_dirs[t][c] | s->level_dirs[t][c];
    int dest[4];
    slide_all(s, rows, cols, c, dest);
    for (; dirs; dirs &= dirs - 1) {
        int d = __builtin_ctz(dirs);
        int to = dest[d];
        if (to == c)
            continue;
        int t2 = ricochet_turn_after(t, d);
        if (to == s->target) {
            if (t2 == RICOCHET_TURN_DONE)
                return true;
            continue;
        }
        if (left > 1 && s->dist[t2][to] <= left - 1 &&
            spare_path(s, rows, cols, to, t2, left - 1, hm, nhm))
            return true;
    }
    if (!nhm)
        return false;
    /* One helper move, then a shortest path: the helpers slide with the
     * active robot standing on c. */
    uint16_t arows[16], acols[16];
    memcpy(arows, rows, sizeof arows);
    memcpy(acols, cols, sizeof acols);
    arows[c >> 4] |= (uint16_t)(1u << (c & 15));
    acols[c & 15] |= (uint16_t)(1u << (c >> 4));
    for (int m = 0; m < nhm; m++) {
        int p = hm[m].from;
        int q = slide_bits(s, arows, acols, p, hm[m].dir);
        if (q == p || (!in_mask(rel, p) && !in_mask(rel, q)))
            continue;
        rows[p >> 4] ^= (uint16_t)(1u << (p & 15));
        cols[p & 15] ^= (uint16_t)(1u << (p >> 4));
        rows[q >> 4] |= (uint16_t)(1u << (q & 15));
        cols[q & 15] |= (uint16_t)(1u << (q >> 4));
        if (++s->mark_gen == 0) {
            memset(s->mark, 0, sizeof s->mark);
            s->mark_gen = 1;
        }
        bool ok = tight_path(s, rows, cols, c, t, k, s->mark, s->mark_gen);
        rows[q >> 4] ^= (uint16_t)(1u << (q & 15));
        cols[q & 15] ^= (uint16_t)(1u << (q >> 4));
        rows[p >> 4] |= (uint16_t)(1u << (p & 15));
        cols[p & 15] |= (uint16_t)(1u << (p >> 4));
        if (ok)
            return true;
    }
    return false;
}

/* The cells whose occupant could change the spare-move test's frozen part
 * for a robot in turn state t on c with one move to spare: the lines of its
 * shortest and one-longer relaxed paths. Memoised per (t, c). */
static const uint64_t *relevance_spare(ricochet_solver *s, int t, int c)
{
    uint64_t *r = s->rel1[t][c];
    if (s->rel1_gen[t][c] == s->solve_gen)
        return r;
    s->rel1_gen[t][c] = s->solve_gen;
    memset(r, 0, 4 * sizeof *r);
    int k = s->dist[t][c];
    if (k == INF || k == 0)
        return r;
    relevance(s, t, c);
    unsigned dirs = s->rel_dirs[t][c] | s->level_dirs[t][c];
    for (int d = 0; dirs; d++, dirs >>= 1) {
        if (!(dirs & 1))
            continue;
        const uint64_t *seg = segment(s, d, c);
        for (int w = 0; w < 4; w++)
            r[w] |= seg[w];
        int t2 = ricochet_turn_after(t, d);
        for (int x = c; x != s->stop[d][c];) {
            x += step[d];
            if (x == s->target)
                continue;
            const uint64_t *sub = NULL;
            if (k > 1 && s->dist[t2][x] == k - 1)
                sub = relevance_spare(s, t2, x);
            else if (s->dist[t2][x] == k)
                sub = relevance(s, t2, x);
            if (sub)
                for (int w = 0; w < 4; w++)
                    r[w] |= sub[w];
        }
    }
    return r;
}

/* The spare-move test for the position with key (single active robot):
 * true when it may be solvable within `left`, one more than its dist. */
static bool spare_solvable(ricochet_solver *s, uint64_t key, int left)
{
    uint8_t cell[RICOCHET_ROBOTS_MAX] = {0}, turn[RICOCHET_ROBOTS_MAX] = {0};
    unpack(s, key, cell, turn);
    uint16_t rows[16] = {0}, cols[16] = {0};
    for (int j = 1; j < s->n; j++) {
        rows[cell[j] >> 4] |= (uint16_t)(1u << (cell[j] & 15));
        cols[cell[j] & 15] |= (uint16_t)(1u << (cell[j] >> 4));
    }
    /* Every cell the active robot may use lies in the relevance mask of
     * where it stands, so a helper move matters only if it starts there
     * or its line crosses it. */
    const uint64_t *rel = relevance(s, turn[0], cell[0]);
    helper_move hm[4 * (RICOCHET_ROBOTS_MAX - 1)];
    int nhm = 0;
    for (int j = 1; j < s->n; j++) {
        int p = cell[j];
        bool at = in_mask(rel, p);
        const uint64_t *cr = cross(s, p);
        if (!at && !((cr[0] & rel[0]) | (cr[1] & rel[1]) | (cr[2] & rel[2]) | (cr[3] & rel[3])))
            continue; /* none of its moves can matter */
        for (int d = 0; d < 4; d++) {
            const uint64_t *seg = segment(s, d, p);
            /* Appended always, kept when it matters: no branch to miss. */
            hm[nhm] = (helper_move){(uint8_t)p, (uint8_t)d};
            nhm += at | (((seg[0] & rel[0]) | (seg[1] & rel[1]) | (seg[2] & rel[2]) |
                          (seg[3] & rel[3])) != 0);
        }
    }
    /* With no helper on those lines and none to move onto them, the test
     * is the same as on an empty board: asked once per (turn, cell). */
    int t = turn[0], c = cell[0];
    bool empty = nhm == 0;
    const uint64_t *r1 = empty ? relevance_spare(s, t, c) : NULL;
    for (int j = 1; empty && j < s->n; j++)
        empty = !in_mask(r1, cell[j]);
    if (empty && s->spare_empty_gen[t][c] == s->solve_gen)
        return s->spare_empty[t][c];
    if (++s->spare_gen == 0) {
        memset(s->spare_mark, 0, sizeof s->spare_mark);
        memset(s->frozen_mark, 0, sizeof s->frozen_mark);
        s->spare_gen = 1;
    }
    if (empty) {
        uint16_t none[16] = {0}, none_cols[16] = {0};
        bool ok = spare_path(s, none, none_cols, c, t, left, hm, 0);
        s->spare_empty[t][c] = ok;
        s->spare_empty_gen[t][c] = s->solve_gen;
        return ok;
    }
    return spare_path(s, rows, cols, c, t, left, hm, nhm);
}

/* ---- the blocker test ----
 *
 * Every move of the finishing robot stops on a cell of its relaxed line. A
 * stop short of the wall needs something on the next cell: a helper already
 * there, or one that a helper move brought there, and a helper move ends on
 * one cell. So from a position a solution takes at least the finisher's
 * moves plus the distinct cells it is stopped by that no helper holds now.
 * With one move to spare over the relaxed distance k (the case tested: the
 * positions whose bound is k + 1 because no shortest path works frozen),
 * either some relaxed path of at most k + 1 moves stops only where a wall or
 * a helper stops it, or one of at most k moves has one new blocker, which a
 * single helper move must bring: from where a helper stands, along its
 * lines. If neither, the position needs k + 2 and waits for that layer.
 *
 * The answer depends on the finisher's (turn, cell) and on the helpers
 * standing on the cells after its possible stops (blocker_cells); the cells
 * that would do as the new blocker are worked out once per such pattern and
 * cached, and a position then only asks whether one of its helpers reaches
 * one of them. */

/* The directions worth trying from (t, c) with `slack` moves to spare over
 * its dist: those with a relaxed step closer, and with one to spare those
 * with a stop as far too (the relevance memo has them); all four past that. */
static unsigned blocker_dirs(ricochet_solver *s, int t, int c, int slack)
{
    if (slack > 1)
        return 15;
    if (s->rel_gen[t][c] != s->solve_gen)
        relevance(s, t, c);
    return s->rel_dirs[t][c] | (slack ? s->level_dirs[t][c] : 0u);
}

/* Is there a relaxed path of the finisher from (t, c) of at most `left`
 * moves, each stopping at the wall or before a cell of occ? Failures are
 * memoised per (turn, cell) while blk_gen stands (occ unchanged). */
static bool blocker_path(ricochet_solver *s, const uint64_t *occ, int c, int t, int left)
{
    if (s->blk_mark[t][c] == s->blk_gen && s->blk_left[t][c] >= left)
        return false;
    s->blk_mark[t][c] = s->blk_gen;
    s->blk_left[t][c] = (uint8_t)left;
    unsigned dirs = blocker_dirs(s, t, c, left - s->dist[t][c]);
    for (; dirs; dirs &= dirs - 1) {
        int d = __builtin_ctz(dirs);
        int wall = s->stop[d][c];
        int t2 = ricochet_turn_after(t, d);
        for (int x = c; x != wall;) {
            x += step[d];
            if (x != wall && !in_mask(occ, x + step[d]))
                continue; /* nothing would stop it here */
            if (x == s->target) {
                if (t2 == RICOCHET_TURN_DONE)
                    return true;
                continue;
            }
            if (1 + s->dist[t2][x] <= left && blocker_path(s, occ, x, t2, left - 1))
                return true;
        }
    }
    return false;
}

static void blocker_next_gen(ricochet_solver *s)
{
    if (++s->blk_gen == 0) {
        memset(s->blk_mark, 0, sizeof s->blk_mark);
        memset(s->blk_ways_mark, 0, sizeof s->blk_ways_mark);
        s->blk_gen = 1;
    }
}

/* The cells whose occupant could stop the finisher, in turn state t on c,
 * somewhere along a relaxed path of at most its dist + slack moves (slack 0
 * or 1): the cell after every stop short of the wall. Memoised per solve. */
static const uint64_t *blocker_cells(ricochet_solver *s, int slack, int t, int c)
{
    uint64_t *m = s->blk_rel[slack][t][c];
    if (s->blk_rel_gen[slack][t][c] == s->solve_gen)
        return m;
    s->blk_rel_gen[slack][t][c] = s->solve_gen;
    memset(m, 0, 4 * sizeof *m);
    int r = s->dist[t][c];
    if (r == INF || r == 0)
        return m;
    r += slack;
    for (int d = 0; d < 4; d++) {
        int wall = s->stop[d][c];
        int t2 = ricochet_turn_after(t, d);
        for (int x = c; x != wall;) {
            x += step[d];
            bool goal = x == s->target;
            if (goal ? t2 != RICOCHET_TURN_DONE : 1 + s->dist[t2][x] > r)
                continue;
            if (x != wall) {
                int b = x + step[d];
                m[b >> 6] |= UINT64_C(1) << (b & 63);
            }
            if (goal)
                continue;
            const uint64_t *sub = blocker_cells(s, r - 1 - s->dist[t2][x], t2, x);
            for (int w = 0; w < 4; w++)
                m[w] |= sub[w];
        }
    }
    return m;
}

/* The cells b such that the finisher, in turn state t on c, has a relaxed
 * path of exactly its dist moves each stopping at the wall, before a cell
 * of occ or before b (all ones when it needs no b). Memoised per (turn,
 * cell) while blk_gen stands. */
static const uint64_t *blocker_ways(ricochet_solver *s, const uint64_t *occ, int t, int c)
{
    uint64_t *m = s->blk_ways[t][c];
    if (s->blk_ways_mark[t][c] == s->blk_gen)
        return m;
    s->blk_ways_mark[t][c] = s->blk_gen;
    memset(m, 0, 4 * sizeof *m);
    int k = s->dist[t][c];
    for (unsigned dirs = blocker_dirs(s, t, c, 0); dirs; dirs &= dirs - 1) {
        int d = __builtin_ctz(dirs);
        int wall = s->stop[d][c];
        int t2 = ricochet_turn_after(t, d);
        for (int x = c; x != wall;) {
            x += step[d];
            int b = x + step[d];
            bool natural = x == wall || in_mask(occ, b);
            const uint64_t *sub;
            static const uint64_t all[4] = {~UINT64_C(0), ~UINT64_C(0), ~UINT64_C(0), ~UINT64_C(0)};
            if (x == s->target)
                sub = t2 == RICOCHET_TURN_DONE ? all : NULL;
            else
                sub = s->dist[t2][x] == k - 1 ? blocker_ways(s, occ, t2, x) : NULL;
            if (!sub)
                continue;
            if (natural)
                for (int w = 0; w < 4; w++)
                    m[w] |= sub[w];
            else
                m[b >> 6] |= sub[b >> 6] & UINT64_C(1) << (b & 63);
        }
    }
    return m;
}

/* Works out the test for the finisher in turn state t on c, the helpers
 * that matter standing on occ: whether it passes with no new blocker, and
 * else which cells would do as the one new blocker. */
static uint64_t blocker_answer(ricochet_solver *s, const uint64_t *occ, int t, int c,
                               struct blk_answer *a)
{
    int k = s->dist[t][c];
    blocker_next_gen(s);
    if (blocker_path(s, occ, c, t, k + 1))
        return BLK_FREE;
    const uint64_t *ways = blocker_ways(s, occ, t, c);
    uint64_t n = 0;
    for (int w = 0; w < 4; w++)
        for (uint64_t m = ways[w] & ~occ[w]; m; m &= m - 1) {
            if (n == BLK_OK_MAX)
                return BLK_MANY;
            a->ok[n++] = (uint8_t)(64 * w + __builtin_ctzll(m));
        }
    return n << BLK_COUNT_SHIFT;
}

/* The answer of the blocker test for a finisher in turn state t on cell[0],
 * helpers on cell[1..n-1] (in any order), worked out or found in the cache;
 * NULL when there is no memory for the cache. */
static const struct blk_answer *blocker_lookup(ricochet_solver *s, const uint8_t *cell, int t)
{
    int c = cell[0];
    const uint64_t *rel = blocker_cells(s, 1, t, c);
    uint64_t occ[4] = {0};
    int in[RICOCHET_ROBOTS_MAX], nin = 0;
    for (int j = 1; j < s->n; j++)
        if (in_mask(rel, cell[j])) {
            occ[cell[j] >> 6] |= UINT64_C(1) << (cell[j] & 63);
            int x = cell[j], k = nin++;
            for (; k > 0 && in[k - 1] > x; k--) /* sorted: one key per set of helpers */
                in[k] = in[k - 1];
            in[k] = x;
        }
    uint64_t ck = (uint64_t)t << 8 | (uint64_t)c;
    for (int k = 0; k < nin; k++)
        ck |= (uint64_t)(in[k] + 1) << (10 + 9 * k);
    struct blk_answer *a;
    if (!nin) {
        a = &s->blk_empty[t][c];
    } else {
        if (!s->blk_cache && !(s->blk_cache = calloc(BLK_CACHE, sizeof *s->blk_cache)))
            return NULL;
        a = &s->blk_cache[(ck * UINT64_C(0x9E3779B97F4A7C15)) >> (64 - BLK_CACHE_BITS)];
    }
    uint64_t tag = ck | (uint64_t)(s->solve_gen & 0xfff) << BLK_GEN_SHIFT;
    if ((a->tag & (BLK_KEY_MASK | ~(UINT64_C(0) ) << BLK_GEN_SHIFT)) != tag)
        a->tag = tag | blocker_answer(s, occ, t, c, a);
    return a;
}

/* Does the answer a let the position pass: free, or one of the helpers on
 * cell[1..n-1] reaching a cell of its ok[] in one move? */
static bool blocker_reached(ricochet_solver *s, const struct blk_answer *a, const uint8_t *cell)
{
    if (a->tag & (BLK_FREE | BLK_MANY))
        return true;
    int n = (int)(a->tag >> BLK_COUNT_SHIFT & 15); /* mostly none at all */
    for (int j = 1; j < s->n && n; j++) {
        const uint64_t *cr = cross(s, cell[j]);
        for (int k = 0; k < n; k++)
            if (in_mask(cr, a->ok[k]))
                return true;
    }
    return false;
}

/* The blocker test of a position whose finisher, in turn state t, stands
 * on cell[0] and whose helpers stand on cell[1..n-1] (in any order), its
 * bound being the finisher's dist + 1: false when it needs dist + 2. */
static bool blocker_passes(ricochet_solver *s, const uint8_t *cell, int t)
{
    const struct blk_answer *a = blocker_lookup(s, cell, t);
    return !a || blocker_reached(s, a, cell);
}

/* Is cell z among the cells a robot on c may pass or stop on sliding d (up
 * to the wall)? */
static inline bool on_line(const ricochet_solver *s, int c, int d, int z)
{
    bool same = (d & 1) ? (z >> 4) == (c >> 4) : ((z ^ c) & 15) == 0;
    int a = z - c, b = s->stop[d][c] - c;
    /* z lies strictly after c and at most as far as the wall: & rather
     * than && keeps the predictor out of it. */
    return same & ((a < 0) ? (a >= b) : (a > 0) & (a <= b));
}

/* The directions in which a robot on c would pass or stop on z (at most
 * one: the one pointing at z, when no wall comes between). */
static inline unsigned lines_towards(const ricochet_solver *s, int c, int z)
{
    bool col = ((z ^ c) & 15) == 0, row = (z >> 4) == (c >> 4);
    /* N or S along a column, W or E along a row, picked by arithmetic. */
    int before = z < c;
    int d = col ? 2 * !before : 1 + 2 * before;
    return (unsigned)((col | row) & on_line(s, c, d, z)) << d;
}

/* What the children of one expanded position need from it. */
typedef struct parent {
    uint8_t cell[RICOCHET_ROBOTS_MAX];
    uint8_t turn[RICOCHET_ROBOTS_MAX];
    int g;
    int h2;
    const uint64_t *rel; /* relevance mask of its active robot, or NULL */
    bool blk_asked;      /* blk holds the answer of its blocker pattern */
    struct blk_answer blk;
    uint16_t hrows[16];  /* the helpers' occupancy by row (bit x) and column */
    uint16_t hcols[16];  /* (bit y), when one robot is active */
} parent;

#define POP_BATCH 32
#define CHILD_MAX (4 * RICOCHET_ROBOTS_MAX)

/* Generates the children of one position (g moves from the start, sharpened
 * bound h2, reached by move `creator`) into kids, fetching their table lines
 * ahead; the goal test runs on every move. */
static int astar_generate(ricochet_solver *s, uint64_t key, int g, int h2, int creator,
                          int creator_from, parent *par, int par_index, child *kids, int *nk)
{
    uint8_t *cell = par->cell, *turn = par->turn;
    uint32_t v[RICOCHET_ROBOTS_MAX];
    uint16_t rows[16] = {0}, cols[16] = {0};
    unpack(s, key, cell, turn);
    for (int i = 1; i < s->n; i++) {
        v[i] = (uint32_t)cell[i] | (uint32_t)turn[i] << 8;
        rows[cell[i] >> 4] |= (uint16_t)(1u << (cell[i] & 15));
        cols[cell[i] & 15] |= (uint16_t)(1u << (cell[i] >> 4));
    }
    if (!s->vortex) {
        memcpy(par->hrows, rows, sizeof rows);
        memcpy(par->hcols, cols, sizeof cols);
    }
    v[0] = (uint32_t)cell[0] | (uint32_t)turn[0] << 8;
    rows[cell[0] >> 4] |= (uint16_t)(1u << (cell[0] & 15));
    cols[cell[0] & 15] |= (uint16_t)(1u << (cell[0] >> 4));
    par->g = g;
    par->h2 = h2;
    par->rel = s->vortex ? NULL : relevance(s, turn[0], cell[0]);
    par->blk_asked = false;
    int h = bound_cheap(s, cell, turn);
    int top = FIELD * (s->n - 1);
    /* Straight back the way it came is the same as having made only this
     * move (or neither), one move dearer; except for a robot that may
     * finish under the ricochet rule, whose back-and-forth can change the
     * axis of its last move. */
    int back = -1;
    if (creator && !(s->rule && slot_may_finish(s, (creator - 1) >> 2)))
        back = (creator - 1) ^ 2;
    /* Helpers first: the children are queued in this order and the last
     * queued is expanded first, so the finisher's moves lead the way. */
    /* Moves that commute with the one that made this position: robot X went
     * from p to q, robot Y (on a lower cell than p) would go from y to y'.
     * If neither p nor q lies on Y's line and neither y nor y' on X's, each
     * move is the same before and after the other, and the position is
     * also reached by Y's move then X's, at the same depth: that order is
     * searched instead. (Along any shortest path the cells compared only
     * grow at each such exchange, so some shortest path is never cut.) */
    int xs = -1, xd = 0, xp = 0, xq = 0;
    const uint64_t *xline = NULL;
    if (s->commute && creator) {
        xs = (creator - 1) >> 2;
        xd = (creator - 1) & 3;
        xp = creator_from;
        xq = cell[xs];
        xline = segment(s, xd, xp);
    }
    for (int i = s->n - 1; i >= 0; i--) {
        int from = cell[i];
        bool finisher = slot_may_finish(s, i);
        int dest[4];
        slide_all(s, rows, cols, from, dest);
        unsigned moves = (unsigned)(dest[0] != from) | (unsigned)(dest[1] != from) << 1 |
                         (unsigned)(dest[2] != from) << 2 | (unsigned)(dest[3] != from) << 3;
        if (back >> 2 == i)
            moves &= ~(1u << (back & 3));
        /* The bits of a four-bit mask, from a nibble table (a generic
         * x86-64 build has no popcount instruction). */
        s->nodes += (UINT64_C(0x4332322132212110) >> (4 * moves)) & 15;
        unsigned goal = finisher ? moves & ((unsigned)(dest[0] == s->target) |
                                            (unsigned)(dest[1] == s->target) << 1 |
                                            (unsigned)(dest[2] == s->target) << 2 |
                                            (unsigned)(dest[3] == s->target) << 3)
                                 : 0;
        if (goal) {
            moves &= ~goal;
            for (; goal; goal &= goal - 1) {
                int d = __builtin_ctz(goal);
                if (ricochet_turn_after(turn[i], d) != RICOCHET_TURN_DONE)
                    continue; /* the ricochet rule forbids this stop */
                s->goal_parent = key;
                s->goal_g = g;
                s->goal_slot = i;
                s->goal_ndirs = 1;
                s->goal_dirs[0] = (uint8_t)d;
                return FOUND;
            }
        }
        if ((xs >= 0) & (i != xs) & (from < xp) && !in_mask(xline, from)) {
            /* The commuting test: skipped unless this robot's line meets
             * p or q, or it stops on X's line. */
            unsigned keep = lines_towards(s, from, xp) | lines_towards(s, from, xq);
            for (int d = 0; d < 4; d++)
                keep |= (unsigned)in_mask(xline, dest[d]) << d;
            moves &= keep;
        }
        for (; moves; moves &= moves - 1) {
            int d = __builtin_ctz(moves);
            int to = dest[d];
            int t = finisher ? ricochet_turn_after(turn[i], d) : turn[i];
            child *c = &kids[*nk];
            uint32_t x = (uint32_t)to | (uint32_t)t << 8;
            int hc, at = 0;
            if (!s->vortex && i == 0) {
                c->key = (key & ((UINT64_C(1) << top) - 1)) | (uint64_t)x << top;
                hc = s->dist[t][to];
            } else {
                if (s->n == 4 && !s->vortex) {
                    /* The common case, with min and max: the other two
                     * helpers p < q, and x before, between or after them. */
                    uint32_t p = v[i == 1 ? 2 : 1], q = v[i == 3 ? 2 : 3];
                    uint32_t lo = x < p ? x : p, hi = x > q ? x : q;
                    uint32_t mid = x < p ? p : (x > q ? q : x);
                    c->key = (key & ~((UINT64_C(1) << (3 * FIELD)) - 1)) |
                             (uint64_t)lo << (2 * FIELD) | (uint64_t)mid << FIELD | hi;
                    at = 1 + (x > p) + (x > q);
                } else {
                    c->key = key_with(s, v, i, x, &at);
                }
                if (s->vortex) {
                    cell[i] = (uint8_t)to;
                    turn[i] = (uint8_t)t;
                    hc = bound_cheap(s, cell, turn);
                    cell[i] = (uint8_t)from;
                    turn[i] = (uint8_t)(v[i] >> 8);
                } else {
                    hc = h;
                }
            }
            if (g + 1 + hc > s->max_moves)
                continue;
            c->home = table_home(s, c->key);
            __builtin_prefetch(&s->table[c->home]);
            c->parent = (uint8_t)par_index;
            c->robot = (uint8_t)i;
            c->to = (uint8_t)to;
            c->turn = (uint8_t)t;
            c->creator = (uint8_t)(1 + 4 * at + d);
            (*nk)++;
        }
    }
    return EXHAUSTED;
}

/* The cheap bound of a parent's child whose slot i moved to `to`. */
static int bound_cheap_child(const ricochet_solver *s, const parent *par, int i, int to, int turn)
{
    uint8_t cc[RICOCHET_ROBOTS_MAX], ct[RICOCHET_ROBOTS_MAX];
    memcpy(cc, par->cell, sizeof cc);
    memcpy(ct, par->turn, sizeof ct);
    cc[i] = (uint8_t)to;
    ct[i] = (uint8_t)turn;
    return bound_cheap(s, cc, ct);
}

/* bound_sharp with one robot active, on c in turn state t, the helpers
 * standing at rows, cols. */
static int bound_single(ricochet_solver *s, const uint16_t *rows, const uint16_t *cols, int c,
                        int t)
{
    int h = s->dist[t][c];
    if (h == INF)
        return INF;
    if (++s->mark_gen == 0) {
        memset(s->mark, 0, sizeof s->mark);
        s->mark_gen = 1;
    }
    return tight_path(s, rows, cols, c, t, h, s->mark, s->mark_gen) ? h : h + 1;
}

/* bound_single for a parent's child whose active robot moved to c in turn
 * state t. With no helper on the lines of its shortest relaxed paths the
 * answer is the empty board's, asked once per (turn, cell). */
static int bound_active_moved(ricochet_solver *s, const parent *par, int c, int t)
{
    const uint64_t *rel = relevance(s, t, c);
    bool clear = true;
    for (int j = 1; j < s->n; j++)
        clear &= !in_mask(rel, par->cell[j]);
    if (!clear)
        return bound_single(s, par->hrows, par->hcols, c, t);
    if (s->tight_empty_gen[t][c] != s->solve_gen) {
        static const uint16_t none[16];
        s->tight_empty_gen[t][c] = s->solve_gen;
        s->tight_empty[t][c] = (int8_t)(bound_single(s, none, none, c, t) - s->dist[t][c]);
    }
    return s->dist[t][c] + s->tight_empty[t][c];
}

/* bound_single for a parent's child whose helper went from p to q. */
static int bound_helper_moved(ricochet_solver *s, const parent *par, int p, int q)
{
    uint16_t rows[16], cols[16];
    memcpy(rows, par->hrows, sizeof rows);
    memcpy(cols, par->hcols, sizeof cols);
    rows[p >> 4] ^= (uint16_t)(1u << (p & 15));
    cols[p & 15] ^= (uint16_t)(1u << (p >> 4));
    rows[q >> 4] |= (uint16_t)(1u << (q & 15));
    cols[q & 15] |= (uint16_t)(1u << (q >> 4));
    return bound_single(s, rows, cols, par->cell[0], par->turn[0]);
}

/* The blocker test of a parent's child whose helper in slot i went to
 * `to`. When neither its old nor its new cell is one the test looks at, the
 * answer is the parent's pattern's (asked once per parent), and only the
 * helpers' reach differs. */
static bool blocker_helper_moved(ricochet_solver *s, parent *par, int i, int to)
{
    uint8_t cc[RICOCHET_ROBOTS_MAX];
    memcpy(cc, par->cell, sizeof cc);
    cc[i] = (uint8_t)to;
    int t = par->turn[0];
    const uint64_t *rel = blocker_cells(s, 1, t, par->cell[0]);
    if (in_mask(rel, par->cell[i]) || in_mask(rel, to))
        return blocker_passes(s, cc, t);
    if (!par->blk_asked) {
        const struct blk_answer *a = blocker_lookup(s, par->cell, t);
        if (!a)
            return true;
        par->blk = *a; /* a copy: the cache line may be taken before the next child */
        par->blk_asked = true;
    }
    return blocker_reached(s, &par->blk, cc);
}

/* Records the generated children and queues those reached for the first
 * time, or more cheaply than before, in the layer of their f. */
static int astar_commit(ricochet_solver *s, parent *pars, const child *kids, int nk,
                        int layer)
{
    int shift = s->table_shift; /* the homes were computed for this size */
    for (int k = 0; k < nk; k++) {
        const child *c = &kids[k];
        parent *par = &pars[c->parent];
        int g = par->g + 1;
        size_t home = s->table_shift == shift ? c->home : table_home(s, c->key);
        int r = table_offer(s, c->key, home, g);
        if (r < 0)
            return NO_MEMORY;
        if (r == 0)
            continue;
        int hc;
        int i = c->robot;
        if (!s->vortex) {
            /* A helper's move away from the active robot's ways keeps the
             * parent's bound (one branch, not four, for the predictor). */
            bool away = (i > 0) & (int)!in_mask(par->rel, par->cell[i]) & (int)!in_mask(par->rel, c->to);
            if (away)
                hc = par->h2;
            else
                hc = i ? bound_helper_moved(s, par, par->cell[i], c->to)
                       : bound_active_moved(s, par, c->to, c->turn);
        } else {
            uint8_t cc[RICOCHET_ROBOTS_MAX], ct[RICOCHET_ROBOTS_MAX];
            memcpy(cc, par->cell, sizeof cc);
            memcpy(ct, par->turn, sizeof ct);
            cc[i] = c->to;
            ct[i] = c->turn;
            hc = bound_sharp(s, cc, ct);
        }
        int dist = s->vortex ? bound_cheap_child(s, par, i, c->to, c->turn)
                             : s->dist[i ? par->turn[0] : c->turn][i ? par->cell[0] : c->to];
        if (s->blockers && hc == dist + 1 && s->nodes >= BLOCKER_NODES) {
            if (i) {
                hc += !blocker_helper_moved(s, par, i, c->to);
            } else {
                uint8_t cc[RICOCHET_ROBOTS_MAX];
                memcpy(cc, par->cell, sizeof cc);
                cc[0] = c->to;
                hc += !blocker_passes(s, cc, c->turn);
            }
        }
        /* The bound need not be consistent: a child whose f falls below
         * the layer is searched in this one. */
        int f = g + hc;
        if (hc == dist && f < s->best_len) {
            /* A robot finishes from here alone in hc moves: a solution of
             * length f, found without searching further. */
            s->best_len = f;
            s->best_key = c->key;
            s->best_g = g;
        }
        uint64_t entry = c->key | (uint64_t)g << G_SHIFT | (uint64_t)c->creator << CREATOR_SHIFT;
        if (s->commute)
            entry |= (uint64_t)par->cell[i] << FROM_SHIFT;
        if (!s->vortex && hc > dist)
            entry |= OPEN_NO_TIGHT;
        if (f <= s->max_moves && open_push(s, f < layer ? layer : f, hc, entry) < 0)
            return NO_MEMORY;
    }
    return EXHAUSTED;
}

/* The helper-cost bound of the position with key (one finisher): the
 * least L in [from, cap) that a relaxed plan fits in, or cap. */
static int helper_bound_of(ricochet_solver *s, uint64_t key, int from, int cap)
{
    uint8_t cell[RICOCHET_ROBOTS_MAX] = {0}, turn[RICOCHET_ROBOTS_MAX] = {0};
    unpack(s, key, cell, turn);
    return ricochet_bound_eval(s->hb, cell, s->n, turn[0], from, cap);
}

/* Runs A* layer by layer from the start, a batch of positions at a time so
 * that many table lines are on their way at once. On success fills the goal
 * fields. *layer is the f under way: every solution is at least that long. */
static int astar(ricochet_solver *s, uint64_t start_key, int start_f, int start_cheap,
                 int *layer)
{
    uint64_t start_entry = start_key;
    if (!s->vortex && start_f > s->dist[(start_key >> (FIELD * (s->n - 1) + 8)) & 3]
                                       [(start_key >> (FIELD * (s->n - 1))) & 255])
        start_entry |= OPEN_NO_TIGHT;
    s->table_size = (size_t)1 << START_BITS;
    s->table_shift = 64 - START_BITS;
    s->table = big_alloc(s, s->table_size * sizeof *s->table, true);
    if (!s->table)
        return NO_MEMORY;
    if (table_offer(s, start_key, table_home(s, start_key), 0) < 0 ||
        open_push(s, start_f, start_f, start_entry) < 0)
        return NO_MEMORY;
    s->best_len = INF;
    if (!(start_entry & OPEN_NO_TIGHT) && (!s->vortex || start_f == start_cheap)) {
        s->best_len = start_f;
        s->best_key = start_key;
        s->best_g = 0;
    }
    parent pars[POP_BATCH];
    child kids[POP_BATCH * CHILD_MAX];
    uint64_t popped[POP_BATCH];
    for (int f = start_f; f <= s->max_moves; f++) {
        *layer = f;
        if (s->best_len <= f)
            return FOUND_TIGHT; /* every shorter layer is exhausted */
        for (int h = 0;;) {
            while (h <= f && !s->open[f][h].n)
                h++;
            if (h > f)
                break;
            struct stack *st = &s->open[f][h];
            int np = 0;
            while (np < POP_BATCH && st->n) {
                uint64_t e = st->a[--st->n];
                __builtin_prefetch(&s->table[table_home(s, e & s->key_mask)]);
                popped[np++] = e;
            }
            h = 0; /* the batch may queue positions nearer the goal */
            int nk = 0;
            for (int k = 0; k < np; k++) {
                uint64_t key = popped[k] & s->key_mask;
                int g = (int)((popped[k] >> G_SHIFT) & 63);
                if (table_g(s, key) < g)
                    continue; /* reached more cheaply since */
                int dist = s->dist[(key >> (FIELD * (s->n - 1) + 8)) & 3]
                                  [(key >> (FIELD * (s->n - 1))) & 255];
                if (s->helpers && helper_bound_of(s, key, f - g, f - g + 1) > f - g) {
                    /* It belongs to a later layer: asked again there. */
                    if (f + 1 <= s->max_moves &&
                        open_push(s, f + 1, f + 1 - g, popped[k]) < 0)
                        return NO_MEMORY;
                    continue;
                }
                if (s->lookahead && s->nodes < LOOKAHEAD_NODES && !s->vortex && !(popped[k] & OPEN_CHECKED) &&
                    f - g == dist + 1 && f - g <= s->look_max && !spare_solvable(s, key, f - g)) {
                    /* Not even one move to spare: it belongs a layer on. */
                    if (f + 1 <= s->max_moves &&
                        open_push(s, f + 1, f + 1 - g, popped[k] | OPEN_CHECKED) < 0)
                        return NO_MEMORY;
                    continue;
                }
                int h2 = s->vortex ? f - g : dist + ((popped[k] & OPEN_NO_TIGHT) != 0);
                if (astar_generate(s, key, g, h2,
                                   (int)((popped[k] >> CREATOR_SHIFT) & CREATOR_MASK),
                                   (int)((popped[k] >> FROM_SHIFT) & 255), &pars[k], k,
                                   kids, &nk) == FOUND)
                    return FOUND;
            }
            if (astar_commit(s, pars, kids, nk, f) < 0)
                return NO_MEMORY;
            if (s->best_len <= f)
                return FOUND_TIGHT;
            if (s->nodes >= s->next_check && out_of_budget(s))
                return STOPPED;
        }
        open_free_layer(s, f);
    }
    *layer = s->max_moves + 1;
    return EXHAUSTED;
}

/* The moves of a shortest relaxed path for the robot in slot i, the others
 * frozen (as tight_path, recording the directions): true when found. */
static bool tight_moves(ricochet_solver *s, uint8_t *cell, uint8_t *turn, int i, int left,
                        uint8_t *dirs)
{
    int from = cell[i], t0 = turn[i];
    for (int d = 0; d < 4; d++) {
        int to = slide(s, cell, i, d);
        if (to == from)
            continue;
        int t = ricochet_turn_after(t0, d);
        dirs[0] = (uint8_t)d;
        if (to == s->target) {
            if (t == RICOCHET_TURN_DONE && left == 1)
                return true;
            continue;
        }
        if (left == 1 || s->dist[t][to] != left - 1)
            continue;
        cell[i] = (uint8_t)to;
        turn[i] = (uint8_t)t;
        bool ok = tight_moves(s, cell, turn, i, left - 1, dirs + 1);
        cell[i] = (uint8_t)from;
        turn[i] = (uint8_t)t0;
        if (ok)
            return true;
    }
    return false;
}

/* Turns the best position with a shortest relaxed path into the goal
 * fields: which robot finishes from there, and how. */
static bool tight_goal(ricochet_solver *s)
{
    uint8_t cell[RICOCHET_ROBOTS_MAX] = {0}, turn[RICOCHET_ROBOTS_MAX] = {0};
    unpack(s, s->best_key, cell, turn);
    int left = s->best_len - s->best_g;
    for (int i = 0; i < (s->vortex ? s->n : 1); i++) {
        if (s->dist[turn[i]][cell[i]] != left)
            continue;
        if (tight_moves(s, cell, turn, i, left, s->goal_dirs)) {
            s->goal_parent = s->best_key;
            s->goal_g = s->best_g;
            s->goal_slot = i;
            s->goal_ndirs = left;
            return true;
        }
    }
    return false;
}

/* Walks back from the goal's parent to the start through positions whose
 * stored g falls by one each step, then replays the moves on the real robots
 * to name them. */
static bool astar_path(ricochet_solver *s, const ricochet_position *start,
                       ricochet_solution *out)
{
    int total = s->goal_g + s->goal_ndirs;
    uint64_t keys[RICOCHET_MAX_MOVES + 1];
    uint8_t dirs[RICOCHET_MAX_MOVES];
    keys[s->goal_g] = s->goal_parent;
    for (int k = s->goal_g; k > 0; k--) {
        uint8_t cell[RICOCHET_ROBOTS_MAX], turn[RICOCHET_ROBOTS_MAX];
        unpack(s, keys[k], cell, turn);
        bool found = false;
        for (int i = 0; i < s->n && !found; i++) {
            int p = cell[i];
            for (int d = 0; d < 4 && !found; d++) {
                int back = (d + 2) & 3;
                /* The robot came in moving d from a cell behind p. */
                for (int q = p; q != s->stop[back][p] && !found;) {
                    q += step[back];
                    bool occupied = false;
                    for (int j = 0; j < s->n; j++)
                        occupied |= cell[j] == q;
                    if (occupied)
                        break;
                    for (int tq = 0; tq < 4 && !found; tq++) {
                        if (slot_may_finish(s, i) ? ricochet_turn_after(tq, d) != turn[i]
                                                  : tq != turn[i])
                            continue;
                        uint8_t pc[RICOCHET_ROBOTS_MAX], pt[RICOCHET_ROBOTS_MAX];
                        memcpy(pc, cell, sizeof pc);
                        memcpy(pt, turn, sizeof pt);
                        pc[i] = (uint8_t)q;
                        pt[i] = (uint8_t)tq;
                        if (slide(s, pc, i, d) != p)
                            continue;
                        uint64_t pk = pack(s, pc, pt);
                        if (table_g(s, pk) != k - 1)
                            continue;
                        keys[k - 1] = pk;
                        dirs[k - 1] = (uint8_t)d;
                        found = true;
                    }
                }
            }
        }
        /* The position that first reached keys[k] is always there. */
        if (!found)
            return false;
    }

    /* Name the robots: each step moves the one robot whose cell changed. */
    ricochet_position pos = *start;
    for (int k = 0; k < s->goal_g; k++) {
        uint8_t a[RICOCHET_ROBOTS_MAX], b[RICOCHET_ROBOTS_MAX], t[RICOCHET_ROBOTS_MAX];
        unpack(s, keys[k], a, t);
        int from = -1, d;
        {
            /* The mover is the robot whose (cell, turn state) is gone: a
             * new cell, or (a ricochet-rule wiggle) a new turn state. */
            uint8_t tb[RICOCHET_ROBOTS_MAX];
            unpack(s, keys[k + 1], b, tb);
            d = dirs[k];
            for (int i = 0; i < s->n && from < 0; i++) {
                bool kept = false;
                for (int j = 0; j < s->n; j++)
                    kept |= a[i] == b[j] && t[i] == tb[j];
                if (!kept)
                    from = a[i];
            }
        }
        int robot = ricochet_robot_at(&pos, from);
        if (robot < 0)
            return false;
        out->moves[k] = (ricochet_move){(uint8_t)robot, (uint8_t)d};
        pos.cell[robot] = (uint8_t)ricochet_slide(s->board, &pos, robot, d, NULL, NULL, NULL, NULL);
    }
    /* Then the finishing robot's own last moves. */
    uint8_t a[RICOCHET_ROBOTS_MAX], t[RICOCHET_ROBOTS_MAX];
    unpack(s, keys[s->goal_g], a, t);
    int robot = ricochet_robot_at(&pos, a[s->goal_slot]);
    if (robot < 0)
        return false;
    for (int k = 0; k < s->goal_ndirs; k++) {
        int d = s->goal_dirs[k];
        out->moves[s->goal_g + k] = (ricochet_move){(uint8_t)robot, (uint8_t)d};
        pos.cell[robot] = (uint8_t)ricochet_slide(s->board, &pos, robot, d, NULL, NULL, NULL, NULL);
    }
    out->nmoves = total;
    return true;
}

/* ---- IDA* fallback ---- */

#define BUCKET 8

static inline uint64_t *tt_bucket(const ricochet_solver *s, uint64_t key)
{
    uint64_t h = key * UINT64_C(0x9E3779B97F4A7C15);
    h ^= h >> 29;
    return s->tt + (h & (s->tt_buckets - 1)) * BUCKET;
}

/* Records that key is being searched `depth` moves deep. False when an entry
 * already says a search at least that deep found nothing. Entries record
 * facts ("no solution within depth") that stay true, so they outlive
 * iterations; when a bucket is full the shallowest entry goes. */
static bool tt_visit(ricochet_solver *s, uint64_t key, int depth)
{
    uint64_t *b = tt_bucket(s, key);
    uint64_t gen = (uint64_t)s->tt_gen << 56;
    uint64_t entry = key | (uint64_t)depth << KEY_BITS | gen;
    int victim = 0, victim_depth = 64;
    for (int i = 0; i < BUCKET; i++) {
        uint64_t e = b[i];
        if ((e & (UINT64_C(0xff) << 56)) != gen) {
            victim = i;
            victim_depth = -1;
            continue;
        }
        int d = (int)((e >> KEY_BITS) & 63);
        if ((e & KEY_MASK) == key) {
            if (d >= depth)
                return false;
            b[i] = entry;
            return true;
        }
        if (d < victim_depth) {
            victim = i;
            victim_depth = d;
        }
    }
    b[victim] = entry;
    return true;
}

static uint64_t ida_key(const ricochet_solver *s)
{
    uint8_t cell[RICOCHET_ROBOTS_MAX], turn[RICOCHET_ROBOTS_MAX];
    int n = 0;
    if (!s->vortex) {
        cell[n] = s->cell[s->active];
        turn[n++] = s->turn[s->active];
    }
    for (int i = 0; i < s->n; i++)
        if (s->vortex || i != s->active) {
            cell[n] = s->cell[i];
            turn[n++] = s->turn[i];
        }
    return pack(s, cell, turn);
}

static inline bool ida_finisher(const ricochet_solver *s, int robot)
{
    return s->vortex || robot == s->active;
}

static int ida_bound(const ricochet_solver *s)
{
    if (!s->vortex)
        return s->dist[s->turn[s->active]][s->cell[s->active]];
    return bound_cheap(s, s->cell, s->turn);
}

/* Searches `left` more moves from the current position (already recorded in
 * the table), after move `last` (robot * 4 + dir, or -1) which left cell
 * last_from. FOUND: path filled from g on. */
static int ida_search(ricochet_solver *s, int g, int left, int last, int last_from)
{
    int h = ida_bound(s);
    for (int robot = 0; robot < s->n; robot++) {
        bool finisher = ida_finisher(s, robot);
        /* A helper's move leaves the bound where it is. */
        if (!finisher && h >= left)
            continue;
        int from = s->cell[robot];
        int turn = s->turn[robot];
        for (int d = 0; d < 4; d++) {
            int to = slide(s, s->cell, robot, d);
            if (to == from)
                continue;
            /* Straight back the way it came is the same as having made only
             * this move (or neither, landing where it started), except for a
             * finisher under the ricochet rule: going back and forth changes
             * the axis of its last move. */
            if (last == robot * 4 + (d ^ 2) && !(finisher && s->rule && to == last_from))
                continue;
            s->nodes++;
            int t = finisher ? ricochet_turn_after(turn, d) : turn;
            if (finisher && to == s->target) {
                if (t != RICOCHET_TURN_DONE)
                    continue;
                s->path[g] = (ricochet_move){(uint8_t)robot, (uint8_t)d};
                return FOUND;
            }
            if (left == 1)
                continue;
            s->cell[robot] = (uint8_t)to;
            s->turn[robot] = (uint8_t)t;
            int r = EXHAUSTED;
            if (!finisher || ida_bound(s) < left) {
                if (left - 1 == 1 || tt_visit(s, ida_key(s), left - 1)) {
                    if (s->nodes >= s->next_check && out_of_budget(s))
                        r = STOPPED;
                    else
                        r = ida_search(s, g + 1, left - 1, robot * 4 + d, from);
                }
            }
            s->cell[robot] = (uint8_t)from;
            s->turn[robot] = (uint8_t)turn;
            if (r != EXHAUSTED) {
                if (r == FOUND)
                    s->path[g] = (ricochet_move){(uint8_t)robot, (uint8_t)d};
                return r;
            }
        }
    }
    return EXHAUSTED;
}

static int ida(ricochet_solver *s, const ricochet_position *start, int first_bound,
               ricochet_solution *out)
{
    size_t room = s->mem_limit - s->mem_used;
    size_t buckets = 1;
    while (buckets * 2 * BUCKET * sizeof(uint64_t) <= room)
        buckets *= 2;
    if (buckets < 64)
        return NO_MEMORY;
    s->tt = big_alloc(s, buckets * BUCKET * sizeof(uint64_t), true);
    if (!s->tt)
        return NO_MEMORY;
    s->tt_buckets = buckets;
    s->tt_gen = 1;
    memcpy(s->cell, start->cell, sizeof s->cell);
    int t0 = s->rule ? RICOCHET_TURN_NONE : RICOCHET_TURN_DONE;
    for (int i = 0; i < s->n; i++)
        s->turn[i] = (uint8_t)(ida_finisher(s, i) ? t0 : 0);
    int r = EXHAUSTED;
    for (int bound = first_bound; bound <= s->max_moves; bound++) {
        out->lower_bound = bound;
        tt_visit(s, ida_key(s), bound);
        r = ida_search(s, 0, bound, -1, -1);
        if (r == FOUND) {
            out->nmoves = bound;
            memcpy(out->moves, s->path, (size_t)bound * sizeof *out->moves);
            break;
        }
        if (r != EXHAUSTED)
            break;
    }
    big_free(s, s->tt, s->tt_buckets * BUCKET * sizeof(uint64_t));
    s->tt = NULL;
    return r;
}

/* ---- the API ---- */

ricochet_solver *ricochet_solver_new(size_t table_bytes)
{
    if (table_bytes == 0)
        table_bytes = RICOCHET_TABLE_DEFAULT;
    if (table_bytes < RICOCHET_TABLE_MIN)
        table_bytes = RICOCHET_TABLE_MIN;
    ricochet_solver *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->mem_limit = table_bytes;
    return s;
}

void ricochet_solver_free(ricochet_solver *s)
{
    if (s) {
        astar_release(s);
        free(s->blk_cache);
        free(s->hb);
        free(s);
    }
}

const char *ricochet_status_name(ricochet_status st)
{
    switch (st) {
    case RICOCHET_SOLVED: return "solved";
    case RICOCHET_NO_SOLUTION: return "no_solution";
    case RICOCHET_GAVE_UP: return "gave_up";
    case RICOCHET_CANCELLED: return "cancelled";
    default: return "invalid";
    }
}

static bool puzzle_valid(const ricochet_puzzle *p)
{
    if (!p->board || p->robots.nrobots < 1 || p->robots.nrobots > RICOCHET_ROBOTS_MAX)
        return false;
    if (p->target < 0 || p->target >= RICOCHET_CELLS || ricochet_is_block(p->board, p->target))
        return false;
    if (p->active != RICOCHET_ANY && (p->active < 0 || p->active >= p->robots.nrobots))
        return false;
    for (int i = 0; i < p->robots.nrobots; i++) {
        if (ricochet_is_block(p->board, p->robots.cell[i]))
            return false;
        for (int j = 0; j < i; j++)
            if (p->robots.cell[i] == p->robots.cell[j])
                return false;
    }
    return true;
}

static void setup(ricochet_solver *s, const ricochet_puzzle *p, const ricochet_limits *limits)
{
    s->board = p->board;
    if ((++s->solve_gen & 0xfff) == 0) {
        /* The blocker answers keep 12 bits of the generation, never 0. */
        memset(s->blk_empty, 0, sizeof s->blk_empty);
        if (s->blk_cache)
            memset(s->blk_cache, 0, BLK_CACHE * sizeof *s->blk_cache);
        s->solve_gen++;
    }
    if (s->solve_gen == 1) { /* the first solve, or the generations wrapped */
        memset(s->rel_gen, 0, sizeof s->rel_gen);
        memset(s->seg_gen, 0, sizeof s->seg_gen);
        memset(s->cross_gen, 0, sizeof s->cross_gen);
        memset(s->tight_empty_gen, 0, sizeof s->tight_empty_gen);
        memset(s->rel1_gen, 0, sizeof s->rel1_gen);
        memset(s->spare_empty_gen, 0, sizeof s->spare_empty_gen);
        memset(s->blk_rel_gen, 0, sizeof s->blk_rel_gen);
    }
    memcpy(s->stop, p->board->stop, sizeof s->stop);
    s->n = p->robots.nrobots;
    s->vortex = p->active == RICOCHET_ANY;
    s->active = p->active;
    s->rule = p->ricochet_rule;
    s->target = p->target;
    s->max_moves = limits->max_moves > 0 && limits->max_moves < RICOCHET_MAX_MOVES
                       ? limits->max_moves
                       : RICOCHET_MAX_MOVES;
    compute_dist(s);
    s->lookahead = true;
    s->commute = s->n == 4 && !s->vortex;
    s->key_mask = s->commute ? (UINT64_C(1) << FROM_SHIFT) - 1 : KEY_MASK;
    s->look_max = LOOKAHEAD_MAX;
    s->blockers = !s->vortex && !limits->no_blocker_test;
    s->helpers = !s->vortex && limits->helper_bound;
    if (s->helpers && !s->hb)
        s->hb = calloc(1, sizeof *s->hb); /* without it, the search goes without the bound */
    s->helpers = s->helpers && s->hb;
    if (s->helpers)
        ricochet_bound_reset(s->hb, (const uint8_t(*)[RICOCHET_CELLS])s->stop,
                             (const uint8_t(*)[RICOCHET_CELLS])s->dist, s->target);

    s->nodes = 0;
    s->mem_peak = s->mem_used;
    s->next_check = CHECK_EVERY;
    s->max_nodes = limits->max_nodes;
    s->cancel = limits->cancel;
    s->stopped = RICOCHET_SOLVED;
}

/* The bound of the start, in slots; with the blocker test when `blockers`
 * (the search leaves it out: a start that fails it costs one layer, and
 * its memos would cost an easy solve more than its whole search), and with
 * the helper-cost bound when the limits ask for it. */
static int start_bound(ricochet_solver *s, const uint8_t *cell, const uint8_t *turn,
                       bool blockers)
{
    int h = bound_sharp(s, cell, turn);
    if (blockers && s->blockers && h != INF && h == s->dist[turn[0]][cell[0]] + 1)
        h += !blocker_passes(s, cell, turn[0]);
    if (s->helpers && h != INF)
        h = ricochet_bound_eval(s->hb, cell, s->n, turn[0], h, s->max_moves + 1);
    return h;
}

/* The key of the puzzle's start, in slots: the active robot first. */
static uint64_t start_key_of(const ricochet_solver *s, const ricochet_puzzle *p)
{
    uint8_t cell[RICOCHET_ROBOTS_MAX] = {0}, turn[RICOCHET_ROBOTS_MAX] = {0};
    int t0 = s->rule ? RICOCHET_TURN_NONE : RICOCHET_TURN_DONE;
    int n = 0;
    if (!s->vortex) {
        cell[n] = p->robots.cell[p->active];
        turn[n++] = (uint8_t)t0;
    }
    for (int i = 0; i < s->n; i++)
        if (s->vortex || i != p->active) {
            cell[n] = p->robots.cell[i];
            turn[n++] = (uint8_t)(s->vortex ? t0 : 0);
        }
    return pack(s, cell, turn);
}

int ricochet_solver_bound(ricochet_solver *s, const ricochet_puzzle *p,
                          const ricochet_limits *limits)
{
    if (!puzzle_valid(p))
        return -1;
    ricochet_limits none = {0};
    setup(s, p, limits ? limits : &none);
    uint64_t key = start_key_of(s, p);
    uint8_t cell[RICOCHET_ROBOTS_MAX] = {0}, turn[RICOCHET_ROBOTS_MAX] = {0};
    unpack(s, key, cell, turn);
    return start_bound(s, cell, turn, true);
}

ricochet_status ricochet_solver_run(ricochet_solver *s, const ricochet_puzzle *p,
                                    const ricochet_limits *limits, ricochet_solution *out)
{
    memset(out, 0, sizeof *out);
    if (!puzzle_valid(p)) {
        out->status = RICOCHET_INVALID;
        return out->status;
    }
    ricochet_limits none = {0};
    setup(s, p, limits ? limits : &none);

    uint8_t cell[RICOCHET_ROBOTS_MAX] = {0}, turn[RICOCHET_ROBOTS_MAX] = {0};
    uint64_t start_key = start_key_of(s, p);
    unpack(s, start_key, cell, turn);
    int h = start_bound(s, cell, turn, false);
    out->lower_bound = h;
    out->status = RICOCHET_NO_SOLUTION;
    if (h == INF)
        return out->status;

    int layer = h;
    int r = astar(s, start_key, h > s->max_moves ? s->max_moves + 1 : h,
                  bound_cheap(s, cell, turn), &layer);
    out->lower_bound = layer;
    if (r == FOUND_TIGHT)
        r = tight_goal(s) ? FOUND : NO_MEMORY;
    /* Should the walk back ever fail, IDA* finds a path of the same length. */
    if (r == FOUND && !astar_path(s, &p->robots, out))
        r = NO_MEMORY;
    astar_release(s);
    if (r == NO_MEMORY) {
        out->fell_back = true;
        r = ida(s, &p->robots, layer, out);
    }
    out->nodes = s->nodes;
    out->peak_bytes = s->mem_peak;
    switch (r) {
    case FOUND:
        out->status = RICOCHET_SOLVED;
        out->lower_bound = out->nmoves;
        break;
    case STOPPED: out->status = s->stopped; break;
    case NO_MEMORY: out->status = RICOCHET_GAVE_UP; break;
    default: out->status = RICOCHET_NO_SOLUTION; break;
    }
    return out->status;
}

ricochet_status ricochet_solve(const ricochet_puzzle *p, const ricochet_limits *limits,
                               size_t table_bytes, ricochet_solution *out)
{
    ricochet_solver *s = ricochet_solver_new(table_bytes);
    if (!s) {
        memset(out, 0, sizeof *out);
        out->status = RICOCHET_GAVE_UP;
        return out->status;
    }
    ricochet_status st = ricochet_solver_run(s, p, limits, out);
    ricochet_solver_free(s);
    return st;
}
