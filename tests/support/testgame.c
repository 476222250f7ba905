/*
 * testgame.c: "count to 21", an engine for the server's tests only.
 *
 * Small enough to reason about in a test, yet it uses every part of the
 * contract: turns (not_your_turn), a secret per seat (views differ), an
 * optional turn deadline (tick), bots with levels, bots thinking off the
 * loop (clone; option bot_ms makes them sleep before they answer, so tests
 * can change the room under a thinking bot), and off-loop work (a "hint" computed by
 * work_run once the count passes half the target).
 * It ships only in the botpit-test binary.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "games/game.h"
#include "util/rng.h"

#define MAX_SEATS 4

struct game {
    int seats, target, turn_s, bot_ms;
    int total, turn, winner;
    int added[MAX_SEATS];
    int secret[MAX_SEATS];
    int64_t turn_deadline; /* GAME_NO_DEADLINE without turn_s */
    int hint;              /* -1 until the work result arrives */
};

static const game_option testgame_options[] = {
    {"target", GAME_OPTION_INT, "Target", "The count that wins.", 21, 5, 1000000, NULL, NULL},
    {"turn_s", GAME_OPTION_INT, "Turn time", "Seconds per turn; 0 for no limit.", 0, 0, 600,
     NULL, NULL},
    {"bot_ms", GAME_OPTION_INT, "Bot thinking", "Milliseconds a bot thinks (sleeps) before it answers, unless its budget runs out first.", 0,
     0, 2000, NULL, NULL},
    {NULL, 0, NULL, NULL, 0, 0, 0, NULL, NULL},
};

static void arm_turn(game *g, int64_t now)
{
    g->turn_deadline = g->turn_s ? now + g->turn_s * 1000 : GAME_NO_DEADLINE;
}

static game *testgame_create(const json_t *options, int seats, game_seeds seeds, game_error *err)
{
    if (seats < 2 || seats > MAX_SEATS) {
        game_fail(err, "bad_options", "count to 21 needs 2 to 4 players");
        return NULL;
    }
    game *g = calloc(1, sizeof *g);
    g->seats = seats;
    g->target = (int)json_integer_value(json_object_get(options, "target"));
    g->turn_s = (int)json_integer_value(json_object_get(options, "turn_s"));
    g->bot_ms = (int)json_integer_value(json_object_get(options, "bot_ms"));
    g->winner = -1;
    g->hint = -1;
    /* Each seat's secret is a hidden deal: from the secret stream. */
    rng r;
    rng_seed(&r, seeds.secret);
    for (int i = 0; i < seats; i++)
        g->secret[i] = rng_range(&r, 1, 100);
    arm_turn(g, 0);
    return g;
}

static void testgame_destroy(game *g)
{
    free(g);
}

static game *testgame_clone(const game *g)
{
    game *copy = malloc(sizeof *copy);
    if (copy)
        *copy = *g;
    return copy;
}

static void add(game *g, int n, int64_t now, json_t *events)
{
    int seat = g->turn;
    g->total += n;
    g->added[seat] += n;
    json_array_append_new(events, json_pack("{s:s,s:i,s:i,s:i}", "kind", "added", "seat", seat,
                                            "n", n, "total", g->total));
    if (g->total >= g->target) {
        g->winner = seat;
        g->turn_deadline = GAME_NO_DEADLINE;
        json_array_append_new(events, json_pack("{s:s,s:i}", "kind", "won", "seat", seat));
        return;
    }
    g->turn = (g->turn + 1) % g->seats;
    arm_turn(g, now);
}

static int testgame_act(game *g, int seat, const json_t *action, int64_t now, json_t *events,
                        game_error *err)
{
    const char *kind = json_string_value(json_object_get(action, "kind"));
    if (seat == GAME_SEAT_SERVER && kind && strcmp(kind, "work_done") == 0) {
        g->hint = (int)json_integer_value(json_object_get(json_object_get(action, "result"), "best"));
        json_array_append_new(events, json_pack("{s:s,s:i}", "kind", "hint", "best", g->hint));
        return 0;
    }
    if (!kind || strcmp(kind, "add") != 0)
        return game_fail(err, "bad_action", "an action is {\"kind\":\"add\",\"n\":1..3}");
    const json_t *n = json_object_get(action, "n");
    if (!json_is_integer(n))
        return game_fail(err, "bad_action", "\"n\" must be a whole number");
    if (g->winner >= 0)
        return game_fail(err, "illegal", "the game is over");
    if (seat != g->turn)
        return game_fail(err, "not_your_turn", "it is Seat %d's turn", g->turn + 1);
    json_int_t v = json_integer_value(n);
    if (v < 1 || v > 3)
        return game_fail(err, "illegal", "you can add 1, 2 or 3, not %lld", (long long)v);
    add(g, (int)v, now, events);
    return 0;
}

