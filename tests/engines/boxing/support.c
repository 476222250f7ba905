/* support.c: helpers the boxing suites share (see support.h). */
#include "support.h"

#include <stdlib.h>
#include <string.h>

int64_t bx_now;

game *bx_new(const char *options, int seats, uint64_t seed)
{
    bx_now = 0;
    return et_new(&boxing_engine, options, seats, seed);
}

game *bx_start(const char *options, int seats, const char *const *layouts)
{
    game *g = bx_new(options, seats, 1);
    for (int s = 0; s < seats; s++)
        json_decref(bx_ok(g, s, layouts[s]));
    cr_assert_eq(boxing_phase_of(g), BOXING_PHASE_ORDERS);
    return g;
}

int bx_act(game *g, int seat, const char *json, json_t **events, game_error *err)
{
    return et_act(&boxing_engine, g, seat, json, ++bx_now, events, err);
}

json_t *bx_ok(game *g, int seat, const char *json)
{
    return et_ok(&boxing_engine, g, seat, json, ++bx_now);
}

json_t *bx_turn(game *g, const char *const *orders)
{
    json_t *all = json_array();
    for (int s = 0; s < boxing_seats(g); s++) {
        if (!orders[s])
            continue;
        json_t *ev = bx_ok(g, s, orders[s]);
        json_array_extend(all, ev);
        json_decref(ev);
    }
    return all;
}

json_t *bx_event(json_t *events, const char *kind)
{
    return et_event(events, kind, 0);
}

char *bx_dump(const json_t *j)
{
    return et_dump(j);
}

char *bx_view(const game *g, int seat)
{
    return et_view(&boxing_engine, g, seat);
}

void bx_refused(game *g, int seat, const char *json, const char *code)
{
    et_refused(&boxing_engine, g, boxing_seats(g), seat, json, ++bx_now, code);
}

/* ---- logged games ---- */

static void logged_act(game *g, replay_log *log, int64_t at, int seat, json_t *action,
                       replay_step_fn on_step, void *ctx)
{
    game_error err = {{0}, {0}};
    json_t *events = json_array();
    if (replay_act(log, g, seat, action, at, events, &err) != 0) {
        char *a = bx_dump(action);
        cr_assert_fail("seat %d: %s refused: %s %s", seat, a, err.code, err.message);
    }
    if (on_step)
        on_step(g, events, ctx);
    json_decref(events);
}

/* A bot's action as the room gets it: thought out over a clone. */
static json_t *bot_over_clone(const game *g, int seat, int level, int64_t now, uint64_t salt)
{
    game *copy = boxing_engine.clone(g);
    cr_assert_not_null(copy);
    int64_t wake = GAME_NO_DEADLINE;
    json_t *a = boxing_engine.bot(copy, seat, level, now, salt, &wake, &game_no_cancel);
    boxing_engine.destroy(copy);
    return a;
}

static bool others_pending(const game *g, int seat)
{
    for (int s = 0; s < boxing_seats(g); s++) {
        if (s != seat && boxing_alive(g, s) && !boxing_orders_in(g, s))
            return true;
    }
    return false;
}

/* A player who knows only its own view and plays random legal moves: it
 * walks into collisions and odd corners the bots avoid. */
static json_t *chaos_layout(rng *r)
{
    boxing_layout l;
    boxing_layout_random(&l, r);
    json_t *form = boxing_layout_to_json(&l);
    json_object_del(form, "engines");
    json_object_set_new(form, "kind", json_string("layout"));
    return form;
}

