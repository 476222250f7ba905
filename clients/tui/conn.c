/* conn.c: the WebSocket client on its own thread (libwebsockets' poll loop). */
#include "conn.h"

#include <errno.h>
#include <fcntl.h>
#include <libwebsockets.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "proto.h"

/* The largest frame we assemble; the server's own views are far smaller. */
#define CONN_MAX_FRAME (8u << 20)
#define CONN_CA_BUNDLE "/etc/ssl/certs/ca-certificates.crt"

static const int backoff_ms[] = {500, 1000, 2000, 4000, 8000};
#define BACKOFF_MAX_MS 12000

typedef struct node {
    struct node *next;
    conn_event ev;    /* inbox */
    unsigned gen;     /* outbox */
    char *text;       /* outbox */
    size_t len;
} node;

typedef struct queue {
    node *head, *tail;
} queue;

typedef enum link_state { LINK_IDLE, LINK_CONNECTING, LINK_OPEN } link_state;

struct conn {
    url target;
    url node;             /* where a `moved` sent us (conn_redirect) */
    bool node_pending;    /* guarded by lock: go to node at the next chance */
    bool use_node;        /* the network thread's: the link goes to node */
    char host_header[300];
    bool insecure;
    char forwarded_for[64]; /* sent as X-Real-IP when set */
    struct lws_context *ctx;
    pthread_t thread;
    bool thread_started;
    int wake[2];

    pthread_mutex_t lock; /* guards everything down to open_gen */
    queue inbox, outbox;
    bool stop, drop, retry_now;
    unsigned open_gen;    /* the open link's generation, 0 when none */

    /* the network thread's own */
    struct lws *wsi;
    link_state state;
    unsigned gen;
    int attempt;
    bool paused;          /* after 4001: no retry until conn_retry */
    unsigned rand_state;
    lws_sorted_usec_list_t sul;
    char *rx;
    size_t rx_len, rx_cap;
    int close_code;
    char close_reason[200];
};

/* ---- queues ---- */

static void queue_push(queue *q, node *n)
{
    n->next = NULL;
    if (q->tail)
        q->tail->next = n;
    else
        q->head = n;
    q->tail = n;
}

static node *queue_pop(queue *q)
{
    node *n = q->head;
    if (n) {
        q->head = n->next;
        if (!q->head)
            q->tail = NULL;
    }
    return n;
}

static void node_free(node *n)
{
    if (!n)
        return;
    free(n->ev.text);
    free(n->text);
    free(n);
}

/* Network thread: hands an event to the screen side and wakes it. */
static void deliver(conn *c, const conn_event *ev)
{
    node *n = calloc(1, sizeof *n);
    if (!n) {
        free(ev->text);
        return;
    }
    n->ev = *ev;
    pthread_mutex_lock(&c->lock);
    queue_push(&c->inbox, n);
    pthread_mutex_unlock(&c->lock);
    char b = 1;
    /* a full pipe already means "wake up"; nothing is lost */
    if (write(c->wake[1], &b, 1) < 0 && errno != EAGAIN)
        return;
}

/* ---- connecting and retrying ---- */

static void connect_now(lws_sorted_usec_list_t *sul);

static int next_delay_ms(conn *c)
{
    int n = (int)(sizeof backoff_ms / sizeof backoff_ms[0]);
    int base = c->attempt < n ? backoff_ms[c->attempt] : BACKOFF_MAX_MS;
    c->attempt++;
    /* up to a fifth more, so clients of a restarted server spread out */
    int spread = (int)(rand_r(&c->rand_state) % (unsigned)(base / 5 + 1));
    return base + spread;
}

static void schedule(conn *c, int ms)
{
    lws_sul_schedule(c->ctx, 0, &c->sul, connect_now, (lws_usec_t)ms * 1000);
}

/* The address the next link goes to, and its Host header. */
static const url *link_target(conn *c)
{
    const url *t = c->use_node ? &c->node : &c->target;
    bool v6 = strchr(t->host, ':') != NULL;
    snprintf(c->host_header, sizeof c->host_header, "%s%s%s:%d", v6 ? "[" : "", t->host,
             v6 ? "]" : "", t->port);
    return t;
}

