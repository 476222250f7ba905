/*
 * ricochet_bot_seek.c: the bots' own bounded search (ricochet_bot.h).
 *
 * Breadth-first over exact positions from the round's start, so the first
 * solution found is the shortest under the limits. A person's way of
 * looking is built into the limits: the active robot runs freely while the
 * other robots may make at most `helpers` moves between them (in a vortex
 * round every robot is a runner), to a depth and a number of positions.
 * Moves follow the round's rules exactly (ricochet_move.h): a robot bound
 * by the ricochet rule may not stop on the target before it has turned.
 *
 * A position key packs the robots' cells (8 bits each), the turn states of
 * the robots the rule binds (2 bits each) and the helper moves used.
 */
#include <stdlib.h>

#include "ricochet_bot.h"

typedef struct seek_node {
    uint64_t key;
    int32_t parent;
    uint8_t robot, dir, depth;
} seek_node;

typedef struct seek {
    const ricochet_board *b;
    const ricochet_round *r;
    int nrobots;
    seek_node *nodes;
    int count, cap;
    uint64_t *table; /* key + 1, 0 for empty */
    size_t mask;
} seek;

#define TURN_SHIFT 40
#define HELPER_SHIFT 50

static int cell_of(uint64_t key, int robot) { return (int)(key >> (8 * robot)) & 0xff; }
static int turn_of(uint64_t key, int robot) { return (int)(key >> (TURN_SHIFT + 2 * robot)) & 3; }
static int helpers_of(uint64_t key) { return (int)(key >> HELPER_SHIFT) & 3; }

/* Where robot stops moving dir: the lone robot's stop from the board's
 * table, cut short by the nearest robot on the way. */
static int slide(const ricochet_board *b, const uint8_t *cells, int n, int robot, int dir)
{
    static const int step[4] = {-16, 1, 16, -1};
    int from = cells[robot], to = b->stop[dir][from], d = step[dir];
    bool vertical = dir == RICOCHET_N || dir == RICOCHET_S;
    for (int i = 0; i < n && to != from; i++) {
        int c = cells[i];
        if (i == robot || (vertical ? (c & 15) != (from & 15) : (c >> 4) != (from >> 4)))
            continue;
        if (d > 0 ? (c > from && c <= to) : (c < from && c >= to))
            to = c - d;
    }
    return to;
}

/* Adds key; false when it was there already or the table is full. */
static bool remember(seek *s, uint64_t key, int parent, int robot, int dir, int depth)
{
    if (s->count == s->cap)
        return false;
    size_t i = (size_t)((key * 0x9E3779B97F4A7C15ull) >> 20) & s->mask;
    for (; s->table[i]; i = (i + 1) & s->mask) {
        if (s->table[i] == key + 1)
            return false;
    }
    s->table[i] = key + 1;
    s->nodes[s->count++] = (seek_node){key, parent, (uint8_t)robot, (uint8_t)dir, (uint8_t)depth};
    return true;
}

/* The moves from the root to node `at`, then the move (robot, dir). */
static int unwind(const seek *s, int at, int robot, int dir, ricochet_move *moves)
{
    int n = s->nodes[at].depth + 1;
    moves[n - 1] = (ricochet_move){(uint8_t)robot, (uint8_t)dir};
    for (int i = n - 2; at > 0; i--, at = s->nodes[at].parent)
        moves[i] = (ricochet_move){s->nodes[at].robot, s->nodes[at].dir};
    return n;
}

/* Tries every move from node `at`; returns a solution's length or -1. */
static int expand(seek *s, int at, const ricochet_seek_limits *lim, ricochet_move *moves)
{
    const ricochet_round *r = s->r;
    uint64_t key = s->nodes[at].key;
    int depth = s->nodes[at].depth, helpers = helpers_of(key);
    uint8_t cells[RICOCHET_ROBOTS_MAX];
    for (int i = 0; i < s->nrobots; i++)
        cells[i] = (uint8_t)cell_of(key, i);
    for (int robot = 0; robot < s->nrobots; robot++) {
        bool runner = ricochet_round_is_active(r, robot);
        if (!runner && helpers >= lim->helpers)
            continue;
        for (int dir = 0; dir < 4; dir++) {
            int to = slide(s->b, cells, s->nrobots, robot, dir);
            if (to == cells[robot])
                continue;
            int turn = runner && r->rule ? ricochet_turn_after(turn_of(key, robot), dir) : 0;
            if (runner && to == r->target) {
                if (r->rule && turn != RICOCHET_TURN_DONE)
                    continue; /* the ricochet rule forbids this stop */
                return unwind(s, at, robot, dir, moves);
            }
            uint64_t next = key & ~((0xffull << (8 * robot)) | (3ull << (TURN_SHIFT + 2 * robot)) |
                                    (3ull << HELPER_SHIFT));
            next |= (uint64_t)to << (8 * robot) | (uint64_t)turn << (TURN_SHIFT + 2 * robot) |
                    (uint64_t)(helpers + !runner) << HELPER_SHIFT;
            remember(s, next, at, robot, dir, depth + 1);
        }
    }
    return -1;
}

int ricochet_seek(const ricochet_board *b, const ricochet_round *r, const ricochet_seek_limits *lim,
                  const volatile int *cancel, ricochet_move *moves)
{
    int max_depth = lim->max_depth < RICOCHET_MAX_MOVES ? lim->max_depth : RICOCHET_MAX_MOVES;
    seek s = {.b = b, .r = r, .nrobots = r->start.nrobots, .cap = lim->max_nodes > 1 ? lim->max_nodes : 1};
    size_t slots = 16;
    while (slots < (size_t)s.cap * 2)
        slots <<= 1;
    s.mask = slots - 1;
    s.nodes = malloc((size_t)s.cap * sizeof *s.nodes);
    s.table = calloc(slots, sizeof *s.table);
    int found = -1;
    if (s.nodes && s.table && max_depth > 0) {
        uint64_t root = 0;
        for (int i = 0; i < s.nrobots; i++)
            root |= (uint64_t)r->start.cell[i] << (8 * i);
        remember(&s, root, -1, 0, 0, 0);
        for (int at = 0; at < s.count && found < 0; at++) {
            if (cancel && at % 64 == 0 && *cancel)
                break; /* cut short: as good as finding nothing */
            if (s.nodes[at].depth < max_depth)
                found = expand(&s, at, lim, moves);
        }
    }
    free(s.nodes);
    free(s.table);
    return found;
}
