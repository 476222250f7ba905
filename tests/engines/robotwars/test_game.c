/* test_game.c: the game through the engine contract: options, the secret
 * and simultaneous allocation of discs, deadlines, views for seats and
 * spectators, and hostile input (a clear error, nothing changed). */
#include "support.h"

#include <stdlib.h>
#include <string.h>

#define END "{\"kind\":\"end\"}"

/* ---- options and seats ---- */

Test(options, default_to_best_of_3_sixty_seconds_to_allocate_ninety_per_turn_and_fifteen_turns)
{
    game_error err;
    json_t *o = game_options_resolve(&robotwars_engine, NULL, &err);
    cr_assert_str_eq(json_string_value(json_object_get(o, "best_of")), "3");
    cr_assert_eq(json_integer_value(json_object_get(o, "setup_s")), 60);
    cr_assert_eq(json_integer_value(json_object_get(o, "turn_s")), 90);
    cr_assert_eq(json_integer_value(json_object_get(o, "turn_limit")), 15, "fifteen turns each, as ruled");
    json_decref(o);
    game *g = rwt_new(NULL, 2, 1);
    cr_assert_eq(robotwars_engine.deadline(g), 60000, "the first set-up runs from the start");
    json_decref(rwt_allocate_all(g));
    cr_assert_eq(robotwars_engine.deadline(g), rw_now - 1 + 90000);
    robotwars_engine.destroy(g);
}

Test(options, best_of_is_3_5_or_7)
{
    game_error err;
    json_t *given = json_pack("{s:s}", "best_of", "4");
    cr_assert_null(game_options_resolve(&robotwars_engine, given, &err));
    cr_assert_str_eq(err.code, "bad_options");
    json_decref(given);
}

Test(options, two_to_six_roboteers)
{
    game_error err;
    cr_assert_null(game_create_with(&robotwars_engine, NULL, 1, 1, &err));
    cr_assert_str_eq(err.code, "bad_options");
    cr_assert_null(game_create_with(&robotwars_engine, NULL, 7, 1, &err));
    cr_assert(strstr(err.message, "two to six"), "%s", err.message);
}

/* ---- the allocation: secret, simultaneous, revealed together ---- */

static int disc_holder(const game *g, int *other)
{
    const rw_battle *bt = &rw_bracket_of(g)->b[rw_battle_index(g)];
    int a = rw_discs(g, bt->seats[0]) ? 0 : 1;
    *other = bt->seats[1 - a];
    return bt->seats[a];
}

/* An allocation using all of `discs` the normal bot's way. */
static void allocation_json(const game *g, int seat, char *buf, size_t len)
{
    int add[RW_CAPS];
    rw_bot_allocation(1, rw_discs(g, seat), 1, add);
    snprintf(buf, len, "{\"kind\":\"allocate\",\"speed\":%d,\"power\":%d,\"manoeuvrability\":%d}",
             add[0], add[1], add[2]);
}

Test(allocation, is_secret_until_all_are_in_then_revealed_together)
{
    game *g = rwt_new(NULL, 2, 5);
    int other, seat = disc_holder(g, &other);
    cr_assert_gt(rw_discs(g, seat), 0);
    char json[128];
    allocation_json(g, seat, json, sizeof json);
    char *spectator_before = rwt_view(g, -1);
    json_t *ev = rwt_ok(g, seat, json);
    cr_assert_eq(json_array_size(ev), 1);
    json_t *in = json_array_get(ev, 0);
    cr_assert_str_eq(json_string_value(json_object_get(in, "kind")), "allocated");
    cr_assert_eq(json_object_size(in), 2, "the event says who, never what");
    json_decref(ev);
    /* Others see that it is in, not what it is. */
    char path[40];
    int j = rw_bracket_of(g)->b[0].seats[0] == seat ? 0 : 1;
    snprintf(path, sizeof path, "battle.robots.%d", j);
    for (int viewer = -1; viewer < 2; viewer++) {
        json_t *r = rwt_view_get(g, viewer, path);
        cr_assert(json_is_true(json_object_get(r, "allocated")));
        json_t *caps = json_object_get(r, "caps");
        if (viewer == seat) {
            cr_assert(json_is_object(json_object_get(r, "allocation")), "a roboteer sees its own");
            continue;
        }
        cr_assert(json_is_null(json_object_get(r, "allocation")), "seat %d sees no allocation", viewer);
        cr_assert_eq(json_integer_value(json_object_get(caps, "speed")), 4);
        cr_assert_eq(json_integer_value(json_object_get(caps, "power")), 1);
        cr_assert_eq(json_integer_value(json_object_get(caps, "manoeuvrability")), 2);
    }
    char *spectator_after = rwt_view(g, -1);
    cr_assert_str_neq(spectator_before, spectator_after, "the spectator sees it is in");
    cr_assert_null(strstr(spectator_after, "\"allocation\":{"), "but nothing of it");
    /* The second in: revealed together. */
    allocation_json(g, other, json, sizeof json);
    ev = rwt_ok(g, other, json);
    json_t *all = rwt_event(ev, "allocations");
    cr_assert_not_null(all);
    cr_assert_eq(json_array_size(json_object_get(all, "robots")), 2);
    cr_assert_eq(rw_phase_of(g), RW_PHASE_BATTLE);
    json_decref(ev);
    free(spectator_before);
    free(spectator_after);
    robotwars_engine.destroy(g);
}

