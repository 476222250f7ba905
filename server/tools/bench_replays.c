/*
 * bench_replays.c: `botpit bench replays`: what opening a finished game's
 * replay and stepping it cost at the server, per game. For each engine it
 * records a bot game of (up to) --inputs inputs, stores it as a finished
 * game (the room's log, its result and its replay's settings, as the
 * commit point does), then times what a replay session does on its worker
 * thread: opening (reading the game back from the database, rebuilding it
 * with its checkpoints, events and marks, the header and the first frame,
 * serialized) and steps (one input forward, one back, and jumps to random
 * inputs: a clone of a checkpoint, the inputs after it, a view,
 * serialized). A benchmark that prints figures, not a test.
 *
 * Each figure is given twice: the wall-clock time, and the time the thread
 * was on a CPU (`cpu`), which a busy machine (other processes on the same
 * cores) does not inflate.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "games/game.h"
#include "lobby/replay.h"
#include "store/store.h"
#include "tools/bench_replays.h"
#include "tools/scratch_db.h"
#include "tools/fingerprint.h"
#include "util/log.h"
#include "util/rng.h"

typedef struct plan {
    const char *game, *options;
    int seats;
} plan;

/* Options that make games long enough to reach the inputs asked for. */
static const plan plans[] = {
    {"boxing", "{\"turn_limit\": 200, \"size\": 16}", 4},
    {"manoover", "{\"match_to\": 100}", 2},
    {"ricochet", "{\"bot_think_pct\": 0, \"timer_s\": 5, \"pause_s\": 1}", 3},
    {"robotwars", "{\"best_of\": \"7\"}", 2},
    {"roborally", "{\"course\": \"dizzy_dash\"}", 8},
    {"testgame", "{\"target\": 100000}", 2},
};

typedef struct bench_args {
    int inputs, steps;
    const char *game;
} bench_args;

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

/* This thread's CPU time, in ms. */
static double cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* p50, p99 and the largest of n times (sorted in place). */
static void spread(double *t, int n, double out[3])
{
    qsort(t, (size_t)n, sizeof *t, cmp_double);
    out[0] = t[n / 2];
    out[1] = t[(n * 99) / 100 < n ? (n * 99) / 100 : n - 1];
    out[2] = t[n - 1];
}

/* A bot game of e by plan p, recorded as a room plays it. */
static int record_game(const game_engine *e, const plan *p, int inputs, fingerprint_log *log)
{
    memset(log, 0, sizeof *log);
    log->e = e;
    log->n = 1;
    log->games = calloc(1, sizeof *log->games);
    fingerprint_game *fg = &log->games[0];
    fg->options = json_loads(p->options, 0, NULL);
    fg->seats = p->seats;
    fg->seeds = game_seeds_from(29);
    for (int s = 0; s < FINGERPRINT_MAX_SEATS; s++)
        fg->bots[s] = s < p->seats ? 0 : -1;
    fg->max_inputs = inputs;
    fg->inputs = json_array();
    char err[256];
    if (fingerprint_record(log, 0, 800, 50, err, sizeof err) < 0) {
        fprintf(stderr, "botpit: recording a %s game: %s\n", e->id, err);
        return -1;
    }
    return 0;
}

/* Stores the recorded game as room `code`'s log and its finished game;
 * its id, or -1. */
static int64_t store_game(store *s, const game_engine *e, const fingerprint_game *fg,
                          const char *code)
{
    int rc = store_begin(s);
    size_t i;
    json_t *in;
    json_array_foreach(fg->inputs, i, in) {
        int64_t t = json_integer_value(json_array_get(in, 0));
        const json_t *who = json_array_get(in, 1);
        bool tick = json_is_string(who);
        rc |= store_input_append(s, code, i + 1, t, tick ? 0 : (int)json_integer_value(who),
                                 tick ? "tick" : "act", tick ? NULL : json_array_get(in, 2));
    }
    json_t *players = json_array(), *result = json_pack("{s:[],s:[],s:s}", "winners", "scores",
                                                        "summary", "a benchmark's game");
    for (int k = 0; k < fg->seats; k++)
        json_array_append_new(players, json_pack("{s:i,s:s}", "seat", k, "bot", "easy"));
    store_result row = {.code = code, .game = e->id, .players = players, .result = result,
                        .finished_at_ms = 1, .options = fg->options, .seats = fg->seats,
                        .seed = fg->seeds.seed, .has_secret = true, .secret = fg->seeds.secret,
                        .rules_revision = game_rules_revision(e)};
    int64_t id = -1;
    rc |= store_result_add(s, &row, &id);
    rc |= store_commit(s);
    json_decref(players);
    json_decref(result);
    return rc == 0 ? id : -1;
}

