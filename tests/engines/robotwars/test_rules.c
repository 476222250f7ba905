/* test_rules.c: one battle's rules, a test per sentence of the seed 002 text
 * and of RULINGS §4 (each test's name says which). Robots are put where a
 * test wants them and dice are loaded when a test needs a face. Arena index
 * 0 is the robot to move. */
#include "support.h"

#include <stdlib.h>
#include <string.h>

#define FORWARD "{\"kind\":\"forward\"}"
#define BACK "{\"kind\":\"back\"}"
#define ATTACK "{\"kind\":\"attack\"}"
#define LEFT "{\"kind\":\"turn\",\"to\":\"left\"}"
#define RIGHT "{\"kind\":\"turn\",\"to\":\"right\"}"
#define END "{\"kind\":\"end\"}"

/* A duel in robot 0's first turn, robot 0 on (x0,y0) facing d0 and robot 1
 * on (x1,y1) facing d1, both at base (Speed 4, Power 1, Manoeuvrability 2). */
static game *duel_at(int x0, int y0, int d0, int x1, int y1, int d1)
{
    game *g = rwt_duel(7);
    rwt_place(g, 0, x0, y0, d0);
    rwt_place(g, 1, x1, y1, d1);
    rwt_caps(g, 0, 4, 1, 2);
    rwt_caps(g, 1, 4, 1, 2);
    rwt_restart_turn(g);
    return g;
}

static const rw_robot *robot(const game *g, int i)
{
    return &rw_arena_of(g)->r[i];
}

static void at(const game *g, int i, int x, int y)
{
    int cell = robot(g, i)->cell;
    cr_assert_eq(cell, rw_cell(x, y), "robot %d is on (%d,%d), not (%d,%d)", i, x, y, rw_x(cell),
                 rw_y(cell));
}

static int seat_of(const game *g, int i)
{
    return robot(g, i)->seat;
}

static void play(game *g, const char *action)
{
    json_decref(rwt_ok(g, seat_of(g, rw_turn_of(g)->who), action));
}

static json_t *play_ev(game *g, const char *action)
{
    return rwt_ok(g, seat_of(g, rw_turn_of(g)->who), action);
}

static void refuse(game *g, const char *action, const char *code)
{
    rwt_refused(g, seat_of(g, rw_turn_of(g)->who), action, code);
}

/* ---- the war zone (data) ---- */

Test(war_zone, is_twelve_by_twelve_with_the_hazards_of_the_reconstruction)
{
    int count[RW_TILES] = {0};
    for (int c = 0; c < RW_CELLS; c++)
        count[rw_tile_at(c)]++;
    cr_assert_eq(count[RW_CPZ], 16, "four corner patrol zones of 2x2");
    cr_assert_eq(count[RW_SPIKES], 3);
    cr_assert_eq(count[RW_SAW], 4);
    cr_assert_eq(count[RW_FLAME], 4);
    cr_assert_eq(count[RW_PIT], 4);
    cr_assert_eq(rw_tile_at(rw_cell(8, 8)), RW_PIT);
    cr_assert_eq(rw_tile_at(rw_cell(2, 9)), RW_FLAME);
}

Test(war_zone, two_robots_start_on_5_10_facing_north_and_6_1_facing_south)
{
    game *g = rwt_duel(3);
    at(g, 0, 5, 10);
    cr_assert_eq(robot(g, 0)->facing, RW_N);
    at(g, 1, 6, 1);
    cr_assert_eq(robot(g, 1)->facing, RW_S);
    robotwars_engine.destroy(g);
}

/* ---- Speed: moves ---- */

Test(speed, gives_the_maximum_number_of_moves_a_robot_can_make_on_each_turn)
{
    game *g = duel_at(5, 9, RW_N, 0, 3, RW_E);
    for (int i = 0; i < 4; i++)
        play(g, FORWARD);
    at(g, 0, 5, 5);
    cr_assert_eq(rw_turn_of(g)->moves, 0);
    refuse(g, FORWARD, "illegal");
    robotwars_engine.destroy(g);
}

Test(speed, a_move_is_a_step_to_an_adjacent_space_or_an_attack)
{
    game *g = duel_at(5, 6, RW_N, 5, 5, RW_S);
    play(g, ATTACK);
    cr_assert_eq(rw_turn_of(g)->moves, 3, "an attack spends a move");
    play(g, BACK);
    at(g, 0, 5, 7);
    cr_assert_eq(rw_turn_of(g)->moves, 2, "a step spends a move");
    robotwars_engine.destroy(g);
}

Test(speed, robots_move_forwards_or_backwards_in_any_combination)
{
    game *g = duel_at(5, 6, RW_E, 9, 2, RW_S);
    play(g, FORWARD);
    play(g, BACK);
    play(g, BACK);
    play(g, FORWARD);
    at(g, 0, 5, 6);
    robotwars_engine.destroy(g);
}

Test(speed, robots_move_vertically_or_horizontally_never_diagonally)
{
    game *g = duel_at(5, 6, RW_E, 9, 2, RW_S);
    play(g, FORWARD);
    at(g, 0, 6, 6);
    play(g, LEFT);
    play(g, FORWARD);
    at(g, 0, 6, 5);
    rwt_refused(g, seat_of(g, 0), "{\"kind\":\"step\",\"dir\":\"NE\"}", "bad_action");
    robotwars_engine.destroy(g);
}

Test(speed, no_step_through_the_wall_of_the_war_zone)
{
    game *g = duel_at(4, 0, RW_N, 9, 5, RW_S);
    const char *why = rwt_refused(g, seat_of(g, 0), FORWARD, "illegal");
    cr_assert(strstr(why, "wall"), "%s", why);
    robotwars_engine.destroy(g);
}

/* ---- Power: pushing ---- */

/* Robot 0 at (5,6) facing N runs into robot 1 at (5,5) facing `d1`. */
static game *push_case(int power, int d1)
{
    game *g = duel_at(5, 6, RW_N, 5, 5, d1);
    rwt_caps(g, 0, -1, power, -1);
    return g;
}