Test(ruling, at_the_deadline_an_unallocated_robot_gets_the_default_allocation)
{
    game *g = rwt_new("{\"setup_s\": 10}", 2, 5);
    int other, seat = disc_holder(g, &other);
    int discs = rw_discs(g, other);
    char json[128];
    allocation_json(g, seat, json, sizeof json);
    json_decref(rwt_ok(g, seat, json));
    json_t *ev = json_array();
    robotwars_engine.tick(g, 9999, ev);
    cr_assert_eq(json_array_size(ev), 0);
    robotwars_engine.tick(g, 10000, ev);
    json_t *d = rwt_event(ev, "allocation_default");
    cr_assert_not_null(d, "the deadline places the discs");
    cr_assert_eq(json_integer_value(json_object_get(d, "seat")), other);
    int add[RW_CAPS];
    rw_default_allocation(discs, add);
    int i = rw_in_battle(g, other);
    cr_assert_geq(i, 0);
    for (int c = 0; c < RW_CAPS; c++)
        cr_assert_eq(rw_arena_of(g)->r[i].cap[c], rw_caps[c].base + add[c]);
    cr_assert_eq(rw_phase_of(g), RW_PHASE_BATTLE);
    json_decref(ev);
    robotwars_engine.destroy(g);
}

Test(allocation, a_roboteer_places_every_disc_it_won)
{
    game *g = rwt_new(NULL, 2, 5);
    int other, seat = disc_holder(g, &other);
    int discs = rw_discs(g, seat);
    cr_assert_gt(discs, 0);
    const char *why = rwt_refused(g, seat, "{\"kind\":\"allocate\"}", "illegal");
    cr_assert(strstr(why, "place all"), "%s", why);
    robotwars_engine.destroy(g);
}

Test(allocation, not_more_discs_than_won)
{
    game *g = rwt_new(NULL, 2, 5);
    int other, seat = disc_holder(g, &other);
    int discs = rw_discs(g, seat);
    char json[128];
    snprintf(json, sizeof json, "{\"kind\":\"allocate\",\"speed\":%d,\"power\":1,\"manoeuvrability\":0}",
             discs > 4 ? 4 : discs);
    if (discs > 4)
        snprintf(json, sizeof json, "{\"kind\":\"allocate\",\"speed\":4,\"power\":2,\"manoeuvrability\":3}");
    const char *why = rwt_refused(g, seat, json, "illegal");
    cr_assert(strstr(why, "won"), "%s", why);
    robotwars_engine.destroy(g);
}

Test(allocation, no_capability_past_its_maximum)
{
    game *g = rwt_new(NULL, 2, 5);
    int other, seat = disc_holder(g, &other);
    const char *why = rwt_refused(g, seat, "{\"kind\":\"allocate\",\"power\":3}", "illegal");
    cr_assert(strstr(why, "Power would be 4: its maximum is 3"), "%s", why);
    why = rwt_refused(g, seat, "{\"kind\":\"allocate\",\"speed\":5}", "illegal");
    cr_assert(strstr(why, "maximum is 8"), "%s", why);
    why = rwt_refused(g, seat, "{\"kind\":\"allocate\",\"manoeuvrability\":4}", "illegal");
    cr_assert(strstr(why, "maximum is 5"), "%s", why);
    rwt_refused(g, seat, "{\"kind\":\"allocate\",\"speed\":-1}", "illegal");
    robotwars_engine.destroy(g);
}

