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

static void record(replay_log *log, int64_t t, int seat, const json_t *action)
{
    if (log->n == log->cap) {
        log->cap = log->cap ? log->cap * 2 : 64;
        log->in = realloc(log->in, log->cap * sizeof *log->in);
        if (!log->in)
            abort();
    }
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
    json_decref(log->options);
    *log = (replay_log){0};
}

char *replay_views(const game_engine *e, const game *g, int seats)
{
    json_t *all = json_array();
    for (int s = GAME_SEAT_SPECTATOR; s < seats; s++)
        json_array_append_new(all, e->view(g, s));
    json_array_append_new(all, json_boolean(e->over(g)));
    char *text = json_dumps(all, JSON_SORT_KEYS | JSON_COMPACT);
    json_decref(all);
    return text;
}

int replay_act(replay_log *log, game *g, int seat, const json_t *action, int64_t now,
               json_t *events, game_error *err)
{
    char *before = replay_views(log->e, g, log->seats);
    game_error mine;
    game_error *e = err ? err : &mine;
    memset(e, 0, sizeof *e);
    int rc = log->e->act(g, seat, action, now, events, e);
    if (rc == 0) {
        record(log, now, seat, action);
    } else {
        char *after = replay_views(log->e, g, log->seats);
        if (strcmp(before, after) != 0)
            problem(log, "a refused action (%s: %s) changed a view", e->code, e->message);
        else if (!e->code[0] || !e->message[0])
            problem(log, "a refused action came without a code and a sentence");
        free(after);
    }
    free(before);
    return rc;
}

void replay_tick(replay_log *log, game *g, int64_t now, json_t *events)
{
    log->e->tick(g, now, events);
    record(log, now, REPLAY_TICK, NULL);
}

static game *rebuild(replay_log *log)
{
    game_error err;
    game *g = log->e->create(log->options, log->seats, log->seeds, &err);
    if (!g) {
        problem(log, "the log's options no longer make a game: %s", err.message);
        return NULL;
    }
    json_t *events = json_array();
    for (size_t i = 0; i < log->n; i++) {
        const replay_input *in = &log->in[i];
        if (in->seat == REPLAY_TICK) {
            log->e->tick(g, in->t, events);
        } else if (log->e->act(g, in->seat, in->action, in->t, events, &err) != 0) {
            problem(log, "input %zu, accepted live, was refused in the replay: %s", i,
                    err.message);
            break;
        }
        json_array_clear(events);
    }
    json_decref(events);
    return g;
}

bool replay_check(replay_log *log, const game *live)
{
    char *want = replay_views(log->e, live, log->seats);
    game *again = rebuild(log);
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
