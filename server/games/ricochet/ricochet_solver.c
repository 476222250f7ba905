/* ricochet_solver.c: IDA* with a transposition table. */
#include "ricochet_solver.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ricochet_move.h"

#define INF 255
#define BUCKET 8 /* entries per bucket: one 64-byte cache line */
#define KEY_BITS 50
#define KEY_MASK ((UINT64_C(1) << KEY_BITS) - 1)
#define CHECK_EVERY 4096

struct ricochet_solver {
    /* Transposition table: entry = key | depth << 50 | generation << 56.
     * "depth" is how many moves were searched from the position without
     * finding a solution: a fact that stays true, so entries outlive IDA*
     * iterations. Entries of another generation are empty. */
    uint64_t *table;
    size_t buckets;     /* power of two */
    size_t max_buckets;
    size_t used;
    uint8_t gen;

    /* The puzzle, laid out for speed. */
    uint8_t stop[4][RICOCHET_CELLS];
    uint8_t dist[4][RICOCHET_CELLS]; /* lower bound per (turn state, cell) */
    int nrobots;
    int active;                      /* robot, or RICOCHET_ANY */
    bool rule;                       /* the ricochet rule is on */
    int target;
    uint8_t cell[RICOCHET_ROBOTS_MAX];
    uint8_t turn[RICOCHET_ROBOTS_MAX];

    /* Search bookkeeping. */
    ricochet_move path[RICOCHET_MAX_MOVES];
    uint64_t nodes;
    uint64_t next_check;
    uint64_t max_nodes;
    struct timespec deadline;
    bool has_deadline;
    const volatile int *cancel;
    ricochet_status stopped; /* RICOCHET_SOLVED while running */
};

static const int step[4] = {-16, 1, 16, -1};

/* ---- transposition table ---- */

static int table_alloc(ricochet_solver *s, size_t buckets)
{
    uint64_t *t = aligned_alloc(64, buckets * BUCKET * sizeof *t);
    if (!t)
        return -1;
    memset(t, 0, buckets * BUCKET * sizeof *t);
    free(s->table);
    s->table = t;
    s->buckets = buckets;
    s->used = 0;
    s->gen = 1;
    return 0;
}

static inline uint64_t *bucket_of(const ricochet_solver *s, uint64_t key)
{
    uint64_t h = key * UINT64_C(0x9E3779B97F4A7C15);
    h ^= h >> 29;
    return s->table + (h & (s->buckets - 1)) * BUCKET;
}

/* Records that `key` is being searched `depth` deep. Returns false when an
 * entry already says a search at least that deep found nothing (prune). */
static bool table_visit(ricochet_solver *s, uint64_t key, int depth);

static void table_grow(ricochet_solver *s)
{
    uint64_t *old = s->table;
    size_t old_n = s->buckets * BUCKET;
    uint64_t *t = aligned_alloc(64, old_n * 2 * sizeof *t);
    if (!t) {
        s->max_buckets = s->buckets; /* stay at this size */
        return;
    }
    memset(t, 0, old_n * 2 * sizeof *t);
    s->table = t;
    s->buckets *= 2;
    s->used = 0;
    uint64_t gen = (uint64_t)s->gen << 56;
    for (size_t i = 0; i < old_n; i++)
        if ((old[i] & (UINT64_C(0xff) << 56)) == gen)
            table_visit(s, old[i] & KEY_MASK, (int)((old[i] >> KEY_BITS) & 63));
    free(old);
}

static bool table_visit(ricochet_solver *s, uint64_t key, int depth)
{
    uint64_t *b = bucket_of(s, key);
    uint64_t gen = (uint64_t)s->gen << 56;
    uint64_t entry = key | (uint64_t)depth << KEY_BITS | gen;
    int victim = -1, victim_depth = 64;
    for (int i = 0; i < BUCKET; i++) {
        uint64_t e = b[i];
        if ((e & (UINT64_C(0xff) << 56)) != gen) {
            if (victim_depth >= 0) {
                victim = i;
                victim_depth = -1;
            }
            continue;
        }
        if ((e & KEY_MASK) == key) {
            if ((int)((e >> KEY_BITS) & 63) >= depth)
                return false;
            b[i] = entry;
            return true;
        }
        int d = (int)((e >> KEY_BITS) & 63);
        if (d < victim_depth) {
            victim = i;
            victim_depth = d;
        }
    }
    b[victim] = entry;
    if (victim_depth < 0 && ++s->used > s->buckets * BUCKET / 2 && s->buckets < s->max_buckets)
        table_grow(s);
    return true;
}

static void table_next_generation(ricochet_solver *s)
{
    if (++s->gen == 0) {
        memset(s->table, 0, s->buckets * BUCKET * sizeof *s->table);
        s->gen = 1;
    }
    s->used = 0;
}

/* ---- the lower bound ---- */

/* dist[t][c]: the fewest moves for a robot at c in turn state t to finish,
 * were it able to stop on any cell of its path (other robots could only
 * shorten a slide, so this never overestimates). Breadth-first from the
 * target backwards over (turn, cell) states. */
