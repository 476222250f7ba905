/*
 * test_board.c: the factory floor, element by element (RULINGS §5, "A
 * register phase" and "Details decided"): moves square by square with push
 * chains and walls, pits and the edge, express and normal belts with their
 * curves and conflicts, pushers by register, gears, board and robot lasers
 * and their line of sight. And the board model's promise to RoboBall: a
 * second kind of piece is moved, blocks beams and is spared as its traits say.
 */
#include "support.h"

static test_course tc;
static rr_state st;

/* A 8x8 floor with four robots parked in a corner row out of the way. */
static void floor8(int robots)
{
    tc_init(&tc, 8, 8);
    ts_init(&st, &tc, robots, false);
}

static int cards4(int a, int b, int c, int d, int out[4])
{
    out[0] = a, out[1] = b, out[2] = c, out[3] = d;
    return 0;
}

/* ---- moves and pushes ---- */

Test(moves, a_move_card_goes_square_by_square_and_pushes_robots_in_its_way)
{
    floor8(2);
    ts_place(&st, 0, 1, 4, RR_E);
    ts_place(&st, 1, 3, 4, RR_S);
    int c[4];
    cards4(C_MOVE3, 0, 0, 0, c);
    ts_register(&st, 1, c, NULL);
    cr_assert_eq(ts_x(&st, 0), 4);
    cr_assert_eq(ts_x(&st, 1), 5, "pushed two squares, one per square of the card");
    cr_assert_eq(ts_y(&st, 1), 4);
    cr_assert_eq(st.floor.piece[1].facing, RR_S, "a pushed robot keeps its facing");
}

Test(moves, a_wall_in_a_push_chain_stops_the_whole_chain_and_ends_the_card)
{
    floor8(3);
    ts_place(&st, 0, 1, 4, RR_E);
    ts_place(&st, 1, 2, 4, RR_N);
    ts_place(&st, 2, 3, 4, RR_N);
    tc_wall(&tc, 3, 4, RR_E);
    int c[4];
    cards4(C_MOVE2, 0, 0, 0, c);
    json_t *ev;
    ts_register(&st, 1, c, &ev);
    cr_assert_eq(ts_x(&st, 0), 1, "nobody in the chain moves");
    cr_assert_eq(ts_x(&st, 1), 2);
    cr_assert_eq(ts_x(&st, 2), 3);
    json_t *card = rg_event(ev, "card");
    cr_assert_eq(json_array_size(json_object_get(card, "frames")), 1, "a blocked square ends the card");
    json_t *act = json_array_get(json_array_get(json_object_get(card, "frames"), 0), 0);
    cr_assert_str_eq(json_string_value(json_object_get(act, "do")), "blocked");
    cr_assert_str_eq(json_string_value(json_object_get(act, "why")), "wall");
    json_decref(ev);
}

Test(moves, a_wall_stops_a_move_part_way)
{
    floor8(1);
    ts_place(&st, 0, 1, 4, RR_E);
    tc_wall(&tc, 2, 4, RR_E);
    int c[1] = {C_MOVE3};
    ts_register(&st, 1, c, NULL);
    cr_assert_eq(ts_x(&st, 0), 2);
}

Test(moves, back_up_moves_one_square_backwards_keeping_the_facing)
{
    floor8(1);
    ts_place(&st, 0, 4, 4, RR_N);
    int c[1] = {C_BACKUP};
    ts_register(&st, 1, c, NULL);
    cr_assert_eq(ts_y(&st, 0), 5);
    cr_assert_eq(st.floor.piece[0].facing, RR_N);
}

Test(moves, rotate_left_right_and_u_turn_turn_in_place)
{
    floor8(3);
    ts_place(&st, 0, 1, 1, RR_N);
    ts_place(&st, 1, 3, 3, RR_N);
    ts_place(&st, 2, 5, 5, RR_E);
    int c[3] = {C_LEFT, C_RIGHT, C_UTURN};
    ts_register(&st, 1, c, NULL);
    cr_assert_eq(st.floor.piece[0].facing, RR_W);
    cr_assert_eq(st.floor.piece[1].facing, RR_E);
    cr_assert_eq(st.floor.piece[2].facing, RR_W);
    cr_assert_eq(ts_x(&st, 2), 5);
}

