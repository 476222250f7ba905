/* test_play.c: random legal play to the end in every variant, replayed from
 * its input log to byte-identical views; bots of every level always act
 * legally. */
#include "games/tool.h"
#include "helpers.h"
#include "replay.h"

/* A random action among those the mover's view lists as legal. */
static json_t *random_legal(const game *g, rng *r)
{
    json_t *v = view_json(g, g->turn);
    json_t *legal = json_object_get(v, "legal");
    cr_assert_not_null(legal, "the player to move sees its legal actions");
    json_t *robots = json_object_get(legal, "robots");
    json_t *a;
    size_t n = json_array_size(robots);
    if (n == 0 || rng_below(r, 12) == 0) {
        a = json_pack("{ss}", "kind", "pass");
    } else {
        json_t *robot = json_array_get(robots, rng_below(r, (uint32_t)n));
        json_int_t number = json_integer_value(json_object_get(robot, "number"));
        json_t *turns = json_object_get(robot, "turn");
        uint32_t pick = rng_below(r, (uint32_t)json_array_size(turns) + 2);
        if (pick >= json_array_size(turns))
            a = json_pack("{sssI}", "kind", "step", "robot", number);
        else
            a = json_pack("{sssIsO}", "kind", "turn", "robot", number, "dir",
                          json_array_get(turns, pick));
    }
    json_decref(v);
    return a;
}

/* The mover plays a random legal action, which must be accepted. */
static void play_random_legal(game *g, rng *r)
{
    json_t *a = random_legal(g, r);
    char *text = json_dumps(a, JSON_COMPACT);
    json_decref(act_ok(g, g->turn, text));
    free(text);
    json_decref(a);
}

static void check_events(const json_t *events)
{
    size_t i;
    json_t *e;
    json_array_foreach(events, i, e) {
        cr_assert(json_is_string(json_object_get(e, "kind")));
    }
}

/* Plays a logged game to the end, choosing with `choose`, every input
 * through the shared harness with a trace of every view and event; then the
 * replay (and a clone) must match it after every input. */
typedef json_t *(*chooser)(const game *g, rng *r, void *ctx);

static void play_to_end(const char *options, int seats, uint64_t seed, chooser choose, void *ctx)
{
    replay_log log;
    game_error err;
    game *g = replay_start(&log, &manoover_engine, options, seats, game_seeds_from(seed), &err);
    cr_assert_not_null(g, "%s", err.message);
    log.trace = true;
    rng r;
    rng_seed(&r, seed ^ 0x5eedULL);
    int64_t now = 0;
    json_t *ev = json_array();
    for (int steps = 0; !manoover_engine.over(g); steps++) {
        cr_assert_lt(steps, 20000, "the game never ended");
        now += 700;
        int64_t due = manoover_engine.deadline(g);
        if (due != GAME_NO_DEADLINE) {
            cr_assert_eq(g->phase, MANOOVER_PHASE_OVER);
            now = due;
            replay_tick(&log, g, now, ev);
        } else {
            int seat = g->turn;
            json_t *a = choose(g, &r, ctx);
            cr_assert_not_null(a);
            char *text = json_dumps(a, JSON_COMPACT);
            cr_assert_eq(replay_act(&log, g, seat, a, now, ev, &err), 0, "legal action %s refused: %s",
                         text, err.message);
            free(text);
            json_decref(a);
        }
        check_events(ev);
        json_array_clear(ev);
    }
    json_decref(ev);
    json_t *res = manoover_engine.result(g);
    cr_assert_not_null(res);
    cr_assert_geq(json_array_size(json_object_get(res, "winners")), 1);
    json_decref(res);
    cr_assert(replay_check(&log, g), "seed %llu: %s", (unsigned long long)seed, log.problem);
    manoover_engine.destroy(g);
    replay_free(&log);
}

static json_t *choose_random(const game *g, rng *r, void *ctx)
{
    (void)ctx;
    return random_legal(g, r);
}

static void random_games(const char *options, int seats, int games)
{
    for (uint64_t seed = 1; seed <= (uint64_t)games; seed++)
        play_to_end(options, seats, seed, choose_random, NULL);
}

Test(manoover_play, random_legal_play_replays_identically_standard)
{
    random_games("{\"match_to\":0}", 2, 40);
}

