/* test_play.c: random legal play to the end in every variant, replayed from
 * its input log to byte-identical views; bots of every level always act
 * legally. */
#include "games/tool.h"
#include "helpers.h"

/* One input of the room's log: an action of a seat, or a tick. */
typedef struct input {
    int64_t now;
    int seat;       /* -100 for a tick */
    json_t *action; /* NULL for a tick */
} input;

#define TICK (-100)

typedef struct playlog {
    input *inputs;
    char **snapshots; /* all views after each input */
    int n, cap;
} playlog;

static void log_push(playlog *l, input in, char *snapshot)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 256;
        l->inputs = realloc(l->inputs, sizeof *l->inputs * (size_t)l->cap);
        l->snapshots = realloc(l->snapshots, sizeof *l->snapshots * (size_t)l->cap);
    }
    l->inputs[l->n] = in;
    l->snapshots[l->n++] = snapshot;
}

static void log_free(playlog *l)
{
    for (int i = 0; i < l->n; i++) {
        json_decref(l->inputs[i].action);
        free(l->snapshots[i]);
    }
    free(l->inputs);
    free(l->snapshots);
}

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

static void check_events(const json_t *events)
{
    size_t i;
    json_t *e;
    json_array_foreach(events, i, e) {
        cr_assert(json_is_string(json_object_get(e, "kind")));
    }
}

/* Plays g to the end, choosing with `choose`, logging every input. */
typedef json_t *(*chooser)(const game *g, rng *r, void *ctx);

static void play_to_end(game *g, chooser choose, void *ctx, uint64_t seed, playlog *l)
{
    rng r;
    rng_seed(&r, seed ^ 0x5eedULL);
    int64_t now = 0;
    for (int steps = 0; !manoover_engine.over(g); steps++) {
        cr_assert_lt(steps, 20000, "the game never ended");
        now += 700;
        int64_t due = manoover_engine.deadline(g);
        if (due != GAME_NO_DEADLINE) {
            cr_assert_eq(g->phase, MANOOVER_PHASE_OVER);
            now = due;
            json_t *ev = json_array();
            manoover_engine.tick(g, now, ev);
            check_events(ev);
            json_decref(ev);
            log_push(l, (input){now, TICK, NULL}, all_views(g));
            continue;
        }
        int seat = g->turn;
        json_t *a = choose(g, &r, ctx);
        cr_assert_not_null(a);
        json_t *ev = json_array();
        game_error err;
        char *text = json_dumps(a, JSON_COMPACT);
        int rc = manoover_engine.act(g, seat, a, now, ev, &err);
        cr_assert_eq(rc, 0, "legal action %s refused: %s", text, err.message);
        free(text);
        check_events(ev);
        json_decref(ev);
        log_push(l, (input){now, seat, a}, all_views(g));
    }
    json_t *res = manoover_engine.result(g);
    cr_assert_not_null(res);
    cr_assert_geq(json_array_size(json_object_get(res, "winners")), 1);
    json_decref(res);
}

/* Feeds the log to a fresh game: every view must match byte for byte. */
static void replay(const char *options, int seats, uint64_t seed, const playlog *l)
{
    game *g = mk(options, seats, seed);
    for (int i = 0; i < l->n; i++) {
        json_t *ev = json_array();
        if (l->inputs[i].seat == TICK) {
            manoover_engine.tick(g, l->inputs[i].now, ev);
        } else {
            game_error err;
            cr_assert_eq(manoover_engine.act(g, l->inputs[i].seat, l->inputs[i].action,
                                             l->inputs[i].now, ev, &err), 0);
        }
        json_decref(ev);
        char *views = all_views(g);
        cr_assert_str_eq(views, l->snapshots[i], "replay differs at input %d", i);
        free(views);
    }
    cr_assert(manoover_engine.over(g));
    manoover_engine.destroy(g);
}

static json_t *choose_random(const game *g, rng *r, void *ctx)
{
    (void)ctx;
    return random_legal(g, r);
}

static void random_games(const char *options, int seats, int games)
{
    for (uint64_t seed = 1; seed <= (uint64_t)games; seed++) {
        game *g = mk(options, seats, seed);
        playlog l = {0};
        play_to_end(g, choose_random, NULL, seed, &l);
        manoover_engine.destroy(g);
        replay(options, seats, seed, &l);
        log_free(&l);
    }
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

static json_t *choose_bot(const game *g, rng *r, void *ctx)
{
    bot_levels *b = ctx;
    int64_t wake = GAME_NO_DEADLINE;
    b->salt = rng_next(r);
    return manoover_engine.bot(g, g->turn, b->level[g->turn], 0, b->salt, &wake, &game_no_cancel);
}

static void bot_games(const char *options, int seats, int games, int l0, int l1, int l2)
{
    for (uint64_t seed = 1; seed <= (uint64_t)games; seed++) {
        game *g = mk(options, seats, seed * 7919);
        bot_levels b = {{l0, l1, l2}, 0};
        playlog l = {0};
        play_to_end(g, choose_bot, &b, seed, &l);
        manoover_engine.destroy(g);
        replay(options, seats, seed * 7919, &l);
        log_free(&l);
    }
}

Test(manoover_play, bots_always_act_legally_standard)
{
    bot_games("{\"match_to\":0}", 2, 30, MANOOVER_BOT_EASY, MANOOVER_BOT_NORMAL, 0);
    /* Few games for hard: each of its calls evaluates ~150 000 positions. */
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
                json_t *a = random_legal(g, &r);
                char *text = json_dumps(a, JSON_COMPACT);
                json_decref(act_ok(g, g->turn, text));
                free(text);
                json_decref(a);
            }
            manoover_engine.destroy(g);
        }
    }
    cr_assert_gt(checked, 300);
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
