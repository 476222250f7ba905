/*
 * test_rules.c: the rules of RULINGS §5 on the board model: the program
 * deck, locked registers, flags and archive markers, repairs and clean-up,
 * destruction, lives, re-entry and virtual robots, and each of the eight
 * option cards.
 */
#include "support.h"

static test_course tc;
static rr_state st;

static void floor8(int robots, bool options_on)
{
    tc_init(&tc, 8, 8);
    ts_init(&st, &tc, robots, options_on);
}

/* ---- the deck ---- */

Test(deck, eighty_four_cards_each_with_a_unique_priority_in_the_ruled_ranges)
{
    int16_t deck[RR_DECK];
    rr_deck_all(deck);
    int count[RR_CARD_KINDS] = {0};
    for (int i = 0; i < RR_DECK; i++) {
        for (int j = 0; j < i; j++)
            cr_assert_neq(deck[i], deck[j]);
        int k = rr_card_kind_of(deck[i]);
        cr_assert(k >= 0, "card %d has a kind", deck[i]);
        count[k]++;
    }
    cr_assert_eq(count[RR_UTURN], 6);
    cr_assert_eq(count[RR_LEFT], 18);
    cr_assert_eq(count[RR_RIGHT], 18);
    cr_assert_eq(count[RR_BACKUP], 6);
    cr_assert_eq(count[RR_MOVE1], 18);
    cr_assert_eq(count[RR_MOVE2], 12);
    cr_assert_eq(count[RR_MOVE3], 6);
}

Test(deck, priorities_follow_the_ruled_table)
{
    cr_assert_eq(rr_card_kind_of(10), RR_UTURN);
    cr_assert_eq(rr_card_kind_of(60), RR_UTURN);
    cr_assert_eq(rr_card_kind_of(70), RR_LEFT, "Left on 70, 90, ..., 410");
    cr_assert_eq(rr_card_kind_of(90), RR_LEFT);
    cr_assert_eq(rr_card_kind_of(410), RR_LEFT);
    cr_assert_eq(rr_card_kind_of(80), RR_RIGHT, "Right on 80, 100, ..., 420");
    cr_assert_eq(rr_card_kind_of(420), RR_RIGHT);
    cr_assert_eq(rr_card_kind_of(430), RR_BACKUP);
    cr_assert_eq(rr_card_kind_of(480), RR_BACKUP);
    cr_assert_eq(rr_card_kind_of(490), RR_MOVE1);
    cr_assert_eq(rr_card_kind_of(660), RR_MOVE1);
    cr_assert_eq(rr_card_kind_of(670), RR_MOVE2);
    cr_assert_eq(rr_card_kind_of(780), RR_MOVE2);
    cr_assert_eq(rr_card_kind_of(790), RR_MOVE3);
    cr_assert_eq(rr_card_kind_of(840), RR_MOVE3);
    cr_assert_eq(rr_card_kind_of(0), -1);
    cr_assert_eq(rr_card_kind_of(15), -1);
    cr_assert_eq(rr_card_kind_of(850), -1);
}

Test(damage, registers_lock_from_five_damage_register_five_first)
{
    for (int d = 0; d <= 4; d++)
        cr_assert_eq(rr_locked_count(d), 0);
    cr_assert_eq(rr_locked_count(5), 1);
    cr_assert(rr_register_locked(5, 4) && !rr_register_locked(5, 3), "5 damage: register 5");
    cr_assert(rr_register_locked(6, 3) && !rr_register_locked(6, 2), "6 damage: registers 4-5");
    cr_assert(rr_register_locked(7, 2) && !rr_register_locked(7, 1));
    cr_assert(rr_register_locked(8, 1) && !rr_register_locked(8, 0));
    cr_assert(rr_register_locked(9, 0), "9 damage locks all five");
}

/* ---- flags and archive markers ---- */

