/* replays.c: the replay sessions of the lobby's connections (`replay`,
 * `replay_step`), built and stepped off the loop.
 *
 * A connection has at most one replay open; another that opens replaces
 * it (a replay that fails to open leaves the one open as it was). The
 * work (reading the finished game from the store, rebuilding it, a step's
 * clone, moves and view, and serializing the answer) runs on libuv's
 * worker threads, but for the read from Redis in distributed mode, one
 * bounded asynchronous call on the loop whose texts the worker parses
 * (JOB_FETCH), so that no request holds up the loop however
 * long its game; the loop only hands a session to a worker and sends what
 * comes back. While a session's job runs, its further requests wait in a
 * short queue and are answered in order. A session nobody steps for
 * REPLAY_IDLE_MS is dropped, and so is it when its connection goes (a job
 * still running then frees it when it lands).
 *
 * Bounds: replays open per address (`replays_per_addr`, a quota held at
 * once), opens per address and minute (`replays_per_min`), and
 * REPLAY_SESSIONS_MAX on the whole server; each session's memory is
 * bounded by replay.h. */
#include <stdlib.h>
#include <string.h>

#include "lobby/lobby_int.h"
#include "lobby/replay.h"
#include "store/rstore.h"
#include "store/store.h"
#include "util/log.h"

/* Requests of one session waiting for its job. */
#define QUEUE_MAX 8

/* JOB_FETCH: in distributed mode, the finished game is read from Redis on
 * the loop (a worker may not use the loop's connection; the call is
 * bounded by its timeout), and its texts go to the JOB_OPEN that parses
 * and builds it. */
typedef enum job_kind { JOB_NONE, JOB_FETCH, JOB_OPEN, JOB_STEP } job_kind;

/* One request, as it waits and as its job carries it. */
typedef struct pending {
    json_t *id;     /* echoed; owned (a copy) */
    int to, by;     /* PROTO_ABSENT when not given */
    int view_seat;  /* PROTO_ABSENT, PROTO_SEAT_ALL, -1 or a seat */
} pending;

struct replay_session {
    replay_session *prev, *next; /* the lobby's sessions */
    lobby *lobby;      /* NULL once dropped: the job in flight frees it */
    lobby_conn *conn;
    char addr[ADDR_KEY_MAX];
    replay *r;         /* NULL until opened */
    replay_session *replaced; /* while opening: the connection's replay it replaces */
    size_t seq;        /* where it stands */
    int audience;      /* a seat, GAME_SEAT_SPECTATOR or GAME_SEAT_REPLAY */
    pending queue[QUEUE_MAX];
    int nqueue;
    wheel_timer idle;
    /* the job in flight (one at a time) */
    job_kind job;
    uv_work_t work;
    pending req;
    struct store *store;   /* JOB_OPEN: where to read */
    int64_t game;          /* JOB_OPEN: which game */
    bool fetched;          /* JOB_OPEN: read from Redis already, as: */
    int fetch_rc;          /* rstore_replay_read's rc, and its texts (owned) */
    char *fetch_result, *fetch_settings, *fetch_log;
    char viewer[IDS_PLAYER_ID_LEN + 1];
    size_t to;             /* JOB_STEP: the frame's input */
    int to_audience;
    replay *built;         /* JOB_OPEN's result */
    msg *answer;           /* the serialized answer, or NULL with code and why */
    proto_code code;
    char why[256];
};

static void run_next(replay_session *s);

/* --- counting --- */

static int64_t held_by(lobby *l, const char *addr)
{
    return (intptr_t)map_get(&l->replays_by_addr, addr);
}

static void addr_hold(lobby *l, const char *addr, int n)
{
    int64_t c = held_by(l, addr) + n;
    if (c > 0)
        map_put(&l->replays_by_addr, addr, (void *)(intptr_t)c);
    else
        map_remove(&l->replays_by_addr, addr);
    l->replays_open += n;
}

int64_t lobby_replays_top(lobby *l)
{
    int64_t top = 0;
    for (map_iter it = map_first(&l->replays_by_addr); it.entry;
         map_next(&l->replays_by_addr, &it)) {
        int64_t c = (intptr_t)map_iter_value(&it);
        if (c > top)
            top = c;
    }
    return top;
}

/* --- life --- */