Test(moves, robots_move_in_priority_order_highest_first)
{
    floor8(2);
    /* Both step into (3,4): the higher priority gets there first and the
     * other then pushes it back out. */
    ts_place(&st, 0, 2, 4, RR_E);
    ts_place(&st, 1, 4, 4, RR_W);
    int c[2] = {500, 600};
    json_t *ev;
    ts_register(&st, 1, c, &ev);
    /* Lowest first would leave seat 0 on (2,4) and seat 1 on (3,4). */
    cr_assert_eq(ts_x(&st, 1), 4, "seat 1 (600) moved first, then was pushed back by seat 0");
    cr_assert_eq(ts_x(&st, 0), 3);
    json_t *reveal = rg_event(ev, "reveal");
    cr_assert_eq(json_integer_value(json_object_get(json_array_get(json_object_get(reveal, "cards"), 0), "seat")), 1,
                 "the reveal lists cards in priority order");
    json_decref(ev);
}

Test(moves, a_robot_entering_a_pit_mid_card_is_destroyed_at_once)
{
    floor8(1);
    ts_place(&st, 0, 1, 4, RR_E);
    tc_pit(&tc, 2, 4);
    int c[1] = {C_MOVE3};
    json_t *ev;
    ts_register(&st, 1, c, &ev);
    cr_assert(!rr_robot_here(&st, 0));
    cr_assert(st.robot[0].destroyed);
    cr_assert_eq(st.robot[0].lives, RR_LIVES - 1);
    char *s = rg_dump(rg_event(ev, "card"));
    cr_assert(strstr(s, "\"why\":\"pit\""), "%s", s);
    cr_assert_eq(json_array_size(json_object_get(rg_event(ev, "card"), "frames")), 1,
                 "the card stops at the pit");
    free(s);
    json_decref(ev);
}

Test(moves, a_robot_leaving_the_board_is_destroyed_and_so_is_one_pushed_off)
{
    floor8(2);
    ts_place(&st, 0, 5, 0, RR_E);
    ts_place(&st, 1, 6, 0, RR_E);
    int c[2] = {C_MOVE3, 0};
    ts_register(&st, 1, c, NULL);
    cr_assert(!rr_robot_here(&st, 1), "pushed off the edge");
    cr_assert_eq(st.floor.piece[1].gone, RR_GONE_EDGE);
    cr_assert(!rr_robot_here(&st, 0), "and then walked off itself");
}

/* ---- belts ---- */

Test(belts, an_express_belt_moves_in_the_express_step_and_again_with_all_belts)
{
    floor8(2);
    for (int x = 0; x < 8; x++) {
        tc_belt(&tc, x, 2, RR_EXPRESS, RR_E, "W");
        tc_belt(&tc, x, 5, RR_BELT, RR_E, "W");
    }
    ts_place(&st, 0, 1, 2, RR_N);
    ts_place(&st, 1, 1, 5, RR_N);
    json_t *ev;
    ts_register(&st, 1, NULL, &ev);
    cr_assert_eq(ts_x(&st, 0), 3, "express: 1 + 1");
    cr_assert_eq(ts_x(&st, 1), 2, "normal: 1");
    cr_assert_eq(st.floor.piece[0].facing, RR_N, "a straight belt does not turn a robot");
    char *s = rg_dump(ev);
    cr_assert(strstr(s, "\"step\":\"express\""), "%s", s);
    cr_assert(strstr(s, "\"step\":\"belts\""), "%s", s);
    free(s);
    json_decref(ev);
}

