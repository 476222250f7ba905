/* ricochet_test_util.c: puzzles for the ricochet suites. */
#include "ricochet_test_util.h"

#include <criterion/criterion.h>
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