Test(power, one_pushes_an_opponent_on_its_front)
{
    game *g = push_case(1, RW_S);
    json_t *ev = play_ev(g, FORWARD);
    at(g, 1, 5, 4);
    at(g, 0, 5, 5);
    cr_assert_str_eq(json_string_value(json_object_get(rwt_event(ev, "push"), "side")), "front");
    json_decref(ev);
    robotwars_engine.destroy(g);
}

Test(power, one_cannot_push_a_back_or_a_side)
{
    game *g = push_case(1, RW_N);
    const char *why = rwt_refused(g, seat_of(g, 0), FORWARD, "illegal");
    cr_assert(strstr(why, "back") && strstr(why, "Power 1"), "%s", why);
    robotwars_engine.destroy(g);
    g = push_case(1, RW_E);
    why = rwt_refused(g, seat_of(g, 0), FORWARD, "illegal");
    cr_assert(strstr(why, "side"), "%s", why);
    robotwars_engine.destroy(g);
}

Test(power, two_pushes_a_front_and_a_back_but_not_a_side)
{
    game *g = push_case(2, RW_N);
    play(g, FORWARD);
    at(g, 1, 5, 4);
    robotwars_engine.destroy(g);
    g = push_case(2, RW_S);
    play(g, FORWARD);
    at(g, 1, 5, 4);
    robotwars_engine.destroy(g);
    g = push_case(2, RW_W);
    rwt_refused(g, seat_of(g, 0), FORWARD, "illegal");
    robotwars_engine.destroy(g);
}

Test(power, three_pushes_front_back_and_sides)
{
    for (int d = 0; d < 4; d++) {
        game *g = push_case(3, d);
        play(g, FORWARD);
        at(g, 1, 5, 4);
        cr_assert_eq(robot(g, 1)->facing, d, "a pushed robot keeps its facing");
        robotwars_engine.destroy(g);
    }
}

Test(power, zero_pushes_nothing)
{
    game *g = push_case(0, RW_S);
    rwt_refused(g, seat_of(g, 0), FORWARD, "illegal");
    robotwars_engine.destroy(g);
}

Test(power, a_robot_cannot_push_two_opposing_robots_at_the_same_time)
{
    /* Three robots in a heat: the second one behind the first blocks. */
    game *g = rwt_new(NULL, 3, 11);
    json_decref(rwt_allocate_all(g));
    rwt_place(g, 0, 5, 6, RW_N);
    rwt_place(g, 1, 5, 5, RW_S);
    rwt_place(g, 2, 5, 4, RW_S);
    rwt_caps(g, 0, 4, 3, 2);
    json_t *ev = play_ev(g, FORWARD);
    at(g, 0, 5, 6);
    at(g, 1, 5, 5);
    at(g, 2, 5, 4);
    json_t *b = rwt_event(ev, "blocked");
    cr_assert_not_null(b);
    cr_assert_str_eq(json_string_value(json_object_get(b, "by")), "robot");
    cr_assert_eq(rw_turn_of(g)->moves, 3, "the blocked push spends the move");
    json_decref(ev);
    robotwars_engine.destroy(g);
}

Test(ruling, pushing_into_a_wall_moves_no_one_and_the_move_is_spent)
{
    game *g = duel_at(5, 1, RW_N, 5, 0, RW_S);
    json_t *ev = play_ev(g, FORWARD);
    at(g, 0, 5, 1);
    at(g, 1, 5, 0);
    cr_assert_str_eq(json_string_value(json_object_get(rwt_event(ev, "blocked"), "by")), "wall");
    cr_assert_eq(rw_turn_of(g)->moves, 3);
    cr_assert_eq(robot(g, 1)->damage, 0);
    json_decref(ev);
    robotwars_engine.destroy(g);
}

Test(ruling, a_backward_step_into_an_opponent_pushes_it_by_the_same_face_rule)
{
    /* Robot 0 faces S and steps back (north) into robot 1 facing S: its
     * front is struck. */
    game *g = duel_at(5, 6, RW_S, 5, 5, RW_S);
    play(g, BACK);
    at(g, 1, 5, 4);
    at(g, 0, 5, 5);
    robotwars_engine.destroy(g);
    /* Facing N, robot 1's back is struck: Power 1 cannot. */
    g = duel_at(5, 6, RW_S, 5, 5, RW_N);
    rwt_refused(g, seat_of(g, 0), BACK, "illegal");
    robotwars_engine.destroy(g);
}

Test(ruling, the_pusher_follows_and_the_pushed_robots_penalty_square_is_resolved_first)
{
    /* Robot 0 pushes robot 1 from (6,1) onto the spikes at (6,0) and
     * follows into (6,1). */
    game *g = duel_at(6, 2, RW_N, 6, 1, RW_S);
    json_t *ev = play_ev(g, FORWARD);
    at(g, 1, 6, 0);
    at(g, 0, 6, 1);
    cr_assert_eq(robot(g, 1)->damage, 5);
    size_t push = 99, penalty = 99, step = 99, i;
    json_t *e;
    json_array_foreach(ev, i, e) {
        const char *k = json_string_value(json_object_get(e, "kind"));
        if (!strcmp(k, "push"))
            push = i;
        else if (!strcmp(k, "penalty"))
            penalty = i;
        else if (!strcmp(k, "step"))
            step = i;
    }
    cr_assert(push < penalty && penalty < step, "push %zu, the pushed robot's penalty %zu, then the step %zu",
              push, penalty, step);
    json_decref(ev);
    robotwars_engine.destroy(g);
}

/* ---- Manoeuvrability: turns ---- */

Test(manoeuvrability, is_how_many_90_degree_rotations_a_robot_may_make_in_one_turn)
{
    game *g = duel_at(5, 6, RW_N, 9, 2, RW_S);
    play(g, RIGHT);
    cr_assert_eq(robot(g, 0)->facing, RW_E);
    play(g, RIGHT);
    cr_assert_eq(robot(g, 0)->facing, RW_S);
    const char *why = rwt_refused(g, seat_of(g, 0), LEFT, "illegal");
    cr_assert(strstr(why, "Manoeuvrability 2"), "%s", why);
    robotwars_engine.destroy(g);
}