static void pending_clear(pending *p)
{
    json_decref(p->id);
    p->id = NULL;
}

static void session_free(replay_session *s)
{
    for (int i = 0; i < s->nqueue; i++)
        pending_clear(&s->queue[i]);
    pending_clear(&s->req);
    replay_free(s->r);
    replay_free(s->built);
    free(s->fetch_result);
    free(s->fetch_settings);
    free(s->fetch_log);
    if (s->answer)
        msg_unref(s->answer);
    free(s);
}

/* The session leaves its connection and the lobby's counts; it is freed
 * now, or by its job when that lands. */
static void detach(replay_session *s)
{
    lobby *l = s->lobby;
    if (!l)
        return;
    if (s->replaced)
        detach(s->replaced);
    s->replaced = NULL;
    sched_stop(&l->sched, &s->idle);
    addr_hold(l, s->addr, -1);
    if (s->prev)
        s->prev->next = s->next;
    else
        l->replays = s->next;
    if (s->next)
        s->next->prev = s->prev;
    if (s->conn && s->conn->replay == s)
        s->conn->replay = NULL;
    s->lobby = NULL;
    s->conn = NULL;
    if (s->job == JOB_NONE)
        session_free(s);
}

void lobby_replay_drop(lobby *l, lobby_conn *c)
{
    (void)l;
    if (c->replay)
        detach(c->replay);
}

void lobby_replays_close(lobby *l)
{
    while (l->replays)
        detach(l->replays);
}

static void idle_fired(wheel_timer *t)
{
    replay_session *s = t->data;
    if (s->job != JOB_NONE) { /* busy after all: look again later */
        sched_start(&s->lobby->sched, &s->idle, REPLAY_IDLE_MS);
        return;
    }
    log_debug("a replay of game %lld closes: nobody stepped it for a while", (long long)s->game);
    detach(s);
}

static void touched(replay_session *s)
{
    sched_start(&s->lobby->sched, &s->idle, REPLAY_IDLE_MS);
}

/* --- answers --- */

static void send_error(replay_session *s, const json_t *id, proto_code code, const char *why)
{
    if (s->conn)
        lobby_send_error(s->conn, id, code, why);
}

/* Serializes m, echoing id, into s->answer (on a worker: the loop never
 * sees m). */
static void answer_with(replay_session *s, json_t *m, const char *type)
{
    json_t *out = proto_message(type, s->req.id);
    json_object_update(out, m);
    json_decref(m);
    s->answer = msg_from_json(out);
    json_decref(out);
    if (!s->answer) {
        s->code = PROTO_INTERNAL;
        snprintf(s->why, sizeof s->why, "the server is out of memory");
    }
}

/* --- jobs (on a worker) --- */

static void open_run(replay_session *s)
{
    store_replay_status status;
    const char *viewer = s->viewer[0] ? s->viewer : NULL;
    json_t *row = s->fetched ? rstore_replay_row(s->game, s->fetch_rc, s->fetch_result,
                                                 s->fetch_settings, s->fetch_log, &status)
                             : store_replay_get(s->store, s->game, viewer, &status);
    if (!row) {
        s->code = status == STORE_REPLAY_FAILED ? PROTO_UNAVAILABLE : PROTO_NO_SUCH_REPLAY;
        if (status == STORE_REPLAY_FAILED)
            snprintf(s->why, sizeof s->why,
                     "the server could not read game %lld just now; try again shortly",
                     (long long)s->game);
        else if (status == STORE_REPLAY_NOT_KEPT)
            snprintf(s->why, sizeof s->why,
                     "game %lld ended before this server kept replays; only its result is left "
                     "(see /api/results)",
                     (long long)s->game);
        else
            snprintf(s->why, sizeof s->why,
                     "there is no finished game %lld that you may watch (a private game's "
                     "replay is for its players only); /api/results lists the games you can",
                     (long long)s->game);
        return;
    }
    s->built = replay_build(row, &s->code, s->why, sizeof s->why);
    json_decref(row);
    if (!s->built)
        return;
    if (s->to_audience >= replay_seats(s->built)) {
        s->code = PROTO_BAD_SEAT;
        snprintf(s->why, sizeof s->why,
                 "game %lld has seats 0 to %d; \"seat\" may also be -1 (a spectator's view) or "
                 "\"all\"",
                 (long long)s->game, replay_seats(s->built) - 1);
        replay_free(s->built);
        s->built = NULL;
        return;
    }
    size_t to = s->to > replay_length(s->built) ? replay_length(s->built) : s->to;
    json_t *frame = replay_frame(s->built, to, 0, s->to_audience, false);
    if (!frame) {
        s->code = PROTO_INTERNAL;
        snprintf(s->why, sizeof s->why, "the server is out of memory");
        return;
    }
    json_t *m = replay_header(s->built);
    json_object_set_new(m, "frame", frame);
    s->to = to;
    answer_with(s, m, "replay");
}