static void testgame_tick(game *g, int64_t now, json_t *events)
{
    if (g->winner < 0 && now >= g->turn_deadline) {
        json_array_append_new(events, json_pack("{s:s,s:i}", "kind", "timeout", "seat", g->turn));
        add(g, 1, now, events);
    }
}

static int64_t testgame_deadline(const game *g)
{
    return g->turn_deadline;
}

static json_t *testgame_view(const game *g, int seat)
{
    json_t *v = json_pack("{s:i,s:i,s:i,s:i}", "total", g->total, "target", g->target, "turn",
                          g->turn, "winner", g->winner);
    json_object_set_new(v, "hint", g->hint >= 0 ? json_integer(g->hint) : json_null());
    if (seat >= 0)
        json_object_set_new(v, "secret", json_integer(g->secret[seat]));
    if (g->winner >= 0) {
        json_t *all = json_array();
        for (int i = 0; i < g->seats; i++)
            json_array_append_new(all, json_integer(g->secret[i]));
        json_object_set_new(v, "secrets", all);
    }
    return v;
}

static bool testgame_over(const game *g)
{
    return g->winner >= 0;
}

static json_t *testgame_result(const game *g)
{
    json_t *scores = json_array();
    for (int i = 0; i < g->seats; i++)
        json_array_append_new(scores, json_integer(g->added[i]));
    return json_pack("{s:[i],s:o,s:s}", "winners", g->winner, "scores", scores, "summary",
                     "the count reached its target");
}

static json_t *testgame_bot(const game *g, int seat, int level, int64_t now, uint64_t salt,
                            int64_t *wake_ms, const volatile int *cancel)
{
    (void)now;
    (void)salt;
    (void)wake_ms;
    if (g->winner >= 0 || seat != g->turn)
        return NULL;
    /* "Thinks" for bot_ms, but like a searching bot stops when told. */
    for (int slept = 0; slept < g->bot_ms && !*cancel; slept += 5)
        nanosleep(&(struct timespec){0, 5 * 1000000L}, NULL);
    int n = 1;
    if (level > 0) {
        int left = (g->target - g->total) % 4;
        n = left ? left : 1;
    }
    return json_pack("{s:s,s:i}", "kind", "add", "n", n);
}

static json_t *testgame_work_request(const game *g)
{
    if (g->hint >= 0 || g->winner >= 0 || g->total * 2 < g->target)
        return NULL;
    return json_pack("{s:i,s:i}", "total", g->total, "target", g->target);
}

static json_t *testgame_work_run(const json_t *request, const volatile int *cancel)
{
    if (*cancel)
        return NULL;
    int total = (int)json_integer_value(json_object_get(request, "total"));
    int target = (int)json_integer_value(json_object_get(request, "target"));
    int best = (target - total) % 4;
    return json_pack("{s:i}", "best", best ? best : 1);
}

static const char *const levels[] = {"easy", "normal", NULL};

/* Every field but the name and clone. */
#define TESTGAME_ENGINE(engine_id, engine_title, clone_fn) \
    {                                                           \
        .id = engine_id,                                        \
        .title = engine_title,                                  \
        .summary = "Take turns adding 1 to 3; whoever reaches the target wins (tests only).", \
        .min_players = 2,                                       \
        .max_players = MAX_SEATS,                               \
        .options = testgame_options,                            \
        .bot_levels = levels,                                   \
        .create = testgame_create,                              \
        .destroy = testgame_destroy,                            \
        .act = testgame_act,                                    \
        .tick = testgame_tick,                                  \
        .deadline = testgame_deadline,                          \
        .view = testgame_view,                                  \
        .over = testgame_over,                                  \
        .result = testgame_result,                              \
        .bot = testgame_bot,                                    \
        .clone = clone_fn,                                      \
        .work_request = testgame_work_request,                  \
        .work_run = testgame_work_run,                          \
    }

const game_engine testgame_engine = TESTGAME_ENGINE("testgame", "Count to 21", testgame_clone);

/* The same game from an engine without clone: the room plays its inputs on
 * the game itself and rebuilds it from the log when a write fails (unit
 * tests only). */
const game_engine testgame_noclone_engine =
    TESTGAME_ENGINE("testgame_noclone", "Count to 21 (no clone)", NULL);