Test(ruling, turns_are_free_at_any_point_of_the_turn)
{
    game *g = duel_at(5, 6, RW_N, 9, 2, RW_S);
    play(g, FORWARD);
    play(g, LEFT);
    play(g, FORWARD);
    play(g, RIGHT);
    play(g, FORWARD);
    cr_assert_eq(rw_turn_of(g)->moves, 1, "turning spent no move");
    at(g, 0, 4, 4);
    robotwars_engine.destroy(g);
}

Test(ruling, with_manoeuvrability_0_the_one_90_degree_turn_ends_the_turn)
{
    game *g = duel_at(5, 6, RW_N, 9, 2, RW_S);
    rwt_caps(g, 0, -1, -1, 0);
    int s0 = seat_of(g, 0);
    play(g, FORWARD);
    json_t *ev = play_ev(g, LEFT);
    cr_assert_eq(robot(g, 0)->facing, RW_W);
    json_t *end = rwt_event(ev, "turn_end");
    cr_assert_not_null(end, "the one turn ends the turn");
    cr_assert_eq(json_integer_value(json_object_get(end, "seat")), s0);
    cr_assert_neq(rwt_mover(g), s0);
    json_decref(ev);
    robotwars_engine.destroy(g);
}

Test(ruling, with_manoeuvrability_0_a_robot_still_moves_and_turns_once)
{
    game *g = duel_at(5, 6, RW_N, 9, 2, RW_S);
    rwt_caps(g, 0, -1, -1, 0);
    cr_assert(rw_turn_of(g)->final_turn);
    for (int i = 0; i < 4; i++)
        play(g, FORWARD);
    cr_assert_eq(rwt_mover(g), seat_of(g, 0), "the one turn is still to come");
    play(g, RIGHT);
    cr_assert_eq(robot(g, 0)->facing, RW_E);
    cr_assert_neq(rwt_mover(g), seat_of(g, 0));
    robotwars_engine.destroy(g);
}

/* ---- the turn ---- */

Test(ruling, a_turn_ends_when_the_roboteer_ends_it)
{
    game *g = duel_at(5, 6, RW_N, 9, 2, RW_S);
    int s0 = seat_of(g, 0);
    json_t *ev = play_ev(g, END);
    cr_assert_str_eq(json_string_value(json_object_get(rwt_event(ev, "turn_end"), "why")), "ended");
    cr_assert_neq(rwt_mover(g), s0);
    json_decref(ev);
    robotwars_engine.destroy(g);
}

Test(ruling, a_turn_ends_itself_when_nothing_is_left_to_do)
{
    game *g = duel_at(5, 6, RW_N, 9, 2, RW_S);
    rwt_caps(g, 0, 1, -1, 1);
    int s0 = seat_of(g, 0);
    play(g, FORWARD);
    cr_assert_eq(rwt_mover(g), s0, "a turn is left");
    json_t *ev = play_ev(g, LEFT);
    cr_assert_str_eq(json_string_value(json_object_get(rwt_event(ev, "turn_end"), "why")), "done");
    cr_assert_neq(rwt_mover(g), s0);
    json_decref(ev);
    robotwars_engine.destroy(g);
}

Test(ruling, a_turn_ends_at_the_turn_deadline)
{
    game *g = duel_at(5, 6, RW_N, 9, 2, RW_S);
    int s0 = seat_of(g, 0);
    int64_t d = robotwars_engine.deadline(g);
    json_t *ev = json_array();
    robotwars_engine.tick(g, d - 1, ev);
    cr_assert_eq(json_array_size(ev), 0, "nothing happens before the deadline");
    robotwars_engine.tick(g, d, ev);
    cr_assert_str_eq(json_string_value(json_object_get(rwt_event(ev, "turn_end"), "why")), "deadline");
    cr_assert_neq(rwt_mover(g), s0);
    json_decref(ev);
    robotwars_engine.destroy(g);
}

Test(ruling, allowances_are_fixed_when_the_turn_starts_a_loss_counts_from_the_next_turn)
{
    /* Robot 0 (Speed 4) steps onto the spikes with 4 damage points: the
     * roll at 5 (loaded: Speed) lowers its Speed to 3, yet this turn keeps
     * its moves. */
    game *g = duel_at(5, 1, RW_N, 9, 5, RW_S);
    rw_test_arena(g)->r[0].damage = 4;
    int roll = 1; /* attack die face 1: Speed */
    rw_test_load_dice(g, &roll, 1);
    play(g, FORWARD);
    cr_assert_eq(robot(g, 0)->cap[RW_SPEED], 3);
    cr_assert_eq(rw_turn_of(g)->moves, 3, "three moves left of four");
    play(g, BACK);
    play(g, BACK);
    play(g, BACK);
    at(g, 0, 5, 3);
    cr_assert_eq(rw_turn_of(g)->moves, 0);
    play(g, END);
    play(g, END);
    cr_assert_eq(rwt_mover(g), seat_of(g, 0));
    cr_assert_eq(rw_turn_of(g)->moves, 3, "the next turn has Speed 3");
    robotwars_engine.destroy(g);
}

/* ---- attacks ---- */

/* The rule text's example: Speed 6, weapon 1, the opponent two squares
 * away in front. */
static game *text_example(void)
{
    game *g = duel_at(5, 8, RW_N, 5, 5, RW_S);
    rwt_caps(g, 0, 6, -1, -1);
    rw_test_arena(g)->r[0].weapon = 1;
    return g;
}

/* Robot 0's front touching robot 1's side; robot 0's weapon and robot 1's
 * damage points as given. */
static game *in_contact(int weapon, int damage)
{
    game *g = duel_at(5, 6, RW_N, 5, 5, RW_E);
    rw_test_arena(g)->r[0].weapon = weapon;
    rw_test_arena(g)->r[1].damage = damage;
    return g;
}

