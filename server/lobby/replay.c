/* replay.c: a finished game rebuilt from its log, with checkpoints, the
 * events of every input and the marks where turns begin (replay.h). */
#include "lobby/replay.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct replay {
    int64_t id;
    const game_engine *e;
    json_t *row;     /* the stored row, its inputs taken out */
    json_t *options; /* resolved */
    int seats;
    game_seeds seeds;
    json_t *inputs;  /* [{"seq", "t", "seat", "kind", "action"?}] as stored */
    size_t n;
    json_t **events; /* events[i]: what input i + 1 made */
    size_t every;    /* a checkpoint after every `every` inputs */
    game **checks;   /* checks[k]: the game after k * every inputs */
    size_t nchecks;
    json_t *marks;   /* [{"seq", "t", "label"}] */
};

/* --- building --- */

static int fail(proto_code *code, proto_code c, char *why, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

static int fail(proto_code *code, proto_code c, char *why, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, len, fmt, ap);
    va_end(ap);
    *code = c;
    return -1;
}

static uint64_t row_u64(const json_t *row, const char *key)
{
    return (uint64_t)json_integer_value(json_object_get(row, key));
}

/* Feeds input i (0-based) to g, appending its events; -1 with err set. */
static int play_input(const replay *r, game *g, size_t i, json_t *events, game_error *err)
{
    const json_t *in = json_array_get(r->inputs, i);
    int64_t t = json_integer_value(json_object_get(in, "t"));
    const char *kind = json_string_value(json_object_get(in, "kind"));
    const json_t *action = json_object_get(in, "action");
    if (kind && strcmp(kind, "tick") == 0) {
        r->e->tick(g, t, events);
        return 0;
    }
    if (!kind || strcmp(kind, "act") != 0 || !action)
        return game_fail(err, "internal", "it is not an input");
    int seat = (int)json_integer_value(json_object_get(in, "seat"));
    return r->e->act(g, seat, action, t, events, err);
}

/* The value at a JSON pointer ("/battle/round") in v, or NULL. */
static const json_t *pointed(const json_t *v, const char *pointer)
{
    char key[64];
    const char *p = pointer;
    while (v && *p == '/') {
        size_t len = strcspn(p + 1, "/");
        if (len >= sizeof key)
            return NULL;
        memcpy(key, p + 1, len);
        key[len] = '\0';
        v = json_object_get(v, key);
        p += 1 + len;
    }
    return v;
}

/* "Game 2 · Turn 7": the engine's marks read from the spectator's view,
 * or "" when it has none. */
static void mark_label(const replay *r, const game *g, char *out, size_t len)
{
    out[0] = '\0';
    if (!r->e->replay_marks)
        return;
    json_t *view = r->e->view(g, GAME_SEAT_SPECTATOR);
    size_t used = 0;
    for (const game_mark *m = r->e->replay_marks; m->pointer && used < len; m++) {
        const json_t *v = pointed(view, m->pointer);
        char value[64];
        if (json_is_integer(v) && json_integer_value(v) == 0 && m->zero) {
            used += (size_t)snprintf(out + used, len - used, "%s%s", used ? " · " : "", m->zero);
            continue;
        }
        if (json_is_integer(v))
            snprintf(value, sizeof value, "%lld", (long long)json_integer_value(v));
        else if (json_is_string(v))
            snprintf(value, sizeof value, "%s", json_string_value(v));
        else
            continue;
        used += (size_t)snprintf(out + used, len - used, "%s%s%s%s", used ? " · " : "", m->word,
                                 m->word[0] ? " " : "", value);
    }
    json_decref(view);
}

/* A mark at input seq when the label moved on since the last mark. */
static void mark_if_new(replay *r, const game *g, size_t seq, int64_t t, char *last, size_t len)
{
    char label[256];
    mark_label(r, g, label, sizeof label);
    if (!label[0] || strcmp(label, last) == 0)
        return;
    snprintf(last, len, "%s", label);
    json_array_append_new(r->marks, json_pack("{s:I, s:I, s:s}", "seq", (json_int_t)seq, "t",
                                              (json_int_t)t, "label", label));
}

/* Checks the stored log's shape: seqs 1, 2, ... */
static int check_log(const replay *r, proto_code *code, char *why, size_t len)
{
    for (size_t i = 0; i < r->n; i++) {
        const json_t *in = json_array_get(r->inputs, i);
        if (json_integer_value(json_object_get(in, "seq")) != (json_int_t)i + 1)
            return fail(code, PROTO_NO_SUCH_REPLAY, why, len,
                        "the log of game %lld misses input %zu, so it cannot be replayed",
                        (long long)r->id, i + 1);
    }
    return 0;
}

