/* test_moves.c: moves (seed text and RULINGS 1, "A move") and the ricochet
 * rule (RULINGS 1, "The ricochet rule"). */
#include <criterion/criterion.h>
#include <string.h>

#include "ricochet_test_util.h"

#define C(x, y) RICOCHET_CELL(x, y)

/* A round on an open board (edge and centre block only) with the robots
 * where given and the target at target. */
static void open_round(ricochet_board *b, ricochet_round *r, ricochet_position pos, int target,
                       int active, bool rule)
{
    test_open_board(b);
    ricochet_round_start(r, &pos, target, active, rule);
}

static ricochet_step move_ok(ricochet_round *r, const ricochet_board *b, int robot, int dir)
{
    ricochet_step st;
    char why[256] = "";
    cr_assert_eq(ricochet_round_move(r, b, robot, dir, &st, why, sizeof why), 0,
                 "%s %s refused: %s", ricochet_color_name(robot), ricochet_dir_word(dir), why);
    return st;
}

/* The move is refused, with a sentence containing `words`, and the round
 * is exactly as before. */
static void move_refused(ricochet_round *r, const ricochet_board *b, int robot, int dir,
                         const char *words)
{
    ricochet_round before = *r;
    char why[256] = "";
    cr_assert_eq(ricochet_round_move(r, b, robot, dir, NULL, why, sizeof why), -1,
                 "%s %s was accepted", ricochet_color_name(robot), ricochet_dir_word(dir));
    cr_assert(strstr(why, words), "\"%s\" does not say \"%s\"", why, words);
    cr_assert_eq(memcmp(&before, r, sizeof before), 0, "a refused move changed the round");
}

Test(ricochet_moves, robots_have_no_brakes_they_slide_until_an_obstacle)
{
    ricochet_board b;
    ricochet_round r;
    open_round(&b, &r, test_position(C(2, 3), C(0, 15), C(15, 15), C(15, 0), -1), C(9, 9),
               RICOCHET_RED, false);
    ricochet_step st = move_ok(&r, &b, RICOCHET_RED, RICOCHET_E);
    cr_assert_eq(st.to, C(15, 3), "slid all the way to the east edge");
    cr_assert_eq(st.npath, 13);
    for (int i = 0; i < st.npath; i++)
        cr_assert_eq(st.path[i], C(3 + i, 3), "the path lists every cell in order");
}

Test(ricochet_moves, the_edge_of_the_board_is_an_obstacle)
{
    ricochet_board b;
    ricochet_round r;
    open_round(&b, &r, test_position(C(4, 4), C(0, 15), C(15, 15), C(15, 1), -1), C(9, 9),
               RICOCHET_RED, false);
    cr_assert_eq(move_ok(&r, &b, RICOCHET_RED, RICOCHET_N).to, C(4, 0));
    cr_assert_eq(move_ok(&r, &b, RICOCHET_RED, RICOCHET_W).to, C(0, 0));
    move_refused(&r, &b, RICOCHET_RED, RICOCHET_N, "red cannot move north: the edge of the board");
    move_refused(&r, &b, RICOCHET_RED, RICOCHET_W, "edge");
}

Test(ricochet_moves, walls_stop_robots_from_both_sides)
{
    ricochet_board b;
    ricochet_round r;
    open_round(&b, &r, test_position(C(1, 5), C(12, 5), C(0, 15), C(15, 15), -1), C(9, 9),
               RICOCHET_RED, false);
    test_wall(&b, 6, 5, RICOCHET_E); /* between (6,5) and (7,5) */
    cr_assert_eq(move_ok(&r, &b, RICOCHET_RED, RICOCHET_E).to, C(6, 5), "stopped west of the wall");
    cr_assert_eq(move_ok(&r, &b, RICOCHET_GREEN, RICOCHET_W).to, C(7, 5), "stopped east of it");
    move_refused(&r, &b, RICOCHET_RED, RICOCHET_E, "red cannot move east: a wall");
    move_refused(&r, &b, RICOCHET_GREEN, RICOCHET_W, "a wall");
}