Test(manoover_play, random_legal_play_replays_identically_standard_match)
{
    random_games("{\"match_to\":15}", 2, 6);
}

Test(manoover_play, random_legal_play_replays_identically_alternate)
{
    random_games("{\"alternate\":true,\"match_to\":0}", 2, 30);
}

Test(manoover_play, random_legal_play_replays_identically_three_players)
{
    random_games("{\"variant\":\"three\",\"match_to\":0}", 3, 30);
}

Test(manoover_play, random_legal_play_replays_identically_three_player_match)
{
    random_games("{\"variant\":\"three\",\"alternate\":true,\"match_to\":12}", 3, 4);
}

Test(manoover_play, random_legal_play_replays_identically_plus)
{
    random_games("{\"variant\":\"plus\",\"match_to\":0}", 2, 30);
}

Test(manoover_play, random_legal_play_replays_identically_plus_match)
{
    random_games("{\"variant\":\"plus\",\"match_to\":20}", 2, 3);
}

/* ------------------------------------------------------------ bots */

typedef struct bot_levels {
    int level[3];
    uint64_t salt;
} bot_levels;

/* A bot's action as the room gets it: thought out over a clone. */
static json_t *choose_bot(const game *g, rng *r, void *ctx)
{
    bot_levels *b = ctx;
    int64_t wake = GAME_NO_DEADLINE;
    b->salt = rng_next(r);
    game *copy = manoover_engine.clone(g);
    json_t *a = manoover_engine.bot(copy, g->turn, b->level[g->turn], 0, b->salt, &wake,
                                    &game_no_cancel);
    manoover_engine.destroy(copy);
    return a;
}

static void bot_games(const char *options, int seats, int games, int l0, int l1, int l2)
{
    for (uint64_t seed = 1; seed <= (uint64_t)games; seed++) {
        bot_levels b = {{l0, l1, l2}, 0};
        play_to_end(options, seats, seed * 7919, choose_bot, &b);
    }
}

Test(manoover_play, bots_always_act_legally_standard)
{
    bot_games("{\"match_to\":0}", 2, 30, MANOOVER_BOT_EASY, MANOOVER_BOT_NORMAL, 0);
    /* Few games for hard: each of its calls evaluates ~100 000 positions. */
    bot_games("{\"match_to\":0}", 2, 1, MANOOVER_BOT_HARD, MANOOVER_BOT_EASY, 0);
    bot_games("{\"match_to\":0}", 2, 1, MANOOVER_BOT_NORMAL, MANOOVER_BOT_HARD, 0);
}

Test(manoover_play, bots_always_act_legally_alternate_and_match)
{
    bot_games("{\"alternate\":true,\"match_to\":0}", 2, 1, MANOOVER_BOT_HARD, MANOOVER_BOT_NORMAL,
              0);
    bot_games("{\"match_to\":21}", 2, 1, MANOOVER_BOT_NORMAL, MANOOVER_BOT_EASY, 0);
}

Test(manoover_play, bots_always_act_legally_three_players)
{
    bot_games("{\"variant\":\"three\",\"match_to\":0}", 3, 2, MANOOVER_BOT_EASY,
              MANOOVER_BOT_NORMAL, MANOOVER_BOT_HARD);
}

Test(manoover_play, bots_always_act_legally_plus)
{
    bot_games("{\"variant\":\"plus\",\"match_to\":0}", 2, 1, MANOOVER_BOT_HARD,
              MANOOVER_BOT_NORMAL, 0);
}

/* Whether the view's "legal" list for the mover allows action a. */
static bool view_allows(const game *g, const json_t *a)
{
    json_t *v = view_json(g, g->turn);
    json_t *legal = json_object_get(v, "legal");
    const char *kind = json_string_value(json_object_get(a, "kind"));
    bool ok = false;
    if (strcmp(kind, "pass") == 0) {
        ok = json_is_true(json_object_get(legal, "pass"));
    } else {
        json_int_t number = json_integer_value(json_object_get(a, "robot"));
        size_t i, j;
        json_t *r, *d;
        json_array_foreach(json_object_get(legal, "robots"), i, r) {
            if (json_integer_value(json_object_get(r, "number")) != number)
                continue;
            if (strcmp(kind, "step") == 0)
                ok = json_is_true(json_object_get(r, "step"));
            json_array_foreach(json_object_get(r, "turn"), j, d) {
                ok |= strcmp(kind, "turn") == 0 &&
                      json_equal(d, json_object_get(a, "dir"));
            }
        }
    }
    json_decref(v);
    return ok;
}