/* Plays the whole log once: checkpoints, events and marks. */
static int play_through(replay *r, proto_code *code, char *why, size_t len)
{
    game_error err = {"", ""};
    game *g = r->e->create(r->options, r->seats, r->seeds, &err);
    if (!g)
        return fail(code, PROTO_NO_SUCH_REPLAY, why, len,
                    "game %lld cannot be dealt again on this server: %s", (long long)r->id,
                    err.message);
    char last[256] = "";
    mark_if_new(r, g, 0, 0, last, sizeof last);
    r->checks[r->nchecks++] = r->e->clone ? r->e->clone(g) : NULL;
    for (size_t i = 0; i < r->n; i++) {
        json_t *events = json_array();
        r->events[i] = events;
        if (play_input(r, g, i, events, &err) < 0) {
            r->e->destroy(g);
            return fail(code, PROTO_NO_SUCH_REPLAY, why, len,
                        "the log of game %lld no longer replays on this server (input %zu: %s)",
                        (long long)r->id, i + 1, err.message);
        }
        int64_t t = json_integer_value(json_object_get(json_array_get(r->inputs, i), "t"));
        mark_if_new(r, g, i + 1, t, last, sizeof last);
        if ((i + 1) % r->every == 0 && r->e->clone && r->nchecks < REPLAY_CHECKPOINTS + 1)
            r->checks[r->nchecks++] = r->e->clone(g);
    }
    r->e->destroy(g);
    for (size_t k = 0; k < r->nchecks; k++) {
        if (r->e->clone && !r->checks[k])
            return fail(code, PROTO_INTERNAL, why, len, "the server is out of memory");
    }
    return 0;
}

replay *replay_build(const json_t *row, proto_code *code, char *why, size_t why_len)
{
    replay *r = calloc(1, sizeof *r);
    if (!r) {
        fail(code, PROTO_INTERNAL, why, why_len, "the server is out of memory");
        return NULL;
    }
    r->id = json_integer_value(json_object_get(row, "id"));
    r->row = json_deep_copy(row);
    r->inputs = json_incref(json_object_get(r->row, "inputs"));
    json_object_del(r->row, "inputs");
    r->n = json_array_size(r->inputs);
    r->seats = (int)json_integer_value(json_object_get(row, "seats"));
    r->seeds.seed = row_u64(row, "seed");
    /* A game dealt before secrets were kept drew its secret from its seed. */
    r->seeds.secret = json_is_integer(json_object_get(row, "secret"))
                          ? row_u64(row, "secret")
                          : game_seeds_from(r->seeds.seed).secret;
    r->marks = json_array();
    const char *engine = json_string_value(json_object_get(row, "game"));
    r->e = engine ? game_engine_find(engine) : NULL;
    int rules = (int)json_integer_value(json_object_get(row, "rules"));
    game_error err = {"", ""};
    int rc = 0;
    if (!r->e)
        rc = fail(code, PROTO_NO_SUCH_REPLAY, why, why_len,
                  "game %lld is a game of %s, which this server does not have", (long long)r->id,
                  engine ? engine : "nothing");
    else if ((rules > 0 ? rules : 1) != game_rules_revision(r->e))
        rc = fail(code, PROTO_NO_SUCH_REPLAY, why, why_len,
                  "game %lld was played under revision %d of the rules of %s, and this server "
                  "plays revision %d: its log would replay into another game",
                  (long long)r->id, rules, r->e->id, game_rules_revision(r->e));
    else if (r->n > REPLAY_MAX_INPUTS)
        rc = fail(code, PROTO_NO_SUCH_REPLAY, why, why_len,
                  "game %lld has %zu inputs, more than a replay here shows (%d)",
                  (long long)r->id, r->n, REPLAY_MAX_INPUTS);
    else if (r->seats < 1 || r->seats > 16 ||
             !(r->options = game_options_resolve(r->e, json_object_get(row, "options"), &err)))
        rc = fail(code, PROTO_NO_SUCH_REPLAY, why, why_len,
                  "game %lld's settings no longer make a game here: %s", (long long)r->id,
                  err.message[0] ? err.message : "its seats");
    if (rc == 0) {
        r->every = (r->n + REPLAY_CHECKPOINTS - 1) / REPLAY_CHECKPOINTS;
        if (r->every < REPLAY_EVERY_MIN)
            r->every = REPLAY_EVERY_MIN;
        r->events = calloc(r->n ? r->n : 1, sizeof *r->events);
        r->checks = calloc(REPLAY_CHECKPOINTS + 1, sizeof *r->checks);
        if (!r->events || !r->checks)
            rc = fail(code, PROTO_INTERNAL, why, why_len, "the server is out of memory");
    }
    if (rc == 0)
        rc = check_log(r, code, why, why_len);
    if (rc == 0)
        rc = play_through(r, code, why, why_len);
    if (rc < 0) {
        replay_free(r);
        return NULL;
    }
    return r;
}

