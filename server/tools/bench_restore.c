/*
 * bench_restore.c: `botpit bench restore`: how long a restart takes to bring
 * back many rooms. It writes a database of rooms whose logs come from bots
 * playing a real engine, then times opening it and replaying every room, as
 * the server does on start. A benchmark that prints figures, not a test.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <uv.h>

#include "tools/bench_restore.h"
#include "tools/scratch_db.h"
#include "games/game.h"
#include "games/tool.h"
#include "lobby/ids.h"
#include "lobby/lobby.h"
#include "store/store.h"
#include "util/log.h"
#include "util/rng.h"

typedef struct bench_args {
    int rooms, inputs, level;
    const char *game, *options;
} bench_args;

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

/* Plays bots in every seat until `want` inputs or the end, writing each input
 * to the store; a tick when no bot moves. Returns the inputs written, negated
 * if the game ended first or a write failed. */
static int play_room(store *s, const game_engine *e, const json_t *options, int seats,
                     uint64_t seed, const char *code, int want, int level)
{
    game_error err;
    game *g = e->create(options, seats, game_seeds_from(seed), &err);
    if (!g)
        return 0;
    json_t *events = json_array();
    int64_t now = 0;
    int n = 0, idle = 0;
    bool failed = false; /* the database refused a write */
    while (n < want && !e->over(g) && idle < 50 && !failed) {
        bool moved = false;
        for (int seat = 0; seat < seats && n < want; seat++) {
            int64_t wake = GAME_NO_DEADLINE;
            json_t *a = e->bot(g, seat, level, now, seed ^ (uint64_t)n, &wake, &game_no_cancel);
            if (a && e->act(g, seat, a, now, events, &err) == 0) {
                failed |= store_input_append(s, code, (uint64_t)++n, now, seat, "act", a) < 0;
                moved = true;
            }
            json_decref(a);
            json_array_clear(events);
        }
        now += 500;
        if (!moved) {
            int64_t d = e->deadline(g);
            if (d != GAME_NO_DEADLINE) {
                now = d > now ? d : now;
                e->tick(g, now, events);
                failed |= store_input_append(s, code, (uint64_t)++n, now, 0, "tick", NULL) < 0;
                json_array_clear(events);
            }
            idle++;
        }
    }
    bool full = n == want && !e->over(g) && !failed;
    json_decref(events);
    e->destroy(g);
    return full ? n : -n;
}

/* The n-th room code, in the join-code alphabet. */
static void bench_code(int n, char code[IDS_CODE_LEN + 1])
{
    const char *alphabet = IDS_CODE_ALPHABET;
    int base = (int)strlen(alphabet);
    for (int i = IDS_CODE_LEN - 1; i >= 0; i--, n /= base)
        code[i] = alphabet[n % base];
    code[IDS_CODE_LEN] = '\0';
}

static int write_rooms(store *s, const game_engine *e, const bench_args *a)
{
    game_error err;
    json_t *given = a->options ? json_loads(a->options, 0, NULL) : NULL;
    json_t *options = game_options_resolve(e, given, &err);
    json_decref(given);
    if (!options) {
        fprintf(stderr, "botpit: %s\n", err.message);
        return 0;
    }
    int min, max;
    game_seat_range(e, options, &min, &max);
    json_t *seats = json_array();
    for (int i = 0; i < min; i++)
        json_array_append_new(seats, json_pack("{s:n,s:i,s:b}", "player", "bot", a->level,
                                               "takeover", 0));
    rng r;
    rng_seed(&r, 2026);
    int made = 0, tries = 0;
    while (made < a->rooms && tries < a->rooms * 20) {
        tries++;
        char code[IDS_CODE_LEN + 1];
        bench_code(made, code);
        uint64_t seed = rng_next(&r);
        store_room row = {code, e->id, "playing", NULL, options, seats, seed, true, false, true, 0, false, 0,
                          game_rules_revision(e)};
        if (store_room_put(s, &row) < 0)
            break;
        if (play_room(s, e, options, min, seed, code, a->inputs, a->level) == a->inputs)
            made++;
        else if (store_room_delete(s, code) < 0) /* ended early: deal another */
            break;
    }
    json_decref(seats);
    json_decref(options);
    return made;
}

static int parse(int argc, char **argv, bench_args *a)
{
    const tool_flag flags[] = {
        TOOL_INT_FLAG("--rooms", &a->rooms, 1, 10000000),
        TOOL_INT_FLAG("--inputs", &a->inputs, 1, 10000000),
        TOOL_TEXT_FLAG("--game", &a->game),
        TOOL_TEXT_FLAG("--options", &a->options),
        TOOL_INT_FLAG("--level", &a->level, 0, 16),
        TOOL_FLAGS_END,
    };
    return tool_flags_read("bench restore",
                           "usage: botpit bench restore [--rooms N] [--inputs N] [--game ID]"
                           " [--options JSON] [--level N]\n",
                           flags, argc, argv);
}

int bench_restore_main(int argc, char **argv)
{
    bench_args a = {1000, 200, 0, "boxing", "{\"turn_limit\":200}"};
    if (parse(argc, argv, &a) < 0)
        return 2;
    const game_engine *e = game_engine_find(a.game);
    if (!e || !e->bot) {
        fprintf(stderr, "botpit: bench restore needs a game with bots, not \"%s\"\n", a.game);
        return 2;
    }
    scratch_db db;
    if (scratch_db_make(&db, "botpit-bench") < 0)
        return 1;
    log_set_level(LOG_WARN);

    char err[256];
    store *s = store_open(db.path, err, sizeof err);
    if (!s) {
        fprintf(stderr, "botpit: %s\n", err);
        scratch_db_remove(&db);
        return 1;
    }
    double t0 = now_ms();
    int made = write_rooms(s, e, &a);
    double written = now_ms() - t0;
    store_close(s);

    uv_loop_t loop;
    uv_loop_init(&loop);
    lobby_config cfg = lobby_config_defaults();
    cfg.max_rooms = made + 10;
    double t1 = now_ms();
    s = store_open(db.path, err, sizeof err);
    lobby *l = lobby_new(&loop, &cfg);
    lobby_set_store(l, s);
    int rooms = 0, broken = 0;
    if (lobby_restore(l, &rooms, &broken) < 0)
        fprintf(stderr, "botpit: the database could not be read\n");
    double restored = now_ms() - t1;

    printf("{\"game\":\"%s\",\"rooms\":%d,\"inputs_per_room\":%d,\"write_ms\":%.0f,"
           "\"restore_ms\":%.0f,\"restored\":%d,\"broken\":%d,\"per_room_us\":%.0f}\n",
           e->id, made, a.inputs, written, restored, rooms, broken,
           rooms ? restored * 1000.0 / rooms : 0.0);
    lobby_free(l);
    uv_run(&loop, UV_RUN_DEFAULT);
    uv_loop_close(&loop);
    store_close(s);
    scratch_db_remove(&db);
    return broken ? 1 : 0;
}