Test(ricochet_moves, the_centre_block_is_an_obstacle)
{
    ricochet_board b;
    ricochet_round r;
    open_round(&b, &r, test_position(C(7, 0), C(0, 8), C(15, 15), C(15, 0), -1), C(3, 3),
               RICOCHET_RED, false);
    cr_assert_eq(move_ok(&r, &b, RICOCHET_RED, RICOCHET_S).to, C(7, 6));
    cr_assert_eq(move_ok(&r, &b, RICOCHET_GREEN, RICOCHET_E).to, C(6, 8));
    move_refused(&r, &b, RICOCHET_RED, RICOCHET_S, "the centre block");
}

Test(ricochet_moves, other_robots_are_obstacles)
{
    ricochet_board b;
    ricochet_round r;
    open_round(&b, &r, test_position(C(2, 10), C(11, 10), C(0, 15), C(15, 15), -1), C(3, 3),
               RICOCHET_RED, false);
    cr_assert_eq(move_ok(&r, &b, RICOCHET_RED, RICOCHET_E).to, C(10, 10), "stops next to green");
    move_refused(&r, &b, RICOCHET_RED, RICOCHET_E, "the green robot is in the way");
    /* The robot it stopped against may move on; then the way is clear. */
    cr_assert_eq(move_ok(&r, &b, RICOCHET_GREEN, RICOCHET_N).to, C(11, 0));
    cr_assert_eq(move_ok(&r, &b, RICOCHET_RED, RICOCHET_E).to, C(15, 10));
}

Test(ricochet_moves, a_move_that_goes_nowhere_is_not_a_move)
{
    ricochet_board b;
    ricochet_round r;
    open_round(&b, &r, test_position(C(0, 0), C(1, 0), C(15, 15), C(15, 14), -1), C(3, 3),
               RICOCHET_RED, false);
    move_refused(&r, &b, RICOCHET_RED, RICOCHET_N, "cannot move north");
    move_refused(&r, &b, RICOCHET_RED, RICOCHET_E, "the green robot is in the way");
    move_refused(&r, &b, RICOCHET_BLUE, RICOCHET_N, "yellow robot is in the way");
    cr_assert_eq(r.moves, 0, "refusals are not counted");
}

Test(ricochet_moves, each_movement_to_the_next_obstacle_counts_as_one_move_whoever_moves)
{
    ricochet_board b;
    ricochet_round r;
    open_round(&b, &r, test_position(C(2, 2), C(5, 9), C(12, 12), C(1, 14), -1), C(3, 3),
               RICOCHET_RED, false);
    move_ok(&r, &b, RICOCHET_GREEN, RICOCHET_N);
    move_ok(&r, &b, RICOCHET_BLUE, RICOCHET_W);
    move_ok(&r, &b, RICOCHET_YELLOW, RICOCHET_E);
    move_ok(&r, &b, RICOCHET_RED, RICOCHET_S);
    cr_assert_eq(r.moves, 4);
}

Test(ricochet_moves, there_is_no_such_robot_and_no_such_direction)
{
    ricochet_board b;
    ricochet_round r;
    open_round(&b, &r, test_position(C(2, 2), C(5, 9), C(12, 12), C(1, 14), -1), C(3, 3),
               RICOCHET_RED, false);
    move_refused(&r, &b, RICOCHET_SILVER, RICOCHET_N, "there is no silver robot");
    move_refused(&r, &b, 9, RICOCHET_N, "no such robot");
    move_refused(&r, &b, RICOCHET_RED, 4, "north, east, south or west");
}

Test(ricochet_moves, the_silver_robot_moves_and_blocks_like_the_others)
{
    ricochet_board b;
    ricochet_round r;
    open_round(&b, &r, test_position(C(2, 4), C(0, 15), C(15, 15), C(15, 0), C(9, 4)), C(3, 3),
               RICOCHET_RED, false);
    cr_assert_eq(move_ok(&r, &b, RICOCHET_RED, RICOCHET_E).to, C(8, 4), "silver is in the way");
    cr_assert_eq(move_ok(&r, &b, RICOCHET_SILVER, RICOCHET_S).to, C(9, 15));
    cr_assert_eq(r.moves, 2);
}