Test(attack, the_rule_texts_example_two_moves_to_contact_then_four_attacks_score_four)
{
    game *g = text_example();
    play(g, FORWARD);
    play(g, FORWARD);
    for (int i = 0; i < 4; i++)
        play(g, ATTACK);
    cr_assert_eq(robot(g, 1)->damage, 4);
    robotwars_engine.destroy(g);
}

Test(attack, the_rule_texts_example_two_attacks_then_moving_away_scores_two)
{
    game *g = text_example();
    play(g, FORWARD);
    play(g, FORWARD);
    play(g, ATTACK);
    play(g, ATTACK);
    play(g, BACK);
    play(g, BACK);
    cr_assert_eq(robot(g, 1)->damage, 2);
    at(g, 0, 5, 8);
    robotwars_engine.destroy(g);
}

Test(attack, scores_the_weapon_cards_value_per_move_in_contact)
{
    game *g = in_contact(3, 0);
    rw_test_load_dice(g, (int[]){4}, 1);
    json_t *ev = play_ev(g, ATTACK);
    cr_assert_eq(robot(g, 1)->damage, 3);
    json_t *a = rwt_event(ev, "attack");
    cr_assert_eq(json_integer_value(json_object_get(a, "points")), 3);
    cr_assert_eq(json_integer_value(json_object_get(a, "target")), seat_of(g, 1));
    json_decref(ev);
    robotwars_engine.destroy(g);
}

Test(attack, weapons_are_front_mounted_no_attack_without_an_opponent_at_the_front)
{
    game *g = duel_at(5, 6, RW_E, 5, 5, RW_S);
    const char *why = rwt_refused(g, seat_of(g, 0), ATTACK, "illegal");
    cr_assert(strstr(why, "front"), "%s", why);
    robotwars_engine.destroy(g);
}

/* ---- penalty areas ---- */

Test(penalty, moving_onto_the_spikes_scores_5)
{
    game *g = duel_at(6, 1, RW_N, 9, 5, RW_S);
    json_t *ev = play_ev(g, FORWARD);
    cr_assert_eq(robot(g, 0)->damage, 5);
    json_t *p = rwt_event(ev, "penalty");
    cr_assert_str_eq(json_string_value(json_object_get(p, "hazard")), "spikes");
    cr_assert_eq(rwt_count(ev, "damage_roll"), 1, "5 reaches a multiple of 5");
    json_decref(ev);
    robotwars_engine.destroy(g);
}

Test(penalty, being_pushed_into_the_circular_saw_scores_5)
{
    game *g = duel_at(2, 5, RW_W, 1, 5, RW_E);
    json_t *ev = play_ev(g, FORWARD);
    at(g, 1, 0, 5);
    cr_assert_eq(robot(g, 1)->damage, 5);
    cr_assert_str_eq(json_string_value(json_object_get(rwt_event(ev, "penalty"), "hazard")), "saw");
    json_decref(ev);
    robotwars_engine.destroy(g);
}

Test(penalty, the_flame_grill_scores_5)
{
    game *g = duel_at(2, 7, RW_S, 9, 5, RW_S);
    json_t *ev = play_ev(g, FORWARD);
    cr_assert_eq(robot(g, 0)->damage, 5);
    cr_assert_str_eq(json_string_value(json_object_get(rwt_event(ev, "penalty"), "hazard")), "flame");
    json_decref(ev);
    robotwars_engine.destroy(g);
}

Test(ruling, every_entry_scores_5_also_from_one_square_of_a_hazard_to_the_next)
{
    game *g = duel_at(2, 7, RW_S, 9, 5, RW_S);
    rw_test_load_dice(g, (int[]){4, 4}, 2);
    play(g, FORWARD);
    play(g, FORWARD);
    at(g, 0, 2, 9);
    cr_assert_eq(robot(g, 0)->damage, 10);
    robotwars_engine.destroy(g);
}

Test(penalty, a_robot_already_on_a_hazard_scores_nothing_for_standing_there)
{
    game *g = duel_at(2, 8, RW_N, 9, 5, RW_S);
    play(g, END);
    cr_assert_eq(robot(g, 0)->damage, 0);
    robotwars_engine.destroy(g);
}

/* ---- corner patrol zones ---- */

Test(cpz, entering_scores_5_rolls_the_house_robot_die_then_the_house_robot_throws)
{
    /* Robot 0 steps from (2,1) west into the NW zone at (1,1). */
    game *g = duel_at(2, 1, RW_W, 9, 5, RW_S);
    rw_test_load_dice(g, (int[]){4}, 1);
    json_t *ev = play_ev(g, FORWARD);
    json_t *roll = rwt_event(ev, "damage_roll");
    cr_assert_str_eq(json_string_value(json_object_get(roll, "die")), "house");
    cr_assert_eq(json_integer_value(json_object_get(roll, "multiple")), 5);
    json_t *t = rwt_event(ev, "house_throw");
    cr_assert_not_null(t);
    /* Thrown two squares diagonally toward the centre: (1,1) -> (3,3). */
    at(g, 0, 3, 3);
    cr_assert_eq(json_is_true(json_object_get(t, "short")), false);
    cr_assert_eq(robot(g, 0)->damage, 5);
    json_decref(ev);
    robotwars_engine.destroy(g);
}

Test(cpz, a_blocked_square_stops_the_throw_short)
{
    /* Robot 1 on (3,3): the throw from (1,1) stops on (2,2). */
    game *g = duel_at(2, 1, RW_W, 3, 3, RW_N);
    rw_test_load_dice(g, (int[]){4}, 1);
    json_t *ev = play_ev(g, FORWARD);
    at(g, 0, 2, 2);
    cr_assert(json_is_true(json_object_get(rwt_event(ev, "house_throw"), "short")));
    json_decref(ev);
    robotwars_engine.destroy(g);
}

