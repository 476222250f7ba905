/* rconn.c: a Redis connection on our loop, every call bounded by our timer. */
#include "store/rconn.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <hiredis/adapters/libuv.h>
#include <hiredis/async.h>
#include <netdb.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>

#include "util/log.h"
#include "util/metrics.h"
#include "util/rng.h"

#define BACKOFF_FIRST_MS 100
#define BACKOFF_MAX_MS 2000

/* Latency buckets (seconds) of /metrics' histogram. */
static const double bucket_s[] = {0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5};
#define NBUCKETS (sizeof bucket_s / sizeof bucket_s[0])

typedef enum rc_state { RC_DOWN, RC_CONNECTING, RC_UP, RC_CLOSING, RC_CLOSED } rc_state;

/* One call in flight; hiredis' privdata. */
typedef struct rcall {
    rconn *c;
    rconn_reply_fn fn; /* NULL for the connection's own set-up calls */
    void *arg;
    uint64_t sent;     /* ms (now_ms) */
    int script;        /* SCRIPT LOAD of this script, or -1 */
    bool abandoned;    /* failed as late; its answer, when it comes, is dropped */
    bool time;         /* the set-up's TIME */
    int64_t wall_sent; /* µs, for TIME */
    struct rcall *prev, *next;
} rcall;

typedef struct deferred {
    void (*fn)(void *arg);
    void *arg;
    struct deferred *next;
} deferred;

typedef struct script {
    char name[32];
    char *source;
    char sha[41];
} script;

struct rconn {
    uv_loop_t *loop;
    rconn_url url;
    char where[300];
    redisAsyncContext *ac; /* NULL when there is none: hiredis frees it */
    rc_state state;
    bool starting;         /* rconn_open: a failure is reported, not retried */
    uv_timer_t watchdog;   /* the oldest call's deadline, or the connection's */
    uv_timer_t retry;      /* the next connection attempt */
    uv_prepare_t before_poll; /* runs the flusher */
    uv_timer_t defer_timer;   /* runs what rconn_defer queued */
    struct deferred *deferred, *deferred_tail;
    void (*flusher)(void *arg);
    void *flusher_arg;
    bool flushing;
    int handles_open;
    int backoff_ms;
    uint64_t connect_started;
    rcall *head, *tail;    /* calls in flight, oldest first */
    uint64_t last_answer;  /* ms (now_ms) of the last answer from Redis */
    uint64_t due;          /* ms the watchdog was armed for */
    bool grace;            /* it fired late once: our loop, not Redis, was stuck */
    uint64_t abandoned;    /* calls failed as late while Redis went on answering */
    int setup_left;        /* set-up replies still awaited */
    script scripts[RCONN_MAX_SCRIPTS];
    int nscripts;
    struct {
        void (*fn)(void *arg, bool up);
        void *arg;
    } listeners[RCONN_MAX_LISTENERS];
    int nlisteners;
    char error[1024];      /* the last fault, one sentence */
    int64_t offset_us;     /* Redis' clock minus ours, measured on each connection */
    uint64_t failures, connects, answered;
    uint64_t buckets[NBUCKETS + 1];
    double sum_s;
};

/* --- the URL --- */

static int fail(char *why, size_t len, const char *fmt, const char *arg)
{
    snprintf(why, len, fmt, arg);
    return -1;
}

/* %XX escapes, for a password with reserved characters. */
static bool percent_decode(const char *in, size_t n, char *out, size_t out_len)
{
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        char ch = in[i];
        if (ch == '%' && i + 2 < n && isxdigit((unsigned char)in[i + 1]) &&
            isxdigit((unsigned char)in[i + 2])) {
            char hex[3] = {in[i + 1], in[i + 2], 0};
            ch = (char)strtol(hex, NULL, 16);
            i += 2;
        }
        if (o + 1 >= out_len)
            return false;
        out[o++] = ch;
    }
    out[o] = '\0';
    return true;
}