static void step_run(replay_session *s)
{
    json_t *frame = replay_frame(s->r, s->to, s->seq, s->to_audience, s->to_audience == s->audience);
    if (!frame) {
        s->code = PROTO_INTERNAL;
        snprintf(s->why, sizeof s->why, "the server is out of memory");
        return;
    }
    answer_with(s, frame, "replay_frame");
}

static void job_run(uv_work_t *w)
{
    replay_session *s = w->data;
    if (s->job == JOB_OPEN)
        open_run(s);
    else
        step_run(s);
}

static void job_done(uv_work_t *w, int status)
{
    replay_session *s = w->data;
    job_kind kind = s->job;
    s->job = JOB_NONE;
    if (!s->lobby) { /* dropped meanwhile */
        session_free(s);
        return;
    }
    if (status != 0 && !s->answer) {
        s->code = PROTO_INTERNAL;
        snprintf(s->why, sizeof s->why, "the server could not finish that");
    }
    if (s->answer) {
        s->conn->ops->send(s->conn, s->answer);
        msg_unref(s->answer);
        s->answer = NULL;
        if (kind == JOB_OPEN) {
            s->r = s->built;
            s->built = NULL;
            if (s->replaced)
                detach(s->replaced);
            s->replaced = NULL;
        }
        s->seq = s->to;
        s->audience = s->to_audience;
    } else {
        send_error(s, s->req.id, s->code, s->why);
        if (kind == JOB_OPEN) { /* nothing to step: the session goes, the old one stays */
            if (s->replaced) {
                s->conn->replay = s->replaced;
                touched(s->replaced);
            }
            s->replaced = NULL;
            pending_clear(&s->req);
            for (int i = 0; i < s->nqueue; i++) {
                send_error(s, s->queue[i].id, PROTO_NO_REPLAY,
                           "the replay you asked for could not be opened, so this step was not "
                           "made");
                pending_clear(&s->queue[i]);
            }
            s->nqueue = 0;
            detach(s);
            return;
        }
    }
    pending_clear(&s->req);
    run_next(s);
}

static bool start_job(replay_session *s, job_kind kind)
{
    s->job = kind;
    s->answer = NULL;
    s->work.data = s;
    if (uv_queue_work(s->lobby->loop, &s->work, job_run, job_done) == 0)
        return true;
    s->job = JOB_NONE;
    return false;
}

/* --- steps --- */

/* Where a step goes, or -1 with code and why set (nothing changes). */
static int step_target(const replay_session *s, const pending *p, size_t *to, int *audience,
                       proto_code *code, char *why, size_t len)
{
    size_t n = replay_length(s->r);
    int seats = replay_seats(s->r);
    if (p->to != PROTO_ABSENT && p->by != PROTO_ABSENT) {
        *code = PROTO_BAD_MESSAGE;
        snprintf(why, len, "\"replay_step\" takes \"to\" or \"by\", not both");
        return -1;
    }
    if (p->to == PROTO_ABSENT && p->by == PROTO_ABSENT && p->view_seat == PROTO_ABSENT) {
        *code = PROTO_BAD_MESSAGE;
        snprintf(why, len, "\"replay_step\" needs \"to\" (an input), \"by\" (inputs forward, or "
                           "back when negative) or \"seat\" (whose view)");
        return -1;
    }
    if (p->view_seat >= seats) {
        *code = PROTO_BAD_SEAT;
        snprintf(why, len, "game %lld has seats 0 to %d; \"seat\" may also be -1 (a "
                           "spectator's view) or \"all\"",
                 (long long)s->game, seats - 1);
        return -1;
    }
    /* Past either end is the end: the frame's seq says where it stopped. */
    long long target = (long long)s->seq;
    if (p->to != PROTO_ABSENT)
        target = p->to;
    else if (p->by != PROTO_ABSENT)
        target += p->by;
    *to = target < 0 ? 0 : target > (long long)n ? n : (size_t)target;
    *audience = p->view_seat == PROTO_ABSENT ? s->audience
                : p->view_seat == PROTO_SEAT_ALL ? GAME_SEAT_REPLAY
                                                  : p->view_seat;
    return 0;
}