Test(flags, flags_are_touched_in_order_and_the_last_one_finishes)
{
    floor8(1, false);
    tc_flag(&tc, 2, 2, 1);
    tc_flag(&tc, 5, 2, 2);
    ts_place(&st, 0, 5, 2, RR_N);
    ts_register(&st, 1, NULL, NULL);
    cr_assert_eq(st.robot[0].flags, 0, "flag 2 before flag 1 does not count");
    cr_assert_eq(st.robot[0].archive, tc_cell(&tc, 5, 2), "but it archives");
    ts_place(&st, 0, 2, 2, RR_N);
    json_t *ev;
    ts_register(&st, 2, NULL, &ev);
    cr_assert_eq(st.robot[0].flags, 1);
    cr_assert(!st.finished);
    char *s = rg_dump(ev);
    cr_assert(strstr(s, "\"do\":\"flag\""), "%s", s);
    free(s);
    json_decref(ev);
    ts_place(&st, 0, 5, 2, RR_N);
    ts_register(&st, 3, NULL, NULL);
    cr_assert_eq(st.robot[0].flags, 2);
    cr_assert_eq(st.finished, 1, "touching the last flag finishes the race");
}

Test(flags, the_archive_marker_moves_to_repair_sites_not_plain_floor)
{
    floor8(1, false);
    tc_repair(&tc, 3, 3, RR_WRENCH);
    int dock = st.robot[0].archive;
    ts_place(&st, 0, 1, 1, RR_N);
    ts_register(&st, 1, NULL, NULL);
    cr_assert_eq(st.robot[0].archive, dock, "plain floor keeps the old marker");
    ts_place(&st, 0, 3, 3, RR_N);
    ts_register(&st, 2, NULL, NULL);
    cr_assert_eq(st.robot[0].archive, tc_cell(&tc, 3, 3));
}

/* ---- repairs and clean-up ---- */

Test(cleanup, repair_sites_and_flags_repair_at_cleanup)
{
    floor8(4, false);
    tc_repair(&tc, 1, 1, RR_WRENCH);
    tc_repair(&tc, 2, 1, RR_WRENCH_HAMMER);
    tc_flag(&tc, 3, 1, 1);
    tc_flag(&tc, 4, 1, 2);
    tc_repair(&tc, 4, 1, RR_WRENCH_HAMMER);
    for (int i = 0; i < 4; i++) {
        ts_place(&st, i, 1 + i, 1, RR_N);
        st.robot[i].damage = 4;
    }
    rr_cleanup(&st, NULL);
    cr_assert_eq(st.robot[0].damage, 3, "single wrench: 1");
    cr_assert_eq(st.robot[1].damage, 2, "wrench and hammer, options off: 2");
    cr_assert_eq(st.robot[2].damage, 3, "a flag: 1");
    cr_assert_eq(st.robot[3].damage, 2, "a flag on a repair site: the larger amount, once");
}

Test(cleanup, with_options_on_the_wrench_and_hammer_repairs_one_and_gives_an_option)
{
    floor8(1, true);
    tc_repair(&tc, 2, 1, RR_WRENCH_HAMMER);
    ts_place(&st, 0, 2, 1, RR_N);
    st.robot[0].damage = 4;
    int top = st.option_deck[0];
    json_t *ev = json_array();
    rr_trace t;
    rr_trace_init(&t, &st.floor, ev);
    rr_cleanup(&st, &t);
    cr_assert_eq(st.robot[0].damage, 3);
    cr_assert(rr_has_option(&st.robot[0], top), "the top option card");
    cr_assert_eq(st.noptions, RR_OPTIONS - 1);
    char *s = rg_dump(ev);
    cr_assert(strstr(s, rr_option_infos[top].id), "%s", s);
    free(s);
    json_decref(ev);
}

/* Clean-up repairs damage there is: a robot with none on a repair site
 * gets no repair frame (it used to say "repair 0"). */
