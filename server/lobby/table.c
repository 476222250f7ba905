/* table.c: the game inside a room. Every input goes through apply_input, so
 * the log, the seq and what everyone sees can never disagree. */
#include <stdlib.h>
#include <string.h>

#include "lobby/lobby_int.h"
#include "util/log.h"
#include "util/metrics.h"
#include "util/rng.h"

struct room_work {
    room *room; /* NULL once the room no longer wants the result */
    const game_engine *engine;
    json_t *request;
    json_t *result;
    volatile int cancel;
    uv_work_t req;
};

static int64_t game_now(const room *r)
{
    return (int64_t)(lobby_now(r->lobby) - r->clock_origin);
}

int64_t table_clock(const room *r)
{
    return game_now(r);
}

/* An accepted input: it goes to the store (the room's log) before anyone
 * hears of it. The log is not kept in memory: replays read the store. */
static void log_input(room *r, input_kind kind, int seat_no, int64_t t, const json_t *action)
{
    r->seq++;
    room_input in = {t, seat_no, kind, (json_t *)action};
    persist_input(r, &in);
    botpit_metrics.inputs_accepted++;
}

static json_t *deadline_json(const room *r, int64_t now)
{
    int64_t d = r->engine->deadline(r->game);
    if (d == GAME_NO_DEADLINE)
        return json_null();
    int64_t remaining = d > now ? d - now : 0;
    return json_pack("{s:I,s:I}", "at", (json_int_t)(lobby_wall_ms() + remaining), "remaining_ms",
                     (json_int_t)remaining);
}

static json_t *state_json(const room *r, int audience, const json_t *events,
                          const json_t *deadline, const json_t *id)
{
    json_t *m = proto_message("state", id);
    json_object_set_new(m, "room", json_string(r->code));
    json_object_set_new(m, "seq", json_integer((json_int_t)r->seq));
    json_object_set_new(m, "seat", json_integer(audience));
    json_object_set_new(m, "view", r->engine->view(r->game, audience));
    json_object_set(m, "events", (json_t *)events);
    json_object_set(m, "deadline", (json_t *)deadline);
    return m;
}

/* Sends every connected member its state: one view and one serialization
 * per seat, one for all spectators. The actor's copy echoes its request id. */
static void send_states(room *r, const json_t *events, const player *actor, const json_t *id)
{
    json_t *deadline = deadline_json(r, game_now(r));
    for (int s = 0; s < r->nseats; s++) {
        player *p = r->seats[s].player;
        if (!p || !p->conn || p->room != r || p->seat != s)
            continue;
        json_t *m = state_json(r, s, events, deadline, p == actor ? id : NULL);
        lobby_send_json(p->conn, m);
        json_decref(m);
    }
    msg *spectators = NULL;
    for (int i = 0; i < r->nmembers; i++) {
        player *p = r->members[i];
        if (p->seat >= 0 || !p->conn)
            continue;
        if (!spectators) {
            json_t *m = state_json(r, GAME_SEAT_SPECTATOR, events, deadline, NULL);
            spectators = msg_from_json(m);
            json_decref(m);
            if (!spectators)
                break;
        }
        p->conn->ops->send(p->conn, spectators);
    }
    msg_unref(spectators);
    json_decref(deadline);
}

static void send_over(room *r, const player *to)
{
    json_t *m = proto_message("over", NULL);
    json_object_set_new(m, "room", json_string(r->code));
    json_object_set(m, "result", r->result);
    msg *out = msg_from_json(m);
    json_decref(m);
    for (int i = 0; out && i < r->nmembers; i++) {
        player *p = r->members[i];
        if (p->conn && (!to || p == to))
            p->conn->ops->send(p->conn, out);
    }
    msg_unref(out);
}

static void deadline_fired(uv_timer_t *t);
static void schedule_bots(room *r);
static void check_work(room *r);

