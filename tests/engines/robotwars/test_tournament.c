/* test_tournament.c: the wars' structure (the seed's table and RULINGS §4):
 * a match of best of N for two, heats / semi-finals / final for three to
 * six with byes, random pairings; the preparation before every battle
 * (reset to base, ten throws, at most ten discs); the weapons cards; and the
 * result naming every battle's outcome. Battles are ended quickly by
 * immobilising a robot through the test hooks. */
#include "support.h"

#include <stdlib.h>
#include <string.h>

/* Ends the battle under way: the robot in arena index `loser` is pushed
 * into the open pit by the robot to move, which is put behind it. */
static json_t *eliminate(game *g, int loser)
{
    if (rw_phase_of(g) == RW_PHASE_SETUP) {
        json_t *ev = rwt_allocate_all(g);
        json_decref(ev);
    }
    rw_arena *a = rw_test_arena(g);
    int mover = rw_turn_of(g)->who;
    a->pit_open = true;
    if (mover == loser) {
        /* It walks in. */
        rwt_place(g, mover, 8, 7, RW_S);
        for (int i = 0, x = 1; i < a->n; i++) {
            if (i != mover)
                rwt_place(g, i, x += 3, 3, RW_N);
        }
    } else {
        rwt_place(g, loser, 8, 7, RW_N);
        rwt_place(g, mover, 8, 6, RW_S);
        for (int i = 0, x = 1; i < a->n; i++) {
            if (i != mover && i != loser)
                rwt_place(g, i, x, 3, RW_N);
        }
        a->r[mover].cap[RW_POWER] = 3;
    }
    rwt_restart_turn(g);
    json_t *ev = rwt_ok(g, rwt_mover(g), "{\"kind\":\"forward\"}");
    cr_assert_not_null(rwt_event(ev, "battle_over"));
    return ev;
}

/* The seat robot `i` of the battle under way belongs to (allocating first). */
static int seat_in_battle(game *g, int i)
{
    if (rw_phase_of(g) == RW_PHASE_SETUP)
        json_decref(rwt_allocate_all(g));
    return rw_arena_of(g)->r[i].seat;
}

/* ---- two roboteers: a match ---- */

Test(match, two_roboteers_play_best_of_3_by_default)
{
    game *g = rwt_new(NULL, 2, 1);
    const rw_bracket *b = rw_bracket_of(g);
    cr_assert(b->match);
    cr_assert_eq(b->best_of, 3);
    int w = seat_in_battle(g, 0);
    json_decref(eliminate(g, 1));
    cr_assert(!robotwars_engine.over(g), "one win of two needed");
    int loser = seat_in_battle(g, 0) == w ? 1 : 0;
    json_t *ev = eliminate(g, loser);
    cr_assert(robotwars_engine.over(g));
    json_t *over = rwt_event(ev, "over");
    cr_assert_eq(json_integer_value(json_array_get(json_object_get(over, "winners"), 0)), w);
    cr_assert_str_eq(json_string_value(json_object_get(over, "summary")) , w == 0
                     ? "Seat 1 wins the match by 2 battles to 0" : "Seat 2 wins the match by 2 battles to 0");
    json_decref(ev);
    robotwars_engine.destroy(g);
}

Test(match, best_of_5_and_7_need_three_and_four_wins)
{
    const char *opts[2] = {"{\"best_of\": \"5\"}", "{\"best_of\": \"7\"}"};
    for (int o = 0; o < 2; o++) {
        int need = 3 + o;
        game *g = rwt_new(opts[o], 2, 2);
        /* The wins alternate until the last needed, so the match goes long. */
        int battles = 0;
        while (!robotwars_engine.over(g)) {
            int winner_seat = battles < 2 * (need - 1) ? battles % 2 : 0;
            int loser = seat_in_battle(g, 0) == winner_seat ? 1 : 0;
            json_decref(eliminate(g, loser));
            battles++;
        }
        cr_assert_eq(battles, 2 * need - 1, "best of %d: %d battles", 2 * need - 1, battles);
        cr_assert_eq(rw_bracket_of(g)->wins[0], need);
        robotwars_engine.destroy(g);
    }
}

