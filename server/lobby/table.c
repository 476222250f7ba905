/* table.c: the game inside a room. Every input goes through play(), so the
 * log, the seq and what everyone sees can never disagree. */
#include "lobby/table.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "lobby/ids.h"
#include "util/log.h"
#include "util/metrics.h"
#include "util/rng.h"
#include "util/walltime.h"

struct table_work {
    table *table; /* NULL once the table no longer wants the result */
    const game_engine *engine;
    json_t *request;
    json_t *result;
    volatile int cancel;
    uv_work_t req;
};

static int64_t game_now(const table *t)
{
    return (int64_t)(sched_now(t->sched) - t->clock_origin);
}

int64_t table_clock(const table *t)
{
    return game_now(t);
}

bool table_over(const table *t)
{
    return t->game && t->engine->over(t->game);
}

json_t *table_view(const table *t, int seat)
{
    return t->engine->view(t->game, seat);
}

json_t *table_deadline_json(const table *t)
{
    int64_t d = t->live ? t->engine->deadline(t->game) : GAME_NO_DEADLINE;
    if (d == GAME_NO_DEADLINE)
        return json_null();
    int64_t now = game_now(t);
    int64_t remaining = d > now ? d - now : 0;
    return json_pack("{s:I,s:I}", "at", (json_int_t)(walltime_ms() + remaining), "remaining_ms",
                     (json_int_t)remaining);
}

static void deadline_fired(uv_timer_t *h);
static void schedule_bots(table *t);
static void check_work(table *t);
static void cancel_work(table *t);
static void forget_think(table *t);
static void budget_spent(wheel_timer *w);

static void arm_deadline(table *t)
{
    int64_t d = t->engine->deadline(t->game);
    if (d == GAME_NO_DEADLINE) {
        uv_timer_stop(&t->deadline_timer);
        return;
    }
    int64_t wait = d - game_now(t);
    uv_timer_start(&t->deadline_timer, deadline_fired, wait > 0 ? (uint64_t)wait : 0, 0);
}

static void stop_running(table *t)
{
    t->live = false;
    cancel_work(t);
    forget_think(t);
    uv_timer_stop(&t->deadline_timer);
    sched_stop(t->sched, &t->bot_timer);
    sched_stop(t->sched, &t->retry_timer);
}

/* After applied inputs: tell everyone, then let time, bots and work go on. */
static void after_inputs(table *t, const json_t *events, int actor, const json_t *id)
{
    t->ops->applied(t->host, events, actor, id);
    if (t->engine->over(t->game)) {
        stop_running(t);
        t->ops->over(t->host);
        return;
    }
    arm_deadline(t);
    t->bot_next_ok = sched_now(t->sched) + (uint64_t)t->bot_pace_ms;
    schedule_bots(t);
    check_work(t);
}

/* --- replaying a log --- */

/* Feeds one stored input to the game; -1 with err set if it does not fit. */
static int replay_input(table *t, const json_t *in, json_t *events, game_error *err)
{
    json_int_t seq = json_integer_value(json_object_get(in, "seq"));
    int64_t at = json_integer_value(json_object_get(in, "t"));
    int seat_no = (int)json_integer_value(json_object_get(in, "seat"));
    const char *kind = json_string_value(json_object_get(in, "kind"));
    const json_t *action = json_object_get(in, "action");
    if (seq != (json_int_t)t->seq + 1)
        return game_fail(err, "internal", "input %llu is missing (the next stored one is %lld)",
                         (unsigned long long)t->seq + 1, (long long)seq);
    if (kind && strcmp(kind, "tick") == 0) {
        t->engine->tick(t->game, at, events);
    } else if (!kind || strcmp(kind, "act") != 0 || !action) {
        return game_fail(err, "internal", "input %lld is not an input", (long long)seq);
    } else if (t->engine->act(t->game, seat_no, action, at, events, err) < 0) {
        return -1;
    }
    t->seq++;
    return 0;
}

/* Creates the game again and feeds it the whole log. On failure the table
 * has no game. */