Test(cleanup, a_robot_with_no_damage_on_a_repair_site_is_told_of_no_repair)
{
    floor8(2, false);
    tc_repair(&tc, 1, 1, RR_WRENCH);
    tc_repair(&tc, 2, 1, RR_WRENCH);
    ts_place(&st, 0, 1, 1, RR_N);
    ts_place(&st, 1, 2, 1, RR_N);
    st.robot[1].damage = 3;
    json_t *ev = json_array();
    rr_trace t;
    rr_trace_init(&t, &st.floor, ev);
    rr_cleanup(&st, &t);
    char *s = rg_dump(ev);
    cr_assert_eq(st.robot[1].damage, 2);
    cr_assert(strstr(s, "{\"amount\":1,\"do\":\"repair\",\"seat\":1,\"total\":2}"), "%s", s);
    cr_assert_null(strstr(s, "\"seat\":0"), "nothing for seat 0: %s", s);
    cr_assert_null(strstr(s, "\"amount\":0"), "%s", s);
    free(s);
    json_decref(ev);
}

Test(cleanup, repairs_come_first_and_the_damage_after_them_decides_the_locks)
{
    floor8(1, false);
    tc_repair(&tc, 1, 1, RR_WRENCH);
    ts_place(&st, 0, 1, 1, RR_N);
    st.robot[0].damage = 6;
    for (int r = 0; r < 5; r++)
        st.robot[0].reg[r] = (int16_t)(490 + 10 * r);
    st.robot[0].shown = 0x1f;
    rr_cleanup(&st, NULL);
    cr_assert_eq(st.robot[0].damage, 5);
    cr_assert_eq(st.robot[0].reg[3], 0, "register 4 unlocked by the repair: cleared");
    cr_assert_eq(st.robot[0].reg[4], 530, "register 5 stays locked with its card");
    cr_assert_eq(st.robot[0].reg[0], 0);
}

/* ---- destruction, lives, re-entry, virtual robots ---- */

Test(lives, a_destroyed_robot_loses_a_life_its_registers_and_its_options)
{
    floor8(1, true);
    ts_place(&st, 0, 1, 1, RR_N);
    st.robot[0].options = 1u << RR_OPT_DOUBLE_BARRELED_LASER;
    st.robot[0].reg[0] = 490;
    st.noptions = RR_OPTIONS - 1;
    rr_destroy(&st, 0, RR_GONE_PIT, NULL);
    cr_assert_eq(st.robot[0].lives, 2);
    cr_assert_eq(st.robot[0].options, 0);
    cr_assert_eq(st.noptions, RR_OPTIONS, "the option goes back to the deck");
    cr_assert_eq(st.robot[0].reg[0], 0);
    cr_assert(!st.robot[0].out);
}

Test(lives, three_lives_then_the_robot_is_out)
{
    floor8(2, false);
    for (int k = 0; k < 3; k++) {
        ts_place(&st, 0, 1, 1, RR_N);
        st.robot[0].destroyed = false;
        rr_destroy(&st, 0, RR_GONE_EDGE, NULL);
    }
    cr_assert(st.robot[0].out);
    cr_assert_eq(st.robot[0].lives, 0);
    cr_assert(!rr_all_out(&st));
    rr_destroy(&st, 1, RR_GONE_EDGE, NULL);
    rr_destroy(&st, 1, RR_GONE_EDGE, NULL);
    rr_destroy(&st, 1, RR_GONE_EDGE, NULL);
    cr_assert(rr_all_out(&st));
    int facing[RR_MAX_ROBOTS] = {0};
    rr_reenter(&st, facing, NULL);
    cr_assert(!rr_robot_here(&st, 0), "a robot out of lives never re-enters");
}

