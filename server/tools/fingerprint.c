/* fingerprint.c: replay digests of stored games, and recording them. */
#include "tools/fingerprint.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "util/rng.h"

#define DEFAULT_MAX_INPUTS 400

static int fail(char *err, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static int fail(char *err, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, len, fmt, ap);
    va_end(ap);
    return -1;
}

static int middle_level(const game_engine *e)
{
    int n = 0;
    while (e->bot_levels && e->bot_levels[n])
        n++;
    return n / 2;
}

/* --- the log file --- */

static void game_init(const game_engine *e, fingerprint_game *g)
{
    *g = (fingerprint_game){.max_inputs = DEFAULT_MAX_INPUTS, .inputs = json_array()};
    for (int s = 0; s < FINGERPRINT_MAX_SEATS; s++)
        g->bots[s] = middle_level(e);
}

static fingerprint_game *add_game(fingerprint_log *log)
{
    fingerprint_game *more = realloc(log->games, (log->n + 1) * sizeof *more);
    if (!more)
        abort();
    log->games = more;
    fingerprint_game *g = &log->games[log->n++];
    game_init(log->e, g);
    return g;
}

static int seed_of(const json_t *v, uint64_t *out)
{
    const char *s = json_string_value(v);
    char *end;
    if (!s || !*s)
        return -1;
    *out = strtoull(s, &end, 10);
    return *end ? -1 : 0;
}

/* A header line's {"game": {...}} into g. */
static int read_header(const game_engine *e, const json_t *h, fingerprint_game *g, char *err,
                       size_t len)
{
    const json_t *options = json_object_get(h, "options");
    json_int_t seats = json_integer_value(json_object_get(h, "seats"));
    if (!json_is_object(options) || seats < 1 || seats > FINGERPRINT_MAX_SEATS)
        return fail(err, len, "a game needs \"options\" (an object) and \"seats\" (1 to %d)",
                    FINGERPRINT_MAX_SEATS);
    if (seed_of(json_object_get(h, "seed"), &g->seeds.seed) < 0 ||
        seed_of(json_object_get(h, "secret"), &g->seeds.secret) < 0)
        return fail(err, len, "\"seed\" and \"secret\" are whole numbers written as strings");
    g->options = json_deep_copy(options);
    g->seats = (int)seats;
    const json_t *max = json_object_get(h, "max_inputs");
    if (max)
        g->max_inputs = (int)json_integer_value(max);
    const json_t *bots = json_object_get(h, "bots");
    for (size_t s = 0; s < json_array_size(bots) && s < FINGERPRINT_MAX_SEATS; s++) {
        const json_t *bot = json_array_get(bots, s);
        const char *name = json_string_value(bot);
        g->bots[s] = name ? game_bot_level(e, name) : -1;
        if (g->bots[s] < 0 && !json_is_null(bot))
            return fail(err, len, "seat %zu's bot \"%s\" is not a level of %s", s,
                        name ? name : "?", e->id);
    }
    return 0;
}

/* An input line: [t, seat, action] or [t, "tick"]. */
static int check_input(const json_t *in, char *err, size_t len)
{
    if (!json_is_array(in) || !json_is_integer(json_array_get(in, 0)))
        return fail(err, len, "an input is [t, seat, action] or [t, \"tick\"]");
    const json_t *who = json_array_get(in, 1);
    if (json_is_string(who) && strcmp(json_string_value(who), "tick") == 0 &&
        json_array_size(in) == 2)
        return 0;
    if (json_is_integer(who) && json_array_size(in) == 3)
        return 0;
    return fail(err, len, "an input is [t, seat, action] or [t, \"tick\"]");
}