static void arm_deadline(room *r)
{
    int64_t d = r->engine->deadline(r->game);
    if (d == GAME_NO_DEADLINE) {
        uv_timer_stop(&r->deadline_timer);
        return;
    }
    int64_t wait = d - game_now(r);
    uv_timer_start(&r->deadline_timer, deadline_fired, wait > 0 ? (uint64_t)wait : 0, 0);
}

static void finish(room *r)
{
    r->status = ROOM_OVER;
    r->result = r->engine->result(r->game);
    persist_result(r);
    uv_timer_stop(&r->deadline_timer);
    wheel_stop(&r->lobby->wheel, &r->bot_timer);
    log_info("room %s: game over after %llu inputs", r->code, (unsigned long long)r->seq);
    send_over(r, NULL);
    room_announce(r, NULL, NULL);
    lobby_rooms_changed(r->lobby);
}

/* After accepted inputs: tell everyone, then let time, bots and work go on. */
static void after_inputs(room *r, const json_t *events, const player *actor, const json_t *id)
{
    send_states(r, events, actor, id);
    if (r->engine->over(r->game)) {
        finish(r);
        return;
    }
    arm_deadline(r);
    r->bot_next_ok = lobby_now(r->lobby) + (uint64_t)r->lobby->cfg.bot_pace_ms;
    schedule_bots(r);
    check_work(r);
}

/* Lets the engine handle a deadline that has passed; true if it did. */
static bool tick_if_due(room *r, json_t *events)
{
    int64_t now = game_now(r);
    if (r->engine->deadline(r->game) > now)
        return false;
    r->engine->tick(r->game, now, events);
    log_input(r, INPUT_TICK, 0, now, NULL);
    return true;
}

static void deadline_fired(uv_timer_t *t)
{
    room *r = t->data;
    if (r->status != ROOM_PLAYING)
        return;
    json_t *events = json_array();
    if (tick_if_due(r, events))
        after_inputs(r, events, NULL, NULL);
    else
        arm_deadline(r); /* the loop woke a little early */
    json_decref(events);
}

/* One action of `seat_no`: a player's, a bot's or the server's. */
static int apply_action(room *r, int seat_no, const json_t *action, const player *actor,
                        const json_t *id, game_error *err)
{
    json_t *events = json_array();
    bool ticked = tick_if_due(r, events);
    int64_t now = game_now(r);
    int rc = r->engine->act(r->game, seat_no, action, now, events, err);
    if (rc == 0)
        log_input(r, INPUT_ACT, seat_no, now, action);
    if (rc == 0 || ticked)
        after_inputs(r, events, rc == 0 ? actor : NULL, id);
    json_decref(events);
    return rc;
}

int table_act(room *r, player *p, const json_t *action, const json_t *id, verdict *v)
{
    if (r->status != ROOM_PLAYING)
        return verdict_set(v, PROTO_WRONG_STATUS, r->status == ROOM_OVER
                                                      ? "the game is over"
                                                      : "the game has not started yet");
    if (p->seat < 0)
        return verdict_set(v, PROTO_NOT_SEATED, "spectators cannot play; take a seat first");
    game_error err = {"", ""};
    if (apply_action(r, p->seat, action, p, id, &err) < 0) {
        proto_code c = proto_code_from_name(err.code);
        return verdict_set(v, c == PROTO_INTERNAL ? PROTO_ILLEGAL : c, "%s", err.message);
    }
    return 0;
}

/* --- bots --- */

/* One round of asking the bots, in seat order, until one acts. The asking
 * reads only the game and this record, so it can run on a worker thread
 * over a copy of the game (engines with clone) or on the loop. */
typedef struct bot_round {
    int nseats;
    int level[ROOM_MAX_SEATS]; /* -1: not a bot */
    uint64_t salt[ROOM_MAX_SEATS];
    int64_t now;
    int seat;       /* out: the seat that acts, -1 if none */
    json_t *action; /* out: its action */
    int64_t wake;   /* out: the earliest game time a bot wants to be asked again */
} bot_round;

