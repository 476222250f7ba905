/*
 * play.c: random games of every engine in the registry, written as JSON
 * lines for tests/protocol/schemas.test.mjs to check against the games'
 * schemas (protocol/schema/games/<id>/).
 *
 * For each engine: the default options and a few variations made from its
 * option descriptors alone (every int at its minimum, each other choice,
 * each bool flipped), at several seat counts, plus the option sets of its
 * play.json that make its games short enough to end (plays.h, generated
 * from the engines' play.json files). Every seat is the engine's
 * weakest bot; a quarter of the seats, drawn per game, stay silent while a
 * deadline runs, so timeouts happen too. Time jumps to the next deadline or
 * bot wake-up, as the room's timers would. Off-loop work (a solver) is done
 * in line with its budget capped, and its answer delivered up to five
 * steps late, as a slow worker thread would.
 *
 * Lines, one JSON object each (seat -1 is the spectator, -2 the server, -3
 * a replay's audience, GAME_SEAT_REPLAY: every secret shown):
 *   {"engine":"boxing","kind":"engine","options":[descriptors],"bot_levels":[...]}
 *   {"engine":"boxing","game":3,"kind":"game","options":{...},"seats":2,"seed":N,
 *    "created":true}                  (false, with "error", if create refused)
 *   {"engine":"boxing","game":3,"kind":"action","seat":0,"data":{...}}
 *   {"engine":"boxing","game":3,"kind":"event","data":{...}}
 *   {"engine":"boxing","game":3,"kind":"view","seat":-1,"data":{...}}
 *   {"engine":"boxing","game":3,"kind":"result","data":{...}}
 *   {"engine":"boxing","game":3,"kind":"end","over":true,"inputs":N,"refused":0,
 *    "stalled":false}                 (true: the clock ran on with no input)
 * After every input the spectator's view, the replay's and one seat's (in
 * turn) are written, unless unchanged; every audience's at the start and
 * the end.
 * A bot's action the engine refuses is reported on stderr and counted in
 * "refused". Usage: protocol-play [OUT] (default: standard output).
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/game.h"
#include "plays.h"
#include "util/rng.h"

#define MAX_INPUTS 200    /* per game: long enough for the short games to end */
#define MAX_AUDIENCE 18   /* the spectator, up to 16 seats and a replay's */
#define WORK_NODE_CAP 50000
#define WORK_TABLE_MIB 4
#define MAX_IDLE_STEPS 100000 /* clock moves in a row with no input: a stalled game */

typedef struct out {
    FILE *f;
    const char *engine;
    int game;
    char *last_view[MAX_AUDIENCE];
} out;

static void write_line(out *o, json_t *line)
{
    json_dumpf(line, o->f, JSON_COMPACT);
    fputc('\n', o->f);
    json_decref(line);
}

static json_t *line_of(const out *o, const char *kind)
{
    return json_pack("{s:s, s:i, s:s}", "engine", o->engine, "game", o->game, "kind", kind);
}

static void write_action(out *o, int seat, const json_t *action)
{
    json_t *line = line_of(o, "action");
    json_object_set_new(line, "seat", json_integer(seat));
    json_object_set(line, "data", (json_t *)action);
    write_line(o, line);
}

static void write_view(out *o, const game_engine *e, const game *g, int seat)
{
    json_t *view = e->view(g, seat);
    char *text = json_dumps(view, JSON_COMPACT | JSON_SORT_KEYS);
    char **last = &o->last_view[seat == GAME_SEAT_REPLAY ? MAX_AUDIENCE - 1 : seat + 1];
    if (*last && strcmp(*last, text) == 0) {
        free(text);
        json_decref(view);
        return;
    }
    json_t *line = line_of(o, "view");
    json_object_set_new(line, "seat", json_integer(seat));
    json_object_set_new(line, "data", view);
    write_line(o, line);
    free(*last);
    *last = text;
}

/* The events of one input, then the views that changed: the spectator's
 * and one seat's, a different seat each time (all of them when `all`). */
static void write_after_input(out *o, const game_engine *e, const game *g, int seats, json_t *events,
                              int input, bool all)
{
    size_t i;
    json_t *ev;
    json_array_foreach(events, i, ev) {
        json_t *line = line_of(o, "event");
        json_object_set(line, "data", ev);
        write_line(o, line);
    }
    json_array_clear(events);
    write_view(o, e, g, GAME_SEAT_SPECTATOR);
    write_view(o, e, g, GAME_SEAT_REPLAY);
    for (int s = 0; s < seats; s++) {
        if (all || s == input % seats)
            write_view(o, e, g, s);
    }
}