Test(ruling, stopping_short_inside_the_same_cpz_is_no_new_entry)
{
    /* Robot 0 steps back from (1,0) into (0,0), a new square of the NW
     * zone; robot 1 on (2,2) blocks the throw's second square, so robot 0
     * stops on (1,1), still in the zone, and scores nothing more. */
    game *g = duel_at(1, 0, RW_E, 2, 2, RW_N);
    rw_test_load_dice(g, (int[]){4}, 1);
    json_t *ev = play_ev(g, BACK);
    at(g, 0, 1, 1);
    cr_assert_eq(robot(g, 0)->damage, 5, "only the entry scored");
    cr_assert_eq(rwt_count(ev, "penalty"), 1);
    cr_assert(json_is_true(json_object_get(rwt_event(ev, "house_throw"), "short")));
    json_decref(ev);
    robotwars_engine.destroy(g);
}

Test(ruling, only_the_square_where_the_throw_lands_acts_a_penalty_square_scores_5)
{
    /* From the SW zone (1,10) the throw goes (+1,-1) twice: (3,8), flame. */
    game *g = duel_at(2, 10, RW_W, 9, 5, RW_S);
    rw_test_load_dice(g, (int[]){4, 4}, 2);
    json_t *ev = play_ev(g, FORWARD);
    at(g, 0, 3, 8);
    cr_assert_eq(robot(g, 0)->damage, 10, "5 for the zone and 5 for the flame grill");
    cr_assert_eq(rwt_count(ev, "penalty"), 2);
    json_decref(ev);
    robotwars_engine.destroy(g);
}

Test(ruling, a_throw_into_the_open_pit_immobilises)
{
    /* From the SE zone (10,10) the throw goes (-1,-1) twice: (8,8), the pit. */
    game *g = duel_at(10, 9, RW_S, 5, 5, RW_S);
    rw_test_arena(g)->pit_open = true;
    rw_test_load_dice(g, (int[]){4}, 1);
    json_t *ev = play_ev(g, FORWARD);
    json_t *over = rwt_event(ev, "battle_over");
    cr_assert_not_null(over);
    cr_assert_str_eq(json_string_value(json_object_get(over, "how")), "pit");
    json_decref(ev);
    robotwars_engine.destroy(g);
}

Test(cpz, the_house_robot_die_can_show_rip_which_ends_the_battle)
{
    game *g = duel_at(2, 1, RW_W, 9, 5, RW_S);
    int s0 = seat_of(g, 0);
    rw_test_load_dice(g, (int[]){6}, 1);
    json_t *ev = play_ev(g, FORWARD);
    cr_assert_str_eq(json_string_value(json_object_get(rwt_event(ev, "damage_roll"), "face")), "rip");
    cr_assert_null(rwt_event(ev, "house_throw"), "an immobilised robot is not thrown");
    json_t *over = rwt_event(ev, "battle_over");
    cr_assert_eq(json_integer_value(json_object_get(over, "eliminated")), s0);
    cr_assert_str_eq(json_string_value(json_object_get(over, "how")), "rip");
    json_decref(ev);
    robotwars_engine.destroy(g);
}

/* Ends `n` turns in a row, each by its robot's roboteer; returns the events
 * of the last (caller decrefs). */
static json_t *end_turns(game *g, int n)
{
    json_t *ev = json_array();
    for (int t = 0; t < n; t++) {
        json_decref(ev);
        cr_assert_eq(rw_phase_of(g), RW_PHASE_BATTLE, "still fighting at turn %d of %d", t, n);
        ev = rwt_ok(g, rwt_mover(g), END);
    }
    return ev;
}

/* ---- the pit ---- */

Test(pit, the_closed_pit_is_floor)
{
    game *g = duel_at(8, 7, RW_S, 2, 2, RW_S);
    play(g, FORWARD);
    at(g, 0, 8, 8);
    cr_assert_eq(rw_arena_of(g)->out, -1);
    robotwars_engine.destroy(g);
}

Test(pit, opens_once_every_roboteer_has_taken_five_turns)
{
    game *g = duel_at(2, 6, RW_N, 9, 3, RW_S);
    json_t *ev = NULL;
    for (int t = 0; t < 2 * RW_PIT_AFTER; t++) {
        cr_assert(!rw_arena_of(g)->pit_open, "not open after %d turns in all", t);
        json_decref(ev);
        ev = rwt_ok(g, rwt_mover(g), END);
    }
    cr_assert(rw_arena_of(g)->pit_open);
    cr_assert_not_null(rwt_event(ev, "pit_open"));
    cr_assert_eq(rw_round(g), RW_PIT_AFTER + 1);
    json_decref(ev);
    robotwars_engine.destroy(g);
}

Test(ruling, a_robot_standing_on_the_pit_when_it_opens_falls_in)
{
    game *g = duel_at(2, 6, RW_N, 8, 8, RW_S);
    int s1 = seat_of(g, 1);
    json_t *ev = end_turns(g, 2 * RW_PIT_AFTER);
    json_t *over = rwt_event(ev, "battle_over");
    cr_assert_eq(json_integer_value(json_object_get(over, "eliminated")), s1);
    cr_assert_str_eq(json_string_value(json_object_get(over, "how")), "pit");
    json_decref(ev);
    robotwars_engine.destroy(g);
}

Test(pit, a_robot_pushed_into_the_open_pit_is_immobilised_and_eliminated)
{
    game *g = duel_at(8, 10, RW_N, 8, 9, RW_S);
    rw_test_arena(g)->pit_open = true;
    int s1 = seat_of(g, 1);
    /* Robot 1 is on the pit square (8,9) already (it opened under nobody
     * in this test): push it further, onto (8,8). */
    json_t *ev = play_ev(g, FORWARD);
    json_t *over = rwt_event(ev, "battle_over");
    cr_assert_not_null(over);
    cr_assert_eq(json_integer_value(json_object_get(over, "eliminated")), s1);
    cr_assert_str_eq(json_string_value(json_object_get(over, "how")), "pit");
    json_decref(ev);
    robotwars_engine.destroy(g);
}

/* ---- damage ---- */

Test(damage, a_roll_each_time_the_score_reaches_or_passes_a_multiple_of_5)
{
    game *g = in_contact(3, 0);
    rw_test_load_dice(g, (int[]){4, 4, 4, 4}, 4);
    int rolls_after[4] = {0, 1, 1, 2}; /* 3, 6, 9, 12 points */
    int total = 0;
    for (int i = 0; i < 4; i++) {
        json_t *ev = play_ev(g, ATTACK);
        total += rwt_count(ev, "damage_roll");
        cr_assert_eq(total, rolls_after[i], "after %d points, %d rolls", 3 * (i + 1), rolls_after[i]);
        json_decref(ev);
    }
    robotwars_engine.destroy(g);
}