/* ---- the ricochet rule ---- */

Test(ricochet_rule, the_active_robot_must_turn_before_it_may_stop_on_the_target)
{
    ricochet_board b;
    ricochet_round r;
    /* Red could slide straight east onto the target against the edge. */
    open_round(&b, &r, test_position(C(2, 3), C(0, 15), C(15, 15), C(14, 0), -1), C(15, 3),
               RICOCHET_RED, true);
    move_refused(&r, &b, RICOCHET_RED, RICOCHET_E, "may not stop on the target before it has");
    cr_assert(!r.solved);
}

Test(ricochet_rule, a_turn_is_two_of_its_own_moves_at_ninety_degrees)
{
    ricochet_board b;
    ricochet_round r;
    open_round(&b, &r, test_position(C(2, 3), C(0, 15), C(15, 15), C(5, 12), -1), C(15, 3),
               RICOCHET_RED, true);
    ricochet_step st = move_ok(&r, &b, RICOCHET_RED, RICOCHET_N);
    cr_assert(!st.turned, "a first move is no turn");
    st = move_ok(&r, &b, RICOCHET_RED, RICOCHET_E); /* (2,0) -> (15,0): a turn */
    cr_assert(st.turned);
    st = move_ok(&r, &b, RICOCHET_RED, RICOCHET_S); /* down past the target to blue */
    cr_assert(!st.turned, "it turns only once");
    cr_assert_eq(st.to, C(15, 14));
    cr_assert(!st.solved, "sliding over the target is not stopping on it");
}

Test(ricochet_rule, other_robots_may_move_in_between_the_turn)
{
    ricochet_board b;
    ricochet_round r;
    open_round(&b, &r, test_position(C(2, 9), C(0, 15), C(10, 13), C(14, 0), -1), C(15, 3),
               RICOCHET_RED, true);
    test_wall(&b, 15, 3, RICOCHET_N);
    move_ok(&r, &b, RICOCHET_RED, RICOCHET_E);   /* (2,9) -> (15,9) */
    move_ok(&r, &b, RICOCHET_GREEN, RICOCHET_N); /* others move in between */
    move_ok(&r, &b, RICOCHET_BLUE, RICOCHET_W);
    ricochet_step st = move_ok(&r, &b, RICOCHET_RED, RICOCHET_N);
    cr_assert(st.turned, "east, then (after the others) north: red has turned");
    cr_assert(st.solved);
    cr_assert_eq(r.moves, 4, "the helpers' moves count too");
}

Test(ricochet_rule, a_rebound_straight_back_is_not_a_turn)
{
    ricochet_board b;
    ricochet_round r;
    /* The target (4,3) is walled on its west side; red starts east of it. */
    open_round(&b, &r, test_position(C(9, 3), C(0, 15), C(15, 15), C(14, 0), -1), C(4, 3),
               RICOCHET_RED, true);
    test_wall(&b, 4, 3, RICOCHET_W);
    move_ok(&r, &b, RICOCHET_RED, RICOCHET_E); /* (9,3) -> (15,3) */
    move_refused(&r, &b, RICOCHET_RED, RICOCHET_W, "before it has ricocheted");
    /* A turn first (north and back down), then west is allowed. */
    move_ok(&r, &b, RICOCHET_RED, RICOCHET_N);
    move_ok(&r, &b, RICOCHET_RED, RICOCHET_S);
    cr_assert_eq(r.pos.cell[RICOCHET_RED], C(15, 14));
}