struct room_think {
    room *room; /* NULL once the room no longer wants the answer */
    const game_engine *engine;
    game *copy;
    uint64_t seq; /* the room's seq when the copy was taken */
    bot_round round;
    uv_work_t req;
};

static void bot_round_init(const room *r, bot_round *b)
{
    b->nseats = r->nseats;
    b->now = game_now(r);
    for (int s = 0; s < r->nseats; s++) {
        b->level[s] = r->seats[s].bot;
        b->salt[s] = rng_mix(r->seed ^ (r->seq << 8) ^ (uint64_t)s);
    }
    b->seat = -1;
    b->action = NULL;
    b->wake = GAME_NO_DEADLINE;
}

static void bot_round_ask(const game_engine *e, const game *g, bot_round *b)
{
    for (int s = 0; s < b->nseats && !b->action; s++) {
        if (b->level[s] < 0)
            continue;
        int64_t w = GAME_NO_DEADLINE;
        b->action = e->bot(g, s, b->level[s], b->now, b->salt[s], &w, &game_no_cancel);
        if (w < b->wake)
            b->wake = w;
        if (b->action)
            b->seat = s;
    }
}

/* Plays the round's action, or waits for the time a bot asked for. */
static void bot_round_play(room *r, bot_round *b)
{
    if (b->action) {
        game_error err = {"", ""};
        int rc = apply_action(r, b->seat, b->action, NULL, NULL, &err);
        json_decref(b->action);
        b->action = NULL;
        if (rc == 0)
            return; /* one bot move per pace; after_inputs scheduled the next */
        log_warn("room %s: the %s bot in seat %d tried an illegal action: %s", r->code,
                 r->engine->id, b->seat, err.message);
    }
    int64_t now = game_now(r);
    if (b->wake != GAME_NO_DEADLINE && b->wake > now) {
        uint64_t at = r->clock_origin + (uint64_t)b->wake;
        if (at < r->bot_next_ok)
            at = r->bot_next_ok;
        lobby_wheel_start(r->lobby, &r->bot_timer, at - lobby_now(r->lobby));
    }
}

static void think_run(uv_work_t *req)
{
    room_think *t = req->data;
    bot_round_ask(t->engine, t->copy, &t->round);
}

/* The answer stands only if nothing the bots saw has changed: no input, no
 * deadline due, and the acting seat still the same bot. */
static bool think_still_fits(const room *r, const room_think *t)
{
    const bot_round *b = &t->round;
    return r->status == ROOM_PLAYING && r->seq == t->seq &&
           r->engine->deadline(r->game) > game_now(r) &&
           (b->seat < 0 || r->seats[b->seat].bot == b->level[b->seat]);
}

static void think_done(uv_work_t *req, int status)
{
    room_think *t = req->data;
    room *r = t->room;
    if (r) {
        r->think = NULL;
        if (status == 0 && think_still_fits(r, t))
            bot_round_play(r, &t->round);
        else
            schedule_bots(r);
    }
    json_decref(t->round.action);
    t->engine->destroy(t->copy);
    free(t);
}

/* Starts the bots thinking over a copy of the game; false if it could not. */
static bool think_off_loop(room *r)
{
    room_think *t = calloc(1, sizeof *t);
    if (!t)
        return false;
    t->copy = r->engine->clone(r->game);
    if (!t->copy) {
        free(t);
        return false;
    }
    t->room = r;
    t->engine = r->engine;
    t->seq = r->seq;
    bot_round_init(r, &t->round);
    t->req.data = t;
    if (uv_queue_work(r->lobby->loop, &t->req, think_run, think_done) != 0) {
        r->engine->destroy(t->copy);
        free(t);
        return false;
    }
    r->think = t;
    return true;
}

static void forget_think(room *r)
{
    if (r->think) {
        r->think->room = NULL;
        r->think = NULL;
    }
}