Test(belts, a_belt_carrying_a_robot_onto_a_turning_belt_rotates_it)
{
    floor8(2);
    /* (2,4) E -> (3,4), a curve that leaves north: a left turn. */
    tc_belt(&tc, 2, 4, RR_BELT, RR_E, "W");
    tc_belt(&tc, 3, 4, RR_BELT, RR_N, "W");
    /* (5,4) S -> (5,5), a curve that leaves west: a right turn. */
    tc_belt(&tc, 5, 4, RR_BELT, RR_S, "N");
    tc_belt(&tc, 5, 5, RR_BELT, RR_W, "N");
    ts_place(&st, 0, 2, 4, RR_E);
    ts_place(&st, 1, 5, 4, RR_N);
    ts_register(&st, 1, NULL, NULL);
    cr_assert_eq(ts_x(&st, 0), 3);
    cr_assert_eq(st.floor.piece[0].facing, RR_N, "east turned left");
    cr_assert_eq(ts_y(&st, 1), 5);
    cr_assert_eq(st.floor.piece[1].facing, RR_E, "north turned right");
}

Test(belts, a_robot_that_steps_onto_a_curve_by_itself_does_not_turn)
{
    floor8(1);
    tc_belt(&tc, 3, 4, RR_BELT, RR_N, "W");
    tc_wall(&tc, 3, 4, RR_N); /* so the belt cannot carry it on */
    ts_place(&st, 0, 2, 4, RR_E);
    int c[1] = {C_MOVE1};
    ts_register(&st, 1, c, NULL);
    cr_assert_eq(ts_x(&st, 0), 3);
    cr_assert_eq(st.floor.piece[0].facing, RR_E);
}

Test(belts, belts_never_push_a_robot_carried_into_a_standing_robot_stays)
{
    floor8(2);
    tc_belt(&tc, 2, 4, RR_BELT, RR_E, "W");
    ts_place(&st, 0, 2, 4, RR_N);
    ts_place(&st, 1, 3, 4, RR_N);
    ts_register(&st, 1, NULL, NULL);
    cr_assert_eq(ts_x(&st, 0), 2);
    cr_assert_eq(ts_x(&st, 1), 3);
}

Test(belts, robots_following_each_other_on_a_belt_move_together)
{
    floor8(2);
    for (int x = 0; x < 8; x++)
        tc_belt(&tc, x, 4, RR_BELT, RR_E, "W");
    ts_place(&st, 0, 2, 4, RR_N);
    ts_place(&st, 1, 3, 4, RR_N);
    ts_register(&st, 1, NULL, NULL);
    cr_assert_eq(ts_x(&st, 0), 3);
    cr_assert_eq(ts_x(&st, 1), 4);
}

Test(belts, two_robots_carried_into_one_square_both_stay_put)
{
    floor8(3);
    tc_belt(&tc, 2, 4, RR_BELT, RR_E, "W");
    tc_belt(&tc, 3, 3, RR_BELT, RR_S, "N");
    tc_belt(&tc, 3, 4, RR_BELT, RR_S, "NW");
    tc_belt(&tc, 1, 4, RR_BELT, RR_E, "W");
    ts_place(&st, 0, 2, 4, RR_N);
    ts_place(&st, 1, 3, 3, RR_N);
    ts_place(&st, 2, 1, 4, RR_N); /* behind robot 0: stays too, its square stays taken */
    json_t *ev;
    ts_register(&st, 1, NULL, &ev);
    cr_assert_eq(ts_x(&st, 0), 2);
    cr_assert_eq(ts_y(&st, 1), 3);
    cr_assert_eq(ts_x(&st, 2), 1);
    char *s = rg_dump(ev);
    cr_assert(strstr(s, "\"why\":\"conflict\""), "%s", s);
    free(s);
    json_decref(ev);
}

