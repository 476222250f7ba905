/* test_rules.c: the pure rules: cones, simultaneous movement, paths, powers. */
#include "support.h"

#include <stdlib.h>

enum { N, NE, E, SE, S, SW, W, NW };

/* An independent oracle: turn the offset so the laser faces N (edge) or NE
 * (corner), then read the cone off the picture in RULINGS §3. */
static bool oracle(int dir, int dx, int dy, int reach)
{
    for (int k = 0; k < dir / 2; k++) { /* a quarter turn counter-clockwise */
        int t = dx;
        dx = dy;
        dy = -t;
    }
    int far = abs(dx) > abs(dy) ? abs(dx) : abs(dy);
    if (far == 0 || far > reach)
        return false;
    if (dir % 2 == 0)
        return -dy >= 1 && abs(dx) <= -dy; /* north: a widening wedge */
    return dx >= 0 && dy <= 0;             /* north-east: the quarter-plane */
}

static bool has_cell(const int *cells, int n, int cell)
{
    for (int i = 0; i < n; i++) {
        if (cells[i] == cell)
            return true;
    }
    return false;
}

Test(boxing_cones, edge_laser_fires_straight_out_widening_one_cell_each_side_per_cell)
{
    int cells[BOXING_MAX_CELLS];
    int n = boxing_cone_cells(8, N, 7 * 8 + 4, 3, cells); /* from (4,7), reach 3 */
    cr_assert_eq(n, 3 + 5 + 7);
    cr_assert(has_cell(cells, n, 6 * 8 + 3) && has_cell(cells, n, 6 * 8 + 5), "row 1 is 3 wide");
    cr_assert(!has_cell(cells, n, 6 * 8 + 2), "row 1 is not 5 wide");
    cr_assert(has_cell(cells, n, 4 * 8 + 1) && has_cell(cells, n, 4 * 8 + 7), "row 3 is 7 wide");
    cr_assert(!has_cell(cells, n, 3 * 8 + 4), "reach 3 stops at row 3");
}

Test(boxing_cones, corner_laser_covers_the_quarter_plane_toward_its_corner)
{
    int cells[BOXING_MAX_CELLS];
    int from = 5 * 8 + 2; /* (2,5) */
    int n = boxing_cone_cells(8, NE, from, 4, cells);
    cr_assert_eq(n, 5 * 5 - 1, "x 2..6, y 1..5 but the robot's own cell");
    cr_assert(has_cell(cells, n, 1 * 8 + 2), "straight north is in the quarter");
    cr_assert(has_cell(cells, n, 5 * 8 + 6), "straight east is in the quarter");
    cr_assert(!has_cell(cells, n, 5 * 8 + 1) && !has_cell(cells, n, 6 * 8 + 3), "west and south are not");
    cr_assert(!has_cell(cells, n, from), "never its own cell");
}

Test(boxing_cones, freds_ne_laser_with_four_lasers_reaches_four_cells)
{
    /* "he already used his booster for movement and he has all four lasers so
     * his total range is 4" */
    cr_assert(boxing_cone_contains(NE, 4, -4, 4));
    cr_assert(boxing_cone_contains(NE, 0, -4, 4));
    cr_assert(!boxing_cone_contains(NE, 5, -1, 4));
    cr_assert(!boxing_cone_contains(NE, -1, -3, 4));
}

Test(boxing_cones, freds_west_gun_reaches_four_cells_counting_diagonally)
{
    cr_assert(boxing_cone_contains(W, -4, 0, 4));
    cr_assert(boxing_cone_contains(W, -4, 4, 4), "four away diagonally");
    cr_assert(boxing_cone_contains(W, -4, -4, 4));
    cr_assert(!boxing_cone_contains(W, -3, 4, 4), "outside the 90 degree wedge");
    cr_assert(!boxing_cone_contains(W, -5, 0, 4), "beyond reach");
    cr_assert(!boxing_cone_contains(W, 1, 0, 4), "behind the gun");
}

Test(boxing_cones, every_cone_shape_and_reach_at_the_ring_edges_and_corners)
{
    for (int size = 6; size <= 16; size += 5) {
        int m = size - 1, h = size / 2;
        const int spots[][2] = {{0, 0}, {m, 0}, {m, m}, {0, m}, {h, 0}, {m, h}, {h, m}, {0, h}, {h, h}};
        for (size_t i = 0; i < sizeof spots / sizeof spots[0]; i++) {
            int cell = spots[i][1] * size + spots[i][0];
            for (int dir = 0; dir < BOXING_DIRS; dir++) {
                for (int reach = 1; reach <= 8; reach++) {
                    int cells[BOXING_MAX_CELLS], want = 0;
                    int n = boxing_cone_cells(size, dir, cell, reach, cells);
                    for (int c = 0; c < size * size; c++) {
                        bool in = oracle(dir, c % size - spots[i][0], c / size - spots[i][1], reach);
                        want += in;
                        cr_assert_eq(has_cell(cells, n, c), in, "size %d from (%d,%d) facing %s reach %d: cell (%d,%d)",
                                     size, spots[i][0], spots[i][1], boxing_dirs[dir].name, reach, c % size,
                                     c / size);
                    }
                    cr_assert_eq(n, want);
                }
            }
        }
    }
}