static int replay_log(table *t, const json_t *inputs, int64_t *last_t, game_error *err)
{
    *err = (game_error){"", ""};
    t->seq = 0;
    t->game = t->engine->create(t->options, t->nseats, t->seeds, err);
    if (!t->game)
        return -1;
    json_t *events = json_array();
    size_t n = json_array_size(inputs);
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        const json_t *in = json_array_get(inputs, i);
        rc = replay_input(t, in, events, err);
        json_array_clear(events);
        *last_t = json_integer_value(json_object_get(in, "t"));
    }
    json_decref(events);
    if (rc < 0) {
        char why[sizeof err->message + 64];
        snprintf(why, sizeof why, "input %llu of %zu: %s", (unsigned long long)t->seq + 1, n,
                 err->message);
        snprintf(err->message, sizeof err->message, "%.*s", (int)sizeof err->message - 1, why);
        t->engine->destroy(t->game);
        t->game = NULL;
        t->seq = 0;
    }
    return rc;
}

/* An engine without clone played on the game itself and the commit failed:
 * the game goes back to what the log holds. If it cannot, it is given up. */
static void rebuild(table *t)
{
    uint64_t seq = t->seq;
    t->engine->destroy(t->game);
    t->game = NULL;
    json_t *log = t->ops->log(t->host);
    game_error err;
    int64_t last = 0;
    if (log && replay_log(t, log, &last, &err) == 0 && t->seq == seq) {
        json_decref(log);
        return;
    }
    json_decref(log);
    log_error("a game could not be rebuilt from its log after a failed write; it is closed "
              "and comes back when the server restarts");
    stop_running(t);
    t->ops->lost(t->host);
}

/* --- inputs --- */

static void retry_later(table *t)
{
    if (t->live) /* not after the game was given up */
        sched_start(t->sched, &t->retry_timer, TABLE_RETRY_MS);
}

/* The deadline that is due (if any), then seat's action (if any), played on
 * a copy of the game, stored, and only then made the game. */
static table_outcome play(table *t, int seat, const json_t *action, const json_t *id,
                          game_error *err)
{
    const game_engine *e = t->engine;
    game *g = e->clone ? e->clone(t->game) : t->game;
    if (!g) {
        log_error("out of memory copying a game");
        return TABLE_UNAVAILABLE;
    }
    json_t *events = json_array();
    int64_t now = game_now(t);
    table_commit c = {.first_seq = t->seq + 1, .clock_ms = now};
    if (e->deadline(g) <= now) {
        e->tick(g, now, events);
        c.inputs[c.n++] = (table_input){now, 0, TABLE_TICK, NULL};
    }
    table_outcome out = TABLE_DONE;
    if (action) {
        if (e->act(g, seat, action, now, events, err) == 0)
            c.inputs[c.n++] = (table_input){now, seat, TABLE_ACT, action};
        else
            out = TABLE_REFUSED;
    }
    json_t *result = c.n && e->over(g) ? e->result(g) : NULL;
    c.result = result;
    if (c.n && t->ops->commit(t->host, &c) < 0) {
        json_decref(result);
        json_decref(events);
        if (g != t->game)
            e->destroy(g);
        else
            rebuild(t);
        return TABLE_UNAVAILABLE;
    }
    if (g != t->game) {
        if (c.n) {
            e->destroy(t->game);
            t->game = g;
        } else {
            e->destroy(g);
        }
    }
    if (c.n) {
        t->seq += (uint64_t)c.n;
        t->result = result;
        botpit_metrics.inputs_accepted += (uint64_t)c.n;
        after_inputs(t, events, out == TABLE_DONE ? seat : -1, out == TABLE_DONE ? id : NULL);
    }
    json_decref(events);
    return out;
}

table_outcome table_act(table *t, int seat, const json_t *action, const json_t *id,
                        game_error *err)
{
    return play(t, seat, action, id, err);
}

/* Plays the deadline that is due; false if it could not be stored. */
static bool play_due(table *t)
{
    if (t->engine->deadline(t->game) > game_now(t)) {
        arm_deadline(t); /* the loop woke a little early */
        return true;
    }
    return play(t, -1, NULL, NULL, NULL) != TABLE_UNAVAILABLE;
}