int fingerprint_read(const char *path, const game_engine *e, fingerprint_log *out, char *err,
                     size_t err_len)
{
    *out = (fingerprint_log){.e = e};
    FILE *f = fopen(path, "r");
    if (!f)
        return fail(err, err_len, "cannot read %s", path);
    char *line = NULL;
    size_t cap = 0;
    int rc = 0;
    for (int no = 1; rc == 0 && getline(&line, &cap, f) >= 0; no++) {
        if (line[strspn(line, " \t\r\n")] == '\0')
            continue;
        json_error_t jerr;
        json_t *v = json_loads(line, 0, &jerr);
        char why[256] = "";
        if (!v) {
            snprintf(why, sizeof why, "not JSON: %s", jerr.text);
            rc = -1;
        } else if (json_object_get(v, "game")) {
            rc = read_header(e, json_object_get(v, "game"), add_game(out), why, sizeof why);
        } else if (!out->n) {
            snprintf(why, sizeof why, "an input before the first game");
            rc = -1;
        } else if ((rc = check_input(v, why, sizeof why)) == 0) {
            json_array_append(out->games[out->n - 1].inputs, v);
        }
        if (rc < 0)
            fail(err, err_len, "%s:%d: %s", path, no, why);
        json_decref(v);
    }
    free(line);
    fclose(f);
    if (rc == 0 && !out->n)
        rc = fail(err, err_len, "%s holds no game", path);
    if (rc < 0)
        fingerprint_free(out);
    return rc;
}

static json_t *header_json(const game_engine *e, const fingerprint_game *g)
{
    char seed[24], secret[24];
    snprintf(seed, sizeof seed, "%" PRIu64, g->seeds.seed);
    snprintf(secret, sizeof secret, "%" PRIu64, g->seeds.secret);
    json_t *bots = json_array();
    for (int s = 0; s < g->seats; s++)
        json_array_append_new(bots, g->bots[s] >= 0 && e->bot_levels
                                        ? json_string(e->bot_levels[g->bots[s]])
                                        : json_null());
    return json_pack("{s:{s:O,s:i,s:s,s:s,s:o,s:i}}", "game", "options", g->options, "seats",
                     g->seats, "seed", seed, "secret", secret, "bots", bots, "max_inputs",
                     g->max_inputs);
}

static int write_line(FILE *f, const json_t *v)
{
    char *text = json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS | JSON_ENCODE_ANY);
    int rc = text && fprintf(f, "%s\n", text) >= 0 ? 0 : -1;
    free(text);
    return rc;
}

int fingerprint_write(const char *path, const fingerprint_log *log, char *err, size_t err_len)
{
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.new", path);
    FILE *f = fopen(tmp, "w");
    if (!f)
        return fail(err, err_len, "cannot write %s", tmp);
    int rc = 0;
    for (size_t i = 0; i < log->n && rc == 0; i++) {
        json_t *h = header_json(log->e, &log->games[i]);
        rc = write_line(f, h);
        json_decref(h);
        size_t k;
        const json_t *in;
        json_array_foreach(log->games[i].inputs, k, in) {
            if (rc == 0)
                rc = write_line(f, in);
        }
    }
    if (fclose(f) != 0 || rc < 0 || rename(tmp, path) != 0) {
        remove(tmp);
        return fail(err, err_len, "cannot write %s", path);
    }
    return 0;
}

void fingerprint_free(fingerprint_log *log)
{
    for (size_t i = 0; i < log->n; i++) {
        json_decref(log->games[i].options);
        json_decref(log->games[i].inputs);
    }
    free(log->games);
    *log = (fingerprint_log){.e = log->e};
}

void fingerprint_default_plan(const game_engine *e, fingerprint_log *out)
{
    *out = (fingerprint_log){.e = e};
    json_t *options = game_options_resolve(e, NULL, NULL);
    int lo, hi;
    game_seat_range(e, options, &lo, &hi);
    for (int k = 0; k < 2 && options; k++) {
        int seats = k ? hi : lo;
        if (seats > FINGERPRINT_MAX_SEATS || (k && hi == lo))
            break;
        fingerprint_game *g = add_game(out);
        g->options = json_deep_copy(options);
        g->seats = seats;
        g->seeds = game_seeds_from((uint64_t)k + 1);
    }
    json_decref(options);
}

/* --- the digest --- */