Test(boxing_cones, a_laser_facing_off_the_ring_covers_nothing)
{
    int cells[BOXING_MAX_CELLS];
    cr_assert_eq(boxing_cone_cells(8, N, 3, 8, cells), 0, "north from the north edge");
    cr_assert_eq(boxing_cone_cells(8, NW, 0, 8, cells), 0, "north-west from the NW corner");
    cr_assert_eq(boxing_cone_cells(8, NE, 0, 8, cells), 7, "north-east from the NW corner: the top row");
    cr_assert_eq(boxing_cone_cells(8, W, 8 * 3, 8, cells), 0, "west from the west edge");
}

/* ---- movement ---- */

static boxing_orders walk(const char *dirs)
{
    boxing_orders o;
    boxing_orders_idle(&o);
    /* n e s w, and the diagonals by their clock-ish digits: 1 NE, 3 SE, 5 SW, 7 NW */
    for (const char *p = dirs; *p; p++) {
        int d = *p == 'n' ? N : *p == 'e' ? E : *p == 's' ? S : *p == 'w' ? W : *p == '1' ? NE
              : *p == '3' ? SE : *p == '5' ? SW : NW;
        o.path[o.steps++] = (int8_t)d;
    }
    return o;
}

static int at(int x, int y)
{
    return y * 8 + x;
}

static void move2(const char *a, int ca, const char *b, int cb, boxing_motion *m)
{
    bool present[2] = {true, true};
    int start[2] = {ca, cb};
    boxing_orders o[2] = {walk(a), walk(b)};
    boxing_move_all(8, 2, present, start, o, m);
}

Test(boxing_movement, robots_stepping_into_the_same_cell_both_stop)
{
    boxing_motion m;
    move2("ee", at(2, 2), "ww", at(4, 2), &m);
    cr_assert_eq(m.cell[0][m.frames], at(2, 2));
    cr_assert_eq(m.cell[1][m.frames], at(4, 2));
    cr_assert_eq(m.stop_step[0], 1);
    cr_assert_eq(m.stop_why[1], BOXING_STOP_SAME_CELL);
}

Test(boxing_movement, robots_swapping_cells_both_stop)
{
    boxing_motion m;
    move2("e", at(2, 2), "w", at(3, 2), &m);
    cr_assert_eq(m.cell[0][1], at(2, 2));
    cr_assert_eq(m.cell[1][1], at(3, 2));
    cr_assert_eq(m.stop_why[0], BOXING_STOP_SWAP);
    cr_assert_eq(m.stop_why[1], BOXING_STOP_SWAP);
}

Test(boxing_movement, a_robot_may_not_enter_the_cell_the_other_holds_after_its_step)
{
    boxing_motion m;
    move2("eee", at(1, 2), "", at(3, 2), &m);
    cr_assert_eq(m.cell[0][m.frames], at(2, 2), "stopped next to the robot standing still");
    cr_assert_eq(m.stop_step[0], 2);
    cr_assert_eq(m.stop_why[0], BOXING_STOP_OCCUPIED);
    cr_assert_eq(m.cell[1][m.frames], at(3, 2));
}

Test(boxing_movement, a_robot_may_follow_into_a_cell_being_left)
{
    boxing_motion m;
    move2("ee", at(1, 2), "ee", at(2, 2), &m);
    cr_assert_eq(m.cell[0][2], at(3, 2));
    cr_assert_eq(m.cell[1][2], at(4, 2));
    cr_assert_eq(m.stop_step[0] + m.stop_step[1], 0);
}

Test(boxing_movement, a_stopped_robot_loses_the_rest_of_its_path)
{
    /* both step into (3,2) and stop; the west path would be clear later, but
     * a stopped robot stays where it is */
    boxing_motion m;
    bool present[2] = {true, true};
    int start[2] = {at(2, 2), at(4, 2)};
    boxing_orders o[2] = {walk("e"), walk("wwww")};
    boxing_move_all(8, 2, present, start, o, &m);
    cr_assert_eq(m.stop_step[1], 1, "both entered (3,2)");
    cr_assert_eq(m.cell[1][4], at(4, 2), "and the rest of its path is lost");
}

Test(boxing_movement, diagonal_paths_may_cross)
{
    boxing_motion m;
    move2("3", at(2, 2), "5", at(3, 2), &m);
    cr_assert_eq(m.cell[0][1], at(3, 3));
    cr_assert_eq(m.cell[1][1], at(2, 3));
}