Test(reentry, a_destroyed_robot_reenters_on_its_archive_with_two_damage_facing_as_chosen)
{
    floor8(2, false);
    ts_place(&st, 0, 1, 1, RR_N);
    st.robot[0].archive = (int16_t)tc_cell(&tc, 4, 4);
    st.robot[0].damage = 7;
    rr_destroy(&st, 0, RR_GONE_PIT, NULL);
    int facing[RR_MAX_ROBOTS] = {RR_W, 0};
    rr_reenter(&st, facing, NULL);
    cr_assert(rr_robot_here(&st, 0));
    cr_assert_eq(st.floor.piece[0].cell, tc_cell(&tc, 4, 4));
    cr_assert_eq(st.floor.piece[0].facing, RR_W);
    cr_assert_eq(st.robot[0].damage, 2);
    cr_assert(!st.floor.piece[0].is_virtual, "alone: real");
}

Test(reentry, robots_reentering_on_the_same_square_are_virtual)
{
    floor8(3, false);
    int archive = tc_cell(&tc, 4, 4);
    for (int i = 0; i < 2; i++) {
        ts_place(&st, i, 1 + i, 1, RR_N);
        st.robot[i].archive = (int16_t)archive;
        rr_destroy(&st, i, RR_GONE_PIT, NULL);
    }
    int facing[RR_MAX_ROBOTS] = {RR_N, RR_S, 0};
    rr_reenter(&st, facing, NULL);
    cr_assert(st.floor.piece[0].is_virtual && st.floor.piece[1].is_virtual);
}

Test(reentry, a_real_robot_on_the_archive_stays_real_and_the_newcomer_is_virtual)
{
    floor8(2, false);
    ts_place(&st, 1, 4, 4, RR_N);
    ts_place(&st, 0, 1, 1, RR_N);
    st.robot[0].archive = (int16_t)tc_cell(&tc, 4, 4);
    rr_destroy(&st, 0, RR_GONE_PIT, NULL);
    int facing[RR_MAX_ROBOTS] = {RR_E, RR_N};
    rr_reenter(&st, facing, NULL);
    cr_assert(st.floor.piece[0].is_virtual);
    cr_assert(!st.floor.piece[1].is_virtual);
}

Test(virtual, virtual_robots_neither_push_nor_are_pushed_nor_shoot_nor_are_shot)
{
    floor8(3, false);
    ts_place(&st, 0, 2, 4, RR_E);
    ts_place(&st, 1, 3, 4, RR_W); /* virtual, faces robot 0 */
    ts_place(&st, 2, 5, 4, RR_W);
    st.floor.piece[1].is_virtual = true;
    int c[3] = {C_MOVE1, 0, 0};
    ts_register(&st, 1, c, NULL);
    cr_assert_eq(ts_x(&st, 0), 3, "robot 0 walks into the virtual robot's square");
    cr_assert_eq(ts_x(&st, 1), 3, "which is not pushed");
    cr_assert_eq(st.robot[1].damage, 0, "lasers pass through a virtual robot");
    cr_assert_eq(st.robot[0].damage, 1, "robot 2's beam passes through to robot 0");
    cr_assert_eq(st.robot[2].damage, 1, "robot 0 shoots through to robot 2");
    cr_assert(st.floor.piece[1].is_virtual, "not alone: still virtual");
    /* Robot 1 walks off on its own; alone at the end of the phase, it becomes real. */
    int c2[3] = {0, C_MOVE1, 0};
    st.floor.piece[1].facing = RR_N;
    ts_register(&st, 2, c2, NULL);
    cr_assert(!st.floor.piece[1].is_virtual);
}

Test(virtual, a_virtual_robot_moving_into_a_real_one_does_not_push_it)
{
    floor8(2, false);
    ts_place(&st, 0, 2, 4, RR_E);
    ts_place(&st, 1, 3, 4, RR_N);
    st.floor.piece[0].is_virtual = true;
    int c[2] = {C_MOVE1, 0};
    ts_register(&st, 1, c, NULL);
    cr_assert_eq(ts_x(&st, 0), 3);
    cr_assert_eq(ts_x(&st, 1), 3);
    cr_assert(st.floor.piece[0].is_virtual, "sharing a square: still virtual");
}

