/* test_replay.c: the shared invariant checker catches the engines that break
 * the contract, and passes the one that keeps it. */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "replay.h"

extern const game_engine testgame_engine;

/* A broken engine: its refusals still count, and each game it creates
 * differs from the last (hidden state outside the seeds). */
struct game {
    int count, refused, generation;
    int64_t shift; /* moves the deadline, unseen in the view */
};

static int generations; /* the hidden state the replay must notice */

static const game_option no_options[] = {{NULL, 0, NULL, NULL, 0, 0, 0, NULL, NULL}};

static game *broken_create(const json_t *o, int seats, game_seeds s, game_error *err)
{
    (void)o, (void)seats, (void)s, (void)err;
    game *g = calloc(1, sizeof *g);
    g->generation = generations++;
    return g;
}

static void broken_destroy(game *g) { free(g); }

static int broken_act(game *g, int seat, const json_t *a, int64_t now, json_t *ev,
                      game_error *err)
{
    (void)seat, (void)now, (void)ev;
    if (json_is_true(json_object_get(a, "refuse"))) {
        g->refused++;
        return game_fail(err, "illegal", "no");
    }
    if (json_is_true(json_object_get(a, "noisy"))) {
        json_array_append_new(ev, json_pack("{s:s}", "kind", "noise"));
        return game_fail(err, "illegal", "no, but with an event");
    }
    if (json_is_true(json_object_get(a, "late"))) {
        g->shift += 1000;
        return game_fail(err, "illegal", "no, but the clock moved");
    }
    g->count++;
    return 0;
}

static void broken_tick(game *g, int64_t now, json_t *ev) { (void)g, (void)now, (void)ev; }
static int64_t broken_deadline(const game *g) { return 100000 + g->shift; }
static bool broken_over(const game *g) { (void)g; return false; }
static json_t *broken_result(const game *g) { (void)g; return json_object(); }

static json_t *broken_view(const game *g, int seat)
{
    (void)seat;
    return json_pack("{s:i,s:i,s:i}", "count", g->count, "refused", g->refused, "generation",
                     g->generation);
}

static const game_engine broken = {
    .id = "broken", .title = "Broken", .summary = "", .min_players = 2, .max_players = 2,
    .options = no_options, .create = broken_create, .destroy = broken_destroy,
    .act = broken_act, .tick = broken_tick, .deadline = broken_deadline, .view = broken_view,
    .over = broken_over, .result = broken_result,
};

/* The end of a test over the broken engine. */
static void broken_done(game *g, replay_log *log, json_t *a, json_t *ev)
{
    json_decref(a);
    json_decref(ev);
    broken_destroy(g);
    replay_free(log);
}

Test(replay, a_refusal_that_changes_a_view_is_caught)
{
    replay_log log;
    game *g = replay_start(&log, &broken, NULL, 2, game_seeds_from(1), NULL);
    json_t *a = json_pack("{s:b}", "refuse", 1), *ev = json_array();
    cr_assert_eq(replay_act(&log, g, 0, a, 0, ev, NULL), -1);
    cr_assert_not_null(strstr(log.problem, "refused action"), "%s", log.problem);
    broken_done(g, &log, a, ev);
}

Test(replay, a_game_that_replays_differently_is_caught)
{
    replay_log log;
    game *g = replay_start(&log, &broken, NULL, 2, game_seeds_from(1), NULL);
    json_t *a = json_object(), *ev = json_array();
    cr_assert_eq(replay_act(&log, g, 0, a, 0, ev, NULL), 0);
    cr_assert_eq(log.problem[0], '\0');
    cr_assert_not(replay_check(&log, g));
    cr_assert_not_null(strstr(log.problem, "replay of 1 inputs"), "%s", log.problem);
    broken_done(g, &log, a, ev);
}

