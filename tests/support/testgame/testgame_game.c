/* testgame_game.c: the flow of a game of count to 21 (testgame_game.h). */
#include "testgame_game.h"

#include <stdlib.h>
#include <string.h>

#include "testgame_rules.h"
#include "testgame_state.h"
#include "util/rng.h"

static void arm_turn(game *g, int64_t now)
{
    g->turn_deadline = g->turn_s ? now + g->turn_s * 1000 : GAME_NO_DEADLINE;
}

game *testgame_create(const json_t *options, int seats, game_seeds seeds, game_error *err)
{
    if (seats < TESTGAME_MIN_SEATS || seats > TESTGAME_MAX_SEATS) {
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

void testgame_destroy(game *g)
{
    free(g);
}

game *testgame_clone(const game *g)
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

int testgame_act(game *g, int seat, const json_t *action, int64_t now, json_t *events,
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
    if (!testgame_add_ok(v))
        return game_fail(err, "illegal", "you can add 1, 2 or 3, not %lld", (long long)v);
    add(g, (int)v, now, events);
    return 0;
}

void testgame_tick(game *g, int64_t now, json_t *events)
{
    if (g->winner < 0 && now >= g->turn_deadline) {
        json_array_append_new(events, json_pack("{s:s,s:i}", "kind", "timeout", "seat", g->turn));
        add(g, TESTGAME_MIN_ADD, now, events);
    }
}

int64_t testgame_deadline(const game *g)
{
    return g->turn_deadline;
}

bool testgame_over(const game *g)
{
    return g->winner >= 0;
}

json_t *testgame_work_request(const game *g)
{
    if (g->hint >= 0 || g->winner >= 0 || g->total * 2 < g->target)
        return NULL;
    return json_pack("{s:i,s:i}", "total", g->total, "target", g->target);
}

json_t *testgame_work_run(const json_t *request, const volatile int *cancel)
{
    if (*cancel)
        return NULL;
    int total = (int)json_integer_value(json_object_get(request, "total"));
    int target = (int)json_integer_value(json_object_get(request, "target"));
    return json_pack("{s:i}", "best", testgame_best_add(total, target));
}

/* --- what bots read --- */

int testgame_turn(const game *g)
{
    return g->winner >= 0 ? -1 : g->turn;
}

int testgame_total(const game *g)
{
    return g->total;
}

int testgame_target(const game *g)
{
    return g->target;
}

int testgame_bot_ms(const game *g)
{
    return g->bot_ms;
}