int rconn_parse_url(const char *text, rconn_url *u, char *why, size_t why_len)
{
    static const char usage[] =
        "--redis wants redis://[:PASSWORD@]HOST[:PORT][/DB], not \"%.200s\"";
    memset(u, 0, sizeof *u);
    u->port = RCONN_DEFAULT_PORT;
    if (strncmp(text, "redis://", 8) != 0)
        return fail(why, why_len, usage, text);
    const char *p = text + 8;
    const char *at = strrchr(p, '@');
    if (at) {
        const char *colon = memchr(p, ':', (size_t)(at - p));
        if (!colon)
            return fail(why, why_len, usage, text);
        if (!percent_decode(p, (size_t)(colon - p), u->user, sizeof u->user) ||
            !percent_decode(colon + 1, (size_t)(at - colon - 1), u->password,
                            sizeof u->password))
            return fail(why, why_len, "--redis: the user or password of \"%.200s\" is too long",
                        text);
        p = at + 1;
    }
    const char *host_end;
    if (*p == '[') { /* [IPv6] */
        host_end = strchr(p, ']');
        if (!host_end)
            return fail(why, why_len, usage, text);
        snprintf(u->host, sizeof u->host, "%.*s", (int)(host_end - p - 1), p + 1);
        host_end++;
    } else {
        host_end = p + strcspn(p, ":/");
        snprintf(u->host, sizeof u->host, "%.*s", (int)(host_end - p), p);
    }
    if (!u->host[0])
        return fail(why, why_len, usage, text);
    p = host_end;
    if (*p == ':') {
        char *end;
        long port = strtol(p + 1, &end, 10);
        if (end == p + 1 || port < 1 || port > 65535 || (*end && *end != '/'))
            return fail(why, why_len, usage, text);
        u->port = (int)port;
        p = end;
    }
    if (*p == '/' && p[1]) {
        char *end;
        long db = strtol(p + 1, &end, 10);
        if (end == p + 1 || *end || db < 0 || db > 100000)
            return fail(why, why_len, usage, text);
        u->db = (int)db;
    } else if (*p && strcmp(p, "/") != 0) {
        return fail(why, why_len, usage, text);
    }
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM}, *res;
    int rc = getaddrinfo(u->host, NULL, &hints, &res);
    if (rc != 0) {
        snprintf(why, why_len, "cannot find the Redis host \"%.200s\": %s", u->host,
                 gai_strerror(rc));
        return -1;
    }
    const void *addr = res->ai_family == AF_INET
                           ? (const void *)&((struct sockaddr_in *)res->ai_addr)->sin_addr
                           : (const void *)&((struct sockaddr_in6 *)res->ai_addr)->sin6_addr;
    inet_ntop(res->ai_family, addr, u->ip, sizeof u->ip);
    freeaddrinfo(res);
    return 0;
}

/* --- calls in flight --- */

/* Milliseconds now, not the loop's time: a call made late in a long
 * iteration is not older than it is. */
static uint64_t now_ms(void)
{
    return uv_hrtime() / 1000000;
}

static void push_call(rconn *c, rcall *rc)
{
    rc->prev = c->tail;
    rc->next = NULL;
    if (c->tail)
        c->tail->next = rc;
    else
        c->head = rc;
    c->tail = rc;
}

static void unlink_call(rconn *c, rcall *rc)
{
    if (rc->prev)
        rc->prev->next = rc->next;
    else
        c->head = rc->next;
    if (rc->next)
        rc->next->prev = rc->prev;
    else
        c->tail = rc->prev;
}

static void watchdog_fired(uv_timer_t *t);
static void before_poll(uv_prepare_t *h);
static void run_deferred(rconn *c);

/* Fails the calls older than timeout, leaving them with hiredis (which
 * still holds them) to be freed when their answers come. */
static void abandon_late(rconn *c, uint64_t now, uint64_t timeout)
{
    while (c->head && now - c->head->sent >= timeout) {
        rcall *rc = c->head;
        unlink_call(c, rc);
        rc->abandoned = true;
        c->abandoned++;
        if (rc->fn) {
            c->failures++;
            rc->fn(rc->arg, NULL);
        }
    }
}