/* A redirect asked for by the screen side is taken (network thread). */
static bool take_redirect(conn *c)
{
    pthread_mutex_lock(&c->lock);
    bool go = c->node_pending;
    c->node_pending = false;
    pthread_mutex_unlock(&c->lock);
    if (go) {
        c->use_node = true;
        c->attempt = 0;
    }
    return go;
}

/* The link is gone (or never came up): tell the screen and plan the next try. */
static void link_down(conn *c, const char *why)
{
    if (c->state == LINK_IDLE)
        return;
    bool was_open = c->state == LINK_OPEN;
    /* A node's link that drops or fails: back to the address we were given. */
    c->use_node = false;
    c->state = LINK_IDLE;
    c->wsi = NULL;
    c->rx_len = 0;
    pthread_mutex_lock(&c->lock);
    c->open_gen = 0;
    c->drop = false;
    pthread_mutex_unlock(&c->lock);

    conn_event ev = {.kind = CONN_CLOSED, .gen = c->gen, .code = c->close_code, .was_open = was_open};
    snprintf(ev.reason, sizeof ev.reason, "%s", c->close_reason[0] ? c->close_reason : why);
    if (c->close_code == PROTO_CLOSE_REPLACED) {
        c->paused = true;
        ev.retry_ms = -1;
    } else if (take_redirect(c)) {
        ev.retry_ms = 0; /* to the node we were sent to, at once */
        schedule(c, 0);
    } else {
        if (was_open)
            c->attempt = 0;
        ev.retry_ms = next_delay_ms(c);
        schedule(c, ev.retry_ms);
    }
    deliver(c, &ev);
}

static void connect_now(lws_sorted_usec_list_t *sul)
{
    conn *c = lws_container_of(sul, conn, sul);
    if (c->state != LINK_IDLE)
        return;
    c->close_code = 0;
    c->close_reason[0] = 0;
    c->gen++;
    c->state = LINK_CONNECTING;

    const url *t = link_target(c);
    struct lws_client_connect_info info;
    memset(&info, 0, sizeof info);
    info.context = c->ctx;
    info.address = t->host;
    info.port = t->port;
    info.path = t->path;
    info.host = c->host_header;
    info.origin = c->host_header;
    info.protocol = NULL;
    info.ietf_version_or_minus_one = -1;
    if (t->tls) {
        info.ssl_connection = LCCSCF_USE_SSL;
        if (c->insecure)
            info.ssl_connection |= LCCSCF_ALLOW_SELFSIGNED | LCCSCF_SKIP_SERVER_CERT_HOSTNAME_CHECK |
                                   LCCSCF_ALLOW_EXPIRED | LCCSCF_ALLOW_INSECURE;
    }
    info.pwsi = &c->wsi;
    if (!lws_client_connect_via_info(&info)) {
        c->wsi = NULL;
        link_down(c, "cannot reach the server");
    }
}

void conn_redirect(conn *c, const url *target)
{
    pthread_mutex_lock(&c->lock);
    c->node = *target;
    c->node_pending = true;
    if (c->open_gen)
        c->drop = true;
    pthread_mutex_unlock(&c->lock);
    lws_cancel_service(c->ctx);
}

void conn_plain_error(const char *raw, char *out, size_t len)
{
    static const struct {
        const char *clue, *words;
    } known[] = {
        {"SSL", "the secure connection failed; the server's certificate could not be verified "
                "(--insecure skips the check, for a test box)"},
        {"not 101", "something answers there, but not a Botpit WebSocket (check the address and its path)"},
        {"Unable to connect", "nothing answers there (is the server running?)"},
        {"connect failed", "nothing answers there (is the server running?)"},
        {"getaddrinfo", "the host name could not be found"},
        {"DNS", "the host name could not be found"},
        {"timed out", "no answer in time"},
        {"timeout", "no answer in time"},
    };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        if (raw && strstr(raw, known[i].clue)) {
            snprintf(out, len, "%s", known[i].words);
            return;
        }
    }
    snprintf(out, len, "the connection failed (%s)", raw && *raw ? raw : "no answer");
}