Test(replay, an_engine_that_keeps_the_contract_passes)
{
    replay_log log;
    game_error err;
    game *g = replay_start(&log, &testgame_engine, "{\"turn_s\": 5}", 3, game_seeds_from(9),
                           &err);
    cr_assert_not_null(g);
    json_t *ev = json_array();
    for (int i = 0; i < 6; i++) {
        json_t *add = json_pack("{s:s,s:i}", "kind", "add", "n", 1 + i % 3);
        replay_act(&log, g, i % 3, add, i * 100, ev, &err);
        json_t *bad = json_pack("{s:s,s:i}", "kind", "add", "n", 7);
        cr_assert_eq(replay_act(&log, g, i % 3, bad, i * 100, ev, &err), -1);
        json_decref(add);
        json_decref(bad);
    }
    replay_tick(&log, g, 60000, ev);
    cr_assert(replay_check(&log, g), "%s", log.problem);
    cr_assert_gt(log.n, 3);
    json_decref(ev);
    testgame_engine.destroy(g);
    replay_free(&log);
}

Test(replay, a_refusal_that_makes_events_or_moves_the_deadline_is_caught)
{
    const char *const kinds[] = {"noisy", "late"};
    const char *const says[] = {"made events", "the deadline"};
    for (int k = 0; k < 2; k++) {
        replay_log log;
        game *g = replay_start(&log, &broken, NULL, 2, game_seeds_from(1), NULL);
        json_t *a = json_pack("{s:b}", kinds[k], 1), *ev = json_array();
        cr_assert_eq(replay_act(&log, g, 0, a, 0, ev, NULL), -1);
        cr_assert_not_null(strstr(log.problem, says[k]), "%s: %s", kinds[k], log.problem);
        broken_done(g, &log, a, ev);
    }
}

Test(replay, a_refusal_is_checked_without_a_log_too)
{
    game *g = broken_create(NULL, 2, game_seeds_from(1), NULL);
    json_t *a = json_pack("{s:b}", "late", 1), *ev = json_array();
    char problem[256];
    game_error err;
    cr_assert_eq(replay_act_checked(&broken, g, 2, 0, a, 0, ev, &err, problem, sizeof problem), -1);
    cr_assert_str_eq(err.code, "illegal");
    cr_assert_not_null(strstr(problem, "deadline"), "%s", problem);
    json_decref(a);
    a = json_object();
    cr_assert_eq(replay_act_checked(&broken, g, 2, 0, a, 0, ev, &err, problem, sizeof problem), 0);
    cr_assert_str_eq(problem, "");
    json_decref(a);
    json_decref(ev);
    broken_destroy(g);
}

Test(replay, a_traced_replay_names_the_first_input_it_departs_at)
{
    replay_log log;
    game *g = replay_start(&log, &broken, NULL, 2, game_seeds_from(1), NULL);
    log.trace = true;
    json_t *a = json_object(), *ev = json_array();
    for (int i = 0; i < 3; i++)
        cr_assert_eq(replay_act(&log, g, 0, a, i, ev, NULL), 0);
    cr_assert_not(replay_check(&log, g));
    cr_assert_not_null(strstr(log.problem, "at input 0"), "%s", log.problem);
    broken_done(g, &log, a, ev);
}

static void count_step(const game *g, json_t *events, void *ctx)
{
    (void)g, (void)events;
    (*(int *)ctx)++;
}

Test(replay, a_rebuild_stops_where_it_is_asked_to)
{
    replay_log log;
    game_error err;
    game *g = replay_start(&log, &testgame_engine, NULL, 2, game_seeds_from(3), &err);
    log.trace = true;
    json_t *ev = json_array();
    for (int i = 0; i < 4; i++) {
        json_t *add = json_pack("{s:s,s:i}", "kind", "add", "n", 1);
        cr_assert_eq(replay_act(&log, g, i % 2, add, i * 100, ev, &err), 0, "%s", err.message);
        json_decref(add);
    }
    cr_assert(replay_check(&log, g), "%s", log.problem);
    int steps = 0;
    game *half = replay_rebuild(&log, 2, count_step, &steps);
    cr_assert_eq(steps, 2);
    char *a = replay_views(&testgame_engine, half, 2), *b = replay_views(&testgame_engine, g, 2);
    cr_assert_str_neq(a, b, "two inputs short of the live game");
    free(a);
    free(b);
    testgame_engine.destroy(half);
    json_decref(ev);
    testgame_engine.destroy(g);
    replay_free(&log);
}