/* Arms the watchdog for the oldest call (or the connection attempt). */
static void arm_watchdog(rconn *c)
{
    if (c->state == RC_CLOSED)
        return;
    uint64_t now = now_ms();
    uint64_t timeout = c->starting ? RCONN_START_TIMEOUT_MS : RCONN_TIMEOUT_MS;
    uint64_t since;
    if (c->state == RC_CONNECTING)
        since = c->connect_started;
    else if (c->head)
        since = c->head->sent;
    else {
        uv_timer_stop(&c->watchdog);
        return;
    }
    uint64_t due = since + timeout;
    c->due = due > now ? due : now;
    uv_timer_start(&c->watchdog, watchdog_fired, due > now ? due - now : 0, 0);
}

static void finish_close(rconn *c);

static void record_latency(rconn *c, uint64_t sent)
{
    double s = (double)(now_ms() - sent) / 1000.0;
    c->answered++;
    c->sum_s += s;
    size_t b = 0;
    while (b < NBUCKETS && s > bucket_s[b])
        b++;
    c->buckets[b]++;
}

/* --- the connection's life --- */

static void tell(rconn *c, bool up)
{
    for (int i = 0; i < c->nlisteners; i++)
        c->listeners[i].fn(c->listeners[i].arg, up);
}

static void connect_now(rconn *c);
static void retry_fired(uv_timer_t *t)
{
    connect_now(t->data);
}

static void schedule_retry(rconn *c)
{
    if (c->state == RC_CLOSED || c->starting)
        return;
    int wait = c->backoff_ms ? c->backoff_ms : BACKOFF_FIRST_MS;
    c->backoff_ms = wait * 2 > BACKOFF_MAX_MS ? BACKOFF_MAX_MS : wait * 2;
    /* Jitter: nodes that lost Redis together do not all come back at once. */
    uint64_t jitter = rng_mix(uv_hrtime()) % (uint64_t)(wait / 4 + 1);
    uv_timer_start(&c->retry, retry_fired, (uint64_t)wait + jitter, 0);
}

/* The connection is gone (hiredis frees it right after this): calls in
 * flight have been failed by now. */
static void lost(rconn *c, bool was_up)
{
    c->ac = NULL;
    if (c->state == RC_CLOSING || c->state == RC_CLOSED) {
        finish_close(c);
        return;
    }
    c->state = RC_DOWN;
    arm_watchdog(c);
    if (was_up) {
        log_error("redis %s: the connection is lost (%s); changes are refused as unavailable "
                  "until it is back",
                  c->where, c->error[0] ? c->error : "closed");
        tell(c, false);
    }
    schedule_retry(c);
}

/* Frees the connection: every call in flight fails (hiredis calls each
 * with NULL), then it is gone. */
static void drop_connection(rconn *c)
{
    redisAsyncContext *ac = c->ac;
    if (!ac)
        return;
    bool was_up = c->state == RC_UP;
    c->ac = NULL;
    c->state = RC_DOWN; /* calls made from the failing callbacks fail at once */
    redisAsyncFree(ac);
    lost(c, was_up);
}

