/*
 * worker.c: a worker process's loop: pacing connects, the run's clock,
 * the scenario's ticks and the report to the parent.
 */
#include "worker.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "procstat.h"

int64_t lg_now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

const char *lg_scenario_name(lg_scenario s)
{
    switch (s) {
    case LG_IDLE: return "idle";
    case LG_CHAT: return "chat";
    case LG_PLAY: return "play";
    case LG_CHURN: return "churn";
    case LG_RECONNECT: return "reconnect";
    }
    return "?";
}

/* ---- pipes to the parent ---- */

static bool write_all(int fd, const void *data, size_t len)
{
    const char *p = data;
    while (len) {
        ssize_t n = write(fd, p, len);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        p += n;
        len -= (size_t)n;
    }
    return true;
}

static void on_control(int fd, void *arg)
{
    lg_worker *w = arg;
    char cmd;
    ssize_t n = read(fd, &cmd, 1);
    if (n <= 0) { /* the parent is gone */
        w->quit = true;
        return;
    }
    if (cmd == 'G') {
        int64_t at;
        size_t got = 0;
        while (got < sizeof at) {
            ssize_t m = read(fd, (char *)&at + got, sizeof at - got);
            if (m <= 0) {
                w->quit = true;
                return;
            }
            got += (size_t)m;
        }
        w->go_at = at;
        w->window_at = at + (int64_t)(w->o->warmup_s * 1e6);
        w->end_at = w->window_at + (int64_t)(w->o->seconds * 1e6);
        w->running = true;
    } else if (cmd == 'Q') {
        w->quit = true;
    }
}

/* ---- what the wires call ---- */

bool worker_measuring(const lg_worker *w)
{
    return w->measuring;
}

void worker_ready(lg_client *c)
{
    lg_worker *w = c->w;
    c->phase = CL_READY;
    if (!c->counted_ready) {
        c->counted_ready = true;
        w->ready++;
    }
    if (c->resuming) {
        c->resuming = false;
        w->res.resumed++;
        worker_sample(c, c->dropped_at);
        /* The latest so far; the end of the run keeps it only if all came back. */
        w->res.resume_s = (double)(lg_now_us() - w->window_at) / 1e6;
    }
}

static void note_error(lg_worker *w, const char *why)
{
    w->res.errors++;
    if (!w->res.first_error[0] && why)
        snprintf(w->res.first_error, sizeof w->res.first_error, "%s", why);
    if (w->o->verbose && why)
        fprintf(stderr, "botpit-loadgen: %s\n", why);
}

void worker_fail(lg_client *c, const char *why)
{
    lg_worker *w = c->w;
    if (c->phase == CL_FAILED)
        return;
    note_error(w, why);
    if (c->resuming) {
        c->resuming = false;
        w->res.seats_lost++;
    }
    c->phase = CL_FAILED;
    if (!c->counted_ready)
        w->failed++;
    if (c->conn) {
        ws_conn *conn = c->conn;
        c->conn = NULL;
        ws_drop(conn);
    }
}

void worker_error(lg_client *c, const char *why)
{
    note_error(c->w, why);
}

void worker_sample(lg_client *c, int64_t since_us)
{
    if (c->w->measuring)
        hist_add(&c->w->res.lat, lg_now_us() - since_us);
}

bool worker_send(lg_client *c, int op, const char *data, size_t len)
{
    if (!c->conn || !ws_send(c->conn, op, data, len))
        return false;
    if (c->w->measuring)
        c->w->res.sent++;
    return true;
}

void worker_requeue(lg_client *c)
{
    lg_worker *w = c->w;
    c->phase = CL_QUEUED;
    w->queue[(w->q_head + w->q_len) % w->count] = c->local;
    w->q_len++;
}

void worker_game_over(lg_client *c)
{
    c->w->res.games_over++;
}

uint32_t worker_timed_id(lg_client *c)
{
    c->req_id = ++c->next_id;
    c->req_at = lg_now_us();
    return c->req_id;
}

lg_group *worker_group(lg_client *c)
{
    return &c->w->groups[c->group];
}

bool worker_is_host(const lg_client *c)
{
    return c->w->groups[c->group].first == c->local;
}

/* ---- the loop's callbacks ---- */

static void on_open(ws_conn *conn, void *user)
{
    (void)conn;
    lg_client *c = user;
    if (c->pending) {
        c->pending = false;
        c->w->pending--;
    }
    c->phase = c->phase == CL_READY ? CL_READY : CL_SETUP;
    c->w->wire->open(c);
}