static void compute_dist(ricochet_solver *s, bool rule)
{
    memset(s->dist, INF, sizeof s->dist);
    uint16_t queue[4 * RICOCHET_CELLS];
    int head = 0, tail = 0;
    int t0 = rule ? 0 : RICOCHET_TURN_DONE;

    /* The predecessors of arriving on cell c1 moving d are the cells behind
     * c1 up to the first wall. First the finishing moves: onto the target,
     * turned. */
    for (int d = 0; d < 4; d++) {
        int back = (d + 2) & 3;
        for (int c = s->target; c != s->stop[back][s->target];) {
            c += step[back];
            for (int t = t0; t < 4; t++) {
                if (ricochet_turn_after(t, d) != RICOCHET_TURN_DONE || s->dist[t][c] != INF)
                    continue;
                s->dist[t][c] = 1;
                queue[tail++] = (uint16_t)(t << 8 | c);
            }
        }
    }
    while (head < tail) {
        int t1 = queue[head] >> 8, c1 = queue[head] & 255;
        head++;
        if (c1 == s->target)
            continue; /* stopping on the target is never a step on the way */
        int nd = s->dist[t1][c1] + 1;
        for (int d = 0; d < 4; d++) {
            int back = (d + 2) & 3;
            for (int c = c1; c != s->stop[back][c1];) {
                c += step[back];
                for (int t = t0; t < 4; t++) {
                    if (ricochet_turn_after(t, d) != t1 || s->dist[t][c] != INF)
                        continue;
                    s->dist[t][c] = (uint8_t)nd;
                    queue[tail++] = (uint16_t)(t << 8 | c);
                }
            }
        }
    }
}

/* ---- moves and keys ---- */

static inline int slide(const ricochet_solver *s, int robot, int d)
{
    int from = s->cell[robot];
    int to = s->stop[d][from];
    for (int i = 0; i < s->nrobots; i++) {
        int o = s->cell[i];
        switch (d) {
        case RICOCHET_N:
            if ((o & 15) == (from & 15) && o < from && o >= to)
                to = o + 16;
            break;
        case RICOCHET_E:
            if ((o >> 4) == (from >> 4) && o > from && o <= to)
                to = o - 1;
            break;
        case RICOCHET_S:
            if ((o & 15) == (from & 15) && o > from && o <= to)
                to = o - 16;
            break;
        default:
            if ((o >> 4) == (from >> 4) && o < from && o >= to)
                to = o + 1;
            break;
        }
    }
    return to;
}

#define SORT2(a, b)         \
    do {                    \
        if ((a) > (b)) {    \
            uint32_t t_ = (a); \
            (a) = (b);      \
            (b) = t_;       \
        }                   \
    } while (0)

/* Positions that differ only by which helper stands where are the same
 * puzzle: helpers are sorted. In a vortex round every robot may finish, so all
 * are sorted (with their turn states). */
static uint64_t state_key(const ricochet_solver *s)
{
    uint32_t v[RICOCHET_ROBOTS_MAX];
    int n = 0;
    uint64_t key = 0;
    if (s->active == RICOCHET_ANY) {
        for (int i = 0; i < s->nrobots; i++)
            v[n++] = (uint32_t)(s->cell[i] | s->turn[i] << 8);
    } else {
        key = (uint64_t)(s->cell[s->active] | s->turn[s->active] << 8);
        for (int i = 0; i < s->nrobots; i++)
            if (i != s->active)
                v[n++] = s->cell[i];
    }
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && v[j - 1] > v[j]; j--)
            SORT2(v[j - 1], v[j]);
    for (int i = 0; i < n; i++)
        key = key << 10 | v[i];
    return key;
}

static inline bool is_active(const ricochet_solver *s, int robot)
{
    return s->active == RICOCHET_ANY || s->active == robot;
}

static inline int bound_of(const ricochet_solver *s)
{
    if (s->active != RICOCHET_ANY)
        return s->dist[s->turn[s->active]][s->cell[s->active]];
    int h = INF;
    for (int i = 0; i < s->nrobots; i++) {
        int d = s->dist[s->turn[i]][s->cell[i]];
        if (d < h)
            h = d;
    }
    return h;
}

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
    if (s->has_deadline) {
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        if (now.tv_sec > s->deadline.tv_sec ||
            (now.tv_sec == s->deadline.tv_sec && now.tv_nsec >= s->deadline.tv_nsec)) {
            s->stopped = RICOCHET_GAVE_UP;
            return true;
        }
    }
    return false;
}

/* Searches `left` more moves from the current position (already recorded in
 * the table), after move `last` (robot * 4 + dir, or -1) which left cell
 * last_from. 1: found (path
 * filled from g on), 0: none, -1: stopped. */
