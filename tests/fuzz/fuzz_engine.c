/*
 * fuzz_engine.c: an engine (FUZZ_ENGINE, set at build time) fed structured
 * random input. The bytes are a little program: seats, a seed, then
 * operations: a bot's move for some seat, a tick after some time, a bot's
 * move with one field mutated, or raw bytes as an action. After every step:
 *   - a refused action left every view byte-identical;
 *   - every view and the result can be made;
 *   - a replay of the log so far from scratch gives byte-identical views
 *     (the replay invariant of the engine contract), and so does a clone
 *     (engines whose bots think on a copy);
 * and off-loop work (a solver run) is done in line and logged like the room
 * does.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "games/game.h"

#define MAX_STEPS 48

typedef struct input {
    int64_t t;
    int seat; /* -3 for a tick */
    json_t *action;
} input;

typedef struct run {
    const game_engine *e;
    json_t *options;
    int seats;
    uint64_t seed;
    input log[MAX_STEPS * 2];
    int nlog;
} run;

typedef struct reader {
    const uint8_t *p;
    size_t left;
} reader;

static unsigned take(reader *r)
{
    if (!r->left)
        return 0;
    r->left--;
    return *r->p++;
}

/* Every view (each seat and the spectator), joined: what must not change. */
static char *views(const run *rn, const game *g)
{
    json_t *all = json_array();
    for (int s = GAME_SEAT_SPECTATOR; s < rn->seats; s++)
        json_array_append_new(all, rn->e->view(g, s));
    json_array_append_new(all, json_boolean(rn->e->over(g)));
    char *text = json_dumps(all, JSON_SORT_KEYS | JSON_COMPACT);
    json_decref(all);
    return text;
}

static game *replay(const run *rn)
{
    game_error err;
    game *g = rn->e->create(rn->options, rn->seats, rn->seed, &err);
    json_t *events = json_array();
    for (int i = 0; g && i < rn->nlog; i++) {
        const input *in = &rn->log[i];
        if (in->seat == -3)
            rn->e->tick(g, in->t, events);
        else if (rn->e->act(g, in->seat, in->action, in->t, events, &err) != 0)
            abort(); /* what was accepted once is accepted again */
        json_array_clear(events);
    }
    json_decref(events);
    return g;
}

static void check_replay(const run *rn, const game *live)
{
    game *again = replay(rn);
    char *a = views(rn, live), *b = views(rn, again);
    if (strcmp(a, b) != 0)
        abort();
    free(b);
    rn->e->destroy(again);
    if (rn->e->clone) {
        game *copy = rn->e->clone(live);
        char *c = views(rn, copy);
        if (strcmp(a, c) != 0)
            abort();
        free(c);
        rn->e->destroy(copy);
    }
    free(a);
}

/* One field of the action replaced by something odd. */
static json_t *mutate(json_t *action, reader *r)
{
    static const char *const odd_strings[] = {"", "N", "NE", "zz", "layout", "orders",
                                              "move", "bid", "red", "any", "\xff"};
    size_t n = json_object_size(action);
    if (!n)
        return action;
    size_t pick = take(r) % n, i = 0;
    const char *key;
    json_t *v;
    json_object_foreach(action, key, v) {
        if (i++ != pick)
            continue;
        switch (take(r) % 6) {
        case 0: json_object_del(action, key); break;
        case 1: json_object_set_new(action, key, json_integer((int8_t)take(r))); break;
        case 2: json_object_set_new(action, key, json_string(odd_strings[take(r) % 11])); break;
        case 3: json_object_set_new(action, key, json_null()); break;
        case 4: json_object_set_new(action, key, json_pack("[i,s]", take(r), "x")); break;
        default: json_object_set_new(action, key, json_integer(1000000000)); break;
        }
        break;
    }
    return action;
}