/* Runs the next waiting request, if the session is free. */
static void run_next(replay_session *s)
{
    while (s->lobby && s->job == JOB_NONE && s->nqueue) {
        pending p = s->queue[0];
        memmove(s->queue, s->queue + 1, (size_t)--s->nqueue * sizeof *s->queue);
        proto_code code;
        char why[256];
        if (step_target(s, &p, &s->to, &s->to_audience, &code, why, sizeof why) < 0) {
            send_error(s, p.id, code, why);
            pending_clear(&p);
            continue;
        }
        s->req = p;
        if (!start_job(s, JOB_STEP)) {
            send_error(s, p.id, PROTO_INTERNAL, "the server could not start that");
            pending_clear(&s->req);
        }
    }
}

void lobby_replay_step(lobby *l, lobby_conn *c, const proto_request *q)
{
    (void)l;
    replay_session *s = c->replay;
    if (!s) {
        lobby_send_error(c, q->id, PROTO_NO_REPLAY,
                         "no replay is open: open one first with {\"type\":\"replay\","
                         "\"game\":ID} (the id of a finished game in /api/results)");
        return;
    }
    if (s->nqueue == QUEUE_MAX) {
        lobby_send_error(c, q->id, PROTO_RATE_LIMITED,
                         "your replay is still answering earlier steps; wait for them before "
                         "sending more");
        return;
    }
    s->queue[s->nqueue++] = (pending){q->id ? json_deep_copy(q->id) : NULL, q->to, q->by,
                                      q->view_seat};
    touched(s);
    if (s->r)
        run_next(s);
}

/* --- opening --- */

/* The finished game a replay request names: its id, or 0 with v set. */
static int64_t game_asked(lobby *l, const proto_request *q, verdict *v)
{
    if ((q->game_id > 0) == (q->room != NULL)) {
        verdict_set(v, PROTO_BAD_MESSAGE,
                    "\"replay\" takes either a \"game\" (the id of a finished game) or a "
                    "\"room\" (the code of a room whose game is over), not %s",
                    q->room ? "both" : "neither");
        return 0;
    }
    if (q->game_id > 0)
        return q->game_id;
    char code[IDS_CODE_LEN + 1];
    const room *r = ids_code_normalize(q->room, code) ? map_get(&l->rooms, code) : NULL;
    if (!r && store_redis(l->store)) {
        verdict_set(v, PROTO_NO_SUCH_ROOM,
                    "there is no room \"%.16s\" on this node; a finished game is replayed by "
                    "its id, on any node (the \"replay\" of its over message, or its id in "
                    "/api/results)",
                    q->room);
        return 0;
    }
    if (!r) {
        verdict_set(v, PROTO_NO_SUCH_ROOM,
                    "there is no room \"%.16s\"; a finished game is replayed by its id (the "
                    "\"replay\" of its over message, or its id in /api/results)",
                    q->room);
        return 0;
    }
    if (r->state.status != ROOM_OVER || r->game_id <= 0) {
        verdict_set(v, PROTO_WRONG_STATUS,
                    r->state.status == ROOM_PLAYING
                        ? "the game in room %s is still being played: its replay opens once it "
                          "is over (watch it live with join)"
                        : r->state.status == ROOM_LOBBY
                              ? "room %s has not played a game yet: there is nothing to replay"
                              : "room %s's game was not kept: there is nothing to replay",
                    r->code);
        return 0;
    }
    return r->game_id;
}

/* Queues the session's JOB_OPEN; if it cannot be, the session goes. */
static void open_queued(replay_session *s)
{
    if (!start_job(s, JOB_OPEN)) {
        send_error(s, s->req.id, PROTO_INTERNAL, "the server could not start that");
        detach(s);
    }
}