Test(match, the_roboteers_take_it_in_turn_to_start_each_battle)
{
    game *g = rwt_new("{\"best_of\": \"7\"}", 2, 3);
    int starter = seat_in_battle(g, 0);
    for (int k = 1; k < 5; k++) {
        /* Seat 0 and 1 trade wins so the match lasts. */
        json_decref(eliminate(g, seat_in_battle(g, 0) == k % 2 ? 0 : 1));
        json_t *ev = rwt_allocate_all(g);
        json_t *order = rwt_event(ev, "order");
        cr_assert_str_eq(json_string_value(json_object_get(order, "by")), "alternate");
        cr_assert_eq(rwt_count(ev, "order_roll"), 0, "no throw for the order in a match after the first");
        cr_assert_eq(rw_arena_of(g)->r[0].seat, k % 2 ? 1 - starter : starter,
                     "battle %d starts with the other roboteer", k + 1);
        json_decref(ev);
    }
    robotwars_engine.destroy(g);
}

/* ---- three to six: the stages ---- */

/* The stages' battles and robots per battle, and byes per stage. */
static void shape_is(int seats, int stages, const int *battles, const int *robots, const int *byes)
{
    game *g = rwt_new(NULL, seats, (uint64_t)seats);
    const rw_bracket *b = rw_bracket_of(g);
    cr_assert(!b->match);
    cr_assert_eq(b->nstages, stages, "%d roboteers: %d stages", seats, stages);
    for (int s = 0; s < stages; s++) {
        cr_assert_eq(b->stage_first[s + 1] - b->stage_first[s], battles[s], "%d roboteers, stage %d",
                     seats, s);
        cr_assert_eq(b->b[b->stage_first[s]].n, robots[s]);
    }
    /* Play it through, the first robot to move always winning. */
    int stage_seen = 0;
    while (!robotwars_engine.over(g)) {
        int k = rw_battle_index(g);
        int s = b->b[k].stage_index;
        if (k == b->stage_first[s]) {
            cr_assert_eq(b->nbyes[s], byes[s], "%d roboteers, stage %d: %d byes", seats, s, byes[s]);
            stage_seen++;
        }
        json_decref(eliminate(g, 1));
    }
    cr_assert_eq(stage_seen, stages);
    cr_assert_geq(b->champion, 0);
    robotwars_engine.destroy(g);
}

Test(bracket, three_roboteers_play_one_heat_of_three_then_a_final_of_two)
{
    shape_is(3, 2, (int[]){1, 1}, (int[]){3, 2}, (int[]){0, 0});
}

Test(bracket, four_roboteers_play_two_semi_finals_then_the_final)
{
    shape_is(4, 2, (int[]){2, 1}, (int[]){2, 2}, (int[]){0, 0});
}

Test(bracket, five_roboteers_play_one_heat_with_two_byes_then_two_semi_finals_then_the_final)
{
    shape_is(5, 3, (int[]){1, 2, 1}, (int[]){3, 2, 2}, (int[]){2, 0, 0});
}

Test(bracket, six_roboteers_play_two_heats_of_three_then_two_semi_finals_then_the_final)
{
    shape_is(6, 3, (int[]){2, 2, 1}, (int[]){3, 2, 2}, (int[]){0, 0, 0});
}

Test(bracket, a_heat_of_three_eliminates_one_robot_and_two_go_forward)
{
    game *g = rwt_new(NULL, 6, 4);
    int loser = seat_in_battle(g, 2);
    json_t *ev = eliminate(g, 2);
    json_t *over = rwt_event(ev, "battle_over");
    cr_assert_eq(json_integer_value(json_object_get(over, "eliminated")), loser);
    cr_assert_eq(json_array_size(json_object_get(over, "advance")), 2);
    json_decref(ev);
    robotwars_engine.destroy(g);
}

Test(bracket, pairings_are_drawn_at_random_and_every_roboteer_takes_one_card)
{
    int differ = 0;
    unsigned first_heat[20];
    for (uint64_t seed = 0; seed < 20; seed++) {
        game *g = rwt_new(NULL, 6, seed);
        const rw_bracket *b = rw_bracket_of(g);
        unsigned all = 0;
        first_heat[seed] = 0;
        for (int k = 0; k < 2; k++) {
            for (int j = 0; j < 3; j++) {
                int s = b->b[k].seats[j];
                cr_assert(!(all & 1u << s), "seat %d drawn twice", s);
                all |= 1u << s;
                if (k == 0)
                    first_heat[seed] |= 1u << s;
            }
        }
        cr_assert_eq(all, 63u, "every roboteer is in a heat");
        differ += seed > 0 && first_heat[seed] != first_heat[0];
        robotwars_engine.destroy(g);
    }
    cr_assert_gt(differ, 5, "the draw varies with the seed");
}