static void forget_views(out *o)
{
    for (int i = 0; i < MAX_AUDIENCE; i++) {
        free(o->last_view[i]);
        o->last_view[i] = NULL;
    }
}

/* ---- options ---- */

/* The resolved options for `given` (taken over; NULL for the defaults). */
static json_t *options_with(const game_engine *e, json_t *given)
{
    game_error err;
    json_t *resolved = game_options_resolve(e, given, &err);
    json_decref(given);
    return resolved;
}

/* What engine e's play.json says of the protocol suite ("protocol_play":
 * "options", a list of option sets that make its games short enough to end
 * within its "max_inputs" with the weakest bots), or NULL (new ref). Any
 * engine is played from its descriptors alone; these only add games. */
static json_t *play_of(const game_engine *e)
{
    for (size_t i = 0; i < sizeof plays / sizeof *plays; i++) {
        if (strcmp(plays[i].engine, e->id) != 0)
            continue;
        json_error_t jerr;
        json_t *play = json_loads(plays[i].play, 0, &jerr);
        if (!play) {
            fprintf(stderr, "protocol-play: %s's play.json: %s\n", e->id, jerr.text);
            exit(2);
        }
        json_t *mine = json_incref(json_object_get(play, "protocol_play"));
        json_decref(play);
        return mine;
    }
    return NULL;
}

/* The configurations to play: defaults first, then variations. New refs. */
static int make_configs(const game_engine *e, json_t **configs, int max)
{
    int n = 0;
    configs[n++] = options_with(e, NULL);
    json_t *play = play_of(e);
    size_t i;
    json_t *given;
    json_array_foreach(json_object_get(play, "options"), i, given) {
        if (n < max)
            configs[n++] = options_with(e, json_incref(given));
    }
    json_decref(play);
    json_t *mins = json_object(), *descriptors = game_options_json(e);
    const json_t *d;
    json_array_foreach(descriptors, i, d) {
        const char *name = json_string_value(json_object_get(d, "name"));
        const char *type = json_string_value(json_object_get(d, "type"));
        const json_t *def = json_object_get(d, "default");
        if (strcmp(type, "int") == 0) {
            json_object_set(mins, name, json_object_get(d, "min"));
        } else if (strcmp(type, "bool") == 0 && n < max) {
            configs[n++] = options_with(e, json_pack("{s:b}", name, !json_is_true(def)));
        } else if (strcmp(type, "choice") == 0) {
            size_t k;
            const json_t *c;
            json_array_foreach(json_object_get(d, "choices"), k, c) {
                if (n < max && !json_equal(c, def))
                    configs[n++] = options_with(e, json_pack("{s:O}", name, c));
            }
        }
    }
    json_decref(descriptors);
    if (json_object_size(mins) && n < max)
        configs[n++] = options_with(e, mins);
    else
        json_decref(mins);
    return n;
}

/* The most inputs of one game: its play.json's "max_inputs" (Robot Wars
 * plays several battles a game), else MAX_INPUTS. */
static int max_inputs(const game_engine *e)
{
    json_t *play = play_of(e);
    json_int_t most = json_integer_value(json_object_get(play, "max_inputs"));
    json_decref(play);
    return most > 0 ? (int)most : MAX_INPUTS;
}

/* ---- one game ---- */

typedef struct table {
    const game_engine *e;
    game *g;
    int seats;
    rng dice;
    int64_t now;
    bool lazy[MAX_AUDIENCE];
    json_t *work;     /* a work_done action waiting to be delivered */
    int work_delay;   /* inputs to wait before delivering it */
    json_t *events;
    int inputs, refused;
    int idle_steps; /* clock moves since the last input */
} table;

/* A copy of the request with a solver's node budget and memory cap
 * lowered, so that a run takes seconds (hard rounds give up: that answer
 * is part of the protocol too). */
static json_t *capped(const json_t *request)
{
    json_t *copy = json_deep_copy(request);
    json_t *budget = json_object_get(copy, "budget");
    json_t *nodes = json_object_get(budget, "nodes");
    if (json_is_integer(nodes) && json_integer_value(nodes) > WORK_NODE_CAP)
        json_object_set_new(budget, "nodes", json_integer(WORK_NODE_CAP));
    json_t *mib = json_object_get(copy, "table_mib");
    if (json_is_integer(mib) && json_integer_value(mib) > WORK_TABLE_MIB)
        json_object_set_new(copy, "table_mib", json_integer(WORK_TABLE_MIB));
    return copy;
}