static void deadline_fired(uv_timer_t *h)
{
    table *t = (table *)((char *)h - offsetof(table, deadline_timer));
    if (t->live && !play_due(t))
        retry_later(t);
}

/* Something the server itself wanted to store failed earlier: try again. */
static void retry_fired(wheel_timer *w)
{
    table *t = w->data;
    if (!t->live)
        return;
    if (!play_due(t)) {
        retry_later(t);
        return;
    }
    if (t->live) {
        schedule_bots(t);
        check_work(t);
    }
}

/* --- bots --- */

/* One round of asking the bots, in seat order, until one acts. The asking
 * reads only the game and this record, so it can run on a worker thread
 * over a copy of the game (engines with clone) or on the loop. */
typedef struct bot_round {
    int nseats;
    int level[TABLE_MAX_SEATS]; /* -1: not a bot */
    uint64_t salt[TABLE_MAX_SEATS];
    int64_t now;
    int seat;       /* out: the seat that acts, -1 if none */
    json_t *action; /* out: its action */
    int64_t wake;   /* out: the earliest game time a bot wants to be asked again */
} bot_round;

struct table_think {
    table *table; /* NULL once the table no longer wants the answer */
    const game_engine *engine;
    game *copy;
    uint64_t seq; /* the table's seq when the copy was taken */
    bot_round round;
    volatile int cancel; /* raised when the budget is spent or the answer unwanted */
    uv_work_t req;
};

static void bot_round_init(const table *t, bot_round *b)
{
    b->nseats = t->nseats;
    b->now = game_now(t);
    /* The bots' salt is the server's randomness, never the room's seed: a
     * seeded room must not make a bot's secret choices repeat. What a bot
     * then does is logged as its input, so replays need no salt. */
    bool fresh = ids_random(b->salt, sizeof b->salt);
    for (int s = 0; s < t->nseats; s++) {
        b->level[s] = t->bots[s];
        if (!fresh)
            b->salt[s] = rng_mix(uv_hrtime() ^ (t->seq << 8) ^ (uint64_t)s);
    }
    b->seat = -1;
    b->action = NULL;
    b->wake = GAME_NO_DEADLINE;
}

static void bot_round_ask(const game_engine *e, const game *g, bot_round *b,
                          const volatile int *cancel)
{
    for (int s = 0; s < b->nseats && !b->action; s++) {
        if (b->level[s] < 0)
            continue;
        int64_t w = GAME_NO_DEADLINE;
        b->action = e->bot(g, s, b->level[s], b->now, b->salt[s], &w, cancel);
        if (w < b->wake)
            b->wake = w;
        if (b->action)
            b->seat = s;
    }
}

/* Plays the round's action, or waits for the time a bot asked for. */
static void bot_round_play(table *t, bot_round *b)
{
    if (b->action) {
        game_error err = {"", ""};
        table_outcome out = play(t, b->seat, b->action, NULL, &err);
        json_decref(b->action);
        b->action = NULL;
        if (out == TABLE_DONE)
            return; /* one bot move per pace; after_inputs scheduled the next */
        if (out == TABLE_UNAVAILABLE) {
            retry_later(t);
            return;
        }
        log_warn("the %s bot in seat %d tried an illegal action: %s", t->engine->id, b->seat,
                 err.message);
        if (!t->live)
            return;
    }
    int64_t now = game_now(t);
    if (b->wake != GAME_NO_DEADLINE && b->wake > now) {
        uint64_t at = t->clock_origin + (uint64_t)b->wake;
        if (at < t->bot_next_ok)
            at = t->bot_next_ok;
        sched_start(t->sched, &t->bot_timer, at - sched_now(t->sched));
    }
}

/* Bots and solvers run on libuv's worker threads, as many as 4 on a
 * machine that may have 2 cores: they run at a lower priority than the
 * loop thread, so that however hard they think, the loop (everyone's
 * moves, chat, pings) gets the CPU first. Linux's nice is per thread. */