void replay_free(replay *r)
{
    if (!r)
        return;
    for (size_t k = 0; r->checks && k < r->nchecks; k++) {
        if (r->checks[k])
            r->e->destroy(r->checks[k]);
    }
    for (size_t i = 0; r->events && i < r->n; i++)
        json_decref(r->events[i]);
    free(r->checks);
    free(r->events);
    json_decref(r->marks);
    json_decref(r->inputs);
    json_decref(r->options);
    json_decref(r->row);
    free(r);
}

size_t replay_length(const replay *r)
{
    return r->n;
}

int replay_seats(const replay *r)
{
    return r->seats;
}

const game_engine *replay_engine(const replay *r)
{
    return r->e;
}

/* --- showing --- */

json_t *replay_header(const replay *r)
{
    json_t *h = json_pack("{s:I, s:O, s:s, s:s, s:O, s:O, s:O, s:O, s:O, s:i, s:i, s:I, s:O}",
                          "game", (json_int_t)r->id, "room", json_object_get(r->row, "room"),
                          "engine", r->e->id, "title", r->e->title, "finished_at",
                          json_object_get(r->row, "finished_at"), "private",
                          json_object_get(r->row, "private"), "seeded",
                          json_object_get(r->row, "seeded"), "players",
                          json_object_get(r->row, "players"), "options", r->options, "seats",
                          r->seats, "rules", game_rules_revision(r->e), "inputs",
                          (json_int_t)r->n, "marks", r->marks);
    json_object_set(h, "result", json_object_get(r->row, "result"));
    return h;
}

/* The game after `to` inputs: a clone of the nearest checkpoint, played on
 * (without clone, the game dealt again and played from the start). */
static game *game_at(const replay *r, size_t to)
{
    size_t k = to / r->every;
    if (k >= r->nchecks)
        k = r->nchecks - 1;
    game_error err = {"", ""};
    game *g = r->e->clone ? r->e->clone(r->checks[k])
                          : r->e->create(r->options, r->seats, r->seeds, &err);
    size_t from = r->e->clone ? k * r->every : 0;
    json_t *events = json_array();
    for (size_t i = from; g && i < to; i++) {
        /* It replayed once when the replay was built: it does again. */
        if (play_input(r, g, i, events, &err) < 0) {
            r->e->destroy(g);
            g = NULL;
        }
        json_array_clear(events);
    }
    json_decref(events);
    return g;
}

json_t *replay_view(const replay *r, size_t to, int audience)
{
    if (to > r->n)
        to = r->n;
    game *g = game_at(r, to);
    if (!g)
        return NULL;
    json_t *v = r->e->view(g, audience);
    r->e->destroy(g);
    return v;
}

static json_t *audience_json(int audience)
{
    return audience == GAME_SEAT_REPLAY ? json_string("all") : json_integer(audience);
}

json_t *replay_frame(const replay *r, size_t to, size_t from, int audience, bool same_audience)
{
    if (to > r->n)
        to = r->n;
    if (from > r->n)
        from = r->n;
    json_t *view = replay_view(r, to, audience);
    if (!view)
        return NULL;
    json_t *inputs = json_array();
    size_t first = same_audience && to > from ? from : to, skipped = 0;
    if (to - first > REPLAY_FRAME_INPUTS) {
        skipped = to - first - REPLAY_FRAME_INPUTS;
        first = to - REPLAY_FRAME_INPUTS;
    }
    for (size_t i = first; i < to; i++) {
        const json_t *in = json_array_get(r->inputs, i);
        const char *kind = json_string_value(json_object_get(in, "kind"));
        bool act = kind && strcmp(kind, "act") == 0;
        json_int_t seat = json_integer_value(json_object_get(in, "seat"));
        /* Whose input: a seat's, or nobody's (a tick, the server's work). */
        json_array_append_new(inputs, json_pack("{s:I, s:O, s:o, s:s, s:O}", "seq",
                                                (json_int_t)i + 1, "t", json_object_get(in, "t"),
                                                "seat", act && seat >= 0 ? json_integer(seat)
                                                                         : json_null(),
                                                "kind", act ? "act" : "tick", "events",
                                                r->events[i]));
    }
    int64_t t = to ? json_integer_value(json_object_get(json_array_get(r->inputs, to - 1), "t"))
                   : 0;
    return json_pack("{s:I, s:I, s:I, s:I, s:o, s:I, s:o, s:o, s:I}", "game", (json_int_t)r->id,
                     "seq", (json_int_t)to, "of", (json_int_t)r->n, "from", (json_int_t)from,
                     "seat", audience_json(audience), "t", (json_int_t)t, "view", view, "inputs",
                     inputs, "skipped", (json_int_t)skipped);
}