static void bot_timer_fired(wheel_timer *t)
{
    room *r = t->data;
    if (r->status != ROOM_PLAYING || r->think)
        return; /* a round in flight reschedules when it lands */
    if (r->engine->clone && think_off_loop(r))
        return;
    bot_round b;
    bot_round_init(r, &b);
    bot_round_ask(r->engine, r->game, &b);
    bot_round_play(r, &b);
}

static void schedule_bots(room *r)
{
    bool any = false;
    for (int s = 0; s < r->nseats; s++)
        any |= r->seats[s].bot >= 0;
    if (!any || !r->engine->bot || r->status != ROOM_PLAYING) {
        wheel_stop(&r->lobby->wheel, &r->bot_timer);
        return;
    }
    uint64_t now = lobby_now(r->lobby);
    lobby_wheel_start(r->lobby, &r->bot_timer, r->bot_next_ok > now ? r->bot_next_ok - now : 0);
}

void table_bots_changed(room *r)
{
    if (r->status == ROOM_PLAYING)
        schedule_bots(r);
}

/* --- off-loop work (a solver run) --- */

static void work_run(uv_work_t *req)
{
    room_work *w = req->data;
    w->result = w->engine->work_run(w->request, &w->cancel);
}

static void work_done(uv_work_t *req, int status)
{
    room_work *w = req->data;
    room *r = w->room;
    if (r && status == 0 && w->result && r->status == ROOM_PLAYING) {
        r->work = NULL;
        json_t *action = json_pack("{s:s,s:O,s:O}", "kind", "work_done", "request", w->request,
                                   "result", w->result);
        game_error err = {"", ""};
        if (apply_action(r, GAME_SEAT_SERVER, action, NULL, NULL, &err) < 0)
            log_warn("room %s: the engine refused its own work result: %s", r->code,
                     err.message);
        json_decref(action);
    } else if (r) {
        r->work = NULL;
    }
    json_decref(w->request);
    json_decref(w->result);
    free(w);
}

static void cancel_work(room *r)
{
    if (r->work) {
        r->work->cancel = 1;
        r->work->room = NULL;
        r->work = NULL;
    }
}

static void check_work(room *r)
{
    if (!r->engine->work_request)
        return;
    json_t *request = r->engine->work_request(r->game);
    if (!request) {
        cancel_work(r);
        return;
    }
    if (r->work && json_equal(r->work->request, request)) {
        json_decref(request);
        return;
    }
    cancel_work(r);
    room_work *w = calloc(1, sizeof *w);
    if (!w) {
        json_decref(request);
        return;
    }
    w->room = r;
    w->engine = r->engine;
    w->request = request;
    w->req.data = w;
    if (uv_queue_work(r->lobby->loop, &w->req, work_run, work_done) != 0) {
        json_decref(request);
        free(w);
        return;
    }
    r->work = w;
}

/* --- starting, joining, closing --- */

/* Seats in order, the empty ones dropped: the game's seats are 0..n-1. */
static void compact_seats(room *r)
{
    int n = 0;
    for (int i = 0; i < r->nseats; i++) {
        seat st = r->seats[i];
        if (!st.player && st.bot < 0)
            continue;
        r->seats[n] = st;
        if (st.player)
            st.player->seat = n;
        n++;
    }
    for (int i = n; i < r->nseats; i++)
        r->seats[i] = (seat){NULL, -1, false};
    r->nseats = n;
}

int table_start(room *r, player *by, const json_t *id, verdict *v)
{
    if (r->host != by)
        return verdict_set(v, PROTO_NOT_HOST, "only the host of room %s can start", r->code);
    if (r->status != ROOM_LOBBY)
        return verdict_set(v, PROTO_WRONG_STATUS, "the game has already started");
    int min, max, filled = room_filled_seats(r);
    game_seat_range(r->engine, r->options, &min, &max);
    if (filled < min || filled > max)
        return verdict_set(v, PROTO_NOT_READY, "%s needs %d to %d players; %d %s filled",
                           r->engine->title, min, max, filled, filled == 1 ? "seat is" : "seats are");
    if (!r->seed_fixed && !ids_random(&r->seed, sizeof r->seed))
        return verdict_set(v, PROTO_INTERNAL, "the server has no randomness to deal a game");
    game_error err = {"", ""};
    r->game = r->engine->create(r->options, filled, game_seeds_from(r->seed), &err);
    if (!r->game)
        return verdict_set(v, PROTO_BAD_OPTIONS, "%s", err.message);
    compact_seats(r);
    r->status = ROOM_PLAYING;
    r->clock_origin = lobby_now(r->lobby);
    r->seq = 0;
    log_info("room %s: %s starts with %d players", r->code, r->engine->id, filled);
    room_announce(r, by, id);
    json_t *events = json_array();
    after_inputs(r, events, NULL, NULL);
    json_decref(events);
    lobby_rooms_changed(r->lobby);
    return 0;
}