static json_t *bot_action(const run *rn, const game *g, reader *r, int seat, int64_t now)
{
    if (!rn->e->bot)
        return NULL;
    int levels = 0;
    while (rn->e->bot_levels && rn->e->bot_levels[levels])
        levels++;
    /* Mostly the easiest bot: it is the cheap source of varied legal
     * actions; a stronger one now and then, since they search for seconds
     * of fuzzing time. */
    unsigned pick = take(r);
    int level = levels && pick % 8 == 0 ? (int)(pick / 8 % (unsigned)levels) : 0;
    int64_t wake;
    return rn->e->bot(g, seat, level, now, take(r), &wake);
}

/* Does the work the engine waits for, in line, as the room would. */
static void do_work(run *rn, game *g, int64_t now)
{
    if (!rn->e->work_request)
        return;
    json_t *req = rn->e->work_request(g);
    if (!req)
        return;
    static const volatile int never = 0;
    json_t *res = rn->e->work_run(req, &never);
    if (res && rn->nlog < MAX_STEPS * 2) {
        json_t *action = json_pack("{s:s,s:O,s:O}", "kind", "work_done", "request", req,
                                   "result", res);
        json_t *events = json_array();
        game_error err;
        if (rn->e->act(g, GAME_SEAT_SERVER, action, now, events, &err) == 0)
            rn->log[rn->nlog++] = (input){now, GAME_SEAT_SERVER, json_incref(action)};
        json_decref(events);
        json_decref(action);
    }
    json_decref(req);
    json_decref(res);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static run rn;
    reader r = {data, size};
    rn.e = game_engine_find(FUZZ_ENGINE);
    if (!rn.e)
        abort();
    int min, max;
    game_error err;
    rn.options = game_options_resolve(rn.e, NULL, &err);
    game_seat_range(rn.e, rn.options, &min, &max);
    rn.seats = min + (int)(take(&r) % (unsigned)(max - min + 1));
    rn.seed = 0;
    for (int i = 0; i < 8; i++)
        rn.seed = rn.seed << 8 | take(&r);
    rn.nlog = 0;
    game *g = rn.e->create(rn.options, rn.seats, rn.seed, &err);
    if (!g)
        abort(); /* default options and an allowed seat count make a game */

    int64_t now = 0;
    json_t *events = json_array();
    for (int step = 0; step < MAX_STEPS && r.left && !rn.e->over(g); step++) {
        unsigned op = take(&r);
        now += (op >> 2) * 50;
        int seat = (int)(take(&r) % (unsigned)rn.seats);
        json_t *action = NULL;
        switch (op & 3) {
        case 0: action = bot_action(&rn, g, &r, seat, now); break;
        case 1:
            now += take(&r) * 1000;
            rn.e->tick(g, now, events);
            rn.log[rn.nlog++] = (input){now, -3, NULL};
            break;
        case 2: action = bot_action(&rn, g, &r, seat, now); action = action ? mutate(action, &r) : NULL; break;
        default: {
            size_t n = take(&r) % 64;
            n = n < r.left ? n : r.left;
            action = json_loadb((const char *)r.p, n, JSON_DECODE_ANY, NULL);
            r.p += n;
            r.left -= n;
        }
        }
        if (action) {
            char *before = views(&rn, g);
            if (rn.e->act(g, seat, action, now, events, &err) == 0) {
                rn.log[rn.nlog++] = (input){now, seat, action};
                action = NULL;
            } else {
                char *after = views(&rn, g);
                if (strcmp(before, after) != 0 || !err.message[0])
                    abort(); /* a refusal changes nothing and says why */
                free(after);
            }
            free(before);
            json_decref(action);
        }
        json_array_clear(events);
        do_work(&rn, g, now);
        json_decref(rn.e->result(g));
        check_replay(&rn, g);
    }
    json_decref(events);
    rn.e->destroy(g);
    for (int i = 0; i < rn.nlog; i++)
        json_decref(rn.log[i].action);
    json_decref(rn.options);
    return 0;
}