static void watchdog_fired(uv_timer_t *t)
{
    rconn *c = t->data;
    uint64_t timeout = c->starting ? RCONN_START_TIMEOUT_MS : RCONN_TIMEOUT_MS;
    /* A loop that was busy runs its timers before it polls: answers may be
     * waiting in the socket already. Read them before calling anything late. */
    if (c->ac && (c->state == RC_UP || c->state == RC_CLOSING) && c->head)
        redisAsyncHandleRead(c->ac);
    if (c->state == RC_CLOSED)
        return;
    uint64_t now = now_ms();
    /* Fired long after it was due: this process did not run meanwhile (a
     * busy machine), so the calls may not even have left. Send and read
     * what waits, and judge a moment later. */
    if (!c->grace && now > c->due + RCONN_TIMEOUT_MS / 3 && c->ac &&
        (c->state == RC_UP || c->state == RC_CLOSING)) {
        c->grace = true;
        redisAsyncHandleWrite(c->ac);
        if (c->state == RC_CLOSED)
            return;
        uv_timer_start(&c->watchdog, watchdog_fired, RCONN_TIMEOUT_MS / 3, 0);
        c->due = now + RCONN_TIMEOUT_MS / 3;
        return;
    }
    c->grace = false;
    bool late = (c->state == RC_CONNECTING && now - c->connect_started >= timeout) ||
                ((c->state == RC_UP || c->state == RC_CLOSING) && c->head &&
                 now - c->head->sent >= timeout);
    if (late && c->state == RC_CLOSING) {
        finish_close(c);
        return;
    }
    if (!late) {
        arm_watchdog(c);
        return;
    }
    /* Redis answers, only slowly (a busy machine): the late calls fail, the
     * connection and the calls still in time stay. (A write that fails so
     * is refused by Redis too when it gets there: its deadline, rstore.h.) */
    if (c->state == RC_UP && now - c->last_answer < timeout) {
        abandon_late(c, now, timeout);
        arm_watchdog(c);
        return;
    }
    snprintf(c->error, sizeof c->error, "Redis at %s did not answer within %llu ms", c->where,
             (unsigned long long)timeout);
    drop_connection(c);
}

static void on_connect(const redisAsyncContext *ac, int status)
{
    rconn *c = ac->data;
    if (status == REDIS_OK || c->ac != ac)
        return;
    snprintf(c->error, sizeof c->error, "cannot connect to Redis at %s: %s", c->where,
             ac->errstr);
    /* hiredis frees the context after this, failing the set-up calls. */
    lost(c, false);
}

static void on_disconnect(const redisAsyncContext *ac, int status)
{
    (void)status;
    rconn *c = ac->data;
    if (c->ac != ac) /* we dropped it ourselves */
        return;
    if (!c->error[0] || c->state == RC_UP)
        snprintf(c->error, sizeof c->error, "Redis at %s closed the connection%s%s", c->where,
                 ac->errstr && ac->errstr[0] ? ": " : "", ac->errstr ? ac->errstr : "");
    lost(c, c->state == RC_UP);
}

/* The set-up's error reply, as the fault an operator can fix. */
static void setup_refused(rconn *c, const char *what, const char *err)
{
    if (strncmp(err, "WRONGPASS", 9) == 0 || strstr(err, "invalid password") ||
        strstr(err, "invalid username-password"))
        snprintf(c->error, sizeof c->error, "Redis at %s refused the password (%s)", c->where,
                 err);
    else if (strncmp(err, "NOAUTH", 6) == 0)
        snprintf(c->error, sizeof c->error,
                 "Redis at %s wants a password: give it in the URL, redis://:PASSWORD@%s",
                 c->where, c->where);
    else if (strstr(err, "without any password configured"))
        snprintf(c->error, sizeof c->error,
                 "Redis at %s has no password set, but the URL gives one", c->where);
    else if (strstr(err, "DB index"))
        snprintf(c->error, sizeof c->error, "Redis at %s has no database %d (%s)", c->where,
                 c->url.db, err);
    else
        snprintf(c->error, sizeof c->error, "Redis at %s refused %s: %s", c->where, what, err);
}

static void became_up(rconn *c)
{
    c->state = RC_UP;
    c->last_answer = now_ms();
    c->backoff_ms = 0;
    c->connects++;
    c->error[0] = '\0';
    arm_watchdog(c);
    if (c->starting) /* start-up says so on stdout, or fails in one line */
        log_debug("redis %s: connected", c->where);
    else
        log_info("redis %s: connected", c->where);
    tell(c, true);
}

static int64_t wall_us(void)
{
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return (int64_t)tv.tv_sec * 1000000 + tv.tv_usec;
}