static void request_work(table *t)
{
    if (t->work || !t->e->work_request)
        return;
    json_t *req = t->e->work_request(t->g);
    if (!req)
        return;
    static const volatile int never = 0;
    json_t *run = capped(req);
    json_t *res = t->e->work_run(run, &never);
    if (res)
        t->work = json_pack("{s:s, s:O, s:o}", "kind", "work_done", "request", req, "result", res);
    t->work_delay = (int)rng_below(&t->dice, 6);
    json_decref(run);
    json_decref(req);
}

static bool deliver_work(table *t, out *o)
{
    if (!t->work || t->work_delay-- > 0)
        return false;
    game_error err;
    json_t *action = t->work;
    t->work = NULL;
    bool ok = t->e->act(t->g, GAME_SEAT_SERVER, action, t->now, t->events, &err) == 0;
    if (ok) {
        write_action(o, GAME_SEAT_SERVER, action);
        write_after_input(o, t->e, t->g, t->seats, t->events, t->inputs, false);
        t->inputs++;
    }
    json_decref(action); /* a stale answer (the game moved on) is dropped, as the room does */
    return ok;
}

/* Asks the bots in turn, starting at `first`; true if one acted. */
static bool bots_act(table *t, out *o, int first, int64_t *wake)
{
    bool deadline_running = t->e->deadline(t->g) != GAME_NO_DEADLINE;
    for (int k = 0; k < t->seats; k++) {
        int s = (first + k) % t->seats;
        if (t->lazy[s] && deadline_running)
            continue;
        int64_t w = GAME_NO_DEADLINE;
        static const volatile int never = 0;
        json_t *action = t->e->bot(t->g, s, 0, t->now, rng_next(&t->dice), &w, &never);
        if (w < *wake)
            *wake = w;
        if (!action)
            continue;
        game_error err;
        if (t->e->act(t->g, s, action, t->now, t->events, &err) == 0) {
            write_action(o, s, action);
            write_after_input(o, t->e, t->g, t->seats, t->events, t->inputs, false);
            json_decref(action);
            t->inputs++;
            return true;
        }
        char *text = json_dumps(action, JSON_COMPACT);
        fprintf(stderr, "%s game %d: seat %d's bot was refused %s: %s %s\n", o->engine, o->game, s,
                text, err.code, err.message);
        free(text);
        json_array_clear(t->events);
        json_decref(action);
        t->refused++;
    }
    return false;
}

static bool advance(table *t, out *o);

/* One step (advance), false once the game cannot go on: nothing can ever
 * happen again, or the clock has moved MAX_IDLE_STEPS times in a row with
 * no input (a bot that keeps asking to wake up now and never acts). */
static bool step(table *t, out *o)
{
    int inputs = t->inputs;
    bool more = advance(t, o);
    t->idle_steps = t->inputs > inputs ? 0 : t->idle_steps + 1;
    return more && t->idle_steps < MAX_IDLE_STEPS;
}

/* What happens next: work delivered, a due tick, a bot's action, or the
 * clock moves to the next deadline or bot wake-up. False when nothing can
 * ever happen again. */
static bool advance(table *t, out *o)
{
    request_work(t);
    if (deliver_work(t, o))
        return true;
    int64_t deadline = t->e->deadline(t->g);
    if (deadline <= t->now) {
        t->e->tick(t->g, t->now, t->events);
        write_after_input(o, t->e, t->g, t->seats, t->events, t->inputs, false);
        t->inputs++;
        return true;
    }
    int64_t wake = GAME_NO_DEADLINE;
    if (t->e->bot && bots_act(t, o, t->inputs % t->seats, &wake))
        return true;
    int64_t next = deadline < wake ? deadline : wake;
    if (next == GAME_NO_DEADLINE) {
        bool any_lazy = false;
        for (int s = 0; s < t->seats; s++) {
            any_lazy |= t->lazy[s];
            t->lazy[s] = false;
        }
        if (t->work) {
            t->work_delay = 0;
            return true;
        }
        return any_lazy;
    }
    t->now = next > t->now ? next : t->now + 1;
    return true;
}