Test(manoover_play, every_bot_level_picks_an_action_the_view_lists_as_legal)
{
    static const char *const variants[] = {"{\"match_to\":0}",
                                           "{\"variant\":\"plus\",\"match_to\":0}",
                                           "{\"variant\":\"three\",\"alternate\":true,\"match_to\":0}"};
    int checked = 0;
    for (int v = 0; v < 3; v++) {
        int seats = v == 2 ? 3 : 2;
        for (uint64_t seed = 1; seed <= 6; seed++) {
            game *g = mk(variants[v], seats, seed);
            rng r;
            rng_seed(&r, seed);
            for (int step = 0; !manoover_engine.over(g) && step < 200; step++) {
                if (step % 4 == 0) {
                    /* hard searches ~100 000 positions a call: asked less often */
                    int levels = step % 16 == 0 ? 3 : 2;
                    for (int level = 0; level < levels; level++) {
                        int64_t wake = GAME_NO_DEADLINE;
                        json_t *a = manoover_engine.bot(g, g->turn, level, 0, rng_next(&r), &wake, &game_no_cancel);
                        cr_assert_not_null(a);
                        cr_assert(view_allows(g, a), "level %d in variant %d", level, v);
                        json_decref(a);
                        checked++;
                    }
                }
                play_random_legal(g, &r);
            }
            manoover_engine.destroy(g);
        }
    }
    cr_assert_gt(checked, 300);
}

static const volatile int raised = 1;

/* Every call is bounded by a count of positions, whatever the variant; and a
 * call whose time is up (the room raised its cancel flag) still plays a
 * legal action. */
Test(manoover_play, a_bot_call_is_bounded_and_a_cancelled_one_still_acts_legally)
{
    static const char *const variants[] = {"{\"match_to\":0}", "{\"variant\":\"plus\",\"match_to\":0}",
                                           "{\"variant\":\"three\",\"match_to\":0}"};
    long most = 0;
    for (int v = 0; v < 3; v++) {
        game *g = mk(variants[v], v == 2 ? 3 : 2, (uint64_t)v + 11);
        rng r;
        rng_seed(&r, (uint64_t)v);
        for (int step = 0; !manoover_engine.over(g) && step < 60; step++) {
            if (step % 15 == 3) {
                manoover_situation s;
                cr_assert(manoover_game_situation(g, &s));
                manoover_bot_stats stats;
                for (int level = MANOOVER_BOT_NORMAL; level <= MANOOVER_BOT_HARD; level++) {
                    manoover_bot_choose(&s, level, rng_next(&r), NULL, &stats);
                    cr_assert_leq(stats.nodes, MANOOVER_BOT_MAX_NODES);
                    most = stats.nodes > most ? stats.nodes : most;
                    int64_t wake;
                    json_t *a = manoover_engine.bot(g, g->turn, level, 0, 5, &wake, &raised);
                    cr_assert_not_null(a);
                    cr_assert(view_allows(g, a), "a cancelled level %d bot in variant %d", level, v);
                    json_decref(a);
                }
            }
            play_random_legal(g, &r);
        }
        manoover_engine.destroy(g);
    }
    cr_assert_gt(most, 10000, "hard searches, bounded");
}

extern const game_tool manoover_tool;

Test(manoover_play, bench_and_fit_commands_run)
{
    char *bench[] = {"manoover", "--games", "1", "--seed", "3", NULL};
    cr_assert_eq(manoover_tool.bench(5, bench), 0);
    char *fit[] = {"manoover-fit", "--games", "40", NULL};
    cr_assert_eq(manoover_tool.commands[0].main(3, fit), 0);
    cr_assert_str_eq(manoover_tool.commands[0].name, "manoover-fit");
    char *one[] = {"manoover", "--games", "2", "--only", "normal:easy", NULL};
    cr_assert_eq(manoover_tool.bench(5, one), 0);
    char *bad[] = {"manoover", "--frobnicate", NULL};
    cr_assert_eq(manoover_tool.bench(2, bad), 2);
}