/* TIME's answer, against our clock at the middle of the round trip. */
static void read_time(rconn *c, const rcall *rc, const redisReply *r)
{
    if (r->type != REDIS_REPLY_ARRAY || r->elements != 2)
        return;
    int64_t redis_us = strtoll(r->element[0]->str, NULL, 10) * 1000000 +
                       strtoll(r->element[1]->str, NULL, 10);
    int64_t now = wall_us();
    c->offset_us = redis_us - (rc->wall_sent + now) / 2;
}

static void call_done(redisAsyncContext *ac, void *reply, void *privdata)
{
    (void)ac;
    rcall *rc = privdata;
    rconn *c = rc->c;
    redisReply *r = reply;
    if (r)
        c->last_answer = now_ms();
    if (rc->abandoned) { /* its caller heard it failed: too late now */
        free(rc);
        return;
    }
    unlink_call(c, rc);
    if (r)
        record_latency(c, rc->sent);
    if (!rc->fn) { /* the connection's own set-up */
        if (r && r->type == REDIS_REPLY_ERROR && c->state == RC_CONNECTING) {
            setup_refused(c, rc->script >= 0 ? "a script" : "the set-up", r->str);
            if (c->ac)
                drop_connection(c); /* freed once this callback returns */
        } else if (r && rc->time) {
            read_time(c, rc, r);
        } else if (r && rc->script >= 0 && r->type == REDIS_REPLY_STRING) {
            snprintf(c->scripts[rc->script].sha, sizeof c->scripts[rc->script].sha, "%s",
                     r->str);
        }
        if (r && c->state == RC_CONNECTING && --c->setup_left == 0)
            became_up(c);
    } else {
        if (!r)
            c->failures++;
        /* A script cache someone flushed: fail this call, reload them all. */
        if (r && r->type == REDIS_REPLY_ERROR && strncmp(r->str, "NOSCRIPT", 8) == 0 &&
            c->ac == ac) {
            snprintf(c->error, sizeof c->error, "Redis at %s forgot our scripts", c->where);
            drop_connection(c);
        }
        rc->fn(rc->arg, r);
    }
    free(rc);
    if (c->state == RC_CLOSING && !c->head)
        finish_close(c);
    else if (c->state != RC_CLOSED)
        arm_watchdog(c);
}

/* Queues a call on the connection whatever its state (set-up calls go out
 * while it is still connecting). */
static int send_call(rconn *c, rconn_reply_fn fn, void *arg, int script, int argc,
                     const char **argv, const size_t *lens)
{
    rcall *rc = malloc(sizeof *rc);
    if (!rc)
        return -1;
    *rc = (rcall){.c = c, .fn = fn, .arg = arg, .sent = now_ms(), .script = script};
    bool first = !c->head;
    push_call(c, rc);
    if (redisAsyncCommandArgv(c->ac, call_done, rc, argc, argv, lens) != REDIS_OK) {
        unlink_call(c, rc);
        free(rc);
        return -1;
    }
    if (first)
        arm_watchdog(c);
    return 0;
}

static void setup_call(rconn *c, int script, int argc, const char **argv)
{
    if (send_call(c, NULL, NULL, script, argc, argv, NULL) == 0) {
        c->tail->time = argc == 1 && strcmp(argv[0], "TIME") == 0;
        c->tail->wall_sent = wall_us();
        c->setup_left++;
    }
}

/* The libuv adapter of hiredis 0.14 ignores a poll that reports an error
 * (libuv says so for a refused connection), which leaves the connection
 * hanging until our timer. These replace its four hooks (its attach and
 * clean-up stay): on an error hiredis is told to read and write, and finds
 * the fault itself. */
static void polled(uv_poll_t *h, int status, int events)
{
    redisLibuvEvents *p = h->data;
    if (status != 0)
        events = UV_READABLE | UV_WRITABLE;
    if (p->context && (events & UV_READABLE))
        redisAsyncHandleRead(p->context);
    if (p->context && (events & UV_WRITABLE))
        redisAsyncHandleWrite(p->context);
}