Test(bracket, the_semi_finals_are_drawn_from_the_heats_survivors_and_the_byes)
{
    game *g = rwt_new(NULL, 5, 8);
    const rw_bracket *b = rw_bracket_of(g);
    unsigned byes = 1u << b->byes[0][0] | 1u << b->byes[0][1];
    int loser = seat_in_battle(g, 0);
    json_t *ev = eliminate(g, 0);
    json_t *draw = rwt_event(ev, "draw");
    cr_assert_not_null(draw, "the semi-finals are drawn when the heat is over");
    cr_assert_str_eq(json_string_value(json_object_get(draw, "stage")), "semi_final");
    unsigned semis = 0;
    for (int k = 1; k <= 2; k++) {
        for (int j = 0; j < 2; j++)
            semis |= 1u << b->b[k].seats[j];
    }
    cr_assert_eq(semis, 31u & ~(1u << loser), "everyone but the heat's loser");
    cr_assert_eq(semis & byes, byes, "the byes are in the semi-finals");
    json_decref(ev);
    robotwars_engine.destroy(g);
}

Test(bracket, an_eliminated_roboteer_fights_no_more_and_the_final_winner_wins_the_game)
{
    game *g = rwt_new(NULL, 4, 12);
    const rw_bracket *b = rw_bracket_of(g);
    unsigned out = 0;
    int champion = -1;
    while (!robotwars_engine.over(g)) {
        const rw_battle *bt = &b->b[rw_battle_index(g)];
        for (int j = 0; j < bt->n; j++)
            cr_assert(!(out & 1u << bt->seats[j]), "seat %d was eliminated", bt->seats[j]);
        int loser = seat_in_battle(g, 1);
        champion = seat_in_battle(g, 0);
        json_decref(eliminate(g, 1));
        out |= 1u << loser;
    }
    cr_assert_eq(b->champion, champion);
    json_t *result = robotwars_engine.result(g);
    cr_assert_eq(json_integer_value(json_array_get(json_object_get(result, "winners"), 0)), champion);
    cr_assert_eq(json_array_size(json_object_get(result, "battles")), 3);
    size_t i;
    json_t *battle;
    json_array_foreach(json_object_get(result, "battles"), i, battle) {
        cr_assert(json_is_integer(json_object_get(battle, "eliminated")));
        cr_assert(json_is_string(json_object_get(battle, "how")));
        cr_assert(json_is_array(json_object_get(battle, "damage")));
    }
    char want[64];
    snprintf(want, sizeof want, "Seat %d wins the Robot Wars final", champion + 1);
    cr_assert_str_eq(json_string_value(json_object_get(result, "summary")), want);
    json_decref(result);
    robotwars_engine.destroy(g);
}

Test(bracket, the_bracket_with_every_result_is_in_every_view)
{
    game *g = rwt_new(NULL, 4, 13);
    json_decref(eliminate(g, 1));
    for (int seat = -1; seat < 4; seat++) {
        json_t *stages = rwt_view_get(g, seat, "bracket.stages");
        cr_assert_eq(json_array_size(stages), 2);
        json_t *first = json_array_get(json_object_get(json_array_get(stages, 0), "battles"), 0);
        cr_assert_str_eq(json_string_value(json_object_get(first, "status")), "done");
        cr_assert(json_is_integer(json_object_get(first, "eliminated")));
        json_t *second = json_array_get(json_object_get(json_array_get(stages, 0), "battles"), 1);
        cr_assert_str_eq(json_string_value(json_object_get(second, "status")), "setup");
    }
    robotwars_engine.destroy(g);
}

/* ---- preparing for battle ---- */

Test(preparation, every_robot_is_reset_to_base_before_each_battle)
{
    game *g = rwt_new(NULL, 2, 14);
    json_decref(rwt_allocate_all(g));
    rwt_caps(g, 0, 2, 0, 0);
    rwt_caps(g, 1, 8, 3, 5);
    json_decref(eliminate(g, 1));
    cr_assert_eq(rw_phase_of(g), RW_PHASE_SETUP);
    for (int j = 0; j < 2; j++) {
        char path[32];
        snprintf(path, sizeof path, "battle.robots.%d.caps", j);
        json_t *caps = rwt_view_get(g, -1, path);
        cr_assert_eq(json_integer_value(json_object_get(caps, "speed")), 4);
        cr_assert_eq(json_integer_value(json_object_get(caps, "power")), 1);
        cr_assert_eq(json_integer_value(json_object_get(caps, "manoeuvrability")), 2);
    }
    /* Allocating nothing leaves base: every disc must be placed, so use the
     * bot's allocation and check base + allocation. */
    json_t *ev = rwt_allocate_all(g);
    json_t *robots = json_object_get(rwt_event(ev, "allocations"), "robots");
    size_t i;
    json_t *r;
    json_array_foreach(robots, i, r) {
        json_t *added = json_object_get(r, "added");
        cr_assert_eq(json_integer_value(json_object_get(r, "speed")),
                     4 + json_integer_value(json_object_get(added, "speed")));
    }
    for (int k = 0; k < 2; k++)
        cr_assert_eq(rw_arena_of(g)->r[k].damage, 0, "damage points start again at 0");
    json_decref(ev);
    robotwars_engine.destroy(g);
}