/* FNV-1a over a text, continuing from h. */
static uint64_t fnv(uint64_t h, const char *s)
{
    for (; *s; s++)
        h = (h ^ (uint8_t)*s) * 1099511628211ULL;
    return h;
}

static uint64_t hash_json(uint64_t h, const json_t *v)
{
    char *text = json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS | JSON_ENCODE_ANY);
    h = fnv(h, text ? text : "");
    free(text);
    return h;
}

/* Every audience's view, over() and the deadline. */
static uint64_t hash_state(uint64_t h, const game_engine *e, const game *g, int seats)
{
    json_t *all = json_array();
    for (int s = GAME_SEAT_SPECTATOR; s < seats; s++)
        json_array_append_new(all, e->view(g, s));
    json_array_append_new(all, json_boolean(e->over(g)));
    json_array_append_new(all, json_integer(e->deadline(g)));
    h = hash_json(h, all);
    json_decref(all);
    return h;
}

static game *create(const game_engine *e, const fingerprint_game *fg, char *err, size_t len)
{
    game_error gerr = {"", ""};
    json_t *options = game_options_resolve(e, fg->options, &gerr);
    game *g = options ? e->create(options, fg->seats, fg->seeds, &gerr) : NULL;
    json_decref(options);
    if (!g)
        fail(err, len, "%s refuses the game's options or seats: %s", e->id, gerr.message);
    return g;
}

static int replay_game(const game_engine *e, const fingerprint_game *fg, uint64_t *h,
                       fingerprint_stats *st, char *err, size_t len)
{
    game *g = create(e, fg, err, len);
    if (!g)
        return -1;
    *h = hash_state(fnv(*h, "game"), e, g, fg->seats);
    json_t *events = json_array();
    size_t i;
    const json_t *in;
    int rc = 0;
    json_array_foreach(fg->inputs, i, in) {
        int64_t t = json_integer_value(json_array_get(in, 0));
        const json_t *who = json_array_get(in, 1);
        game_error gerr = {"", ""};
        if (json_is_string(who)) {
            e->tick(g, t, events);
        } else if (e->act(g, (int)json_integer_value(who), json_array_get(in, 2), t, events,
                          &gerr) != 0) {
            rc = fail(err, len, "input %zu (t %" PRId64 ") is refused: %s: %s", i, t, gerr.code,
                      gerr.message);
            break;
        }
        *h = hash_json(hash_state(*h, e, g, fg->seats), events);
        json_array_clear(events);
    }
    json_t *result = rc == 0 && e->over(g) ? e->result(g) : NULL;
    if (result) {
        *h = hash_json(fnv(*h, "result"), result);
        st->over++;
    }
    if (st->show)
        fprintf(st->show, "  game %zu: %d seats, %zu inputs, %s\n", st->games + 1, fg->seats, i,
                result ? json_string_value(json_object_get(result, "summary")) : "not over");
    json_decref(result);
    st->games++;
    st->inputs += i;
    json_decref(events);
    e->destroy(g);
    return rc;
}

int fingerprint_digest(const fingerprint_log *log, uint64_t *digest, fingerprint_stats *stats,
                       char *err, size_t err_len)
{
    fingerprint_stats mine = {0};
    fingerprint_stats *st = stats ? stats : &mine;
    *st = (fingerprint_stats){.show = st->show};
    uint64_t h = 14695981039346656037ULL;
    for (size_t i = 0; i < log->n; i++) {
        char why[400];
        if (replay_game(log->e, &log->games[i], &h, st, why, sizeof why) < 0)
            return fail(err, err_len, "%s, game %zu: %s", log->e->id, i + 1, why);
    }
    *digest = h;
    return 0;
}

/* --- recording --- */

/* Raises a cancel flag once a budget is spent, as the room's budget timer
 * does for a thinking bot. */
typedef struct watchdog {
    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    bool done, running;
    int ms;
    volatile int cancel;
} watchdog;