static void poll_events(redisLibuvEvents *p, int events)
{
    p->events = events;
    if (events)
        uv_poll_start(&p->handle, events, polled);
    else
        uv_poll_stop(&p->handle);
}

static void add_read(void *data)
{
    redisLibuvEvents *p = data;
    poll_events(p, p->events | UV_READABLE);
}

static void del_read(void *data)
{
    redisLibuvEvents *p = data;
    poll_events(p, p->events & ~UV_READABLE);
}

static void add_write(void *data)
{
    redisLibuvEvents *p = data;
    poll_events(p, p->events | UV_WRITABLE);
}

static void del_write(void *data)
{
    redisLibuvEvents *p = data;
    poll_events(p, p->events & ~UV_WRITABLE);
}

static void connect_now(rconn *c)
{
    if (c->state == RC_CLOSED || c->ac)
        return;
    c->error[0] = '\0';
    c->state = RC_CONNECTING;
    c->connect_started = now_ms();
    c->setup_left = 0;
    redisAsyncContext *ac = redisAsyncConnect(c->url.ip, c->url.port);
    if (!ac || ac->err) {
        snprintf(c->error, sizeof c->error, "cannot connect to Redis at %s: %s", c->where,
                 ac ? ac->errstr : "out of memory");
        if (ac)
            redisAsyncFree(ac);
        lost(c, false);
        return;
    }
    ac->data = c;
    if (redisLibuvAttach(ac, c->loop) != REDIS_OK) {
        snprintf(c->error, sizeof c->error, "cannot watch the Redis connection to %s",
                 c->where);
        redisAsyncFree(ac);
        lost(c, false);
        return;
    }
    ac->ev.addRead = add_read;
    ac->ev.delRead = del_read;
    ac->ev.addWrite = add_write;
    ac->ev.delWrite = del_write;
    redisAsyncSetConnectCallback(ac, on_connect);
    redisAsyncSetDisconnectCallback(ac, on_disconnect);
    c->ac = ac;
    /* Sent as soon as the socket connects, answered in order. */
    char db[16];
    snprintf(db, sizeof db, "%d", c->url.db);
    if (c->url.password[0] && c->url.user[0])
        setup_call(c, -1, 3, (const char *[]){"AUTH", c->url.user, c->url.password});
    else if (c->url.password[0])
        setup_call(c, -1, 2, (const char *[]){"AUTH", c->url.password});
    if (c->url.db)
        setup_call(c, -1, 2, (const char *[]){"SELECT", db});
    setup_call(c, -1, 1, (const char *[]){"TIME"});
    for (int i = 0; i < c->nscripts; i++)
        setup_call(c, i, 3, (const char *[]){"SCRIPT", "LOAD", c->scripts[i].source});
    arm_watchdog(c);
}

/* --- the API --- */

rconn *rconn_new(uv_loop_t *loop, const rconn_url *url)
{
    rconn *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->loop = loop;
    c->url = *url;
    if (strchr(url->host, ':'))
        snprintf(c->where, sizeof c->where, "[%s]:%d", url->host, url->port);
    else
        snprintf(c->where, sizeof c->where, "%s:%d", url->host, url->port);
    uv_timer_init(loop, &c->watchdog);
    uv_timer_init(loop, &c->retry);
    uv_prepare_init(loop, &c->before_poll);
    uv_timer_init(loop, &c->defer_timer);
    c->watchdog.data = c->retry.data = c->before_poll.data = c->defer_timer.data = c;
    uv_prepare_start(&c->before_poll, before_poll);
    uv_unref((uv_handle_t *)&c->before_poll); /* it keeps nothing alive */
    c->handles_open = 4;
    c->state = RC_DOWN;
    return c;
}

