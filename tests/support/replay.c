/* replay.c: the replay invariant and the refusal rule, for every engine. */
#include "replay.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void problem(replay_log *log, const char *fmt, ...)
{
    if (log->problem[0])
        return; /* the first one is the one to fix */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(log->problem, sizeof log->problem, fmt, ap);
    va_end(ap);
}

/* FNV-1a over a text, continuing from h. */
static uint64_t fnv(uint64_t h, const char *s)
{
    for (; *s; s++)
        h = (h ^ (uint8_t)*s) * 1099511628211ULL;
    return h;
}

/* A fingerprint of every view and of the events from index `from` on. */
static uint64_t mark_of(const replay_log *log, const game *g, const json_t *events, size_t from)
{
    char *views = replay_views(log->e, g, log->seats);
    uint64_t h = fnv(14695981039346656037ULL, views);
    free(views);
    for (size_t i = from; i < json_array_size(events); i++) {
        char *ev = json_dumps(json_array_get(events, i), JSON_SORT_KEYS | JSON_COMPACT);
        h = fnv(h, ev);
        free(ev);
    }
    return h;
}

static void *grow(void *p, size_t n, size_t size)
{
    p = realloc(p, n * size);
    if (!p)
        abort();
    return p;
}

/* Logs an accepted input; `from` is where its events begin in `events`. */
static void record(replay_log *log, const game *g, int64_t t, int seat, const json_t *action,
                   const json_t *events, size_t from)
{
    if (log->n == log->cap) {
        log->cap = log->cap ? log->cap * 2 : 64;
        log->in = grow(log->in, log->cap, sizeof *log->in);
        if (log->marks)
            log->marks = grow(log->marks, log->cap, sizeof *log->marks);
    }
    if (log->trace && !log->marks)
        log->marks = calloc(log->cap, sizeof *log->marks); /* marks of earlier inputs stay 0 */
    if (log->marks)
        log->marks[log->n] = log->trace ? mark_of(log, g, events, from) : 0;
    log->in[log->n++] = (replay_input){t, seat, action ? json_deep_copy(action) : NULL};
}

game *replay_start(replay_log *log, const game_engine *e, const char *options, int seats,
                   game_seeds seeds, game_error *err)
{
    *log = (replay_log){.e = e, .seats = seats, .seeds = seeds};
    json_t *given = options ? json_loads(options, 0, NULL) : NULL;
    if (options && !given) {
        game_fail(err, "bad_options", "options are not valid JSON");
        return NULL;
    }
    log->options = game_options_resolve(e, given, err);
    json_decref(given);
    return log->options ? e->create(log->options, seats, seeds, err) : NULL;
}

void replay_free(replay_log *log)
{
    for (size_t i = 0; i < log->n; i++)
        json_decref(log->in[i].action);
    free(log->in);
    free(log->marks);
    json_decref(log->options);
    *log = (replay_log){0};
}

char *replay_views(const game_engine *e, const game *g, int seats)
{
    json_t *all = json_array();
    for (int s = GAME_SEAT_SPECTATOR; s < seats; s++)
        json_array_append_new(all, e->view(g, s));
    json_array_append_new(all, json_boolean(e->over(g)));
    json_array_append_new(all, json_integer(e->deadline(g)));
    char *text = json_dumps(all, JSON_SORT_KEYS | JSON_COMPACT);
    json_decref(all);
    return text;
}

int replay_act_checked(const game_engine *e, game *g, int seats, int seat, const json_t *action,
                       int64_t now, json_t *events, game_error *err, char *problem, size_t len)
{
    char *before = replay_views(e, g, seats);
    size_t nevents = json_array_size(events);
    game_error mine;
    game_error *why = err ? err : &mine;
    memset(why, 0, sizeof *why);
    problem[0] = '\0';
    int rc = e->act(g, seat, action, now, events, why);
    if (rc != 0) {
        char *after = replay_views(e, g, seats);
        if (strcmp(before, after) != 0)
            snprintf(problem, len, "a refused action (%s: %s) changed a view or the deadline",
                     why->code, why->message);
        else if (json_array_size(events) != nevents)
            snprintf(problem, len, "a refused action (%s: %s) made events", why->code,
                     why->message);
        else if (!why->code[0] || !why->message[0])
            snprintf(problem, len, "a refused action came without a code and a sentence");
        free(after);
    }
    free(before);
    return rc;
}

int replay_act(replay_log *log, game *g, int seat, const json_t *action, int64_t now,
               json_t *events, game_error *err)
{
    char why[sizeof log->problem];
    size_t from = json_array_size(events);
    int rc = replay_act_checked(log->e, g, log->seats, seat, action, now, events, err, why,
                                sizeof why);
    if (rc == 0)
        record(log, g, now, seat, action, events, from);
    else if (why[0])
        problem(log, "%s", why);
    return rc;
}

void replay_tick(replay_log *log, game *g, int64_t now, json_t *events)
{
    size_t from = json_array_size(events);
    log->e->tick(g, now, events);
    record(log, g, now, REPLAY_TICK, NULL, events, from);
}

/* Rebuilds the first `upto` inputs; with `marks`, compares each step's
 * fingerprint with the live game's. */
static game *rebuild(replay_log *log, size_t upto, bool marks, replay_step_fn on_step, void *ctx)
{
    game_error err;
    game *g = log->e->create(log->options, log->seats, log->seeds, &err);
    if (!g) {
        problem(log, "the log's options no longer make a game: %s", err.message);
        return NULL;
    }
    json_t *events = json_array();
    for (size_t i = 0; i < upto && i < log->n; i++) {
        const replay_input *in = &log->in[i];
        if (in->seat == REPLAY_TICK) {
            log->e->tick(g, in->t, events);
        } else if (log->e->act(g, in->seat, in->action, in->t, events, &err) != 0) {
            problem(log, "input %zu, accepted live, was refused in the replay: %s", i,
                    err.message);
            break;
        }
        if (marks && log->marks[i] && mark_of(log, g, events, 0) != log->marks[i]) {
            problem(log, "the replay departs from the live game at input %zu (views or events)",
                    i);
            marks = false;
        }
        if (on_step)
            on_step(g, events, ctx);
        json_array_clear(events);
    }
    json_decref(events);
    return g;
}

game *replay_rebuild(replay_log *log, size_t upto, replay_step_fn on_step, void *ctx)
{
    return rebuild(log, upto, false, on_step, ctx);
}

bool replay_check(replay_log *log, const game *live)
{
    char *want = replay_views(log->e, live, log->seats);
    game *again = rebuild(log, log->n, log->trace && log->marks, NULL, NULL);
    if (again) {
        char *got = replay_views(log->e, again, log->seats);
        if (strcmp(want, got) != 0)
            problem(log, "a replay of %zu inputs gives other views than the live game", log->n);
        free(got);
        log->e->destroy(again);
    }
    if (log->e->clone) {
        game *copy = log->e->clone(live);
        char *got = replay_views(log->e, copy, log->seats);
        if (strcmp(want, got) != 0)
            problem(log, "a clone gives other views than the game it copies");
        free(got);
        log->e->destroy(copy);
    }
    free(want);
    return log->problem[0] == '\0';
}