static void on_message(ws_conn *conn, void *user, int op, const char *data, size_t len)
{
    (void)conn;
    lg_client *c = user;
    if (c->w->measuring)
        c->w->res.delivered++;
    c->w->wire->message(c, op, data, len);
}

static void on_closed(ws_conn *conn, void *user, int code)
{
    (void)conn;
    lg_client *c = user;
    lg_worker *w = c->w;
    if (c->conn != conn && c->conn) /* an older connection of a resumed client */
        return;
    c->conn = NULL;
    if (c->pending) {
        c->pending = false;
        w->pending--;
    }
    if (c->phase == CL_QUEUED || c->phase == CL_FAILED || w->ended)
        return;
    if (c->phase == CL_READY)
        w->res.disconnects++;
    w->wire->closed(c, code);
    if (c->phase == CL_QUEUED || c->phase == CL_FAILED)
        return;
    char why[96];
    snprintf(why, sizeof why, "client %u: connection closed (%d) while %s", c->index, code,
             c->phase == CL_READY ? "running" : "setting up");
    worker_fail(c, why);
}

/* ---- pacing and ticking ---- */

static void pump_connects(lg_worker *w, int64_t now)
{
    if (!w->q_len)
        return;
    if (!w->pace_from) {
        w->pace_from = now;
        w->paced = 0;
    }
    double rate = (double)w->o->connect_rate * w->count / (w->total ? w->total : 1);
    uint64_t allowed = (uint64_t)((double)(now - w->pace_from) / 1e6 * rate) + 1;
    while (w->q_len && w->paced < allowed && w->pending < (uint32_t)w->o->max_pending) {
        lg_client *c = &w->clients[w->queue[w->q_head]];
        w->q_head = (w->q_head + 1) % w->count;
        w->q_len--;
        w->paced++;
        c->phase = CL_CONNECTING;
        c->pending = true;
        w->pending++;
        w->wire->start(c);
    }
    if (!w->q_len)
        w->pace_from = 0;
}

/* Client k of the level ticks at go + (k / total) * period + m * period:
 * the phases of all workers' clients interleave evenly. */
static int64_t tick_time(const lg_worker *w, uint32_t local, uint64_t round)
{
    int64_t period = (int64_t)w->o->period_ms * 1000;
    uint64_t k = w->first_index + local;
    return w->go_at + (int64_t)(k * (uint64_t)period / w->total) + (int64_t)round * period;
}

static void run_ticks(lg_worker *w, int64_t now)
{
    if (w->o->scenario == LG_RECONNECT)
        return; /* a storm, not a rhythm */
    while (tick_time(w, w->tick_next, w->tick_round) <= now) {
        lg_client *c = &w->clients[w->tick_next];
        if (c->phase == CL_READY && c->conn)
            w->wire->tick(c, now);
        if (++w->tick_next == w->count) {
            w->tick_next = 0;
            w->tick_round++;
        }
    }
}

static void storm(lg_worker *w, int64_t now)
{
    for (uint32_t i = 0; i < w->count; i++) {
        lg_client *c = &w->clients[i];
        if (c->phase != CL_READY || !c->conn)
            continue;
        c->resuming = true;
        c->dropped_at = now;
        ws_conn *conn = c->conn;
        c->conn = NULL;
        c->phase = CL_QUEUED;
        ws_drop(conn);
        worker_requeue(c);
    }
    w->storm_done = true;
}

static void report(lg_worker *w, char tag)
{
    bool ok = write_all(w->rep_fd, &tag, 1);
    if (ok && tag == 'D')
        ok = write_all(w->rep_fd, &w->res, sizeof w->res);
    else if (ok)
        ok = write_all(w->rep_fd, &w->ready, sizeof w->ready);
    if (!ok)
        w->quit = true;
}