static void *watch(void *arg)
{
    watchdog *w = arg;
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += w->ms / 1000;
    until.tv_nsec += (long)(w->ms % 1000) * 1000000L;
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000L;
    }
    pthread_mutex_lock(&w->mu);
    while (!w->done) {
        if (pthread_cond_timedwait(&w->cv, &w->mu, &until) != 0) {
            w->cancel = 1;
            break;
        }
    }
    pthread_mutex_unlock(&w->mu);
    return NULL;
}

static void watchdog_start(watchdog *w, int ms)
{
    *w = (watchdog){.ms = ms};
    pthread_mutex_init(&w->mu, NULL);
    pthread_cond_init(&w->cv, NULL);
    w->running = ms > 0 && pthread_create(&w->thread, NULL, watch, w) == 0;
}

static void watchdog_stop(watchdog *w)
{
    if (w->running) {
        pthread_mutex_lock(&w->mu);
        w->done = true;
        pthread_cond_signal(&w->cv);
        pthread_mutex_unlock(&w->mu);
        pthread_join(w->thread, NULL);
    }
    pthread_mutex_destroy(&w->mu);
    pthread_cond_destroy(&w->cv);
}

/* The recording of one game: its clock, the bots' pace and salt. */
typedef struct recorder {
    const game_engine *e;
    fingerprint_game *fg;
    game *g;
    json_t *inputs, *events;
    int64_t now, ask_at, next_ok;
    int pace_ms, budget_ms;
    rng salt;
} recorder;

static int64_t later(int64_t a, int64_t b)
{
    return a > b ? a : b;
}

static void logged(recorder *r, json_t *input)
{
    json_array_append_new(r->inputs, input);
    json_array_clear(r->events);
    r->ask_at = later(r->now, r->next_ok); /* the bots look again after any change */
}

/* Off-loop work the game waits for, done in line and fed back as the room
 * does. 1 if there was some, 0 if none, -1 if it failed. */
static int record_work(recorder *r, char *err, size_t len)
{
    json_t *request = r->e->work_request ? r->e->work_request(r->g) : NULL;
    if (!request)
        return 0;
    json_t *result = r->e->work_run(request, &game_no_cancel);
    if (!result) {
        json_decref(request);
        return fail(err, len, "off-loop work gave no result");
    }
    json_t *action = json_pack("{s:s,s:o,s:o}", "kind", "work_done", "request", request,
                               "result", result);
    game_error gerr = {"", ""};
    if (r->e->act(r->g, GAME_SEAT_SERVER, action, r->now, r->events, &gerr) != 0) {
        json_decref(action);
        return fail(err, len, "the engine refused its own work result: %s", gerr.message);
    }
    logged(r, json_pack("[I,i,o]", (json_int_t)r->now, GAME_SEAT_SERVER, action));
    return 1;
}

/* One round of the bots in seat order, over a copy as on the room's
 * workers, until one acts. */
static void record_bots(recorder *r)
{
    const game_engine *e = r->e;
    game *copy = e->clone ? e->clone(r->g) : NULL;
    const game *seen = copy ? copy : r->g;
    int64_t wake = GAME_NO_DEADLINE;
    int seat = -1;
    json_t *action = NULL;
    watchdog w;
    watchdog_start(&w, r->budget_ms);
    for (int s = 0; s < r->fg->seats && !action; s++) {
        if (r->fg->bots[s] < 0)
            continue; /* a seat nobody plays: its deadlines pass */
        int64_t ws = GAME_NO_DEADLINE;
        action = e->bot(seen, s, r->fg->bots[s], r->now, rng_next(&r->salt), &ws, &w.cancel);
        wake = ws < wake ? ws : wake;
        seat = s;
    }
    watchdog_stop(&w);
    if (copy)
        e->destroy(copy);
    game_error gerr = {"", ""};
    if (action && e->act(r->g, seat, action, r->now, r->events, &gerr) == 0) {
        r->next_ok = r->now + r->pace_ms;
        logged(r, json_pack("[I,i,o]", (json_int_t)r->now, seat, action));
        return;
    }
    if (action) {
        fprintf(stderr, "botpit: the %s bot in seat %d tried an illegal action: %s\n", e->id,
                seat, gerr.message);
        json_decref(action);
    }
    r->ask_at = wake != GAME_NO_DEADLINE && wake > r->now ? later(wake, r->next_ok)
                                                          : GAME_NO_DEADLINE;
}