/* What a session's open does on its worker: read, rebuild, header and
 * first frame, serialized. The replay, or NULL. */
static replay *open_once(store *s, int64_t id, double *read_ms, double *total_ms,
                         double *total_cpu, size_t *bytes)
{
    double t0 = now_ms(), c0 = cpu_ms();
    store_replay_status status;
    json_t *row = store_replay_get(s, id, NULL, &status);
    double t1 = now_ms();
    proto_code code;
    char why[256];
    replay *r = row ? replay_build(row, &code, why, sizeof why) : NULL;
    json_decref(row);
    if (!r) {
        fprintf(stderr, "botpit: game %lld does not replay: %s\n", (long long)id,
                row ? why : "not read");
        return NULL;
    }
    json_t *m = replay_header(r);
    json_object_set_new(m, "frame", replay_frame(r, 0, 0, GAME_SEAT_REPLAY, false));
    char *text = json_dumps(m, JSON_COMPACT);
    double t2 = now_ms();
    *read_ms = t1 - t0;
    *total_ms = t2 - t0;
    *total_cpu = cpu_ms() - c0;
    *bytes = text ? strlen(text) : 0;
    free(text);
    json_decref(m);
    return r;
}

/* One step's cost: the frame and its serialization (wall ms; its CPU ms
 * in *cpu). */
static double step_once(const replay *r, size_t to, size_t from, int audience, size_t *bytes,
                        double *cpu)
{
    double t0 = now_ms(), c0 = cpu_ms();
    json_t *f = replay_frame(r, to, from, audience, true);
    char *text = json_dumps(f, JSON_COMPACT);
    double t = now_ms() - t0;
    *cpu = cpu_ms() - c0;
    if (bytes && text && strlen(text) > *bytes)
        *bytes = strlen(text);
    free(text);
    json_decref(f);
    return t;
}