void table_send_state(room *r, player *p, const json_t *id)
{
    if (!r->game || !p->conn)
        return;
    json_t *events = json_array();
    json_t *deadline = r->status == ROOM_PLAYING ? deadline_json(r, game_now(r)) : json_null();
    json_t *m = state_json(r, p->seat, events, deadline, id);
    lobby_send_json(p->conn, m);
    json_decref(m);
    json_decref(deadline);
    json_decref(events);
    if (r->status == ROOM_OVER)
        send_over(r, p);
}

void table_close(room *r)
{
    cancel_work(r);
    forget_think(r);
    uv_timer_stop(&r->deadline_timer);
    wheel_stop(&r->lobby->wheel, &r->bot_timer);
    if (r->game)
        r->engine->destroy(r->game);
    r->game = NULL;
    json_decref(r->result);
    r->result = NULL;
}

/* Replays one stored input; -1 with err set if the engine refuses it. */
static int replay_input(room *r, const json_t *in, json_t *events, game_error *err)
{
    int64_t t = json_integer_value(json_object_get(in, "t"));
    int seat_no = (int)json_integer_value(json_object_get(in, "seat"));
    const char *kind = json_string_value(json_object_get(in, "kind"));
    const json_t *action = json_object_get(in, "action");
    if (kind && strcmp(kind, "tick") == 0) {
        r->engine->tick(r->game, t, events);
    } else if (!kind || strcmp(kind, "act") != 0 || !action ||
               r->engine->act(r->game, seat_no, action, t, events, err) < 0) {
        if (!err->message[0])
            game_fail(err, "illegal", "input %llu is not an input", (unsigned long long)r->seq);
        return -1;
    }
    r->seq++;
    return 0;
}

int table_replay(room *r, const json_t *inputs, int64_t clock_ms, game_error *err)
{
    *err = (game_error){"", ""};
    r->game = r->engine->create(r->options, r->nseats, game_seeds_from(r->seed), err);
    if (!r->game)
        return -1;
    size_t n = json_array_size(inputs);
    json_t *events = json_array();
    int64_t last = 0;
    for (size_t i = 0; i < n; i++) {
        const json_t *in = json_array_get(inputs, i);
        if (replay_input(r, in, events, err) < 0) {
            char why[sizeof err->message + 64];
            snprintf(why, sizeof why, "input %zu of %zu: %s", i + 1, n, err->message);
            snprintf(err->message, sizeof err->message, "%.*s", (int)sizeof err->message - 1, why);
            json_decref(events);
            return -1;
        }
        json_array_clear(events);
        last = json_integer_value(json_object_get(in, "t"));
    }
    json_decref(events);
    if (clock_ms < last)
        clock_ms = last;
    r->status = r->engine->over(r->game) ? ROOM_OVER : ROOM_PLAYING;
    r->clock_origin = lobby_now(r->lobby) - (uint64_t)clock_ms;
    if (r->status == ROOM_OVER) {
        r->result = r->engine->result(r->game);
        return 0;
    }
    arm_deadline(r);
    schedule_bots(r);
    check_work(r);
    return 0;
}

void table_init(room *r)
{
    wheel_timer_init(&r->bot_timer, bot_timer_fired, r);
}