Test(ruling, with_ten_discs_a_roboteer_places_nine_as_every_capability_is_then_at_its_maximum)
{
    game *g = rwt_new(NULL, 2, 6);
    json_decref(rwt_allocate_all(g));
    /* The next set-up's twenty throws: all even. */
    int evens[20];
    for (int i = 0; i < 20; i++)
        evens[i] = 2 * (i % 3) + 2;
    rw_test_load_dice(g, evens, 20);
    rw_arena *a = rw_test_arena(g);
    a->pit_open = true;
    rwt_place(g, 0, 8, 7, RW_S);
    rwt_place(g, 1, 2, 3, RW_N);
    rwt_restart_turn(g);
    json_decref(rwt_ok(g, rwt_mover(g), "{\"kind\":\"forward\"}"));
    cr_assert_eq(rw_phase_of(g), RW_PHASE_SETUP);
    cr_assert_eq(rw_discs(g, 0), 10);
    cr_assert_eq(rw_discs(g, 1), 10);
    rwt_refused(g, 0, "{\"kind\":\"allocate\",\"speed\":4,\"power\":2,\"manoeuvrability\":4}", "illegal");
    json_decref(rwt_ok(g, 0, "{\"kind\":\"allocate\",\"speed\":4,\"power\":2,\"manoeuvrability\":3}"));
    int add[RW_CAPS];
    rw_bot_allocation(1, 10, 1, add);
    cr_assert_eq(add[0] + add[1] + add[2], 9, "the bot places the nine it can");
    robotwars_engine.destroy(g);
}

Test(allocation, a_roboteer_without_a_disc_has_nothing_to_allocate)
{
    /* Find a seed where someone threw no even number. */
    for (uint64_t seed = 0; seed < 4000; seed++) {
        game *g = rwt_new(NULL, 2, seed);
        for (int s = 0; s < 2; s++) {
            if (rw_discs(g, s) != 0)
                continue;
            cr_assert(rw_allocated(g, s), "nothing to decide");
            robotwars_engine.destroy(g);
            return;
        }
        robotwars_engine.destroy(g);
    }
    cr_assert_fail("no seed gave zero discs");
}

Test(allocation, once_in_it_cannot_be_changed)
{
    game *g = rwt_new(NULL, 2, 5);
    int other, seat = disc_holder(g, &other);
    char json[128];
    allocation_json(g, seat, json, sizeof json);
    json_decref(rwt_ok(g, seat, json));
    const char *why = rwt_refused(g, seat, json, "illegal");
    cr_assert(strstr(why, "already"), "%s", why);
    robotwars_engine.destroy(g);
}

Test(allocation, is_refused_after_the_deadline)
{
    game *g = rwt_new("{\"setup_s\": 10}", 2, 5);
    int other, seat = disc_holder(g, &other);
    char json[128];
    allocation_json(g, seat, json, sizeof json);
    rw_now = 10000;
    const char *why = rwt_refused(g, seat, json, "illegal");
    cr_assert(strstr(why, "too late"), "%s", why);
    robotwars_engine.destroy(g);
}

/* ---- hostile input ---- */

Test(hostile, acting_out_of_turn)
{
    game *g = rwt_duel(8);
    int mover = rwt_mover(g);
    const char *why = rwt_refused(g, 1 - mover, "{\"kind\":\"forward\"}", "not_your_turn");
    char want[32];
    snprintf(want, sizeof want, "it is Seat %d's turn", mover + 1);
    cr_assert(strstr(why, want), "%s", why);
    rwt_refused(g, 1 - mover, END, "not_your_turn");
    robotwars_engine.destroy(g);
}