Test(ruling, one_roll_per_multiple_of_5_passed)
{
    /* No card scores more than 3 and no area more than 5, so a hit passes
     * one multiple at most; the rule is general: a hit of 10 points from 4
     * passes 5 and 10, two rolls. */
    game *g = duel_at(5, 6, RW_N, 5, 5, RW_E);
    rw_arena *a = rw_test_arena(g);
    a->r[1].damage = 4;
    json_t *ev = json_array();
    rw_dice dice = {.loaded = {4, 5}, .nloaded = 2};
    rw_ctx ctx = {.dice = &dice, .events = ev};
    rw_score(a, 1, 10, RW_DIE_ATTACK, &ctx);
    cr_assert_eq(rwt_count(ev, "damage_roll"), 2);
    cr_assert_eq(a->r[1].damage, 14);
    json_decref(ev);
    robotwars_engine.destroy(g);
}

Test(ruling, once_a_robot_is_immobilised_the_rest_of_the_rolls_of_that_hit_are_not_rolled)
{
    game *g = duel_at(5, 6, RW_N, 5, 5, RW_E);
    rw_arena *a = rw_test_arena(g);
    a->r[1].cap[RW_SPEED] = 1;
    json_t *ev = json_array();
    rw_dice dice = {.loaded = {1, 4}, .nloaded = 2};
    rw_ctx ctx = {.dice = &dice, .events = ev};
    rw_score(a, 1, 10, RW_DIE_ATTACK, &ctx);
    cr_assert_eq(rwt_count(ev, "damage_roll"), 1, "Speed 0 at the first roll: no second");
    cr_assert_eq(a->out, 1);
    cr_assert_eq(a->out_why, RW_OUT_SPEED);
    json_decref(ev);
    robotwars_engine.destroy(g);
}

Test(damage, the_attack_damage_die_has_speed_power_manoeuvrability_and_three_blanks)
{
    int count[RW_FACE_RIP + 1] = {0};
    for (int i = 0; i < 6; i++)
        count[rw_die_faces[RW_DIE_ATTACK][i]]++;
    cr_assert_eq(count[RW_SPEED], 1);
    cr_assert_eq(count[RW_POWER], 1);
    cr_assert_eq(count[RW_MANOEUVRABILITY], 1);
    cr_assert_eq(count[RW_FACE_BLANK], 3);
    cr_assert_eq(count[RW_FACE_RIP], 0);
}

Test(damage, the_house_robot_die_has_the_capabilities_two_blanks_and_rip)
{
    int count[RW_FACE_RIP + 1] = {0};
    for (int i = 0; i < 6; i++)
        count[rw_die_faces[RW_DIE_HOUSE][i]]++;
    cr_assert_eq(count[RW_SPEED] + count[RW_POWER] + count[RW_MANOEUVRABILITY], 3);
    cr_assert_eq(count[RW_FACE_BLANK], 2);
    cr_assert_eq(count[RW_FACE_RIP], 1);
}

Test(damage, a_capability_thrown_moves_the_indicator_down_one_level)
{
    for (int roll = 1; roll <= 3; roll++) {
        game *g = in_contact(3, 2);
        int before[RW_CAPS];
        memcpy(before, robot(g, 1)->cap, sizeof before);
        rw_test_load_dice(g, &roll, 1);
        json_t *ev = play_ev(g, ATTACK);
        int face = rw_die_faces[RW_DIE_ATTACK][roll - 1];
        cr_assert_eq(robot(g, 1)->cap[face], before[face] - 1);
        json_t *r = rwt_event(ev, "damage_roll");
        cr_assert_str_eq(json_string_value(json_object_get(r, "face")), rw_face_names[face]);
        cr_assert_eq(json_integer_value(json_object_get(r, "value")), before[face] - 1);
        json_decref(ev);
        robotwars_engine.destroy(g);
    }
}

Test(damage, a_blank_does_no_damage)
{
    game *g = in_contact(3, 2);
    int before[RW_CAPS];
    memcpy(before, robot(g, 1)->cap, sizeof before);
    rw_test_load_dice(g, (int[]){5}, 1);
    play(g, ATTACK);
    cr_assert_arr_eq(robot(g, 1)->cap, before, sizeof before);
    robotwars_engine.destroy(g);
}

Test(ruling, capabilities_never_go_below_0)
{
    game *g = in_contact(3, 2);
    rw_test_arena(g)->r[1].cap[RW_POWER] = 0;
    rw_test_load_dice(g, (int[]){2}, 1);
    json_t *ev = play_ev(g, ATTACK);
    cr_assert_eq(robot(g, 1)->cap[RW_POWER], 0);
    cr_assert_eq(json_integer_value(json_object_get(rwt_event(ev, "damage_roll"), "value")), 0);
    json_decref(ev);
    robotwars_engine.destroy(g);
}

Test(immobilised, when_its_speed_is_reduced_to_zero)
{
    game *g = in_contact(3, 2);
    int s1 = seat_of(g, 1);
    rw_test_arena(g)->r[1].cap[RW_SPEED] = 1;
    rw_test_load_dice(g, (int[]){1}, 1);
    json_t *ev = play_ev(g, ATTACK);
    json_t *over = rwt_event(ev, "battle_over");
    cr_assert_eq(json_integer_value(json_object_get(over, "eliminated")), s1);
    cr_assert_str_eq(json_string_value(json_object_get(over, "how")), "speed");
    cr_assert_eq(robot(g, 1)->cap[RW_SPEED], 0);
    json_decref(ev);
    robotwars_engine.destroy(g);
}

/* ---- the end of a battle ---- */