Test(belts, two_robots_a_belt_would_carry_into_each_others_squares_both_stay)
{
    floor8(2);
    tc_belt(&tc, 2, 4, RR_BELT, RR_E, "W");
    tc_belt(&tc, 3, 4, RR_BELT, RR_W, "E");
    ts_place(&st, 0, 2, 4, RR_N);
    ts_place(&st, 1, 3, 4, RR_N);
    ts_register(&st, 1, NULL, NULL);
    cr_assert_eq(ts_x(&st, 0), 2);
    cr_assert_eq(ts_x(&st, 1), 3);
}

Test(belts, a_belt_move_blocked_by_a_wall_leaves_the_robot_in_place)
{
    floor8(1);
    tc_belt(&tc, 2, 4, RR_BELT, RR_E, "W");
    tc_wall(&tc, 2, 4, RR_E);
    ts_place(&st, 0, 2, 4, RR_N);
    ts_register(&st, 1, NULL, NULL);
    cr_assert_eq(ts_x(&st, 0), 2);
}

Test(belts, a_belt_carrying_a_robot_off_the_board_or_into_a_pit_destroys_it)
{
    floor8(2);
    tc_belt(&tc, 7, 1, RR_BELT, RR_E, "W");
    tc_belt(&tc, 2, 4, RR_BELT, RR_E, "W");
    tc_pit(&tc, 3, 4);
    ts_place(&st, 0, 7, 1, RR_N);
    ts_place(&st, 1, 2, 4, RR_N);
    ts_register(&st, 1, NULL, NULL);
    cr_assert_eq(st.floor.piece[0].gone, RR_GONE_EDGE);
    cr_assert_eq(st.floor.piece[1].gone, RR_GONE_PIT);
    cr_assert(st.robot[0].destroyed && st.robot[1].destroyed);
}

/* ---- pushers and gears ---- */

Test(pushers, pushers_push_only_in_their_registers)
{
    floor8(2);
    tc_pusher(&tc, 2, 4, RR_E, 0x15); /* registers 1, 3, 5 */
    tc_pusher(&tc, 5, 4, RR_E, 0x0a); /* registers 2, 4 */
    ts_place(&st, 0, 2, 4, RR_N);
    ts_place(&st, 1, 5, 4, RR_N);
    ts_register(&st, 1, NULL, NULL);
    cr_assert_eq(ts_x(&st, 0), 3, "the 1-3-5 pusher pushes in register 1");
    cr_assert_eq(ts_x(&st, 1), 5, "the 2-4 pusher does not");
    ts_register(&st, 2, NULL, NULL);
    cr_assert_eq(ts_x(&st, 1), 6, "it does in register 2");
}

Test(pushers, a_pusher_pushes_a_chain_and_a_wall_stops_it)
{
    floor8(4);
    tc_pusher(&tc, 2, 4, RR_E, 0x1f);
    tc_pusher(&tc, 2, 6, RR_E, 0x1f);
    tc_wall(&tc, 3, 6, RR_E);
    ts_place(&st, 0, 2, 4, RR_N);
    ts_place(&st, 1, 3, 4, RR_W);
    ts_place(&st, 2, 2, 6, RR_N);
    ts_place(&st, 3, 3, 6, RR_N);
    ts_register(&st, 1, NULL, NULL);
    cr_assert_eq(ts_x(&st, 0), 3);
    cr_assert_eq(ts_x(&st, 1), 4, "pushed along in the chain");
    cr_assert_eq(st.floor.piece[1].facing, RR_W, "keeping its facing");
    cr_assert_eq(ts_x(&st, 2), 2, "the wall beyond robot 3 stops the whole chain");
    cr_assert_eq(ts_x(&st, 3), 3);
}

Test(pushers, which_robots_a_pusher_pushes_is_fixed_before_any_pusher_acts)
{
    floor8(2);
    /* The pusher on (2,4) pushes its robot onto the pusher on (3,4), which
     * was empty when the pushed robots were fixed: no second push. */
    tc_pusher(&tc, 2, 4, RR_E, 0x1f);
    tc_pusher(&tc, 3, 4, RR_S, 0x1f);
    ts_place(&st, 0, 2, 4, RR_N);
    ts_register(&st, 1, NULL, NULL);
    cr_assert_eq(ts_x(&st, 0), 3);
    cr_assert_eq(ts_y(&st, 0), 4);
}

