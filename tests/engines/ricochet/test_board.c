/* test_board.c: the board (RULINGS 1, "Board", "Robots", "Chips"). */
#include <criterion/criterion.h>
#include <string.h>

#include "ricochet_test_util.h"

/* Where quadrant cell (x, y) lands in a corner, written independently of the
 * board module from quadrants.json's formula_16x16. */
static int placed(int corner, int x, int y)
{
    static const int fx[4][3] = {{0, 1, 0}, {15, 0, -1}, {15, -1, 0}, {0, 0, 1}};
    static const int fy[4][3] = {{0, 0, 1}, {0, 1, 0}, {15, 0, -1}, {15, -1, 0}};
    int X = fx[corner][0] + fx[corner][1] * x + fx[corner][2] * y;
    int Y = fy[corner][0] + fy[corner][1] * x + fy[corner][2] * y;
    return RICOCHET_CELL(X, Y);
}

/* A layout with `side` in `corner` and A sides of the other tiles around. */
static void layout_with(int side, int corner, int layout[4])
{
    int tile = ricochet_sides[side].tile, next = 1;
    for (int c = 0; c < 4; c++) {
        if (c == corner) {
            layout[c] = side;
            continue;
        }
        if (next == tile)
            next++;
        char id[3] = {(char)('0' + next++), 'A', 0};
        layout[c] = ricochet_side_find(id);
    }
}

Test(ricochet_board, all_sixteen_quadrant_sides_are_compiled_in)
{
    int per_tile[5] = {0};
    for (int i = 0; i < RICOCHET_SIDE_COUNT; i++) {
        const ricochet_side *s = &ricochet_sides[i];
        cr_assert(s->tile >= 1 && s->tile <= 4);
        cr_assert(strchr("ABCD", s->letter));
        per_tile[s->tile]++;
        cr_assert_eq(ricochet_side_find(s->id), i);
        /* Only tile 4 carries the vortex; D sides lack their diagonals. */
        cr_assert_eq(s->has_vortex, s->tile == 4, "side %s", s->id);
        cr_assert_eq(s->diagonals_omitted, s->letter == 'D', "side %s", s->id);
        cr_assert_eq(s->walls[7][7] & RICOCHET_BLOCK, RICOCHET_BLOCK, "side %s", s->id);
        cr_assert_eq(s->ntargets, s->tile == 4 ? 5 : 4, "side %s", s->id);
    }
    for (int t = 1; t <= 4; t++)
        cr_assert_eq(per_tile[t], 4);
}

Test(ricochet_board, every_side_assembles_in_every_corner_with_consistent_walls)
{
    for (int side = 0; side < RICOCHET_SIDE_COUNT; side++) {
        for (int corner = 0; corner < 4; corner++) {
            int layout[4];
            layout_with(side, corner, layout);
            ricochet_board b;
            char why[200];
            cr_assert_eq(ricochet_board_assemble(&b, layout, why, sizeof why), 0, "%s", why);
            const ricochet_side *s = &ricochet_sides[side];
            for (int y = 0; y < 8; y++)
                for (int x = 0; x < 8; x++) {
                    int cell = placed(corner, x, y);
                    unsigned stored = s->walls[y][x];
                    if (stored & RICOCHET_BLOCK) {
                        /* Its quarter of the centre block touches the centre. */
                        cr_assert(ricochet_is_block(&b, cell));
                        cr_assert(RICOCHET_X(cell) >= 7 && RICOCHET_X(cell) <= 8);
                        cr_assert(RICOCHET_Y(cell) >= 7 && RICOCHET_Y(cell) <= 8);
                        continue;
                    }
                    /* Each stored wall, turned with the quadrant, is there. */
                    for (int d = 0; d < 4; d++)
                        if (stored & RICOCHET_WALL(d))
                            cr_assert(b.walls[cell] & RICOCHET_WALL((d + corner) & 3),
                                      "side %s in %s: cell (%d,%d) lost its wall %s", s->id,
                                      ricochet_corner_name(corner), x, y, ricochet_dir_name(d));
                }
            /* Every wall is on both cells it separates; the edge is walled. */
            for (int c = 0; c < RICOCHET_CELLS; c++)
                for (int d = 0; d < 4; d++) {
                    int n = ricochet_neighbor(c, d);
                    if (n < 0)
                        cr_assert(b.walls[c] & RICOCHET_WALL(d));
                    else
                        cr_assert_eq(!!(b.walls[c] & RICOCHET_WALL(d)),
                                     !!(b.walls[n] & RICOCHET_WALL((d + 2) & 3)),
                                     "side %s in %s: one-sided wall at cell %d", s->id,
                                     ricochet_corner_name(corner), c);
                }
            /* Its chips land where the turned quadrant puts them. */
            for (int i = 0; i < s->ntargets; i++) {
                int cell = placed(corner, s->targets[i].x, s->targets[i].y);
                cr_assert_eq(ricochet_board_target_cell(&b, s->targets[i].chip), cell);
            }
        }
    }
}

Test(ricochet_board, centre_block_is_the_four_middle_cells_and_walled_in)
{
    ricochet_board b;
    test_board(&b, "1A", "2A", "3A", "4A");
    int block = 0;
    for (int c = 0; c < RICOCHET_CELLS; c++)
        block += ricochet_is_block(&b, c);
    cr_assert_eq(block, 4);
    static const int cells[4] = {119, 120, 135, 136};
    for (int i = 0; i < 4; i++)
        cr_assert(ricochet_is_block(&b, cells[i]));
    cr_assert(b.walls[RICOCHET_CELL(6, 7)] & RICOCHET_WALL(RICOCHET_E));
    cr_assert(b.walls[RICOCHET_CELL(7, 9)] & RICOCHET_WALL(RICOCHET_N));
}

