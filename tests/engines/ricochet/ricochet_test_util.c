/* ricochet_test_util.c: puzzles for the ricochet suites. */
#include "ricochet_test_util.h"

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

void test_board(ricochet_board *b, const char *nw, const char *ne, const char *se, const char *sw)
{
    int layout[4] = {ricochet_side_find(nw), ricochet_side_find(ne), ricochet_side_find(se),
                     ricochet_side_find(sw)};
    char why[200] = "";
    cr_assert_eq(ricochet_board_assemble(b, layout, why, sizeof why), 0, "%s", why);
}

void test_open_board(ricochet_board *b)
{
    memset(b, 0, sizeof *b);
    for (int c = 0; c < RICOCHET_CELLS; c++) {
        int x = RICOCHET_X(c), y = RICOCHET_Y(c);
        if ((x == 7 || x == 8) && (y == 7 || y == 8))
            b->walls[c] = RICOCHET_BLOCK;
    }
    ricochet_board_seal(b);
}

void test_wall(ricochet_board *b, int x, int y, int d)
{
    b->walls[RICOCHET_CELL(x, y)] |= (uint8_t)RICOCHET_WALL(d);
    ricochet_board_seal(b);
}

const ricochet_sample *test_sample(const char *id, ricochet_board *b, ricochet_puzzle *p)
{
    for (int i = 0; i < ricochet_sample_count; i++) {
        const ricochet_sample *x = &ricochet_samples[i];
        if (strcmp(x->id, id) != 0)
            continue;
        test_board(b, x->layout[0], x->layout[1], x->layout[2], x->layout[3]);
        memset(p, 0, sizeof *p);
        p->board = b;
        p->target = x->target;
        p->active = x->active;
        p->ricochet_rule = true;
        p->robots.nrobots = x->nrobots;
        memcpy(p->robots.cell, x->robots, sizeof p->robots.cell);
        return x;
    }
    cr_assert_fail("no sample puzzle %s", id);
    return NULL;
}

ricochet_position test_position(int red, int green, int blue, int yellow, int silver)
{
    ricochet_position p = {.nrobots = silver < 0 ? 4 : 5};
    p.cell[0] = (uint8_t)red;
    p.cell[1] = (uint8_t)green;
    p.cell[2] = (uint8_t)blue;
    p.cell[3] = (uint8_t)yellow;
    if (silver >= 0)
        p.cell[4] = (uint8_t)silver;
    return p;
}

bool test_replays(const ricochet_puzzle *p, const ricochet_move *moves, int n)
{
    ricochet_round r;
    ricochet_round_start(&r, &p->robots, p->target, p->active, p->ricochet_rule);
    char why[256];
    for (int i = 0; i < n; i++) {
        if (r.solved)
            return false; /* solved before the last move */
        if (ricochet_round_move(&r, p->board, moves[i].robot, moves[i].dir, NULL, why, sizeof why) < 0)
            return false;
    }
    return r.solved && r.moves == n;
}

/* A full position: every robot's cell and turn state, colour by colour. */
typedef struct bfs_node {
    ricochet_round round;
} bfs_node;

static uint64_t node_key(const ricochet_round *r)
{
    uint64_t k = 1;
    for (int i = 0; i < r->pos.nrobots; i++)
        k = k << 10 | r->pos.cell[i] | (uint64_t)r->turn[i] << 8;
    return k;
}

/* An open-addressed set of keys. */
typedef struct key_set {
    uint64_t *slots;
    size_t size, count;
} key_set;

static bool set_add(key_set *s, uint64_t k)
{
    if (s->count * 2 >= s->size) {
        key_set bigger = {calloc(s->size * 2, sizeof(uint64_t)), s->size * 2, 0};
        for (size_t i = 0; i < s->size; i++)
            if (s->slots[i])
                set_add(&bigger, s->slots[i]);
        free(s->slots);
        *s = bigger;
    }
    size_t i = (size_t)(k * UINT64_C(0x9E3779B97F4A7C15) >> 40) & (s->size - 1);
    while (s->slots[i]) {
        if (s->slots[i] == k)
            return false;
        i = (i + 1) & (s->size - 1);
    }
    s->slots[i] = k;
    s->count++;
    return true;
}

/* The fewest moves that solve the round, through the round module itself
 * (so every rule applies exactly as in play); -1 when none within limit,
 * -2 when more than max_states positions would be needed to tell. */
int test_bfs_optimum(const ricochet_board *b, const ricochet_puzzle *p, int limit,
                       size_t max_states)
{
    key_set seen = {calloc(1 << 16, sizeof(uint64_t)), 1 << 16, 0};
    size_t cap = 1024, head = 0, tail = 0;
    bfs_node *queue = malloc(cap * sizeof *queue);
    ricochet_round_start(&queue[tail++].round, &p->robots, p->target, p->active, p->ricochet_rule);
    set_add(&seen, node_key(&queue[0].round));
    int answer = -1;
    while (head < tail && answer == -1) {
        ricochet_round cur = queue[head++].round;
        if (cur.moves >= limit)
            break;
        for (int robot = 0; robot < cur.pos.nrobots && answer == -1; robot++)
            for (int d = 0; d < 4; d++) {
                /* Moves that go nowhere are refused anyway; skipping them
                 * here only spares writing the sentence. */
                int npath;
                ricochet_slide(b, &cur.pos, robot, d, NULL, &npath, NULL, NULL);
                if (npath == 0)
                    continue;
                ricochet_round next = cur;
                char why[256];
                if (ricochet_round_move(&next, b, robot, d, NULL, why, sizeof why) < 0)
                    continue;
                if (next.solved) {
                    answer = next.moves;
                    break;
                }
                if (!set_add(&seen, node_key(&next)))
                    continue;
                if (tail == cap) {
                    cap *= 2;
                    queue = realloc(queue, cap * sizeof *queue);
                }
                queue[tail++].round = next;
                if (seen.count > max_states) {
                    answer = -2;
                    break;
                }
            }
    }
    free(queue);
    free(seen.slots);
    return answer;
}