static int search(ricochet_solver *s, int g, int left, int last, int last_from)
{
    int h = bound_of(s);
    for (int robot = 0; robot < s->nrobots; robot++) {
        bool active = is_active(s, robot);
        /* A helper move leaves the bound where it is: only worth it with
         * moves to spare. */
        if (!active && h >= left)
            continue;
        int from = s->cell[robot];
        int turn = s->turn[robot];
        for (int d = 0; d < 4; d++) {
            int to = slide(s, robot, d);
            if (to == from)
                continue;
            /* Straight back the way it came: the same as having made only
             * this move, one move dearer; or, landing where it started, the
             * same as having made neither. Except that an active robot under
             * the ricochet rule may go back and forth just to change the axis
             * of its last move (so that its next move is a turn). */
            if (last == robot * 4 + (d ^ 2) &&
                !(active && s->rule && to == last_from))
                continue;
            s->nodes++;
            int t = active ? ricochet_turn_after(turn, d) : turn;
            if (active && to == s->target) {
                if (t != RICOCHET_TURN_DONE)
                    continue; /* the ricochet rule forbids this stop */
                s->path[g] = (ricochet_move){(uint8_t)robot, (uint8_t)d};
                return 1;
            }
            if (left == 1)
                continue;
            s->cell[robot] = (uint8_t)to;
            s->turn[robot] = (uint8_t)t;
            int r = 0;
            if (!active || bound_of(s) < left) {
                if (left - 1 == 1 || table_visit(s, state_key(s), left - 1)) {
                    if (s->nodes >= s->next_check && out_of_budget(s))
                        r = -1;
                    else
                        r = search(s, g + 1, left - 1, robot * 4 + d, from);
                }
            }
            s->cell[robot] = (uint8_t)from;
            s->turn[robot] = (uint8_t)turn;
            if (r) {
                if (r > 0)
                    s->path[g] = (ricochet_move){(uint8_t)robot, (uint8_t)d};
                return r;
            }
        }
    }
    return 0;
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
    size_t max = 1;
    while (max * 2 * BUCKET * sizeof(uint64_t) <= table_bytes)
        max *= 2;
    s->max_buckets = max;
    size_t start = RICOCHET_TABLE_MIN / (BUCKET * sizeof(uint64_t));
    if (table_alloc(s, start < max ? start : max) < 0) {
        free(s);
        return NULL;
    }
    return s;
}

void ricochet_solver_free(ricochet_solver *s)
{
    if (s) {
        free(s->table);
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

ricochet_status ricochet_solver_run(ricochet_solver *s, const ricochet_puzzle *p,
                                    const ricochet_limits *limits, ricochet_solution *out)
{
    memset(out, 0, sizeof *out);
    if (!puzzle_valid(p)) {
        out->status = RICOCHET_INVALID;
        return out->status;
    }
    ricochet_limits none = {0};
    if (!limits)
        limits = &none;
    int max_moves = limits->max_moves > 0 && limits->max_moves < RICOCHET_MAX_MOVES
                        ? limits->max_moves
                        : RICOCHET_MAX_MOVES;

    memcpy(s->stop, p->board->stop, sizeof s->stop);
    s->nrobots = p->robots.nrobots;
    s->active = p->active;
    s->target = p->target;
    s->rule = p->ricochet_rule;
    memcpy(s->cell, p->robots.cell, sizeof s->cell);
    int t0 = p->ricochet_rule ? RICOCHET_TURN_NONE : RICOCHET_TURN_DONE;
    memset(s->turn, t0, sizeof s->turn);
    compute_dist(s, p->ricochet_rule);

    s->nodes = 0;
    s->next_check = CHECK_EVERY;
    s->max_nodes = limits->max_nodes;
    s->cancel = limits->cancel;
    s->stopped = RICOCHET_SOLVED;
    s->has_deadline = limits->max_ms > 0;
    if (s->has_deadline) {
        clock_gettime(CLOCK_MONOTONIC, &s->deadline);
        s->deadline.tv_sec += limits->max_ms / 1000;
        s->deadline.tv_nsec += (limits->max_ms % 1000) * 1000000;
        if (s->deadline.tv_nsec >= 1000000000) {
            s->deadline.tv_sec++;
            s->deadline.tv_nsec -= 1000000000;
        }
    }
    table_next_generation(s);

    int h = bound_of(s);
    out->lower_bound = h < 1 ? 1 : h;
    out->status = RICOCHET_NO_SOLUTION;
    if (h == INF)
        return out->status;
    for (int bound = out->lower_bound; bound <= max_moves; bound++) {
        table_visit(s, state_key(s), bound);
        int r = search(s, 0, bound, -1, -1);
        out->nodes = s->nodes;
        if (r > 0) {
            out->status = RICOCHET_SOLVED;
            out->nmoves = bound;
            out->lower_bound = bound;
            memcpy(out->moves, s->path, (size_t)bound * sizeof *out->moves);
            return out->status;
        }
        if (r < 0) {
            out->status = s->stopped;
            return out->status;
        }
        out->lower_bound = bound + 1;
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