static void on_time(lg_worker *w, int64_t now)
{
    if (!w->running)
        return;
    if (!w->measuring && !w->ended && now >= w->window_at) {
        w->measuring = true;
        w->cpu_at_window = procstat_self_cpu();
        w->wait_at_window = procstat_self_wait();
        /* Only the window's figures: errors and disconnects count all along. */
        hist_clear(&w->res.lat);
        w->res.delivered = w->res.sent = 0;
        if (w->o->scenario == LG_RECONNECT)
            storm(w, now);
    }
    bool all_back = w->o->scenario == LG_RECONNECT && w->storm_done &&
                    w->res.resumed + w->res.seats_lost >= w->ready;
    if (w->measuring && (now >= w->end_at || all_back)) {
        w->measuring = false;
        w->ended = true;
        w->res.cpu_s = procstat_self_cpu() - w->cpu_at_window;
        w->res.wait_s = procstat_self_wait() - w->wait_at_window;
        procstat self;
        if (procstat_read(getpid(), &self))
            w->res.rss_mb = self.rss_mb;
        if (w->o->scenario == LG_RECONNECT) {
            /* Clients still away at the end lost their seat for this run. */
            for (uint32_t i = 0; i < w->count; i++)
                if (w->clients[i].resuming)
                    w->res.seats_lost++;
            if (w->res.resumed < w->ready)
                w->res.resume_s = -1;
        }
        report(w, 'D');
        return;
    }
    if (!w->ended)
        run_ticks(w, now);
}

/* The play scenario's game for client k: the chosen games in turn. */
static int game_of(unsigned games, uint32_t k)
{
    int chosen[32], n = 0;
    for (int g = 0; g < lg_game_count && g < 32; g++)
        if (games & (1u << g))
            chosen[n++] = g;
    return n ? chosen[k % (uint32_t)n] : 0;
}

static bool setup(lg_worker *w, const lg_opts *o, int index, uint32_t first, uint32_t count,
                  uint32_t total)
{
    static const ws_handlers handlers = {on_open, on_message, on_closed};
    w->o = o;
    w->wire = o->wire == LG_WIRE_COLYSEUS ? &lg_colyseus_wire : &lg_botpit_wire;
    w->first_index = first;
    w->count = count;
    w->total = total;
    int sources = o->sources ? o->sources : 1 + (int)(total / 25000);
    /* Several hosts: the nodes of one server, each worker on one of them. */
    w->loop = ws_loop_new(&handlers, o->hosts[index % o->n_hosts], o->port, sources);
    w->clients = calloc(count, sizeof *w->clients);
    w->queue = calloc(count, sizeof *w->queue);
    uint32_t size = o->scenario == LG_PLAY || o->scenario == LG_IDLE ? 1 : (uint32_t)o->room_size;
    w->n_groups = (count + size - 1) / size;
    w->groups = calloc(w->n_groups ? w->n_groups : 1, sizeof *w->groups);
    if (!w->loop || !w->clients || !w->queue || !w->groups)
        return false;
    for (uint32_t g = 0; g < w->n_groups; g++) {
        w->groups[g].first = g * size;
        w->groups[g].size = g * size + size <= count ? size : count - g * size;
    }
    for (uint32_t i = 0; i < count; i++) {
        lg_client *c = &w->clients[i];
        c->w = w;
        c->index = first + i;
        c->local = i;
        c->group = i / size;
        c->game = (uint8_t)game_of(o->games, c->index);
        c->round = -1;
        worker_requeue(c);
    }
    w->res.clients = count;
    return ws_watch_fd(w->loop, w->ctl_fd, on_control, w);
}

int worker_main(const lg_opts *o, int index, uint32_t first, uint32_t count, uint32_t total,
                int ctl_fd, int rep_fd)
{
    lg_worker *w = calloc(1, sizeof *w);
    if (!w)
        return 1;
    w->ctl_fd = ctl_fd;
    w->rep_fd = rep_fd;
    if (!setup(w, o, index, first, count, total)) {
        fprintf(stderr, "botpit-loadgen: worker set-up failed: %s\n", strerror(errno));
        return 1;
    }
    w->setup_started = lg_now_us();
    int64_t setup_deadline = w->setup_started + (int64_t)(o->setup_timeout_s * 1e6);
    bool reported_ready = false;
    while (!w->quit) {
        int timeout = w->running || w->q_len ? 1 : 20;
        if (ws_poll(w->loop, timeout) < 0) {
            fprintf(stderr, "botpit-loadgen: epoll: %s\n", strerror(errno));
            return 1;
        }
        int64_t now = lg_now_us();
        pump_connects(w, now);
        if (!reported_ready && (w->ready + w->failed >= w->count || now >= setup_deadline)) {
            reported_ready = true;
            w->res.setup_s = (double)(now - w->setup_started) / 1e6;
            w->res.ready = w->ready;
            report(w, 'R');
        }
        on_time(w, now);
    }
    /* Exiting closes every socket at once; nothing to tidy for the kernel. */
    return 0;
}