/* ---- option cards ---- */

static void give(int seat, int opt)
{
    st.robot[seat].options |= (uint16_t)(1u << opt);
    if (opt == RR_OPT_ABLATIVE_COAT)
        st.robot[seat].coat = RR_ABLATIVE_POINTS;
}

Test(options, high_power_laser_shoots_through_one_wall_and_one_robot)
{
    floor8(3, true);
    ts_place(&st, 0, 1, 4, RR_E);
    ts_place(&st, 1, 3, 4, RR_N);
    ts_place(&st, 2, 5, 4, RR_N);
    tc_wall(&tc, 4, 4, RR_E);
    give(0, RR_OPT_HIGH_POWER_LASER);
    ts_register(&st, 1, NULL, NULL);
    cr_assert_eq(st.robot[1].damage, 1, "the robot shot through is hit");
    cr_assert_eq(st.robot[2].damage, 1, "and so is the one behind the wall");
}

Test(options, without_the_high_power_laser_the_first_robot_shields_the_rest)
{
    floor8(3, true);
    ts_place(&st, 0, 1, 4, RR_E);
    ts_place(&st, 1, 3, 4, RR_N);
    ts_place(&st, 2, 5, 4, RR_N);
    ts_register(&st, 1, NULL, NULL);
    cr_assert_eq(st.robot[1].damage, 1);
    cr_assert_eq(st.robot[2].damage, 0);
}

/* Robot 0 on (1,4) facing east shoots robot 1 on (target_x, 4) with its
 * beam mode set (and the option card `opt`, unless -1). */
static void beam_shot(int opt, int mode, int target_x, int want_x, int want_damage)
{
    floor8(2, true);
    ts_place(&st, 0, 1, 4, RR_E);
    ts_place(&st, 1, target_x, 4, RR_N);
    if (opt >= 0)
        give(0, opt);
    st.robot[0].beam_mode = (uint8_t)mode;
    ts_register(&st, 1, NULL, NULL);
    cr_assert_eq(ts_x(&st, 1), want_x);
    cr_assert_eq(st.robot[1].damage, want_damage);
}

Test(options, tractor_beam_pulls_its_target_a_square_instead_of_damaging_it)
{
    beam_shot(RR_OPT_TRACTOR_BEAM, RR_BEAM_TRACTOR, 4, 3, 0);
}

Test(options, tractor_beam_cannot_pull_an_adjacent_robot_which_takes_damage_instead)
{
    beam_shot(RR_OPT_TRACTOR_BEAM, RR_BEAM_TRACTOR, 2, 2, 1);
}

Test(options, pressor_beam_pushes_its_target_a_square_away_instead_of_damaging_it)
{
    beam_shot(RR_OPT_PRESSOR_BEAM, RR_BEAM_PRESSOR, 2, 3, 0);
}

Test(options, a_beam_mode_without_its_option_card_does_damage)
{
    beam_shot(-1, RR_BEAM_PRESSOR, 4, 4, 1);
}

Test(options, ramming_gear_does_one_damage_to_a_robot_pushed_once_per_card)
{
    floor8(2, true);
    ts_place(&st, 0, 1, 2, RR_E);
    ts_place(&st, 1, 2, 2, RR_S); /* faces away: robot 0 is not shot by it */
    give(0, RR_OPT_RAMMING_GEAR);
    int c[2] = {C_MOVE3, 0};
    ts_register(&st, 1, c, NULL);
    cr_assert_eq(ts_x(&st, 1), 5, "pushed three squares");
    /* 1 from the ram, 1 from robot 0's laser at the end of the phase. */
    cr_assert_eq(st.robot[1].damage, 2);
}