static void play(out *o, const game_engine *e, const json_t *options, int seats, uint64_t seed)
{
    game_error err;
    table t = {.e = e, .seats = seats, .events = json_array()};
    t.g = e->create(options, seats, game_seeds_from(seed), &err);
    json_t *line = line_of(o, "game");
    json_object_set(line, "options", (json_t *)options);
    json_object_set_new(line, "seats", json_integer(seats));
    json_object_set_new(line, "seed", json_integer((json_int_t)seed));
    json_object_set_new(line, "created", json_boolean(t.g != NULL));
    if (!t.g)
        json_object_set_new(line, "error", json_pack("{s:s, s:s}", "code", err.code, "message", err.message));
    write_line(o, line);
    if (!t.g) {
        json_decref(t.events);
        return;
    }
    rng_seed(&t.dice, rng_mix(seed));
    /* A quarter of the seats, and seat 0 of every other game, so
     * that every engine sees its deadlines pass whatever the seeds. */
    for (int s = 0; s < seats; s++)
        t.lazy[s] = rng_below(&t.dice, 4) == 0 || (o->game % 2 == 0 && s == 0);
    write_after_input(o, e, t.g, seats, t.events, 0, true);
    int most = max_inputs(e);
    while (!e->over(t.g) && t.inputs < most && step(&t, o))
        ;
    bool over = e->over(t.g);
    write_after_input(o, e, t.g, seats, t.events, 0, true);
    if (over) {
        line = line_of(o, "result");
        json_object_set_new(line, "data", e->result(t.g));
        write_line(o, line);
    }
    line = line_of(o, "end");
    json_object_set_new(line, "over", json_boolean(over));
    json_object_set_new(line, "inputs", json_integer(t.inputs));
    json_object_set_new(line, "refused", json_integer(t.refused));
    json_object_set_new(line, "stalled", json_boolean(t.idle_steps >= MAX_IDLE_STEPS));
    write_line(o, line);
    json_decref(t.work);
    json_decref(t.events);
    e->destroy(t.g);
    forget_views(o);
}

/* Seat counts for a configuration: all of min, middle and max for the
 * defaults, one (cycling) for each variation. */
static int seat_counts(const game_engine *e, const json_t *options, int config, int *counts)
{
    int min, max;
    game_seat_range(e, options, &min, &max);
    if (max > MAX_AUDIENCE - 1)
        max = MAX_AUDIENCE - 1;
    if (config > 0) {
        counts[0] = min + config % (max - min + 1);
        return 1;
    }
    int n = 0;
    counts[n++] = min;
    if (max - min >= 2)
        counts[n++] = (min + max) / 2;
    if (max > min)
        counts[n++] = max;
    return n;
}

/* Each engine's games are seeded by its id, so that adding an engine to the
 * registry does not deal another engine's games differently. */
static uint64_t id_hash(const char *id)
{
    uint64_t h = 1469598103934665603ULL; /* FNV-1a */
    for (const char *c = id; *c; c++)
        h = (h ^ (unsigned char)*c) * 1099511628211ULL;
    return h;
}

static void play_engine(out *o, const game_engine *e)
{
    o->engine = e->id;
    o->game = 0;
    json_t *levels = json_array();
    for (int i = 0; e->bot_levels && e->bot_levels[i]; i++)
        json_array_append_new(levels, json_string(e->bot_levels[i]));
    write_line(o, json_pack("{s:s, s:s, s:o, s:o}", "engine", e->id, "kind", "engine", "options",
                            game_options_json(e), "bot_levels", levels));
    json_t *configs[32];
    int nconfigs = make_configs(e, configs, 32);
    for (int c = 0; c < nconfigs; c++) {
        int counts[3];
        int n = configs[c] ? seat_counts(e, configs[c], c, counts) : 0;
        for (int k = 0; k < n; k++) {
            o->game++;
            uint64_t seed = rng_mix(id_hash(e->id) << 16 ^ (uint64_t)o->game) >> 1;
            play(o, e, configs[c], counts[k], seed);
        }
        json_decref(configs[c]);
    }
}

int main(int argc, char **argv)
{
    out o = {.f = stdout};
    if (argc > 1 && !(o.f = fopen(argv[1], "w"))) {
        perror(argv[1]);
        return 2;
    }
    for (int i = 0; game_engines[i]; i++)
        play_engine(&o, game_engines[i]);
    bool write_failed = ferror(o.f) != 0;
    if (fclose(o.f) != 0 || write_failed) {
        perror("protocol-play");
        return 2;
    }
    return 0;
}
