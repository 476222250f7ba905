/*
 * ricochet_bound.c: the helper-cost bound.
 *
 * Why it never exceeds the true distance. Take any solution from the
 * position, and in it the finisher's own moves: a path of stops, each on
 * the line of the one before, the last on the target (with the ricochet
 * rule's turn), every move stopping where a wall or a robot stands on the
 * next cell. Seen without the other robots that is a relaxed path P, so the
 * finisher makes at least len(P) moves. Then the helpers' moves:
 *
 *  - a helper standing now on a cell P passes or stops on must move away
 *    first: at least one helper move;
 *  - a stop short of a wall needs a robot on the next cell b when it is
 *    made; the finisher cannot stop itself, so when no helper stands on b
 *    now some helper X comes to rest on b first. Its last move ends on
 *    b, moving d from a cell y of the line behind b (y its previous stop,
 *    or where X stands now). Each of those two stops needs a wall or a
 *    robot on the cell after it. A robot standing there now (a helper, or
 *    the finisher: its start, or a stop of P before this one, where it
 *    waits while X moves) costs nothing more; otherwise some robot other
 *    than X comes to rest there first: one move that is not X's. The two
 *    cells are different (a robot's next stop lies on the line of its
 *    previous one, so the cell after the next stop lies on that line too,
 *    two or more cells on from the cell after the previous stop), so the
 *    two moves are different. And before it stops on y, X moves at least
 *    its any-stop distance to the line it slides along to y. So bringing b
 *    costs at least beta(b): the least, over helpers X, directions and
 *    cells y, of X's moves so counted plus one per unheld stop.
 *
 * Each of these needs is met by helper moves, so the helpers make at least
 * the largest of them (not their sum: one helper move may serve several).
 * The bound is the least len(P) + that largest cost over relaxed paths P,
 * so it is at most the length of every solution. Helpers are never assumed
 * to be in anyone's way (passing through them, or being stopped early, only
 * makes the true count larger), and a cost worked out only up to BETA_MAX is
 * taken as BETA_MAX + 1 when higher: both only lower the bound.
 *
 * How it is found: iterative deepening on L from the caller's bound, a
 * depth-first search over relaxed paths that carries the largest cost so
 * far and cuts when len + the relaxed distance left + that cost exceeds L.
 * Its failures are remembered per (turn, cell) with the moves left, the
 * cost spent and the earlier stops (which may hold helpers up), and reused
 * only for the same earlier stops: a failure with a given set of them is a
 * failure with fewer moves left or more cost spent. A search that grows past
 * CALL_BUDGET steps gives up and reports a fit (the bound stays lower).
 *
 * beta(b) comes from cell sets built once per position: the helpers' rays
 * (the cells a helper moving d passes after at most j any-stop moves), the
 * cells a stop on which moving d is held up now, and from them the cells a
 * helper can come to rest on for at most r moves. A stop held up only by one
 * of the finisher's earlier stops is looked at separately, since those
 * differ from path to path (and can only lower beta).
 */
#include "ricochet_bound.h"

#include <string.h>

#include "ricochet_move.h"

/* Tests only: 1 counts every new blocker one move dearer than it is, 2
 * forgets that the finisher's earlier stops hold helpers up. Either makes
 * the bound overestimate, which the bound suite must catch (the
 * ricochet-bound-broken test builds it with 1). */
#ifndef RICOCHET_BOUND_BROKEN
#define RICOCHET_BOUND_BROKEN 0
#endif

#define INF 255
#define BETA_MAX 4
#define CALL_BUDGET 4000
#define PREFIX_MAX 3 /* earlier stops a memo entry records */

static const int step[4] = {-16, 1, 16, -1};

static inline bool has(const ricochet_cells *m, int c)
{
    return (m->w[c >> 6] >> (c & 63)) & 1;
}

static inline void add(ricochet_cells *m, int c)
{
    m->w[c >> 6] |= UINT64_C(1) << (c & 63);
}

static inline void merge(ricochet_cells *a, const ricochet_cells *b)
{
    for (int w = 0; w < 4; w++)
        a->w[w] |= b->w[w];
}

static inline bool meets(const ricochet_cells *a, const ricochet_cells *b)
{
    return ((a->w[0] & b->w[0]) | (a->w[1] & b->w[1]) | (a->w[2] & b->w[2]) |
            (a->w[3] & b->w[3])) != 0;
}

static inline bool empty(const ricochet_cells *a)
{
    return (a->w[0] | a->w[1] | a->w[2] | a->w[3]) == 0;
}

static inline int max_int(int a, int b)
{
    return a > b ? a : b;
}

/* The cell before o for a robot moving d (o's neighbour on the side it
 * comes from), or -1 off the board. */
