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
};

static int generations; /* the hidden state the replay must notice */

static const game_option no_options[] = {{NULL, 0, NULL, NULL, 0, 0, 0, NULL}};

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
    g->count++;
    return 0;
}

static void broken_tick(game *g, int64_t now, json_t *ev) { (void)g, (void)now, (void)ev; }
static int64_t broken_deadline(const game *g) { (void)g; return GAME_NO_DEADLINE; }
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

Test(replay, a_refusal_that_changes_a_view_is_caught)
{
    replay_log log;
    game *g = replay_start(&log, &broken, NULL, 2, game_seeds_from(1), NULL);
    json_t *a = json_pack("{s:b}", "refuse", 1), *ev = json_array();
    cr_assert_eq(replay_act(&log, g, 0, a, 0, ev, NULL), -1);
    cr_assert_not_null(strstr(log.problem, "refused action"), "%s", log.problem);
    json_decref(a);
    json_decref(ev);
    broken_destroy(g);
    replay_free(&log);
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
    json_decref(a);
    json_decref(ev);
    broken_destroy(g);
    replay_free(&log);
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