Test(hostile, moving_a_robot_that_is_not_yours)
{
    game *g = rwt_duel(8);
    int mover = rwt_mover(g);
    char json[64];
    snprintf(json, sizeof json, "{\"kind\":\"forward\",\"robot\":%d}", 1 - mover);
    const char *why = rwt_refused(g, mover, json, "illegal");
    cr_assert(strstr(why, "own robot"), "%s", why);
    rwt_refused(g, mover, "{\"kind\":\"forward\",\"robot\":\"red\"}", "bad_action");
    snprintf(json, sizeof json, "{\"kind\":\"forward\",\"robot\":%d}", mover);
    json_decref(rwt_ok(g, mover, json));
    robotwars_engine.destroy(g);
}

Test(hostile, a_roboteer_outside_the_battle_and_a_spectator_cannot_act)
{
    game *g = rwt_new(NULL, 4, 8);
    const rw_battle *bt = &rw_bracket_of(g)->b[0];
    int out = 0;
    while (out == bt->seats[0] || out == bt->seats[1])
        out++;
    const char *why = rwt_refused(g, out, "{\"kind\":\"allocate\"}", "not_your_turn");
    cr_assert(strstr(why, "not in the next battle"), "%s", why);
    json_decref(rwt_allocate_all(g));
    why = rwt_refused(g, out, END, "not_your_turn");
    cr_assert(strstr(why, "not in this battle"), "%s", why);
    rwt_refused(g, GAME_SEAT_SPECTATOR, END, "not_your_turn");
    rwt_refused(g, GAME_SEAT_SERVER, END, "not_your_turn");
    rwt_refused(g, 9, END, "not_your_turn");
    robotwars_engine.destroy(g);
}

Test(hostile, garbage_types_are_bad_actions)
{
    game *g = rwt_duel(8);
    int m = rwt_mover(g);
    rwt_refused(g, m, "[1,2]", "bad_action");
    rwt_refused(g, m, "{}", "bad_action");
    rwt_refused(g, m, "{\"kind\":7}", "bad_action");
    rwt_refused(g, m, "{\"kind\":\"fly\"}", "bad_action");
    rwt_refused(g, m, "{\"kind\":\"turn\"}", "bad_action");
    rwt_refused(g, m, "{\"kind\":\"turn\",\"to\":\"up\"}", "bad_action");
    rwt_refused(g, m, "{\"kind\":\"turn\",\"to\":[\"left\"]}", "bad_action");
    robotwars_engine.destroy(g);
    g = rwt_new(NULL, 2, 5);
    rwt_refused(g, 0, "{\"kind\":\"allocate\",\"speed\":\"lots\"}", "bad_action");
    rwt_refused(g, 0, "{\"kind\":\"allocate\",\"power\":1.5}", "bad_action");
    rwt_refused(g, 0, "{\"kind\":\"allocate\",\"power\":null}", "bad_action");
    robotwars_engine.destroy(g);
}

Test(hostile, moving_during_the_setup_and_allocating_during_a_battle)
{
    game *g = rwt_new(NULL, 2, 5);
    rwt_refused(g, 0, "{\"kind\":\"forward\"}", "not_your_turn");
    json_decref(rwt_allocate_all(g));
    const char *why = rwt_refused(g, rwt_mover(g), "{\"kind\":\"allocate\"}", "illegal");
    cr_assert(strstr(why, "before a battle"), "%s", why);
    robotwars_engine.destroy(g);
}

Test(hostile, a_move_after_the_turn_deadline_is_too_late)
{
    game *g = rwt_duel(8);
    rw_now = robotwars_engine.deadline(g);
    const char *why = rwt_refused(g, rwt_mover(g), END, "illegal");
    cr_assert(strstr(why, "too late"), "%s", why);
    robotwars_engine.destroy(g);
}

Test(hostile, nothing_is_accepted_once_the_wars_are_over)
{
    game *g = rwt_new(NULL, 2, 9);
    int levels[2] = {1, 1};
    rng salts;
    rng_seed(&salts, 1);
    while (!robotwars_engine.over(g)) {
        bool acted = false;
        for (int s = 0; s < 2 && !acted; s++) {
            int64_t wake;
            json_t *a = robotwars_engine.bot(g, s, levels[s], rw_now, rng_next(&salts), &wake,
                                             &game_no_cancel);
            if (!a)
                continue;
            json_t *ev = json_array();
            game_error err;
            cr_assert_eq(robotwars_engine.act(g, s, a, rw_now++, ev, &err), 0);
            json_decref(ev);
            json_decref(a);
            acted = true;
        }
    }
    rwt_refused(g, 0, END, "not_your_turn");
    rwt_refused(g, 1, "{\"kind\":\"allocate\"}", "not_your_turn");
    cr_assert_eq(robotwars_engine.deadline(g), GAME_NO_DEADLINE);
    robotwars_engine.destroy(g);
}