static inline int before(int o, int d)
{
    int y = o - step[d];
    if (y < 0 || y >= RICOCHET_CELLS)
        return -1;
    if ((d & 1) && (y >> 4) != (o >> 4))
        return -1;
    return y;
}

void ricochet_bound_reset(ricochet_bound *hb, const uint8_t (*stop)[RICOCHET_CELLS],
                          const uint8_t (*dist)[RICOCHET_CELLS], int target)
{
    hb->stop = stop;
    hb->dist = dist;
    hb->target = target;
    hb->ready = false;
    hb->evaluations = 0;
    if (++hb->gen == 0) {
        /* Wrapped: no table may look valid. */
        memset(hb->ray_gen, 0, sizeof hb->ray_gen);
        hb->gen = 1;
    }
}

/* The per-solve tables: segments, their unions, the wall stops. */
static void build_tables(ricochet_bound *hb)
{
    memset(hb->wall_stop, 0, sizeof hb->wall_stop);
    for (int c = 0; c < RICOCHET_CELLS; c++) {
        memset(&hb->cross[c], 0, sizeof hb->cross[c]);
        for (int d = 0; d < 4; d++) {
            ricochet_cells *m = &hb->seg[d][c];
            memset(m, 0, sizeof *m);
            int wall = hb->stop[d][c];
            if (wall == c)
                add(&hb->wall_stop[d], c);
            for (int x = c; x != wall;) {
                x += step[d];
                add(m, x);
            }
            merge(&hb->cross[c], m);
        }
    }
    hb->ready = true;
}

/* ray[j][d][p]: level 0 after at most one any-stop move from p, level 1
 * after at most two. */
static void ray_build(ricochet_bound *hb, int j, int p)
{
    ricochet_cells(*r)[RICOCHET_CELLS] = hb->ray[j];
    if (hb->ray_gen[j][p] == hb->gen)
        return;
    ricochet_cells from;
    if (j == 0) {
        from = hb->cross[p];
        for (int d = 0; d < 4; d++)
            r[d][p] = hb->seg[d][p];
    } else {
        ray_build(hb, 0, p);
        from = hb->cross[p];
        for (int d = 0; d < 4; d++) {
            merge(&from, &hb->ray[0][d][p]);
            r[d][p] = hb->ray[0][d][p];
        }
    }
    for (int w = 0; w < 4; w++)
        for (uint64_t m = from.w[w]; m; m &= m - 1) {
            int x = 64 * w + __builtin_ctzll(m);
            for (int d = 0; d < 4; d++)
                merge(&r[d][p], &hb->seg[d][x]);
        }
    hb->ray_gen[j][p] = hb->gen;
}

/* The helpers' rays of level j (0: none moved first, 1: at most one any-stop
 * move first, 2: at most two). */
static const ricochet_cells *rays(ricochet_bound *hb, int j)
{
    if (!(hb->built & (1u << j))) {
        ricochet_cells *out = hb->rays[j];
        memset(out, 0, 4 * sizeof *out);
        for (int k = 0; k < hb->nhelpers; k++) {
            int p = hb->helper_cell[k];
            if (j > 0)
                ray_build(hb, j - 1, p);
            for (int d = 0; d < 4; d++)
                merge(&out[d], j ? &hb->ray[j - 1][d][p] : &hb->seg[d][p]);
        }
        hb->built |= 1u << j;
    }
    return hb->rays[j];
}

/* The cells some helper can come to rest on for at most r (1..3) helper
 * moves: its any-stop moves to a line, the move along it, and one more when
 * nothing holds that stop up now. */
static const ricochet_cells *rest(ricochet_bound *hb, int r)
{
    unsigned bit = 8u << r;
    ricochet_cells *out = &hb->rest[r - 1];
    if (!(hb->built & bit)) {
        memset(out, 0, sizeof *out);
        const ricochet_cells *held = rays(hb, r - 1);
        const ricochet_cells *loose = r >= 2 ? rays(hb, r - 2) : NULL;
        for (int d = 0; d < 4; d++) {
            for (int w = 0; w < 4; w++)
                out->w[w] |= hb->sup[d].w[w] & held[d].w[w];
            if (loose)
                merge(out, &loose[d]);
        }
        hb->built |= bit;
    }
    return out;
}

/* Is one of the finisher's earlier stops ex[0..nex-1] the cell after y for
 * a robot moving d? */
static inline bool held_by(int y, int d, const uint8_t *ex, int nex)
{
    int z = y + step[d];
    if (before(z, d) != y)
        return false;
    for (int k = 0; k < nex; k++)
        if (ex[k] == z)
            return true;
    return false;
}