/* ---- the protocol callback ---- */

static void save_close(conn *c, const unsigned char *in, size_t len)
{
    if (len >= 2) {
        c->close_code = (in[0] << 8) | in[1];
        size_t n = len - 2 < sizeof c->close_reason - 1 ? len - 2 : sizeof c->close_reason - 1;
        memcpy(c->close_reason, in + 2, n);
        c->close_reason[n] = 0;
    }
}

static int receive(conn *c, struct lws *wsi, const char *in, size_t len)
{
    if (lws_is_first_fragment(wsi))
        c->rx_len = 0;
    if (c->rx_len + len + 1 > CONN_MAX_FRAME) {
        snprintf(c->close_reason, sizeof c->close_reason, "the server sent a message over %u MiB",
                 CONN_MAX_FRAME >> 20);
        return -1;
    }
    if (c->rx_len + len + 1 > c->rx_cap) {
        size_t cap = c->rx_cap ? c->rx_cap : 16384;
        while (cap < c->rx_len + len + 1)
            cap *= 2;
        char *grown = realloc(c->rx, cap);
        if (!grown)
            return -1;
        c->rx = grown;
        c->rx_cap = cap;
    }
    memcpy(c->rx + c->rx_len, in, len);
    c->rx_len += len;
    if (!lws_is_final_fragment(wsi) || lws_remaining_packet_payload(wsi) > 0)
        return 0;
    if (lws_frame_is_binary(wsi)) {
        c->rx_len = 0;
        return 0; /* the protocol has none; ignore rather than guess */
    }
    conn_event ev = {.kind = CONN_TEXT, .gen = c->gen, .len = c->rx_len};
    ev.text = malloc(c->rx_len + 1);
    if (!ev.text)
        return -1;
    memcpy(ev.text, c->rx, c->rx_len);
    ev.text[c->rx_len] = 0;
    c->rx_len = 0;
    deliver(c, &ev);
    return 0;
}

static int write_one(conn *c, struct lws *wsi)
{
    pthread_mutex_lock(&c->lock);
    bool drop = c->drop;
    node *n = NULL;
    while (!drop && (n = queue_pop(&c->outbox)) && n->gen != c->gen) {
        node_free(n);
        n = NULL;
    }
    bool more = c->outbox.head != NULL;
    pthread_mutex_unlock(&c->lock);
    if (drop) {
        lws_close_reason(wsi, LWS_CLOSE_STATUS_GOINGAWAY, (unsigned char *)"bye", 3);
        snprintf(c->close_reason, sizeof c->close_reason, "closed by the client");
        return -1;
    }
    if (!n)
        return 0;
    unsigned char *buf = malloc(LWS_PRE + n->len);
    int rc = -1;
    if (buf) {
        memcpy(buf + LWS_PRE, n->text, n->len);
        rc = lws_write(wsi, buf + LWS_PRE, n->len, LWS_WRITE_TEXT) < (int)n->len ? -1 : 0;
        free(buf);
    }
    node_free(n);
    if (rc == 0 && more)
        lws_callback_on_writable(wsi);
    return rc;
}

/* lws_cancel_service from the screen side lands here, on our thread. */
static void wake_up(conn *c)
{
    pthread_mutex_lock(&c->lock);
    bool drop = c->drop, retry = c->retry_now, pending = c->outbox.head != NULL;
    c->retry_now = false;
    if (c->state == LINK_IDLE)
        c->drop = false; /* nothing to drop: it must not hit the next link */
    pthread_mutex_unlock(&c->lock);
    if (retry && c->state == LINK_IDLE) {
        c->paused = false;
        c->attempt = 0;
        lws_sul_cancel(&c->sul);
        schedule(c, 0);
    }
    if (c->state == LINK_IDLE && take_redirect(c)) { /* between links: go now */
        c->paused = false;
        lws_sul_cancel(&c->sul);
        schedule(c, 0);
    }
    if (c->state == LINK_OPEN && c->wsi && (drop || pending))
        lws_callback_on_writable(c->wsi);
    else if (drop && c->state == LINK_CONNECTING && c->wsi)
        lws_set_timeout(c->wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC);
}