static json_t *chaos_orders(const game *g, int seat, rng *r)
{
    json_t *view = boxing_engine.view(g, seat);
    json_t *me = json_array_get(json_object_get(view, "robots"), (size_t)seat);
    json_t *working = json_object_get(me, "working");
    int size = (int)json_integer_value(json_object_get(view, "size"));
    int x = (int)json_integer_value(json_array_get(json_object_get(me, "cell"), 0));
    int y = (int)json_integer_value(json_array_get(json_object_get(me, "cell"), 1));
    bool booster = json_is_true(json_object_get(working, "booster"));
    int boost = booster ? (int)rng_below(r, 3) : 0;
    static const char *const boosts[] = {"none", "move", "shoot"};
    int limit = (int)json_integer_value(json_object_get(working, boost == 1 ? "steps_boosted" : "steps"));
    json_t *dirs = json_object_get(working, "directions");
    json_t *path = json_array();
    int n = limit ? (int)rng_below(r, (uint32_t)limit + 1) : 0;
    for (int k = 0; k < n && json_array_size(dirs); k++) {
        const char *d = json_string_value(json_array_get(dirs, rng_below(r, (uint32_t)json_array_size(dirs))));
        for (int i = 0; i < BOXING_DIRS; i++) {
            if (strcmp(boxing_dirs[i].name, d) != 0)
                continue;
            int nx = x + boxing_dirs[i].dx, ny = y + boxing_dirs[i].dy;
            if (nx >= 0 && ny >= 0 && nx < size && ny < size) {
                json_array_append_new(path, json_string(d));
                x = nx;
                y = ny;
            }
        }
    }
    json_t *action = json_pack("{s:s, s:o, s:s}", "kind", "orders", "path", path, "booster", boosts[boost]);
    json_t *guns = json_object_get(working, "guns");
    int others[BOXING_MAX_SEATS], no = 0;
    for (int s = 0; s < boxing_seats(g); s++) {
        if (s != seat && boxing_alive(g, s))
            others[no++] = s;
    }
    if (json_object_size(guns) && no && rng_below(r, 4)) {
        size_t pick = rng_below(r, (uint32_t)json_object_size(guns)), i = 0;
        const char *letter;
        json_t *v;
        json_object_foreach(guns, letter, v) {
            if (i++ == pick)
                json_object_set_new(action, "fire", json_string(letter));
        }
        char target[2] = {(char)('a' + rng_below(r, 9)), 0};
        json_object_set_new(action, "target", json_string(target));
        json_object_set_new(action, "target_robot", json_integer(others[rng_below(r, (uint32_t)no)]));
    }
    json_decref(view);
    return action;
}

json_t *bx_chaos(const game *g, int seat, rng *r)
{
    if (boxing_phase_of(g) == BOXING_PHASE_LAYOUT && !boxing_layout_in(g, seat))
        return chaos_layout(r);
    if (boxing_phase_of(g) == BOXING_PHASE_ORDERS && boxing_alive(g, seat) && !boxing_orders_in(g, seat))
        return chaos_orders(g, seat, r);
    return NULL;
}

game *bx_logged(replay_log *log, const char *options, int seats, uint64_t seed)
{
    game_error err = {{0}, {0}};
    game *g = replay_start(log, &boxing_engine, options, seats, game_seeds_from(seed), &err);
    cr_assert_not_null(g, "create refused: %s", err.message);
    return g;
}

game *bx_play_bots(replay_log *log, game *g, const int *levels, unsigned sleepy, uint64_t salt,
                   replay_step_fn on_step, void *ctx)
{
    int seats = log->seats;
    rng r;
    rng_seed(&r, salt);
    int64_t now = 0;
    unsigned asleep = 0;
    int asleep_turn = -1;
    for (int rounds = 0; !boxing_engine.over(g); rounds++) {
        cr_assert_lt(rounds, 5000, "the game does not end");
        int stage = boxing_phase_of(g) == BOXING_PHASE_LAYOUT ? 0 : boxing_turn(g);
        if (stage != asleep_turn) {
            asleep_turn = stage;
            asleep = 0;
            for (int s = 0; s < seats; s++) {
                if ((sleepy & (1u << s)) && rng_below(&r, 4) == 0)
                    asleep |= 1u << s;
            }
        }
        bool acted = false;
        for (int s = 0; s < seats && !boxing_engine.over(g); s++) {
            if (asleep & (1u << s))
                continue;
            json_t *a = levels[s] < 0 ? bx_chaos(g, s, &r)
                                      : bot_over_clone(g, s, levels[s], now, rng_next(&r));
            if (!a)
                continue;
            now += 1 + rng_below(&r, 40);
            if (boxing_phase_of(g) == BOXING_PHASE_ORDERS && others_pending(g, s) && rng_below(&r, 5) == 0) {
                /* orders first written one way, then replaced */
                json_t *idle = json_pack("{s:s}", "kind", "orders");
                logged_act(g, log, now, s, idle, on_step, ctx);
                json_decref(idle);
                now++;
            }
            logged_act(g, log, now, s, a, on_step, ctx);
            json_decref(a);
            acted = true;
        }
        if (!acted && !boxing_engine.over(g)) {
            int64_t d = boxing_engine.deadline(g);
            now = d > now ? d : now;
            json_t *events = json_array();
            replay_tick(log, g, now, events);
            if (on_step)
                on_step(g, events, ctx);
            json_decref(events);
        }
    }
    return g;
}