/* The fewest any-stop moves (0..2) that bring a helper onto the line a
 * robot moving d slides along to pass y, or 3 for more. */
static int to_line(ricochet_bound *hb, int y, int d)
{
    for (int j = 0; j < 3; j++)
        if (has(&rays(hb, j)[d], y))
            return j;
    return 3;
}

/* The helper moves that bring some helper to rest on a cell of `line` (the
 * cells behind a blocker), counted as beta counts them, when at most rmax
 * (at most 3); else rmax + 1. The finisher's earlier stops ex[] hold stops
 * up too. */
static int line_cost(ricochet_bound *hb, const ricochet_cells *line, int rmax, const uint8_t *ex,
                     int nex)
{
    if (meets(line, &hb->helpers))
        return 0;
    int cost = rmax + 1;
    for (int r = 1; r <= rmax; r++)
        if (meets(line, rest(hb, r))) {
            cost = r;
            break;
        }
    /* A stop held up by an earlier stop e of the finisher: y before e. */
    for (int k = 0; k < nex && cost > 1; k++)
        for (int d = 0; d < 4; d++) {
            int y = before(ex[k], d);
            if (y >= 0 && has(line, y)) {
                int c = 1 + to_line(hb, y, d);
                if (c < cost)
                    cost = c;
            }
        }
    return cost;
}

/* beta(b) when it is at most top = min(cap, BETA_MAX), else top + 1 (a
 * lower bound). */
static int beta_of(ricochet_bound *hb, int b, int cap, const uint8_t *ex, int nex)
{
    int top = cap < BETA_MAX ? cap : BETA_MAX;
    int best = top + 1;
    for (int d = 0; d < 4 && best > 1; d++) {
        const ricochet_cells *line = &hb->seg[(d + 2) & 3][b];
        if (empty(line))
            continue; /* nothing can come in moving d */
        int unheld = !(has(&hb->sup[d], b) || held_by(b, d, ex, nex));
        int rmax = best - 2 - unheld; /* worth looking at only below best */
        if (rmax < 0)
            continue;
        int c = 1 + unheld + line_cost(hb, line, rmax, ex, nex);
        if (c < best)
            best = c;
    }
    return best;
}

#define BETA_EXACT 0x80 /* beta[b] holds the value, not only a lower bound */

/* The direction a robot on y (a cell of one of b's lines) moves in to
 * pass b. */
static inline int towards(int y, int b)
{
    if (((y ^ b) & 15) == 0)
        return y < b ? RICOCHET_S : RICOCHET_N;
    return y < b ? RICOCHET_E : RICOCHET_W;
}

/* The cost of a new blocker on b for a stop made while the finisher's
 * earlier stops ex[] stand by, when at most cap (else more than cap). */
static int blocker_cost(ricochet_bound *hb, int b, int cap, const uint8_t *ex, int nex)
{
    int memo = hb->beta_gen[b] == hb->pos_gen ? hb->beta[b] : -1;
    int best;
    if (memo >= 0 && ((memo & BETA_EXACT) || memo > cap)) {
        best = memo & ~BETA_EXACT; /* exact, or known to pass cap */
    } else {
        best = beta_of(hb, b, cap, NULL, 0);
        bool exact = best <= cap || best > BETA_MAX;
        hb->beta[b] = (uint8_t)(best | (exact ? BETA_EXACT : 0));
        hb->beta_gen[b] = hb->pos_gen;
    }
    /* The earlier stops can only lower it, by holding up one of the two
     * stops beta counts: the one on b (to 1 at least), or one on a cell y
     * of a line through b (to 2 at least). */
    for (int k = 0; k < nex && best > 1; k++)
        for (int d2 = 0; d2 < 4; d2++) {
            int y = before(ex[k], d2);
            if (y < 0 || (y != b && best <= 2))
                continue;
            if (y == b) {
                const ricochet_cells *line = &hb->seg[(d2 + 2) & 3][b];
                int rmax = best - 2 < 3 ? best - 2 : 3;
                if (!empty(line) && !has(&hb->sup[d2], b) && rmax >= 0) {
                    int c = 1 + line_cost(hb, line, rmax, ex, nex);
                    best = c < best ? c : best;
                }
            } else if (has(&hb->cross[b], y)) {
                int d = towards(y, b);
                int unheld = !(has(&hb->sup[d], b) || held_by(b, d, ex, nex));
                int c = 2 + unheld + to_line(hb, y, d2);
                best = c < best ? c : best;
            }
        }
    return best;
}

/* The finisher's earlier stops after its start (path[1..depth-1]) as a
 * memo key, or 0 when there are too many to record (never reused). */