Test(battle, the_first_robot_immobilised_is_eliminated_and_the_battle_ends_at_once)
{
    game *g = in_contact(3, 2);
    int s0 = seat_of(g, 0), s1 = seat_of(g, 1);
    rw_test_arena(g)->r[1].cap[RW_SPEED] = 1;
    rw_test_load_dice(g, (int[]){1}, 1);
    json_t *ev = play_ev(g, ATTACK);
    json_t *over = rwt_event(ev, "battle_over");
    cr_assert_eq(json_integer_value(json_object_get(over, "eliminated")), s1);
    cr_assert_eq(json_integer_value(json_array_get(json_object_get(over, "advance"), 0)), s0);
    cr_assert_eq(rw_bracket_of(g)->wins[s0], 1);
    cr_assert_eq(rw_phase_of(g), RW_PHASE_SETUP, "the next battle's set-up, at once");
    json_decref(ev);
    robotwars_engine.destroy(g);
}


Test(battle, after_15_turns_each_the_robot_with_the_most_damage_points_is_eliminated)
{
    game *g = duel_at(2, 6, RW_N, 9, 3, RW_S);
    int s1 = seat_of(g, 1);
    rw_test_arena(g)->r[0].damage = 7;
    rw_test_arena(g)->r[1].damage = 8;
    json_t *ev = end_turns(g, 2 * RW_TURN_LIMIT);
    json_t *over = rwt_event(ev, "battle_over");
    cr_assert_not_null(over, "the battle ends after 15 turns each");
    cr_assert_eq(json_integer_value(json_object_get(over, "eliminated")), s1);
    cr_assert_str_eq(json_string_value(json_object_get(over, "how")), "turn_limit");
    cr_assert(!json_is_true(json_object_get(over, "tie_break")));
    json_decref(ev);
    robotwars_engine.destroy(g);
}

Test(option, turn_limit_ends_a_battle_after_that_many_turns_each)
{
    game *g = rwt_new("{\"turn_limit\": 3}", 2, 7);
    json_decref(rwt_allocate_all(g));
    json_t *ev = end_turns(g, 2 * 3);
    json_t *over = rwt_event(ev, "battle_over");
    cr_assert_not_null(over, "three turns each, and the battle is over");
    cr_assert_str_eq(json_string_value(json_object_get(over, "how")), "turn_limit");
    cr_assert_null(rwt_event(ev, "pit_open"), "the pit opens only after five turns each");
    cr_assert_eq(json_integer_value(rwt_view_get(g, -1, "turn_limit")), 3);
    json_decref(ev);
    robotwars_engine.destroy(g);
}

Test(battle, fourteen_turns_each_are_not_the_end)
{
    game *g = duel_at(2, 6, RW_N, 9, 3, RW_S);
    json_decref(end_turns(g, 2 * RW_TURN_LIMIT - 1));
    cr_assert_eq(rw_phase_of(g), RW_PHASE_BATTLE);
    cr_assert_eq(rw_round(g), RW_TURN_LIMIT);
    robotwars_engine.destroy(g);
}

Test(tie_break, the_attack_die_names_a_capability_and_the_lowest_in_it_is_eliminated)
{
    game *g = duel_at(2, 6, RW_N, 9, 3, RW_S);
    int s0 = seat_of(g, 0);
    rwt_caps(g, 0, 4, 1, 2);
    rwt_caps(g, 1, 4, 2, 2);
    rw_test_arena(g)->r[0].damage = 6;
    rw_test_arena(g)->r[1].damage = 6;
    json_decref(end_turns(g, 2 * RW_TURN_LIMIT - 1));
    /* A blank first (rolled again), then Power: robot 0 has the lower. */
    rw_test_load_dice(g, (int[]){4, 2}, 2);
    json_t *ev = rwt_ok(g, rwt_mover(g), END);
    cr_assert_eq(rwt_count(ev, "tie_break"), 2, "a blank is rolled again");
    json_t *over = rwt_event(ev, "battle_over");
    cr_assert_eq(json_integer_value(json_object_get(over, "eliminated")), s0);
    cr_assert(json_is_true(json_object_get(over, "tie_break")));
    json_decref(ev);
    robotwars_engine.destroy(g);
}

Test(ruling, the_tie_break_rerolls_only_among_the_robots_still_tied)
{
    /* A heat of three, all with 6 points: Speed splits off the fastest; the
     * other two roll again, and Power eliminates the weaker. */
    game *g = rwt_new(NULL, 3, 5);
    json_decref(rwt_allocate_all(g));
    rw_arena *a = rw_test_arena(g);
    int caps[3][3] = {{5, 1, 2}, {4, 2, 2}, {4, 1, 2}};
    int xs[3] = {1, 5, 9};
    for (int i = 0; i < 3; i++) {
        rwt_place(g, i, xs[i], 4, RW_S);
        rwt_caps(g, i, caps[i][0], caps[i][1], caps[i][2]);
        a->r[i].damage = 6;
    }
    rwt_restart_turn(g);
    json_decref(end_turns(g, 3 * RW_TURN_LIMIT - 1));
    /* Speed: robots 1 and 2 tie at 4 (robot 0 is out of it); then Power:
     * robot 2 has 1, robot 1 has 2. */
    rw_test_load_dice(g, (int[]){1, 2}, 2);
    json_t *ev = rwt_ok(g, rwt_mover(g), END);
    json_t *second = NULL;
    size_t i;
    json_t *e;
    int n = 0;
    json_array_foreach(ev, i, e) {
        if (strcmp(json_string_value(json_object_get(e, "kind")), "tie_break"))
            continue;
        if (++n == 2)
            second = e;
    }
    cr_assert_eq(n, 2);
    cr_assert_eq(json_array_size(json_object_get(second, "tied")), 2, "only the two still tied roll");
    json_t *over = rwt_event(ev, "battle_over");
    cr_assert_eq(json_integer_value(json_object_get(over, "eliminated")), a->r[2].seat);
    json_decref(ev);
    robotwars_engine.destroy(g);
}