#define WORKER_NICE 10

static void lower_this_thread(void)
{
    static _Thread_local bool lowered;
    if (!lowered) {
        lowered = true;
        setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), WORKER_NICE);
    }
}

static void think_run(uv_work_t *req)
{
    lower_this_thread();
    table_think *k = req->data;
    bot_round_ask(k->engine, k->copy, &k->round, &k->cancel);
}

/* The answer stands only if nothing the bots saw has changed: no input, no
 * deadline due, and the acting seat still the same bot. */
static bool think_still_fits(const table *t, const table_think *k)
{
    const bot_round *b = &k->round;
    return t->live && t->seq == k->seq && t->engine->deadline(t->game) > game_now(t) &&
           (b->seat < 0 || t->bots[b->seat] == b->level[b->seat]);
}

static void think_done(uv_work_t *req, int status)
{
    table_think *k = req->data;
    table *t = k->table;
    if (t) {
        t->think = NULL;
        sched_stop(t->sched, &t->budget_timer);
        if (status == 0 && think_still_fits(t, k))
            bot_round_play(t, &k->round);
        else
            schedule_bots(t);
    }
    json_decref(k->round.action);
    k->engine->destroy(k->copy);
    free(k);
}

/* Starts the bots thinking over a copy of the game; false if it could not. */
static bool think_off_loop(table *t)
{
    table_think *k = calloc(1, sizeof *k);
    if (!k)
        return false;
    k->copy = t->engine->clone(t->game);
    if (!k->copy) {
        free(k);
        return false;
    }
    k->table = t;
    k->engine = t->engine;
    k->seq = t->seq;
    bot_round_init(t, &k->round);
    k->req.data = k;
    if (uv_queue_work(t->sched->loop, &k->req, think_run, think_done) != 0) {
        t->engine->destroy(k->copy);
        free(k);
        return false;
    }
    t->think = k;
    if (t->bot_budget_ms > 0)
        sched_start(t->sched, &t->budget_timer, (uint64_t)t->bot_budget_ms);
    return true;
}

/* The bots have thought long enough: they answer with the best they have. */
static void budget_spent(wheel_timer *w)
{
    table *t = w->data;
    if (t->think)
        t->think->cancel = 1;
}

/* Nobody wants the answer any more: the bot stops as soon as it looks. */
static void forget_think(table *t)
{
    sched_stop(t->sched, &t->budget_timer);
    if (t->think) {
        t->think->cancel = 1;
        t->think->table = NULL;
        t->think = NULL;
    }
}

static void bot_timer_fired(wheel_timer *w)
{
    table *t = w->data;
    if (!t->live || t->think)
        return; /* a round in flight reschedules when it lands */
    if (t->engine->clone && think_off_loop(t))
        return;
    bot_round b;
    bot_round_init(t, &b);
    bot_round_ask(t->engine, t->game, &b, &game_no_cancel);
    bot_round_play(t, &b);
}

static void schedule_bots(table *t)
{
    bool any = false;
    for (int s = 0; s < t->nseats; s++)
        any |= t->bots[s] >= 0;
    if (!any || !t->engine->bot || !t->live || t->bots_paused) {
        sched_stop(t->sched, &t->bot_timer);
        return;
    }
    uint64_t now = sched_now(t->sched);
    sched_start(t->sched, &t->bot_timer, t->bot_next_ok > now ? t->bot_next_ok - now : 0);
}

void table_pause_bots(table *t, bool paused)
{
    if (t->bots_paused == paused)
        return;
    t->bots_paused = paused;
    if (paused)
        forget_think(t);
    schedule_bots(t);
}

void table_set_bots(table *t, const int *levels, int nseats)
{
    for (int s = 0; s < TABLE_MAX_SEATS; s++)
        t->bots[s] = s < nseats ? levels[s] : -1;
    if (t->live)
        schedule_bots(t);
}

/* --- off-loop work (a solver run) --- */

static void work_run(uv_work_t *req)
{
    lower_this_thread();
    table_work *w = req->data;
    w->result = w->engine->work_run(w->request, &w->cancel);
}

