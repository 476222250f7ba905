/* test_refusals.c: malformed, out-of-turn and hostile actions. Each is
 * refused with its error code and a sentence, makes no events, and leaves
 * every view (and the deadline) byte-identical. */
#include "table_support.h"

#include <string.h>

/* Seat 0 demonstrating a bid of 9, seat 1 waiting with 12. */
static game *in_demonstration(void)
{
    game *g = rt_new(RT_OPTS(""), 3, 21);
    json_decref(rt_ok(g, 0, rt_bid(9), 1000));
    json_decref(rt_ok(g, 1, rt_bid(12), 1100));
    json_decref(rt_tick(g, 6000));
    cr_assert_eq(ricochet_demonstrator(g), 0);
    return g;
}

Test(refusals, actions_that_are_not_actions)
{
    game *g = rt_new(RT_OPTS(""), 2, 20);
    const char *bad[] = {"null", "7", "\"bid\"", "[]", "{}", "{\"kind\":7}", "{\"kind\":\"fly\"}",
                         "{\"kind\":\"BID\",\"moves\":5}", "{\"kind\":\"\"}"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        rt_refused(g, 0, bad[i], 1000, "bad_action");
    RT->destroy(g);
}

Test(refusals, a_bid_is_a_whole_number_of_moves_from_1_to_99)
{
    game *g = rt_new(RT_OPTS(""), 2, 20);
    const char *bad[] = {"{\"kind\":\"bid\"}", "{\"kind\":\"bid\",\"moves\":0}",
                         "{\"kind\":\"bid\",\"moves\":-3}", "{\"kind\":\"bid\",\"moves\":100}",
                         "{\"kind\":\"bid\",\"moves\":\"5\"}", "{\"kind\":\"bid\",\"moves\":5.5}",
                         "{\"kind\":\"bid\",\"moves\":null}", "{\"kind\":\"bid\",\"moves\":true}",
                         "{\"kind\":\"bid\",\"moves\":1e300}",
                         "{\"kind\":\"bid\",\"moves\":9223372036854775807}"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        rt_refused(g, 1, bad[i], 1000, "bad_action");
    json_decref(rt_ok(g, 1, rt_bid(99), 1000));
    json_decref(rt_ok(g, 0, rt_bid(1), 1000));
    RT->destroy(g);
}

Test(refusals, only_seated_players_act)
{
    game *g = rt_new(RT_OPTS(""), 2, 20);
    rt_refused(g, GAME_SEAT_SPECTATOR, rt_bid(5), 1000, "not_your_turn");
    rt_refused(g, 2, rt_bid(5), 1000, "not_your_turn");
    rt_refused(g, 99, rt_bid(5), 1000, "not_your_turn");
    rt_refused(g, -7, "{\"kind\":\"start_timer\"}", 60000, "not_your_turn");
    RT->destroy(g);
}

Test(refusals, moves_name_a_robot_and_a_direction)
{
    game *g = in_demonstration();
    const char *bad[] = {"{\"kind\":\"move\"}", "{\"kind\":\"move\",\"robot\":\"red\"}",
                         "{\"kind\":\"move\",\"dir\":\"N\"}",
                         "{\"kind\":\"move\",\"robot\":\"purple\",\"dir\":\"N\"}",
                         "{\"kind\":\"move\",\"robot\":\"any\",\"dir\":\"N\"}",
                         "{\"kind\":\"move\",\"robot\":1,\"dir\":\"N\"}",
                         "{\"kind\":\"move\",\"robot\":\"red\",\"dir\":\"NE\"}",
                         "{\"kind\":\"move\",\"robot\":\"red\",\"dir\":2}",
                         "{\"kind\":\"move\",\"robot\":\"red\",\"dir\":\"\"}",
                         "{\"kind\":\"move\",\"robot\":[\"red\"],\"dir\":\"N\"}"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        rt_refused(g, 0, bad[i], 7000, "bad_action");
    rt_refused(g, 0, "{\"kind\":\"move\",\"robot\":\"silver\",\"dir\":\"N\"}", 7000, "illegal");
    RT->destroy(g);
}

Test(refusals, a_move_that_goes_nowhere_is_no_move)
{
    game *g = in_demonstration();
    const ricochet_round *r = ricochet_round_of(g);
    const ricochet_board *b = ricochet_board_of(g);
    bool tried = false;
    for (int robot = 0; robot < 4 && !tried; robot++) {
        for (int dir = 0; dir < 4 && !tried; dir++) {
            uint8_t path[16];
            int n;
            ricochet_slide(b, &r->pos, robot, dir, path, &n, NULL, NULL);
            if (n)
                continue;
            rt_refused(g, 0, rt_move(robot, dir), 7000, "illegal");
            game_error err;
            cr_assert_eq(rt_act(g, 0, rt_move(robot, dir), 7000, NULL, &err), -1);
            cr_assert(strstr(err.message, "cannot move"), "%s", err.message);
            tried = true;
        }
    }
    cr_assert(tried, "some robot stands against a wall, an edge or another robot");
    RT->destroy(g);
}

Test(refusals, the_solvers_answer_comes_only_from_the_server)
{
    game *g = rt_new(RT_OPTS(""), 2, 22);
    json_t *req = RT->work_request(g);
    json_t *res = RT->work_run(req, NULL);
    json_t *action = json_pack("{s:s, s:O, s:O}", "kind", "work_done", "request", req, "result", res);
    char *text = json_dumps(action, JSON_COMPACT);
    rt_refused(g, 0, text, 1000, "not_your_turn");
    free(text);

    /* an answer to another puzzle */
    json_t *other = json_deep_copy(action);
    json_object_set_new(json_object_get(other, "request"), "round", json_integer(7));
    text = json_dumps(other, JSON_COMPACT);
    rt_refused(g, GAME_SEAT_SERVER, text, 1000, "illegal");
    free(text);
    json_decref(other);

    /* a "solution" that does not solve */
    other = json_deep_copy(action);
    json_t *sol = json_object_get(json_object_get(other, "result"), "solution");
    json_array_remove(sol, json_array_size(sol) - 1);
    json_object_set_new(json_object_get(other, "result"), "moves", json_integer((json_int_t)json_array_size(sol)));
    text = json_dumps(other, JSON_COMPACT);
    rt_refused(g, GAME_SEAT_SERVER, text, 1000, "bad_action");
    free(text);
    json_decref(other);

    /* the real one, then the same again */
    text = json_dumps(action, JSON_COMPACT);
    json_decref(rt_ok(g, GAME_SEAT_SERVER, text, 1000));
    rt_refused(g, GAME_SEAT_SERVER, text, 1001, "illegal");
    free(text);
    json_decref(action);
    json_decref(req);
    json_decref(res);
    RT->destroy(g);
}

/* A log written with one solver budget replays under another: the answer
 * is matched to its puzzle, not to the budget it was solved with. */
Test(refusals, an_answer_solved_under_another_budget_is_still_this_rounds)
{
    game *g = rt_new(RT_OPTS(""), 2, 22);
    json_t *req = RT->work_request(g);
    json_t *res = RT->work_run(req, NULL);
    json_t *asked = json_deep_copy(req);
    json_object_set_new(asked, "budget", json_pack("{s:i}", "nodes", 1234567));
    json_object_set_new(asked, "table_mib", json_integer(16));
    json_t *action = json_pack("{s:s, s:o, s:O}", "kind", "work_done", "request", asked, "result", res);
    char *text = json_dumps(action, JSON_COMPACT);
    json_decref(rt_ok(g, GAME_SEAT_SERVER, text, 1000));
    cr_assert_eq(ricochet_optimum_of(g)->known, RICOCHET_KNOWN_OPTIMUM);
    cr_assert_eq(ricochet_optimum_of(g)->nmoves, (int)json_integer_value(json_object_get(res, "moves")));
    cr_assert_null(RT->work_request(g), "the round's answer is in");
    free(text);
    json_decref(action);
    json_decref(req);
    json_decref(res);
    RT->destroy(g);
}

Test(refusals, nothing_is_accepted_after_the_end)
{
    game *g = rt_new(RT_OPTS(",\"chips_to_win\":1"), 2, 23);
    json_decref(rt_solve(g, 1));
    const ricochet_optimum *o = ricochet_optimum_of(g);
    json_decref(rt_ok(g, 0, rt_bid(o->nmoves), 100));
    json_decref(rt_tick(g, 5100));
    json_decref(rt_play(g, 0, o->moves, o->nmoves, 5200));
    json_decref(rt_tick(g, RT->deadline(g)));
    cr_assert(RT->over(g));
    rt_refused(g, 1, rt_bid(4), 90000, "not_your_turn");
    rt_refused(g, 1, "{\"kind\":\"start_timer\"}", 900000, "not_your_turn");
    rt_refused(g, 0, "{\"kind\":\"give_up\"}", 90000, "not_your_turn");
    cr_assert_null(RT->work_request(g));
    json_t *ev = rt_tick(g, 10000000);
    cr_assert_eq(json_array_size(ev), 0, "time passing after the end changes nothing");
    json_decref(ev);
    RT->destroy(g);
}

Test(refusals, bad_options_are_refused_with_a_sentence)
{
    game_error err = {{0}, {0}};
    cr_assert_null(game_create_with(RT, "{\"idle_min_s\":300,\"idle_s\":100}", 2, 1, &err));
    cr_assert_str_eq(err.code, "bad_options");
    cr_assert(strstr(err.message, "idle_min_s"), "%s", err.message);
    cr_assert_null(game_create_with(RT, NULL, 1, 1, &err));
    cr_assert_null(game_create_with(RT, NULL, 9, 1, &err));
    cr_assert_null(game_create_with(RT, "{\"timer_s\":1}", 2, 1, &err));
    cr_assert_null(game_create_with(RT, "{\"sides\":\"ABCD\"}", 2, 1, &err));
}