Test(options, ramming_gear_hurts_a_robot_it_bumps_against_a_wall)
{
    floor8(2, true);
    ts_place(&st, 0, 1, 2, RR_N);
    ts_place(&st, 1, 1, 1, RR_E);
    tc_wall(&tc, 1, 1, RR_N);
    give(0, RR_OPT_RAMMING_GEAR);
    int c[2] = {C_MOVE1, 0};
    ts_register(&st, 1, c, NULL);
    cr_assert_eq(ts_y(&st, 0), 2);
    cr_assert_eq(st.robot[1].damage, 2, "1 from the bump, 1 from robot 0's laser");
}

Test(options, double_barreled_laser_fires_two_beams)
{
    floor8(2, true);
    ts_place(&st, 0, 1, 4, RR_E);
    ts_place(&st, 1, 4, 4, RR_N);
    give(0, RR_OPT_DOUBLE_BARRELED_LASER);
    ts_register(&st, 1, NULL, NULL);
    cr_assert_eq(st.robot[1].damage, 2);
}

Test(options, rear_firing_laser_fires_backwards_too)
{
    floor8(3, true);
    ts_place(&st, 0, 3, 4, RR_E);
    ts_place(&st, 1, 1, 4, RR_N);
    ts_place(&st, 2, 6, 4, RR_N);
    give(0, RR_OPT_REAR_FIRING_LASER);
    ts_register(&st, 1, NULL, NULL);
    cr_assert_eq(st.robot[1].damage, 1, "behind");
    cr_assert_eq(st.robot[2].damage, 1, "ahead");
}

Test(options, mechanical_arm_touches_a_flag_one_square_away_diagonals_too_not_through_walls)
{
    floor8(3, true);
    tc_flag(&tc, 2, 2, 1);
    tc_flag(&tc, 6, 6, 2);
    ts_place(&st, 0, 3, 3, RR_N); /* diagonal to flag 1 */
    ts_place(&st, 1, 2, 3, RR_N); /* beside flag 1, a wall between */
    tc_wall(&tc, 2, 3, RR_N);
    ts_place(&st, 2, 1, 5, RR_N); /* no arm */
    give(0, RR_OPT_MECHANICAL_ARM);
    give(1, RR_OPT_MECHANICAL_ARM);
    ts_register(&st, 1, NULL, NULL);
    cr_assert_eq(st.robot[0].flags, 1, "a diagonal touch");
    cr_assert_eq(st.robot[0].archive, tc_cell(&tc, 2, 2), "and the archive marker on the flag");
    cr_assert_eq(st.robot[1].flags, 0, "no touch through a wall");
    cr_assert(rr_reaches(&st, 0, tc_cell(&tc, 2, 2)));
    cr_assert(!rr_reaches(&st, 2, tc_cell(&tc, 1, 4)), "without the arm, only its own square");
}

Test(options, mechanical_arm_repairs_from_one_square_away)
{
    floor8(1, true);
    tc_repair(&tc, 2, 2, RR_WRENCH);
    ts_place(&st, 0, 2, 3, RR_N);
    give(0, RR_OPT_MECHANICAL_ARM);
    st.robot[0].damage = 3;
    rr_cleanup(&st, NULL);
    cr_assert_eq(st.robot[0].damage, 2);
}

Test(options, ablative_coat_absorbs_three_damage_then_is_discarded)
{
    floor8(1, true);
    ts_place(&st, 0, 2, 2, RR_N);
    give(0, RR_OPT_ABLATIVE_COAT);
    st.noptions = RR_OPTIONS - 1;
    rr_damage(&st, 0, 2, NULL);
    cr_assert_eq(st.robot[0].damage, 0);
    cr_assert_eq(st.robot[0].coat, 1);
    rr_damage(&st, 0, 2, NULL);
    cr_assert_eq(st.robot[0].damage, 1, "one point absorbed, one taken");
    cr_assert(!rr_has_option(&st.robot[0], RR_OPT_ABLATIVE_COAT), "used up: discarded");
    cr_assert_eq(st.noptions, RR_OPTIONS);
}