Test(boxing_movement, a_blocked_robot_blocks_the_one_behind_it)
{
    bool present[3] = {true, true, true};
    int start[3] = {at(1, 2), at(2, 2), at(3, 2)};
    boxing_orders o[3] = {walk("e"), walk("e"), walk("")};
    boxing_motion m;
    boxing_move_all(8, 3, present, start, o, &m);
    cr_assert_eq(m.cell[0][1], at(1, 2));
    cr_assert_eq(m.cell[1][1], at(2, 2));
    cr_assert_eq(m.stop_why[0], BOXING_STOP_OCCUPIED);
}

Test(boxing_movement, robots_off_the_ring_block_nothing)
{
    bool present[2] = {true, false};
    int start[2] = {at(1, 2), at(2, 2)};
    boxing_orders o[2] = {walk("ee"), walk("")};
    boxing_motion m;
    boxing_move_all(8, 2, present, start, o, &m);
    cr_assert_eq(m.cell[0][2], at(3, 2));
}

Test(boxing_movement, a_path_may_not_leave_the_ring)
{
    boxing_orders o = walk("en");
    cr_assert_eq(boxing_path_leaves(8, at(0, 0), &o), 2);
    o = walk("ss");
    cr_assert_eq(boxing_path_leaves(8, at(0, 0), &o), 0);
}

/* ---- powers ---- */

static boxing_layout corners_layout(void)
{
    boxing_layout l;
    json_t *a = json_loads(BX_CORNERS, 0, NULL);
    cr_assert_eq(boxing_layout_from_json(a, false, &l, NULL), 0);
    json_decref(a);
    return l;
}

Test(boxing_powers, steps_are_working_engines_doubled_by_a_working_booster)
{
    boxing_layout l = corners_layout();
    boxing_powers p;
    boxing_powers_of(&l, 1u << 4 /* e, the N engine */, &p);
    /* Sally: 3 undamaged engines and an undamaged booster: up to 6 spaces */
    cr_assert_eq(p.engines, 3);
    cr_assert_eq(boxing_max_steps(&p, BOXING_BOOST_MOVE), 6);
    cr_assert_eq(boxing_max_steps(&p, BOXING_BOOST_NONE), 3);
    cr_assert_eq(boxing_max_steps(&p, BOXING_BOOST_SHOOT), 3, "a booster on shooting does not move");
    cr_assert(!(p.dirs & (1u << N)), "no north engine any more");
    cr_assert(p.dirs & (1u << E));
}

Test(boxing_powers, a_path_too_long_is_refused_in_a_sentence_that_counts_right)
{
    boxing_layout l = corners_layout();
    boxing_orders o = walk("ss");
    game_error err;
    /* e, f and g (the N, W and E engines) destroyed: one engine left, no booster use */
    cr_assert_eq(boxing_orders_check(&l, 0x70, 8, at(3, 3), &o, &err), -1);
    cr_assert_str_eq(err.message, "your path has 2 steps but your robot can make only 1 "
                                  "(1 working engine)");
    o = walk("s");
    cr_assert_eq(boxing_orders_check(&l, 0xf0, 8, at(3, 3), &o, &err), -1);
    cr_assert(strstr(err.message, "has 1 step but"), "%s", err.message);
}

Test(boxing_powers, reach_is_working_lasers_doubled_by_the_booster_on_shooting)
{
    boxing_layout l = corners_layout();
    boxing_powers p;
    boxing_powers_of(&l, 1u << 0 /* a, the NW laser */, &p);
    cr_assert_eq(boxing_reach(&p, BOXING_BOOST_NONE), 3);
    cr_assert_eq(boxing_reach(&p, BOXING_BOOST_SHOOT), 6);
    cr_assert_eq(boxing_reach(&p, BOXING_BOOST_MOVE), 3, "a booster on moving does not shoot");
}

Test(boxing_powers, knocked_out_with_every_laser_or_every_engine_destroyed)
{
    boxing_layout l = corners_layout();
    cr_assert_eq(boxing_knocked_out(&l, 0x7), 0, "three lasers gone");
    cr_assert_eq(boxing_knocked_out(&l, 0xf), BOXING_OUT_LASERS);
    cr_assert_eq(boxing_knocked_out(&l, 0xf0), BOXING_OUT_ENGINES);
    cr_assert_eq(boxing_knocked_out(&l, 0xff), BOXING_OUT_LASERS | BOXING_OUT_ENGINES);
    cr_assert_eq(boxing_knocked_out(&l, 0x100), 0, "the booster alone");
}

Test(boxing_layouts, random_layouts_are_valid_and_varied)
{
    rng r;
    rng_seed(&r, 5);
    int centre_letters = 0;
    for (int i = 0; i < 200; i++) {
        boxing_layout l;
        boxing_layout_random(&l, &r);
        cr_assert_eq(boxing_layout_check(&l, false, NULL), 0);
        centre_letters |= 1 << l.letter[BOXING_CENTRE];
    }
    cr_assert_eq(centre_letters, 0x1ff, "every letter can be the booster");
}