Test(gears, gears_turn_robots_a_quarter_their_way)
{
    floor8(2);
    tc_gear(&tc, 2, 2, true);
    tc_gear(&tc, 5, 5, false);
    ts_place(&st, 0, 2, 2, RR_N);
    ts_place(&st, 1, 5, 5, RR_N);
    ts_register(&st, 1, NULL, NULL);
    cr_assert_eq(st.floor.piece[0].facing, RR_E);
    cr_assert_eq(st.floor.piece[1].facing, RR_W);
    cr_assert_eq(ts_x(&st, 0), 2);
}

/* ---- lasers ---- */

Test(lasers, a_board_laser_hits_only_the_first_robot_in_its_line)
{
    floor8(2);
    tc_laser(&tc, 0, 3, RR_E, 2);
    ts_place(&st, 0, 3, 3, RR_S);
    ts_place(&st, 1, 5, 3, RR_S);
    json_t *ev;
    ts_register(&st, 1, NULL, &ev);
    cr_assert_eq(st.robot[0].damage, 2, "a double laser: 2 damage");
    cr_assert_eq(st.robot[1].damage, 0, "the robot behind is shielded");
    json_t *lasers = NULL;
    size_t i;
    json_t *e;
    json_array_foreach(ev, i, e) {
        if (json_object_get(e, "step") && strcmp(json_string_value(json_object_get(e, "step")), "lasers") == 0)
            lasers = e;
    }
    cr_assert_not_null(lasers);
    json_t *beam = json_array_get(json_array_get(json_object_get(lasers, "frames"), 0), 0);
    cr_assert_eq(json_array_size(json_object_get(beam, "cells")), 4, "the beam ends on the robot");
    cr_assert_eq(json_integer_value(json_array_get(json_object_get(beam, "hits"), 0)), 0);
    json_decref(ev);
}

Test(lasers, walls_stop_board_and_robot_lasers)
{
    floor8(3);
    tc_laser(&tc, 0, 3, RR_E, 1);
    tc_wall(&tc, 2, 3, RR_E);
    ts_place(&st, 0, 4, 3, RR_S);
    ts_place(&st, 1, 1, 6, RR_E);
    ts_place(&st, 2, 5, 6, RR_N);
    tc_wall(&tc, 3, 6, RR_E);
    ts_register(&st, 1, NULL, NULL);
    cr_assert_eq(st.robot[0].damage, 0, "the wall stops the board laser");
    cr_assert_eq(st.robot[2].damage, 0, "the wall stops robot 1's laser");
}

Test(lasers, robot_lasers_fire_ahead_and_hit_the_first_robot_in_line_of_sight)
{
    floor8(3);
    ts_place(&st, 0, 1, 4, RR_E);
    ts_place(&st, 1, 4, 4, RR_N);
    ts_place(&st, 2, 6, 4, RR_W);
    ts_register(&st, 1, NULL, NULL);
    cr_assert_eq(st.robot[1].damage, 2, "shot by robot 0 from the west and robot 2 from the east");
    cr_assert_eq(st.robot[0].damage, 0, "robot 1 stands between robot 2 and robot 0");
    cr_assert_eq(st.robot[2].damage, 0);
}

Test(lasers, a_wall_on_the_side_a_robot_faces_stops_its_own_laser)
{
    floor8(2);
    ts_place(&st, 0, 1, 4, RR_E);
    ts_place(&st, 1, 2, 4, RR_S);
    tc_wall(&tc, 1, 4, RR_E);
    ts_register(&st, 1, NULL, NULL);
    cr_assert_eq(st.robot[1].damage, 0);
}