Test(ricochet_board, any_tile_may_take_any_corner_but_one_side_per_tile)
{
    ricochet_board b;
    test_board(&b, "4B", "3B", "2B", "1A");
    test_board(&b, "2A", "1B", "4A", "3B");
    int layout[4] = {ricochet_side_find("1A"), ricochet_side_find("1B"), ricochet_side_find("3A"),
                     ricochet_side_find("4A")};
    char why[200];
    cr_assert_eq(ricochet_board_assemble(&b, layout, why, sizeof why), -1);
    cr_assert(strstr(why, "tile 1"), "%s", why);
}

Test(ricochet_board, a_board_holds_sixteen_coloured_chips_and_the_vortex)
{
    rng r;
    rng_seed(&r, 5);
    for (int k = 0; k < 200; k++) {
        int layout[4];
        ricochet_layout_random(&r, k % 2 ? "ABC" : "AB", layout);
        ricochet_board b;
        cr_assert_eq(ricochet_board_assemble(&b, layout, NULL, 0), 0);
        cr_assert_eq(b.ntargets, RICOCHET_CHIPS);
        for (int i = 0; i < RICOCHET_CHIPS; i++) {
            int cell = ricochet_board_target_cell(&b, ricochet_chips[i]);
            cr_assert(cell >= 0, "chip %d has no target", i);
            cr_assert(!ricochet_is_block(&b, cell));
            for (int j = 0; j < i; j++)
                cr_assert_neq(cell, ricochet_board_target_cell(&b, ricochet_chips[j]));
        }
    }
}

Test(ricochet_board, option_sides_says_which_sides_may_be_drawn)
{
    rng r;
    rng_seed(&r, 11);
    bool seen_c = false;
    for (int k = 0; k < 400; k++) {
        int layout[4], tiles = 0;
        ricochet_layout_random(&r, k < 200 ? "AB" : "ABC", layout);
        for (int c = 0; c < 4; c++) {
            const ricochet_side *s = &ricochet_sides[layout[c]];
            cr_assert(strchr(k < 200 ? "AB" : "ABC", s->letter));
            cr_assert_neq(s->letter, 'D');
            tiles |= 1 << s->tile;
            seen_c |= s->letter == 'C';
        }
        cr_assert_eq(tiles, 0x1e, "one side of each tile 1-4");
    }
    cr_assert(seen_c);
}

Test(ricochet_board, the_seventeen_chips_are_every_colour_and_symbol_and_the_vortex)
{
    for (int i = 0; i < RICOCHET_CHIPS; i++)
        for (int j = 0; j < i; j++)
            cr_assert(ricochet_chips[i].color != ricochet_chips[j].color ||
                      ricochet_chips[i].symbol != ricochet_chips[j].symbol);
    cr_assert_eq(ricochet_chips[16].color, RICOCHET_ANY);
    cr_assert_eq(ricochet_chips[16].symbol, RICOCHET_VORTEX);
}

Test(ricochet_board, start_cells_are_distinct_never_the_centre_never_a_target)
{
    rng r;
    rng_seed(&r, 3);
    for (int k = 0; k < 300; k++) {
        int layout[4];
        ricochet_layout_random(&r, "AB", layout);
        ricochet_board b;
        ricochet_board_assemble(&b, layout, NULL, 0);
        ricochet_position p;
        ricochet_position_random(&r, &b, k % 2 ? 5 : 4, &p);
        cr_assert_eq(p.nrobots, k % 2 ? 5 : 4);
        for (int i = 0; i < p.nrobots; i++) {
            cr_assert(!ricochet_is_block(&b, p.cell[i]));
            cr_assert_null(ricochet_board_target_at(&b, p.cell[i]));
            for (int j = 0; j < i; j++)
                cr_assert_neq(p.cell[i], p.cell[j]);
        }
    }
}

Test(ricochet_board, random_set_ups_come_from_the_seed_alone)
{
    for (uint64_t seed = 1; seed < 20; seed++) {
        rng a, b;
        rng_seed(&a, seed);
        rng_seed(&b, seed);
        int la[4], lb[4];
        ricochet_layout_random(&a, "ABC", la);
        ricochet_layout_random(&b, "ABC", lb);
        cr_assert_arr_eq(la, lb, sizeof la);
        ricochet_board ba;
        ricochet_board_assemble(&ba, la, NULL, 0);
        ricochet_position pa, pb;
        ricochet_position_random(&a, &ba, 5, &pa);
        ricochet_position_random(&b, &ba, 5, &pb);
        cr_assert_arr_eq(pa.cell, pb.cell, sizeof pa.cell);
    }
}

Test(ricochet_board, names_read_back)
{
    for (int c = 0; c < RICOCHET_ROBOTS_MAX; c++)
        cr_assert_eq(ricochet_color_parse(ricochet_color_name(c)), c);
    cr_assert_eq(ricochet_color_parse("any"), RICOCHET_ANY);
    cr_assert_eq(ricochet_color_parse("purple"), -2);
    for (int d = 0; d < 4; d++) {
        cr_assert_eq(ricochet_dir_parse(ricochet_dir_name(d)), d);
        cr_assert_eq(ricochet_dir_parse(ricochet_dir_word(d)), d);
    }
    cr_assert_eq(ricochet_dir_parse("up"), -1);
    for (int s = 0; s <= RICOCHET_VORTEX; s++)
        cr_assert_eq(ricochet_symbol_parse(ricochet_symbol_name(s)), s);
}