/* ---- views ---- */

Test(view, roboteers_not_in_the_battle_watch_it_live_as_spectators_do)
{
    game *g = rwt_new(NULL, 4, 10);
    json_decref(rwt_allocate_all(g));
    json_decref(rwt_ok(g, rwt_mover(g), "{\"kind\":\"forward\"}"));
    const rw_battle *bt = &rw_bracket_of(g)->b[0];
    int out = 0;
    while (out == bt->seats[0] || out == bt->seats[1])
        out++;
    json_t *a = robotwars_engine.view(g, out), *b = robotwars_engine.view(g, GAME_SEAT_SPECTATOR);
    json_object_del(a, "you");
    json_object_del(b, "you");
    char *sa = rwt_dump(a), *sb = rwt_dump(b);
    cr_assert_str_eq(sa, sb, "the same battle, live");
    free(sa);
    free(sb);
    json_decref(a);
    json_decref(b);
    robotwars_engine.destroy(g);
}

Test(view, only_the_robot_to_move_gets_its_legal_moves)
{
    game *g = rwt_duel(8);
    int m = rwt_mover(g);
    json_t *legal = rwt_view_get(g, m, "battle.legal");
    cr_assert(json_is_object(legal));
    cr_assert(json_is_true(json_object_get(legal, "left")));
    cr_assert(json_is_null(rwt_view_get(g, 1 - m, "battle.legal")));
    cr_assert(json_is_null(rwt_view_get(g, -1, "battle.legal")));
    json_t *turn = rwt_view_get(g, -1, "battle.turn");
    cr_assert_eq(json_integer_value(json_object_get(turn, "seat")), m);
    cr_assert(json_is_integer(json_object_get(turn, "moves_left")));
    cr_assert(json_is_integer(json_object_get(turn, "turns_left")));
    robotwars_engine.destroy(g);
}

Test(view, shows_the_war_zone_the_limits_damage_and_the_next_multiple_of_5)
{
    game *g = rwt_duel(8);
    json_t *board = rwt_view_get(g, -1, "board");
    cr_assert_eq(json_array_size(board), 12);
    cr_assert_str_eq(json_string_value(json_array_get(board, 0)), "CC...sss..CC");
    cr_assert_eq(json_integer_value(rwt_view_get(g, -1, "limits.speed.max")), 8);
    cr_assert_eq(json_integer_value(rwt_view_get(g, -1, "limits.manoeuvrability.base")), 2);
    rw_test_arena(g)->r[1].damage = 7;
    cr_assert_eq(json_integer_value(rwt_view_get(g, -1, "battle.robots.1.next_damage_roll")), 10);
    cr_assert_eq(json_integer_value(rwt_view_get(g, -1, "battle.robots.1.damage")), 7);
    robotwars_engine.destroy(g);
}

Test(view, the_deadline_is_the_engines_deadline)
{
    game *g = rwt_duel(8);
    cr_assert_eq(json_integer_value(rwt_view_get(g, -1, "deadline")), robotwars_engine.deadline(g));
    robotwars_engine.destroy(g);
}

Test(view, every_die_roll_is_an_event)
{
    /* A battle start rolls for the order; a hit past 5 rolls damage; the
     * set-up's throws are in the set-up event (tested with the bracket). */
    game *g = rwt_new(NULL, 3, 8);
    json_t *ev = rwt_allocate_all(g);
    cr_assert_geq(rwt_count(ev, "order_roll"), 1);
    json_t *roll = json_array_get(json_object_get(rwt_event(ev, "order_roll"), "rolls"), 0);
    cr_assert(json_integer_value(json_object_get(roll, "roll")) >= 1);
    json_decref(ev);
    robotwars_engine.destroy(g);
}