/* The player's own address for a server behind which we play on their
 * behalf (botpit-ssh): its --trust-proxy counts limits by X-Real-IP. */
static int append_forwarded_for(conn *c, struct lws *wsi, void *in, size_t len)
{
    if (!c->forwarded_for[0])
        return 0;
    unsigned char **p = in;
    return lws_add_http_header_by_name(wsi, (const unsigned char *)"x-real-ip:",
                                       (const unsigned char *)c->forwarded_for,
                                       (int)strlen(c->forwarded_for), p, *p + len)
               ? -1
               : 0;
}

static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                    size_t len)
{
    (void)user;
    conn *c = lws_context_user(lws_get_context(wsi));
    switch (reason) {
    case LWS_CALLBACK_CLIENT_ESTABLISHED: {
        c->wsi = wsi;
        c->state = LINK_OPEN;
        c->rx_len = 0;
        pthread_mutex_lock(&c->lock);
        c->open_gen = c->gen;
        pthread_mutex_unlock(&c->lock);
        conn_event ev = {.kind = CONN_OPEN, .gen = c->gen};
        deliver(c, &ev);
        return 0;
    }
    case LWS_CALLBACK_CLIENT_APPEND_HANDSHAKE_HEADER:
        return append_forwarded_for(c, wsi, in, len);
    case LWS_CALLBACK_CLIENT_RECEIVE:
        return receive(c, wsi, in, len);
    case LWS_CALLBACK_CLIENT_WRITEABLE:
        return write_one(c, wsi);
    case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
        save_close(c, in, len);
        return 0;
    case LWS_CALLBACK_CLIENT_CONNECTION_ERROR: {
        char why[200];
        conn_plain_error(in ? (const char *)in : "", why, sizeof why);
        if (wsi == c->wsi || c->state == LINK_CONNECTING)
            link_down(c, why);
        return 0;
    }
    case LWS_CALLBACK_CLIENT_CLOSED:
        if (wsi == c->wsi)
            link_down(c, "the connection closed");
        return 0;
    case LWS_CALLBACK_WSI_DESTROY:
        if (wsi == c->wsi && c->state != LINK_IDLE)
            link_down(c, "the connection closed");
        return 0;
    case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
        wake_up(c);
        return 0;
    default:
        return 0;
    }
}

static const struct lws_protocols protocols[] = {
    {"botpit", callback, 0, 65536, 0, NULL, 0},
    {NULL, NULL, 0, 0, 0, NULL, 0},
};

/* ---- the thread ---- */

static bool stopping(conn *c)
{
    pthread_mutex_lock(&c->lock);
    bool s = c->stop;
    pthread_mutex_unlock(&c->lock);
    return s;
}

static void *run(void *arg)
{
    conn *c = arg;
    schedule(c, 0);
    while (!stopping(c)) {
        if (lws_service(c->ctx, 0) < 0)
            break;
    }
    lws_sul_cancel(&c->sul);
    return NULL;
}

/* lws logs only to our debug file: the screen belongs to ncurses. */
static void lws_log_line(int level, const char *line)
{
    (void)level;
    const char *path = getenv("BOTPIT_TUI_LOG");
    FILE *f = path ? fopen(path, "a") : NULL;
    if (f) {
        fprintf(f, "lws: %s", line);
        fclose(f);
    }
}