static uint32_t prefix_key(const ricochet_bound *hb)
{
    int n = hb->depth - 1;
    if (n <= 0)
        return 1;
    if (n > PREFIX_MAX)
        return 0;
    uint32_t v[PREFIX_MAX];
    for (int i = 0; i < n; i++) {
        uint32_t x = hb->path[1 + i];
        int j = i;
        for (; j > 0 && v[j - 1] > x; j--)
            v[j] = v[j - 1];
        v[j] = x;
    }
    uint32_t key = (uint32_t)n;
    for (int i = 0; i < n; i++)
        key |= v[i] << (2 + 8 * i);
    return key | UINT32_C(1) << 31;
}

/* Is there a relaxed path from (t, c) of moves plus helper cost at most
 * `left`, the helper cost spent so far being `cost`? */
static bool plan_fits(ricochet_bound *hb, int t, int c, int left, int cost)
{
    uint32_t key = prefix_key(hb);
    if (key && hb->memo_mark[t][c] == hb->memo_gen && hb->memo_prefix[t][c] == key &&
        hb->memo_left[t][c] >= left && hb->memo_cost[t][c] <= cost)
        return false;
    if (++hb->calls > CALL_BUDGET || hb->depth >= RICOCHET_BOUND_PATH)
        return true; /* too big to tell: no raise */
    hb->path[hb->depth++] = (uint8_t)c;
    /* The finisher's stops so far, start excepted (it counts as a robot
     * standing now), hold helpers up for blockers of its next moves. */
    const uint8_t *ex = hb->path + 1;
    int nex = RICOCHET_BOUND_BROKEN == 2 ? 0 : hb->depth - 1;
    bool fits = false;
    for (int d = 0; d < 4 && !fits; d++) {
        int wall = hb->stop[d][c];
        int t2 = ricochet_turn_after(t, d);
        int spent = cost;
        for (int x = c; x != wall && !fits;) {
            x += step[d];
            if (has(&hb->helpers, x))
                spent = max_int(spent, 1); /* that helper must leave first */
            bool goal = x == hb->target;
            if (goal && t2 != RICOCHET_TURN_DONE)
                continue; /* the ricochet rule: no stop here yet */
            int after = goal ? 0 : hb->dist[t2][x];
            if (1 + after + spent > left)
                continue;
            int need = spent;
            if (x != wall) {
                int b = x + step[d];
                if (!has(&hb->helpers, b)) {
                    int room = left - 1 - after;
                    int beta = blocker_cost(hb, b, room, ex, nex) + (RICOCHET_BOUND_BROKEN == 1);
                    need = max_int(need, beta);
                    if (need > room)
                        continue;
                }
            }
            if (goal)
                fits = 1 + need <= left;
            else
                fits = plan_fits(hb, t2, x, left - 1, need);
        }
    }
    hb->depth--;
    if (!fits && key) {
        hb->memo_mark[t][c] = hb->memo_gen;
        hb->memo_prefix[t][c] = key;
        hb->memo_left[t][c] = (uint8_t)left;
        hb->memo_cost[t][c] = (uint8_t)cost;
    }
    return fits;
}

/* The per-position sets that do not depend on the path. */
static void position_setup(ricochet_bound *hb, const uint8_t *cell, int n)
{
    memset(&hb->helpers, 0, sizeof hb->helpers);
    hb->nhelpers = n - 1;
    for (int k = 1; k < n; k++) {
        hb->helper_cell[k - 1] = cell[k];
        add(&hb->helpers, cell[k]);
    }
    for (int d = 0; d < 4; d++) {
        hb->sup[d] = hb->wall_stop[d];
        for (int k = 0; k < n; k++) {
            int y = before(cell[k], d);
            if (y >= 0)
                add(&hb->sup[d], y);
        }
    }
    hb->built = 0;
    if (++hb->pos_gen == 0) {
        memset(hb->beta_gen, 0, sizeof hb->beta_gen);
        hb->pos_gen = 1;
    }
}

int ricochet_bound_eval(ricochet_bound *hb, const uint8_t *cell, int n, int turn0, int from,
                        int cap)
{
    int k = hb->dist[turn0][cell[0]];
    if (k == INF)
        return INF;
    if (k == 0)
        return from; /* on the target: nothing to add */
    if (!hb->ready)
        build_tables(hb);
    position_setup(hb, cell, n);
    hb->evaluations++;
    int L = from > k ? from : k;
    for (; L < cap; L++) {
        if (++hb->memo_gen == 0) {
            memset(hb->memo_mark, 0, sizeof hb->memo_mark);
            hb->memo_gen = 1;
        }
        hb->calls = 0;
        hb->depth = 0;
        if (plan_fits(hb, turn0, cell[0], L, 0))
            return L;
    }
    return L;
}