Test(ruling, robots_no_capability_tells_apart_are_separated_by_a_roll_off)
{
    game *g = duel_at(2, 6, RW_N, 9, 3, RW_S);
    int s1 = seat_of(g, 1);
    rw_test_arena(g)->r[0].damage = 6;
    rw_test_arena(g)->r[1].damage = 6;
    json_decref(end_turns(g, 2 * RW_TURN_LIMIT - 1));
    rw_test_load_dice(g, (int[]){5, 2}, 2);
    json_t *ev = rwt_ok(g, rwt_mover(g), END);
    json_t *tie = rwt_event(ev, "tie_break");
    cr_assert(json_is_null(json_object_get(tie, "face")), "no capability die: a roll-off");
    cr_assert_eq(json_array_size(json_object_get(tie, "rolls")), 2);
    cr_assert_eq(json_integer_value(json_object_get(rwt_event(ev, "battle_over"), "eliminated")), s1);
    json_decref(ev);
    robotwars_engine.destroy(g);
}

/* ---- order of play ---- */

Test(order, the_highest_throw_goes_first_and_the_ith_in_the_order_takes_the_ith_start_square)
{
    game *g = rwt_new(NULL, 3, 21);
    const rw_battle *bt = &rw_bracket_of(g)->b[0];
    /* Throws 2, 6, 4 for the drawn seats in order. */
    rw_test_load_dice(g, (int[]){2, 6, 4}, 3);
    json_t *ev = rwt_allocate_all(g);
    json_t *order = json_object_get(rwt_event(ev, "order"), "order");
    cr_assert_eq(json_integer_value(json_array_get(order, 0)), bt->seats[1]);
    cr_assert_eq(json_integer_value(json_array_get(order, 1)), bt->seats[2]);
    cr_assert_eq(json_integer_value(json_array_get(order, 2)), bt->seats[0]);
    for (int i = 0; i < 3; i++) {
        at(g, i, rw_starts_3[i].x, rw_starts_3[i].y);
        cr_assert_eq(robot(g, i)->facing, (int)rw_starts_3[i].facing);
    }
    cr_assert_eq(rwt_mover(g), bt->seats[1]);
    json_decref(ev);
    robotwars_engine.destroy(g);
}

Test(order, ties_are_thrown_again)
{
    game *g = rwt_new(NULL, 3, 21);
    const rw_battle *bt = &rw_bracket_of(g)->b[0];
    /* 5, 5, 3: the two fives throw again, 1 and 4. */
    rw_test_load_dice(g, (int[]){5, 5, 3, 1, 4}, 5);
    json_t *ev = rwt_allocate_all(g);
    cr_assert_eq(rwt_count(ev, "order_roll"), 2);
    json_t *order = json_object_get(rwt_event(ev, "order"), "order");
    cr_assert_eq(json_integer_value(json_array_get(order, 0)), bt->seats[1]);
    cr_assert_eq(json_integer_value(json_array_get(order, 1)), bt->seats[0]);
    cr_assert_eq(json_integer_value(json_array_get(order, 2)), bt->seats[2]);
    json_decref(ev);
    robotwars_engine.destroy(g);
}

Test(ruling, when_the_pit_opens_under_two_robots_the_first_in_the_order_of_play_falls_first)
{
    /* A heat of three: robots 1 and 2 (in the order of play) stand on the
     * pit when it opens; only one robot goes, the one whose turn came
     * first. */
    game *g = rwt_new(NULL, 3, 5);
    json_decref(rwt_allocate_all(g));
    rwt_place(g, 0, 2, 4, RW_N);
    rwt_place(g, 1, 8, 8, RW_N);
    rwt_place(g, 2, 9, 9, RW_N);
    rwt_restart_turn(g);
    int s1 = seat_of(g, 1);
    json_t *ev = end_turns(g, 3 * RW_PIT_AFTER);
    json_t *over = rwt_event(ev, "battle_over");
    cr_assert_eq(json_integer_value(json_object_get(over, "eliminated")), s1);
    json_decref(ev);
    robotwars_engine.destroy(g);
}

/* RULINGS §4: "at the deadline an unallocated disc is placed as a normal
 * bot would". The order is the rules' own (rw_default_allocation); the
 * normal bot reads it, so retuning a bot cannot change it. */
Test(ruling, the_default_allocation_raises_speed_twice_then_power_then_manoeuvrability)
{
    static const int want[][RW_CAPS] = {
        {0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {2, 1, 0}, {3, 1, 0}, {4, 1, 0},
        {4, 2, 0}, {4, 2, 1}, {4, 2, 2}, {4, 2, 3}, {4, 2, 3},
    };
    for (int discs = 0; discs <= RW_THROWS; discs++) {
        int add[RW_CAPS];
        rw_default_allocation(discs, add);
        for (int c = 0; c < RW_CAPS; c++)
            cr_assert_eq(add[c], want[discs][c], "%d discs: %s +%d, not +%d", discs,
                         rw_caps[c].name, add[c], want[discs][c]);
        cr_assert_eq(add[0] + add[1] + add[2], rw_discs_to_place(discs),
                     "every disc that fits is placed");
    }
}

Test(discs, an_order_that_runs_out_places_the_rest_wherever_it_fits)
{
    static const int speed_only[] = {RW_SPEED, -1};
    int add[RW_CAPS];
    rw_allocate_in_order(speed_only, 7, add);
    cr_assert_eq(add[RW_SPEED], 4, "one by the order, then speed to its maximum");
    cr_assert_eq(add[RW_POWER], 2, "then power to its maximum");
    cr_assert_eq(add[RW_MANOEUVRABILITY], 1, "and the last disc to manoeuvrability");
    rw_allocate_in_order(speed_only, 10, add);
    cr_assert_eq(add[RW_SPEED] + add[RW_POWER] + add[RW_MANOEUVRABILITY], 9,
                 "never past the maxima: nine of ten fit");
}

Test(discs, the_normal_bot_allocates_as_the_rules_default)
{
    for (int discs = 0; discs <= RW_THROWS; discs++) {
        int bot[RW_CAPS], rule[RW_CAPS];
        rw_bot_allocation(1, discs, 2, bot);
        rw_default_allocation(discs, rule);
        cr_assert_arr_eq(bot, rule, sizeof bot, "%d discs", discs);
    }
}