conn *conn_start(const url *target, bool insecure, const char *forwarded_for, char *why,
                 size_t why_len)
{
    conn *c = calloc(1, sizeof *c);
    if (!c) {
        snprintf(why, why_len, "out of memory");
        return NULL;
    }
    c->target = *target;
    c->insecure = insecure;
    snprintf(c->forwarded_for, sizeof c->forwarded_for, "%s", forwarded_for ? forwarded_for : "");
    c->wake[0] = c->wake[1] = -1;
    c->rand_state = (unsigned)time(NULL) ^ (unsigned)getpid();
    pthread_mutex_init(&c->lock, NULL);
    if (pipe2(c->wake, O_NONBLOCK | O_CLOEXEC) < 0) {
        snprintf(why, why_len, "cannot make a pipe: %s", strerror(errno));
        conn_stop(c);
        return NULL;
    }

    lws_set_log_level(getenv("BOTPIT_TUI_LOG") ? LLL_ERR | LLL_WARN | LLL_NOTICE : 0,
                      lws_log_line);
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = CONTEXT_PORT_NO_LISTEN;
    info.protocols = protocols;
    info.user = c;
    info.gid = (gid_t)-1;
    info.uid = (uid_t)-1;
    info.timeout_secs = 10;
    info.connect_timeout_secs = 10;
    /* TLS is set up even for a ws:// address: a node we are sent to may be
     * wss://. */
    info.options |= LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT;
    if (access(CONN_CA_BUNDLE, R_OK) == 0)
        info.client_ssl_ca_filepath = CONN_CA_BUNDLE;
    c->ctx = lws_create_context(&info);
    if (!c->ctx) {
        snprintf(why, why_len, "libwebsockets could not start a client");
        conn_stop(c);
        return NULL;
    }
    if (pthread_create(&c->thread, NULL, run, c) != 0) {
        snprintf(why, why_len, "cannot start the network thread");
        conn_stop(c);
        return NULL;
    }
    c->thread_started = true;
    return c;
}

void conn_stop(conn *c)
{
    if (!c)
        return;
    if (c->thread_started) {
        pthread_mutex_lock(&c->lock);
        c->stop = true;
        pthread_mutex_unlock(&c->lock);
        lws_cancel_service(c->ctx);
        pthread_join(c->thread, NULL);
    }
    if (c->ctx)
        lws_context_destroy(c->ctx);
    node *n;
    while ((n = queue_pop(&c->inbox)))
        node_free(n);
    while ((n = queue_pop(&c->outbox)))
        node_free(n);
    free(c->rx);
    if (c->wake[0] >= 0)
        close(c->wake[0]);
    if (c->wake[1] >= 0)
        close(c->wake[1]);
    pthread_mutex_destroy(&c->lock);
    free(c);
}

int conn_fd(const conn *c)
{
    return c->wake[0];
}

bool conn_next(conn *c, conn_event *ev)
{
    char buf[256];
    while (read(c->wake[0], buf, sizeof buf) > 0)
        ;
    pthread_mutex_lock(&c->lock);
    node *n = queue_pop(&c->inbox);
    pthread_mutex_unlock(&c->lock);
    if (!n)
        return false;
    *ev = n->ev;
    n->ev.text = NULL;
    node_free(n);
    return true;
}

void conn_event_clear(conn_event *ev)
{
    free(ev->text);
    ev->text = NULL;
}

int conn_send(conn *c, unsigned gen, char *text)
{
    if (!text)
        return -1;
    node *n = calloc(1, sizeof *n);
    pthread_mutex_lock(&c->lock);
    bool open = n && gen != 0 && gen == c->open_gen;
    if (open) {
        n->gen = gen;
        n->text = text;
        n->len = strlen(text);
        queue_push(&c->outbox, n);
    }
    pthread_mutex_unlock(&c->lock);
    if (!open) {
        free(n);
        free(text);
        return -1;
    }
    lws_cancel_service(c->ctx);
    return 0;
}

static void flag(conn *c, bool *which)
{
    pthread_mutex_lock(&c->lock);
    *which = true;
    pthread_mutex_unlock(&c->lock);
    lws_cancel_service(c->ctx);
}

void conn_drop(conn *c)
{
    flag(c, &c->drop);
}

void conn_retry(conn *c)
{
    flag(c, &c->retry_now);
}