static void work_done(uv_work_t *req, int status)
{
    table_work *w = req->data;
    table *t = w->table;
    if (t)
        t->work = NULL;
    if (t && status == 0 && w->result && t->live) {
        json_t *action = json_pack("{s:s,s:O,s:O}", "kind", "work_done", "request", w->request,
                                   "result", w->result);
        game_error err = {"", ""};
        table_outcome out = play(t, GAME_SEAT_SERVER, action, NULL, &err);
        if (out == TABLE_UNAVAILABLE)
            retry_later(t); /* the retry asks for the work again */
        else if (out == TABLE_REFUSED)
            log_warn("the engine refused its own work result: %s", err.message);
        json_decref(action);
    }
    json_decref(w->request);
    json_decref(w->result);
    free(w);
}

static void cancel_work(table *t)
{
    if (t->work) {
        t->work->cancel = 1;
        t->work->table = NULL;
        t->work = NULL;
    }
}

static void check_work(table *t)
{
    if (!t->engine->work_request)
        return;
    json_t *request = t->engine->work_request(t->game);
    if (!request) {
        cancel_work(t);
        return;
    }
    if (t->work && json_equal(t->work->request, request)) {
        json_decref(request);
        return;
    }
    cancel_work(t);
    table_work *w = calloc(1, sizeof *w);
    if (!w) {
        json_decref(request);
        return;
    }
    w->table = t;
    w->engine = t->engine;
    w->request = request;
    w->req.data = w;
    if (uv_queue_work(t->sched->loop, &w->req, work_run, work_done) != 0) {
        json_decref(request);
        free(w);
        return;
    }
    t->work = w;
}

/* --- life --- */

void table_init(table *t, uv_loop_t *loop, sched *s, const game_engine *e, const table_ops *ops,
                void *host, int bot_pace_ms)
{
    memset(t, 0, sizeof *t);
    t->engine = e;
    t->sched = s;
    t->ops = ops;
    t->host = host;
    t->bot_pace_ms = bot_pace_ms;
    for (int i = 0; i < TABLE_MAX_SEATS; i++)
        t->bots[i] = -1;
    uv_timer_init(loop, &t->deadline_timer);
    wheel_timer_init(&t->bot_timer, bot_timer_fired, t);
    wheel_timer_init(&t->retry_timer, retry_fired, t);
    wheel_timer_init(&t->budget_timer, budget_spent, t);
}

int table_deal(table *t, const json_t *options, int nseats, game_seeds seeds, game_error *err)
{
    table_clear(t);
    t->options = options;
    t->nseats = nseats;
    t->seeds = seeds;
    t->game = t->engine->create(options, nseats, seeds, err);
    return t->game ? 0 : -1;
}

void table_play(table *t)
{
    t->live = true;
    t->seq = 0;
    t->clock_origin = sched_now(t->sched);
    json_t *events = json_array();
    after_inputs(t, events, -1, NULL);
    json_decref(events);
}

int table_replay(table *t, const json_t *options, int nseats, game_seeds seeds,
                 const json_t *inputs, int64_t clock_ms, game_error *err)
{
    table_clear(t);
    t->options = options;
    t->nseats = nseats;
    t->seeds = seeds;
    int64_t last = 0;
    if (replay_log(t, inputs, &last, err) < 0)
        return -1;
    if (clock_ms < last)
        clock_ms = last;
    t->clock_origin = sched_now(t->sched) - (uint64_t)clock_ms;
    if (t->engine->over(t->game)) {
        t->result = t->engine->result(t->game);
        return 0;
    }
    t->live = true;
    arm_deadline(t);
    schedule_bots(t);
    check_work(t);
    return 0;
}

void table_clear(table *t)
{
    stop_running(t);
    if (t->game)
        t->engine->destroy(t->game);
    t->game = NULL;
    json_decref(t->result);
    t->result = NULL;
    t->seq = 0;
}

void table_close(table *t, uv_close_cb done)
{
    table_clear(t);
    uv_close((uv_handle_t *)&t->deadline_timer, done);
}
