/*
 * fuzz_engine.c: an engine (FUZZ_ENGINE, set at build time, with the room
 * options of FUZZ_VARIANT if set, else the defaults) fed structured random
 * input. The bytes are a little program: seats, a seed, then
 * operations: a bot's move for some seat, a tick after some time, a bot's
 * move with one field mutated, or raw bytes as an action. After every step:
 *   - a refused action left every view byte-identical;
 *   - every view and the result can be made;
 *   - a replay of the log so far from scratch gives byte-identical views
 *     (the replay invariant of the engine contract), and so does a clone
 *     (engines whose bots think on a copy);
 * and off-loop work (a solver run) is done in line and logged like the room
 * does; bots think over a clone, as on the room's workers.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/game.h"
#include "replay.h"

#define MAX_STEPS 48
#ifndef FUZZ_VARIANT
#define FUZZ_VARIANT 0
#endif

/* Room options a target may be built with (FUZZ_VARIANT): another mode of
 * an engine, in games short enough to end. 0: the defaults. */
static const char *const variants[] = {
    NULL,
    "{\"mode\": \"roboball\", \"max_turns\": 4}", /* 1: roborally's RoboBall */
};

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

/* Stops the run at the first broken invariant, with what broke. */
static void hold(const replay_log *log)
{
    if (log->problem[0]) {
        fprintf(stderr, "fuzz %s: %s\n", log->e->id, log->problem);
        abort();
    }
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

static json_t *bot_action(const replay_log *log, const game *g, reader *r, int seat,
                          int64_t now)
{
    if (!log->e->bot)
        return NULL;
    int levels = 0;
    while (log->e->bot_levels && log->e->bot_levels[levels])
        levels++;
    /* Mostly the easiest bot: it is the cheap source of varied legal
     * actions; a stronger one now and then, since they search for seconds
     * of fuzzing time. */
    unsigned pick = take(r);
    int level = levels && pick % 8 == 0 ? (int)(pick / 8 % (unsigned)levels) : 0;
    int64_t wake;
    /* Over a clone, as the room's workers ask, so that bots meet copies
     * the way they do on the server (and ASan sees any sharing). */
    game *copy = log->e->clone ? log->e->clone(g) : NULL;
    json_t *a = log->e->bot(copy ? copy : g, seat, level, now, take(r), &wake, &game_no_cancel);
    if (copy)
        log->e->destroy(copy);
    return a;
}

/* Does the work the engine waits for, in line, as the room would. */
static void do_work(replay_log *log, game *g, int64_t now)
{
    if (!log->e->work_request)
        return;
    json_t *req = log->e->work_request(g);
    if (!req)
        return;
    static const volatile int never = 0;
    json_t *res = log->e->work_run(req, &never);
    if (res) {
        json_t *action = json_pack("{s:s,s:O,s:O}", "kind", "work_done", "request", req,
                                   "result", res);
        json_t *events = json_array();
        replay_act(log, g, GAME_SEAT_SERVER, action, now, events, NULL);
        json_decref(events);
        json_decref(action);
    }
    json_decref(req);
    json_decref(res);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    reader r = {data, size};
    const game_engine *e = game_engine_find(FUZZ_ENGINE);
    if (!e)
        abort();
    int min, max;
    game_error err;
    const char *variant = variants[FUZZ_VARIANT];
    json_t *given = variant ? json_loads(variant, 0, NULL) : NULL;
    json_t *resolved = game_options_resolve(e, given, &err);
    if (!resolved)
        abort(); /* the build's options are the engine's own */
    game_seat_range(e, resolved, &min, &max);
    json_decref(resolved);
    int seats = min + (int)(take(&r) % (unsigned)(max - min + 1));
    uint64_t seed = 0;
    for (int i = 0; i < 8; i++)
        seed = seed << 8 | take(&r);
    replay_log log;
    char *options = given ? json_dumps(given, JSON_COMPACT) : NULL;
    json_decref(given);
    game *g = replay_start(&log, e, options, seats, game_seeds_from(seed), &err);
    free(options);
    if (!g)
        abort(); /* the options and an allowed seat count make a game */

    int64_t now = 0;
    json_t *events = json_array();
    for (int step = 0; step < MAX_STEPS && r.left && !e->over(g); step++) {
        unsigned op = take(&r);
        now += (op >> 2) * 50;
        int seat = (int)(take(&r) % (unsigned)seats);
        json_t *action = NULL;
        switch (op & 3) {
        case 0: action = bot_action(&log, g, &r, seat, now); break;
        case 1:
            now += take(&r) * 1000;
            replay_tick(&log, g, now, events);
            break;
        case 2:
            action = bot_action(&log, g, &r, seat, now);
            action = action ? mutate(action, &r) : NULL;
            break;
        default: {
            size_t n = take(&r) % 64;
            n = n < r.left ? n : r.left;
            action = json_loadb((const char *)r.p, n, JSON_DECODE_ANY, NULL);
            r.p += n;
            r.left -= n;
        }
        }
        if (action)
            replay_act(&log, g, seat, action, now, events, &err);
        json_decref(action);
        json_array_clear(events);
        hold(&log);
        do_work(&log, g, now);
        json_decref(e->result(g));
        replay_check(&log, g);
        hold(&log);
    }
    json_decref(events);
    e->destroy(g);
    replay_free(&log);
    return 0;
}