Test(ricochet_rule, the_round_is_solved_when_the_active_robot_stops_on_the_target_after_a_turn)
{
    ricochet_board b;
    ricochet_round r;
    open_round(&b, &r, test_position(C(2, 9), C(0, 15), C(15, 15), C(14, 0), -1), C(15, 3),
               RICOCHET_RED, true);
    test_wall(&b, 15, 3, RICOCHET_N);
    move_ok(&r, &b, RICOCHET_RED, RICOCHET_E);              /* (2,9) -> (15,9) */
    ricochet_step st = move_ok(&r, &b, RICOCHET_RED, RICOCHET_N); /* turn, up to the wall */
    cr_assert(st.turned && st.solved);
    cr_assert(r.solved);
    cr_assert_eq(r.finisher, RICOCHET_RED);
    move_refused(&r, &b, RICOCHET_GREEN, RICOCHET_N, "already solved");
}

Test(ricochet_rule, with_the_rule_off_any_stop_on_the_target_solves)
{
    ricochet_board b;
    ricochet_round r;
    open_round(&b, &r, test_position(C(2, 3), C(0, 15), C(15, 15), C(14, 0), -1), C(15, 3),
               RICOCHET_RED, false);
    ricochet_step st = move_ok(&r, &b, RICOCHET_RED, RICOCHET_E);
    cr_assert(st.solved && r.solved);
}

Test(ricochet_rule, another_robot_may_stop_on_the_target_without_solving)
{
    ricochet_board b;
    ricochet_round r;
    open_round(&b, &r, test_position(C(0, 10), C(2, 3), C(15, 15), C(14, 0), -1), C(15, 3),
               RICOCHET_RED, true);
    ricochet_step st = move_ok(&r, &b, RICOCHET_GREEN, RICOCHET_E);
    cr_assert_eq(st.to, C(15, 3));
    cr_assert(!st.solved && !r.solved);
}

Test(ricochet_rule, vortex_any_robot_may_finish_each_after_its_own_turn)
{
    for (int robot = 0; robot < RICOCHET_ROBOTS_MAX; robot++) {
        ricochet_board b;
        ricochet_round r;
        /* Every robot in its own row; the finisher starts at (2,9). */
        int cells[5] = {C(0, 12), C(0, 13), C(0, 14), C(0, 11), C(0, 10)};
        cells[robot] = C(2, 9);
        ricochet_position pos = {5, {0}};
        for (int i = 0; i < 5; i++)
            pos.cell[i] = (uint8_t)cells[i];
        open_round(&b, &r, pos, C(15, 3), RICOCHET_ANY, true);
        test_wall(&b, 15, 3, RICOCHET_N);
        move_ok(&r, &b, robot, RICOCHET_E);
        ricochet_step st = move_ok(&r, &b, robot, RICOCHET_N);
        cr_assert(st.solved, "%s finishes on the vortex", ricochet_color_name(robot));
        cr_assert_eq(r.finisher, robot);
    }
}

Test(ricochet_rule, vortex_binds_every_robot_to_the_rule)
{
    ricochet_board b;
    ricochet_round r;
    open_round(&b, &r, test_position(C(0, 10), C(2, 3), C(15, 15), C(14, 0), -1), C(15, 3),
               RICOCHET_ANY, true);
    move_refused(&r, &b, RICOCHET_GREEN, RICOCHET_E, "green may not stop on the target");
}

Test(ricochet_rule, a_failed_demonstration_puts_the_robots_back)
{
    ricochet_board b;
    ricochet_round r;
    ricochet_position start = test_position(C(2, 9), C(0, 15), C(15, 15), C(14, 0), -1);
    open_round(&b, &r, start, C(15, 3), RICOCHET_RED, true);
    move_ok(&r, &b, RICOCHET_RED, RICOCHET_E);
    move_ok(&r, &b, RICOCHET_GREEN, RICOCHET_N);
    ricochet_round_reset(&r);
    cr_assert_arr_eq(r.pos.cell, start.cell, sizeof start.cell);
    cr_assert_eq(r.moves, 0);
    cr_assert_eq(r.turn[RICOCHET_RED], RICOCHET_TURN_NONE, "the rule forgets the moves too");
}