int rconn_script(rconn *c, const char *name, const char *source)
{
    if (c->nscripts == RCONN_MAX_SCRIPTS)
        return -1;
    script *s = &c->scripts[c->nscripts];
    snprintf(s->name, sizeof s->name, "%s", name);
    s->source = strdup(source);
    return s->source ? c->nscripts++ : -1;
}

void rconn_on_change(rconn *c, void (*fn)(void *arg, bool up), void *arg)
{
    if (c->nlisteners < RCONN_MAX_LISTENERS) {
        c->listeners[c->nlisteners].fn = fn;
        c->listeners[c->nlisteners++].arg = arg;
    }
}

int rconn_open(rconn *c, char *why, size_t why_len)
{
    c->starting = true;
    connect_now(c);
    while (c->state == RC_CONNECTING)
        uv_run(c->loop, UV_RUN_ONCE);
    c->starting = false;
    if (c->state == RC_UP) {
        arm_watchdog(c);
        return 0;
    }
    snprintf(why, why_len, "%s", c->error[0] ? c->error : "cannot connect to Redis");
    return -1;
}

static void handle_closed(uv_handle_t *h)
{
    rconn *c = h->data;
    if (--c->handles_open == 0) {
        for (int i = 0; i < c->nscripts; i++)
            free(c->scripts[i].source);
        free(c);
    }
}

/* The end: calls still in flight fail, the handles close, c is freed. */
static void finish_close(rconn *c)
{
    if (c->state == RC_CLOSED)
        return;
    c->state = RC_CLOSED;
    if (c->ac) {
        redisAsyncContext *ac = c->ac;
        c->ac = NULL;
        redisAsyncFree(ac);
    }
    run_deferred(c);
    uv_close((uv_handle_t *)&c->watchdog, handle_closed);
    uv_close((uv_handle_t *)&c->retry, handle_closed);
    uv_close((uv_handle_t *)&c->before_poll, handle_closed);
    uv_close((uv_handle_t *)&c->defer_timer, handle_closed);
}

/* What waits to be sent with this iteration's calls goes first. */
static void flush_first(rconn *c)
{
    if (c->flusher && !c->flushing) {
        c->flushing = true;
        c->flusher(c->flusher_arg);
        c->flushing = false;
    }
}

static void before_poll(uv_prepare_t *h)
{
    flush_first(h->data);
}

void rconn_set_flusher(rconn *c, void (*fn)(void *arg), void *arg)
{
    c->flusher = fn;
    c->flusher_arg = arg;
}

static void run_deferred(rconn *c)
{
    while (c->deferred) {
        deferred *d = c->deferred;
        c->deferred = d->next;
        if (!c->deferred)
            c->deferred_tail = NULL;
        d->fn(d->arg);
        free(d);
    }
}

static void defer_fired(uv_timer_t *t)
{
    run_deferred(t->data);
}

void rconn_defer(rconn *c, void (*fn)(void *arg), void *arg)
{
    deferred *d = malloc(sizeof *d);
    if (!d) {
        fn(arg);
        return;
    }
    *d = (deferred){fn, arg, NULL};
    if (c->deferred_tail)
        c->deferred_tail->next = d;
    else
        c->deferred = d;
    c->deferred_tail = d;
    if (c->state != RC_CLOSED)
        uv_timer_start(&c->defer_timer, defer_fired, 0, 0);
}

void rconn_close(rconn *c)
{
    if (!c || c->state == RC_CLOSING || c->state == RC_CLOSED)
        return;
    flush_first(c);
    c->flusher = NULL;
    uv_timer_stop(&c->retry);
    if (c->state == RC_UP && c->head) { /* what was sent is answered first (bounded) */
        c->state = RC_CLOSING;
        arm_watchdog(c);
        return;
    }
    finish_close(c);
}

bool rconn_up(const rconn *c)
{
    return c->state == RC_UP;
}

int rconn_call(rconn *c, rconn_reply_fn fn, void *arg, int argc, const char **argv,
               const size_t *lens)
{
    if (c->state != RC_UP)
        return -1;
    flush_first(c);
    return send_call(c, fn, arg, -1, argc, argv, lens);
}