Test(preparation, ten_throws_each_a_2_4_or_6_earning_a_disc_so_at_most_ten_discs)
{
    for (uint64_t seed = 0; seed < 30; seed++) {
        game *g = rwt_new(NULL, 3, seed);
        json_t *robots = rwt_view_get(g, -1, "battle.robots");
        size_t i;
        json_t *r;
        json_array_foreach(robots, i, r) {
            json_t *throws = json_object_get(r, "throws");
            cr_assert_eq(json_array_size(throws), RW_THROWS);
            int discs = 0;
            size_t t;
            json_t *d;
            json_array_foreach(throws, t, d) {
                json_int_t v = json_integer_value(d);
                cr_assert(v >= 1 && v <= 6);
                discs += v % 2 == 0;
            }
            cr_assert_eq(json_integer_value(json_object_get(r, "discs")), discs);
            cr_assert_leq(discs, 10);
        }
        robotwars_engine.destroy(g);
    }
}

Test(preparation, the_throws_are_rolled_again_before_every_battle_and_shown_in_an_event)
{
    game *g = rwt_new(NULL, 2, 15);
    json_t *ev = eliminate(g, 0);
    json_t *setup = rwt_event(ev, "setup");
    cr_assert_not_null(setup);
    json_t *throws = json_object_get(setup, "throws");
    cr_assert_eq(json_array_size(throws), 2);
    cr_assert_eq(json_array_size(json_object_get(json_array_get(throws, 0), "rolls")), RW_THROWS);
    json_decref(ev);
    robotwars_engine.destroy(g);
}

Test(weapons, the_deck_holds_18_cards_six_each_of_1_2_and_3)
{
    int count[4] = {0};
    for (int i = 0; i < RW_DECK; i++) {
        cr_assert(rw_deck[i].value >= 1 && rw_deck[i].value <= 3);
        cr_assert(rw_deck[i].name && rw_deck[i].name[0]);
        count[rw_deck[i].value]++;
    }
    cr_assert_eq(count[1], 6);
    cr_assert_eq(count[2], 6);
    cr_assert_eq(count[3], 6);
}

Test(weapons, each_roboteer_draws_one_card_at_random_and_keeps_it_all_game)
{
    int seen[4] = {0};
    for (uint64_t seed = 0; seed < 40; seed++) {
        game *g = rwt_new(NULL, 6, seed);
        char names[6][32];
        for (int s = 0; s < 6; s++) {
            char path[32];
            snprintf(path, sizeof path, "roboteers.%d.weapon", s);
            json_t *w = rwt_view_get(g, -1, path);
            snprintf(names[s], sizeof names[s], "%s", json_string_value(json_object_get(w, "name")));
            seen[json_integer_value(json_object_get(w, "value"))]++;
            for (int t = 0; t < s; t++)
                cr_assert_str_neq(names[s], names[t], "a card is drawn once");
        }
        if (seed == 0) {
            /* Kept: the same after battles. */
            json_decref(eliminate(g, 1));
            json_decref(eliminate(g, 1));
            for (int s = 0; s < 6; s++) {
                char path[32];
                snprintf(path, sizeof path, "roboteers.%d.weapon.name", s);
                cr_assert_str_eq(json_string_value(rwt_view_get(g, -1, path)), names[s]);
            }
        }
        robotwars_engine.destroy(g);
    }
    cr_assert(seen[1] > 30 && seen[2] > 30 && seen[3] > 30, "every value is drawn: %d %d %d", seen[1],
              seen[2], seen[3]);
}

Test(weapons, a_robots_weapon_is_its_roboteers_card_in_every_battle)
{
    game *g = rwt_new(NULL, 4, 16);
    for (int k = 0; k < 3; k++) {
        json_decref(rwt_allocate_all(g));
        const rw_arena *a = rw_arena_of(g);
        for (int i = 0; i < a->n; i++)
            cr_assert_eq(a->r[i].weapon, rw_weapon_of(g, a->r[i].seat));
        json_decref(eliminate(g, 0));
    }
    cr_assert(robotwars_engine.over(g));
    robotwars_engine.destroy(g);
}