Test(lasers, all_laser_damage_of_a_register_lands_at_once)
{
    floor8(2);
    /* Two robots at 9 damage face each other: both shots land, both robots
     * are destroyed, neither shot is lost to the other robot vanishing. */
    ts_place(&st, 0, 1, 4, RR_E);
    ts_place(&st, 1, 3, 4, RR_W);
    st.robot[0].damage = 9;
    st.robot[1].damage = 9;
    ts_register(&st, 1, NULL, NULL);
    cr_assert(st.robot[0].destroyed && st.robot[1].destroyed);
    cr_assert_eq(st.floor.piece[0].gone, RR_GONE_DAMAGE);
}

Test(lasers, ten_damage_destroys_a_robot)
{
    floor8(2);
    tc_laser(&tc, 0, 3, RR_E, 3);
    ts_place(&st, 0, 2, 3, RR_N);
    ts_remove(&st, 1);
    st.robot[0].damage = 7;
    ts_register(&st, 1, NULL, NULL);
    cr_assert(st.robot[0].destroyed);
    cr_assert_eq(st.robot[0].lives, RR_LIVES - 1);
}

Test(lasers, powered_down_robots_do_not_fire_but_are_pushed_moved_and_shot)
{
    floor8(2);
    tc_belt(&tc, 4, 4, RR_BELT, RR_S, "N");
    ts_place(&st, 0, 2, 4, RR_E);
    ts_place(&st, 1, 3, 4, RR_W);
    st.robot[1].powered_down = true;
    int c[2] = {C_MOVE1, 0};
    ts_register(&st, 1, c, NULL);
    cr_assert_eq(ts_x(&st, 1), 4, "pushed onto the belt");
    cr_assert_eq(ts_y(&st, 1), 5, "and carried by it");
    cr_assert_eq(st.robot[0].damage, 0, "a powered-down robot does not fire");
    ts_place(&st, 0, 1, 4, RR_E);
    ts_place(&st, 1, 3, 4, RR_W);
    ts_register(&st, 2, NULL, NULL);
    cr_assert_eq(st.robot[1].damage, 1, "shot while powered down");
    cr_assert_eq(st.robot[0].damage, 0);
}

/* ---- the ball, RoboBall's piece: one more kind on the same floor ---- */

static void add_ball(int x, int y)
{
    rr_ball_put(&st, tc_cell(&tc, x, y));
}

Test(ball, a_second_kind_of_piece_is_pushed_carried_and_stops_beams_as_its_traits_say)
{
    floor8(2);
    tc_belt(&tc, 5, 5, RR_BELT, RR_E, "W");
    ts_place(&st, 0, 1, 2, RR_E);
    ts_place(&st, 1, 6, 2, RR_W);
    add_ball(2, 2);
    int ball = RR_BALL;
    int c[2] = {C_MOVE1, 0};
    ts_register(&st, 1, c, NULL);
    cr_assert_eq(st.floor.piece[ball].cell, tc_cell(&tc, 3, 2), "a robot pushes it");
    cr_assert_eq(st.robot[0].damage, 0, "it stops robot 1's beam");
    cr_assert_eq(st.robot[1].damage, 0, "and robot 0's");
    st.floor.piece[ball].cell = (int16_t)tc_cell(&tc, 5, 5);
    ts_register(&st, 2, NULL, NULL);
    cr_assert_eq(st.floor.piece[ball].cell, tc_cell(&tc, 6, 5), "a belt carries it");
    /* It never falls: pushed off the board it goes up, and the robot passes under it. */
    ts_place(&st, 0, 6, 5, RR_E);
    st.floor.piece[ball].cell = (int16_t)tc_cell(&tc, 7, 5);
    cr_assert(rr_push_step(&st.floor, 0, RR_E, NULL, NULL));
    cr_assert(rr_on_floor(&st.floor.piece[ball]));
    cr_assert(st.floor.piece[ball].is_virtual, "up in pogo mode");
    cr_assert_eq(st.floor.piece[ball].cell, tc_cell(&tc, 7, 5));
    cr_assert_eq(ts_x(&st, 0), 7, "the robot moved under it");
}