int fingerprint_record(fingerprint_log *log, size_t i, int pace_ms, int budget_ms, char *err,
                       size_t err_len)
{
    const game_engine *e = log->e;
    fingerprint_game *fg = &log->games[i];
    if (!e->bot)
        return fail(err, err_len, "%s has no bots to play its games", e->id);
    recorder r = {.e = e, .fg = fg, .pace_ms = pace_ms, .budget_ms = budget_ms};
    r.g = create(e, fg, err, err_len);
    if (!r.g)
        return -1;
    /* The options as resolved now, so that the log says what was played. */
    json_t *options = game_options_resolve(e, fg->options, NULL);
    json_decref(fg->options);
    fg->options = options;
    r.inputs = json_array();
    r.events = json_array();
    rng_seed(&r.salt, rng_mix(fg->seeds.seed ^ 0x5eed));
    int rc = 0;
    while (rc == 0 && !e->over(r.g) && (int)json_array_size(r.inputs) < fg->max_inputs) {
        int worked = record_work(&r, err, err_len);
        if (worked != 0) {
            rc = worked < 0 ? -1 : 0;
            continue;
        }
        int64_t deadline = e->deadline(r.g);
        if (deadline <= r.now) {
            e->tick(r.g, r.now, r.events);
            logged(&r, json_pack("[I,s]", (json_int_t)r.now, "tick"));
        } else if (r.ask_at <= r.now) {
            record_bots(&r);
        } else if (r.ask_at == GAME_NO_DEADLINE && deadline == GAME_NO_DEADLINE) {
            break; /* nothing will ever happen again */
        } else {
            r.now = r.ask_at < deadline ? r.ask_at : deadline;
        }
    }
    json_decref(r.events);
    e->destroy(r.g);
    if (rc == 0) {
        json_decref(fg->inputs);
        fg->inputs = r.inputs;
    } else {
        json_decref(r.inputs);
    }
    return rc;
}

/* --- the digests file --- */

int fingerprint_recorded(const char *text, const char *id, int *revision, uint64_t *digest)
{
    size_t idlen = strlen(id);
    for (const char *line = text; line; line = strchr(line, '\n')) {
        line += *line == '\n';
        unsigned long long d;
        if (strncmp(line, id, idlen) == 0 && line[idlen] == ' ' &&
            sscanf(line + idlen, " %d %llx", revision, &d) == 2) {
            *digest = d;
            return 0;
        }
    }
    return -1;
}

int fingerprint_compare(const char *text, const char *file, const game_engine *e,
                        uint64_t digest, char *why, size_t len)
{
    int rev = game_rules_revision(e), was_rev;
    uint64_t was;
    if (fingerprint_recorded(text, e->id, &was_rev, &was) < 0)
        return fail(why, len,
                    "%s records no digest for %s: record it with `botpit bench replay --update "
                    "%s`",
                    file, e->id, file);
    if (was_rev != rev)
        return fail(why, len,
                    "%s plays rules revision %d, and %s records the digest of revision %d: "
                    "record revision %d's with `botpit bench replay --update %s` in the commit "
                    "that bumps it",
                    e->id, rev, file, was_rev, rev, file);
    if (was != digest)
        return fail(why, len,
                    "the stored games of %s replay differently: digest %016" PRIx64
                    ", and %s records %016" PRIx64 " for rules revision %d. If %s's rules "
                    "changed, bump its rules_revision (its game_engine) in the same commit and "
                    "record the new digest (`botpit bench replay --update %s`): games stored "
                    "under the old rules are then kept aside, not replayed into other games. "
                    "If nothing was meant to change (a refactor, a bot), this change alters how "
                    "stored games replay: find where and undo it",
                    e->id, digest, file, was, rev, e->id, file);
    return 0;
}