static int bench_engine(store *s, const game_engine *e, const plan *p, const bench_args *a,
                        int n)
{
    fingerprint_log log;
    double r0 = now_ms();
    if (record_game(e, p, a->inputs, &log) < 0) {
        fingerprint_free(&log);
        return -1;
    }
    double recorded = now_ms() - r0;
    char code[8];
    snprintf(code, sizeof code, "BEN%02d", n);
    int64_t id = store_game(s, e, &log.games[0], code);
    size_t inputs = json_array_size(log.games[0].inputs);
    fingerprint_free(&log);
    if (id < 0) {
        fprintf(stderr, "botpit: the %s game could not be stored\n", e->id);
        return -1;
    }
    enum { OPENS = 5 };
    double opens[OPENS], reads[OPENS], open_cpu[OPENS];
    size_t header_bytes = 0;
    replay *r = NULL;
    for (int k = 0; k < OPENS; k++) {
        replay_free(r);
        r = open_once(s, id, &reads[k], &opens[k], &open_cpu[k], &header_bytes);
        if (!r)
            return -1;
    }
    size_t len = replay_length(r);
    int nsteps = a->steps;
    double *fwd = calloc((size_t)nsteps, sizeof *fwd), *back = calloc((size_t)nsteps, sizeof *back),
           *jump = calloc((size_t)nsteps, sizeof *jump), *cpu = calloc((size_t)nsteps * 3, sizeof *cpu);
    size_t frame_bytes = 0;
    rng g;
    rng_seed(&g, 29);
    for (int k = 0; k < nsteps; k++) {
        size_t at = len ? rng_next(&g) % len : 0;
        fwd[k] = step_once(r, at + 1, at, GAME_SEAT_REPLAY, &frame_bytes, &cpu[3 * k]);
        back[k] = step_once(r, at, at + 1, k % 2 ? GAME_SEAT_SPECTATOR : 0, &frame_bytes,
                            &cpu[3 * k + 1]);
        size_t to = len ? rng_next(&g) % (len + 1) : 0;
        jump[k] = step_once(r, to, at, GAME_SEAT_REPLAY, &frame_bytes, &cpu[3 * k + 2]);
    }
    double o[3], rd[3], f[3], b[3], j[3], oc[3], sc[3];
    spread(opens, OPENS, o);
    spread(open_cpu, OPENS, oc);
    spread(cpu, 3 * nsteps, sc);
    spread(reads, OPENS, rd);
    spread(fwd, nsteps, f);
    spread(back, nsteps, b);
    spread(jump, nsteps, j);
    printf("{\"game\":\"%s\",\"inputs\":%zu,\"record_ms\":%.0f,"
           "\"open_ms\":{\"p50\":%.2f,\"max\":%.2f},\"read_ms\":{\"p50\":%.2f,\"max\":%.2f},"
           "\"step_forward_ms\":{\"p50\":%.3f,\"p99\":%.3f,\"max\":%.3f},"
           "\"step_back_ms\":{\"p50\":%.3f,\"p99\":%.3f,\"max\":%.3f},"
           "\"jump_ms\":{\"p50\":%.3f,\"p99\":%.3f,\"max\":%.3f},"
           "\"open_cpu_ms\":{\"p50\":%.2f,\"max\":%.2f},"
           "\"step_cpu_ms\":{\"p50\":%.3f,\"p99\":%.3f,\"max\":%.3f},"
           "\"header_bytes\":%zu,\"frame_bytes_max\":%zu}\n",
           e->id, inputs, recorded, o[0], o[2], rd[0], rd[2], f[0], f[1], f[2], b[0], b[1], b[2],
           j[0], j[1], j[2], oc[0], oc[2], sc[0], sc[1], sc[2], header_bytes, frame_bytes);
    fflush(stdout);
    free(fwd);
    free(back);
    free(jump);
    free(cpu);
    replay_free(r);
    return 0;
}

static int parse(int argc, char **argv, bench_args *a)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--inputs") == 0 && i + 1 < argc)
            a->inputs = atoi(argv[++i]);
        else if (strcmp(argv[i], "--steps") == 0 && i + 1 < argc)
            a->steps = atoi(argv[++i]);
        else if (strcmp(argv[i], "--game") == 0 && i + 1 < argc)
            a->game = argv[++i];
        else {
            fprintf(stderr, "usage: botpit bench replays [--inputs N] [--steps N] [--game ID]\n"
                            "  times opening a replay of an N-input bot game of each game (or\n"
                            "  one) and stepping it, as a replay session does off the loop\n");
            return -1;
        }
    }
    return a->inputs > 0 && a->steps > 0 ? 0 : -1;
}

int bench_replays_main(int argc, char **argv)
{
    bench_args a = {400, 200, NULL};
    if (parse(argc, argv, &a) < 0)
        return 2;
    scratch_db db;
    if (scratch_db_make(&db, "botpit-bench-replays") < 0)
        return 1;
    log_set_level(LOG_WARN);
    char err[256];
    store *s = store_open(db.path, err, sizeof err);
    if (!s) {
        fprintf(stderr, "botpit: %s\n", err);
        scratch_db_remove(&db);
        return 1;
    }
    int rc = 0, ran = 0;
    for (size_t i = 0; i < sizeof plans / sizeof plans[0]; i++) {
        const game_engine *e = game_engine_find(plans[i].game);
        if (!e || (a.game && strcmp(a.game, e->id) != 0))
            continue;
        ran++;
        rc |= bench_engine(s, e, &plans[i], &a, (int)i);
    }
    if (!ran) {
        fprintf(stderr, "botpit: no game \"%s\" to benchmark\n", a.game ? a.game : "");
        rc = -1;
    }
    store_close(s);
    scratch_db_remove(&db);
    return rc ? 1 : 0;
}