static char *dup_or_null(const char *text)
{
    return text ? strdup(text) : NULL;
}

/* The finished game as Redis gave it (rstore_replay_fn), on the loop: its
 * texts go to the worker that builds it. */
static void fetched(void *arg, int rc, const char *result, const char *settings, const char *log)
{
    replay_session *s = arg;
    s->job = JOB_NONE;
    if (!s->lobby) { /* dropped meanwhile */
        session_free(s);
        return;
    }
    s->fetched = true;
    s->fetch_rc = rc;
    s->fetch_result = dup_or_null(result);
    s->fetch_settings = dup_or_null(settings);
    s->fetch_log = dup_or_null(log);
    if (rc == 0 && (!s->fetch_result || !s->fetch_settings || !s->fetch_log))
        s->fetch_rc = -1; /* out of memory: as if unread */
    open_queued(s);
}

/* Whether c may open one more replay: 0, or -1 with v set. */
static int may_open(lobby *l, lobby_conn *c, verdict *v)
{
    int max = l->cfg.replays_per_addr;
    int64_t held = held_by(l, c->addr) - (c->replay != NULL); /* its own goes */
    if (max && held >= max) {
        quota_refused(&l->quotas, QUOTA_REPLAYS_PER_ADDR);
        verdict_set(v, PROTO_QUOTA_EXCEEDED,
                    "%lld replays are open from your address, the most the server allows one "
                    "address; close one (leave its page) and try again",
                    (long long)held);
        v->quota = quota_name(QUOTA_REPLAYS_PER_ADDR);
        return -1;
    }
    if (l->replays_open - (c->replay != NULL) >= REPLAY_SESSIONS_MAX)
        return verdict_set(v, PROTO_SERVER_FULL,
                           "the server is showing as many replays as it can; try again in a "
                           "minute");
    return lobby_quota_take(l, c, QUOTA_REPLAYS_PER_MIN, 1, v);
}

void lobby_replay_open(lobby *l, lobby_conn *c, const proto_request *q)
{
    verdict v;
    int64_t game = game_asked(l, q, &v);
    if (game > 0 && !l->store) {
        game = 0;
        verdict_set(&v, PROTO_NO_SUCH_REPLAY, "this server keeps no finished games (no database)");
    }
    if (game > 0 && c->replay && !c->replay->r) {
        game = 0;
        verdict_set(&v, PROTO_RATE_LIMITED,
                    "your last replay is still opening; wait for it before opening another");
    }
    if (game <= 0 || may_open(l, c, &v) < 0) {
        lobby_send_verdict(c, q->id, &v);
        return;
    }
    replay_session *s = calloc(1, sizeof *s);
    if (!s) {
        lobby_send_error(c, q->id, PROTO_INTERNAL, "the server is out of memory");
        return;
    }
    s->lobby = l;
    s->conn = c;
    snprintf(s->addr, sizeof s->addr, "%s", c->addr);
    s->store = l->store;
    s->game = game;
    snprintf(s->viewer, sizeof s->viewer, "%s", c->player->id);
    s->to = q->to == PROTO_ABSENT ? 0 : (size_t)q->to;
    s->to_audience = q->view_seat == PROTO_ABSENT || q->view_seat == PROTO_SEAT_ALL
                         ? GAME_SEAT_REPLAY
                         : q->view_seat;
    s->req = (pending){q->id ? json_deep_copy(q->id) : NULL, q->to, PROTO_ABSENT, q->view_seat};
    wheel_timer_init(&s->idle, idle_fired, s);
    /* The replay open now stays until this one has opened. */
    s->replaced = c->replay;
    if (s->replaced)
        sched_stop(&l->sched, &s->replaced->idle);
    c->replay = s;
    s->next = l->replays;
    if (l->replays)
        l->replays->prev = s;
    l->replays = s;
    addr_hold(l, s->addr, 1);
    touched(s);
    rstore *rs = store_redis(l->store);
    if (rs) {
        s->job = JOB_FETCH;
        if (rstore_replay_read(rs, game, s->viewer, fetched, s) == 0)
            return;
        s->job = JOB_NONE;
        s->fetched = true; /* no connection: the open says so */
        s->fetch_rc = -1;
    }
    open_queued(s);
}