int rconn_eval(rconn *c, int script, rconn_reply_fn fn, void *arg, int argc, const char **argv,
               const size_t *lens)
{
    if (c->state != RC_UP || script < 0 || script >= c->nscripts)
        return -1;
    flush_first(c);
    const char **args = malloc((size_t)(argc + 3) * sizeof *args);
    size_t *arg_lens = malloc((size_t)(argc + 3) * sizeof *arg_lens);
    int rc = -1;
    if (args && arg_lens) {
        args[0] = "EVALSHA";
        args[1] = c->scripts[script].sha;
        args[2] = "0";
        for (int i = 0; i < 3; i++)
            arg_lens[i] = strlen(args[i]);
        for (int i = 0; i < argc; i++) {
            args[i + 3] = argv[i];
            arg_lens[i + 3] = lens ? lens[i] : strlen(argv[i]);
        }
        rc = send_call(c, fn, arg, -1, argc + 3, args, arg_lens);
    }
    free(args);
    free(arg_lens);
    return rc;
}

typedef struct waiter {
    rconn_reply_fn fn;
    void *arg;
    bool done;
} waiter;

static void sync_done(void *arg, redisReply *r)
{
    waiter *w = arg;
    w->done = true;
    w->fn(w->arg, r);
}

static int wait_for(rconn *c, waiter *w)
{
    while (!w->done)
        uv_run(c->loop, UV_RUN_ONCE);
    return 0;
}

int rconn_call_sync(rconn *c, rconn_reply_fn fn, void *arg, int argc, const char **argv,
                    const size_t *lens)
{
    waiter w = {fn, arg, false};
    if (rconn_call(c, sync_done, &w, argc, argv, lens) < 0)
        return -1;
    return wait_for(c, &w);
}

int rconn_eval_sync(rconn *c, int script, rconn_reply_fn fn, void *arg, int argc,
                    const char **argv, const size_t *lens)
{
    waiter w = {fn, arg, false};
    if (rconn_eval(c, script, sync_done, &w, argc, argv, lens) < 0)
        return -1;
    return wait_for(c, &w);
}

const char *rconn_where(const rconn *c)
{
    return c->where;
}

int64_t rconn_redis_time_us(const rconn *c)
{
    return wall_us() + c->offset_us;
}

uint64_t rconn_failures(const rconn *c)
{
    return c->failures;
}

uint64_t rconn_connects(const rconn *c)
{
    return c->connects;
}

void rconn_metrics_write(const rconn *c, FILE *out)
{
    metrics_gauge(out, "botpit_redis_up", "1 while the connection to Redis is up.",
                  c->state == RC_UP);
    metrics_counter(out, "botpit_redis_connects_total",
                    "Connections to Redis made (the first, then each reconnection).",
                    c->connects);
    metrics_counter(out, "botpit_redis_failed_calls_total",
                    "Redis calls that failed: the connection was lost or the call passed its "
                    "timeout.",
                    c->failures);
    fprintf(out,
            "# HELP botpit_redis_latency_seconds Time from a Redis call to its answer.\n"
            "# TYPE botpit_redis_latency_seconds histogram\n");
    uint64_t cumulative = 0;
    for (size_t b = 0; b < NBUCKETS; b++) {
        cumulative += c->buckets[b];
        fprintf(out, "botpit_redis_latency_seconds_bucket{le=\"%g\"} %llu\n", bucket_s[b],
                (unsigned long long)cumulative);
    }
    cumulative += c->buckets[NBUCKETS];
    fprintf(out, "botpit_redis_latency_seconds_bucket{le=\"+Inf\"} %llu\n",
            (unsigned long long)cumulative);
    fprintf(out, "botpit_redis_latency_seconds_sum %.6f\n", c->sum_s);
    fprintf(out, "botpit_redis_latency_seconds_count %llu\n", (unsigned long long)cumulative);
}
