/* session.c: one WebSocket connection: its queue, its input and its limits. */
#include <stdlib.h>
#include <sys/socket.h>
#include <string.h>

#include "net/frame.h"
#include "net/net_int.h"
#include "util/hold.h"
#include "util/log.h"
#include "util/metrics.h"

/* A queued message, and in distributed mode the write it waits for (NULL:
 * none, or one already kept). */
typedef struct queued {
    msg *m;
    hold *after;
} queued;

struct session {
    lobby_conn conn; /* what the lobby sees */
    net *net;
    struct lws *wsi;
    session *prev, *next;
    char ip[64];

    queued *queue; /* a ring of messages waiting to be written */
    size_t qhead, qlen, qcap, queued_bytes;
    session *dirty_prev, *dirty_next; /* in net.dirty */
    bool dirty;
    session *held_prev, *held_next; /* in net.held */
    bool held;        /* the head of the queue waits for a write (util/hold.h) */
    bool choked;      /* lws holds bytes of ours the socket did not take: wait for WRITEABLE */
    bool mute;        /* nothing more of ours goes out: lws answers the peer's
                       * close frame, or the socket is broken */
    bool broken;      /* a write failed: the next WRITEABLE closes it */

    char *rx; /* a message being reassembled from fragments; NULL between */
    size_t rx_len, rx_cap;
    bool rx_discard; /* dropping the rest of an oversized message */

    double allowance; /* the rate limit's token bucket */
    uint64_t allowance_at;
    int strikes;      /* messages refused in a row for the rate limit */

    ka_node ka;     /* in the keepalive queues */
    bool ping_due;  /* a ping waits for the next WRITEABLE */
    bool closing; /* close once the queue is written */
    int close_code;
    char close_reason[124];
};

static session *of_conn(lobby_conn *c)
{
    return (session *)((char *)c - offsetof(session, conn));
}

static session *of_ka(ka_node *n)
{
    return (session *)((char *)n - offsetof(session, ka));
}

/* Something is to be written: it will be, before the loop next waits. A
 * choked session is written when lws says the socket takes more. */
static void want_flush(session *s)
{
    if (s->dirty || s->choked)
        return;
    net *n = s->net;
    s->dirty = true;
    s->dirty_prev = NULL;
    s->dirty_next = n->dirty;
    if (n->dirty)
        n->dirty->dirty_prev = s;
    n->dirty = s;
}

/* The head of the queue waits for a write: looked at again once writes
 * settle (session_flush_all). */
static void mark_held(session *s)
{
    if (s->held)
        return;
    net *n = s->net;
    s->held = true;
    s->held_prev = NULL;
    s->held_next = n->held;
    if (n->held)
        n->held->held_prev = s;
    n->held = s;
}

static void unmark_held(session *s)
{
    if (!s->held)
        return;
    if (s->held_prev)
        s->held_prev->held_next = s->held_next;
    else
        s->net->held = s->held_next;
    if (s->held_next)
        s->held_next->held_prev = s->held_prev;
    s->held = false;
    s->held_prev = s->held_next = NULL;
}

static void unmark_dirty(session *s)
{
    if (!s->dirty)
        return;
    if (s->dirty_prev)
        s->dirty_prev->dirty_next = s->dirty_next;
    else
        s->net->dirty = s->dirty_next;
    if (s->dirty_next)
        s->dirty_next->dirty_prev = s->dirty_prev;
    s->dirty = false;
    s->dirty_prev = s->dirty_next = NULL;
}

void session_ping(ka_node *n)
{
    session *s = of_ka(n);
    s->ping_due = true;
    want_flush(s);
}

/* Silent past the hang-up time. A peer that is gone never reads the close
 * frame; the close wait bounds that. */
void session_hangup(ka_node *n)
{
    session *s = of_ka(n);
    log_debug("session from %s hung up: no answer to pings", s->ip);
    session_close(s, PROTO_CLOSE_GOING_AWAY, "no answer to pings");
}

void session_pong(session *s)
{
    keepalive_heard(&s->net->keepalive, &s->ka);
}

/* Closing is graceful (what is queued, then a close frame with the reason)
 * but bounded: a peer that reads nothing is dropped after CLOSE_WAIT_S. The
 * lobby hears of it when lws reports the connection closed, never from
 * inside one of its own calls. */
#define CLOSE_WAIT_S 3

void session_close(session *s, int code, const char *reason)
{
    if (s->closing)
        return;
    s->closing = true;
    s->close_code = code;
    snprintf(s->close_reason, sizeof s->close_reason, "%s", reason);
    lws_set_timeout(s->wsi, PENDING_TIMEOUT_USER_OK, CLOSE_WAIT_S);
    want_flush(s);
}

void session_peer_closed(session *s)
{
    s->mute = true;
    unmark_dirty(s);
}

/* Closing waits for the peer to stop sending: closing a socket with unread
 * input makes the kernel reset the connection, and the peer then loses what
 * we sent last (the error that explains the close, and the close frame
 * itself). A peer still sending is waited for here, in the TIMER callback;
 * a quiet one is closed by close_now. libwebsockets 4.1.6 drops the close
 * frame (and its reason) when SERVER_WRITEABLE returns -1, but sends it when
 * TIMER does, or on a kill outside its callbacks. */
#define QUIET_MS 100

int session_timer(session *s)
{
    uint64_t since_rx = uv_now(s->net->loop) - s->ka.heard_ms; /* the last frame in */
    if (since_rx < QUIET_MS) {
        lws_set_timer_usecs(s->wsi, (lws_usec_t)(QUIET_MS - since_rx) * 1000);
        return 0;
    }
    lws_close_reason(s->wsi, (enum lws_close_status)s->close_code,
                     (unsigned char *)s->close_reason, strlen(s->close_reason));
    return -1;
}

/* The lobby is done with this connection: it closes and is forgotten. */
static void conn_close(lobby_conn *c, int code, const char *reason)
{
    session *s = of_conn(c);
    s->conn.player = NULL;
    session_close(s, code, reason);
}

static void cut_off_slow(session *s)
{
    log_info("session from %s cut off: %zu messages, %zu bytes unread", s->ip, s->qlen,
             s->queued_bytes);
    botpit_metrics.slow_disconnects++;
    session_close(s, PROTO_CLOSE_SLOW, "you stopped reading; reconnect to catch up");
}

static bool queue_grow(session *s)
{
    size_t cap = s->qcap ? 2 * s->qcap : 8;
    queued *q = malloc(cap * sizeof *q);
    if (!q)
        return false;
    for (size_t i = 0; i < s->qlen; i++)
        q[i] = s->queue[(s->qhead + i) % s->qcap];
    free(s->queue);
    s->queue = q;
    s->qcap = cap;
    s->qhead = 0;
    return true;
}

static void conn_send(lobby_conn *c, msg *m)
{
    session *s = of_conn(c);
    if (s->closing)
        return;
    const net_config *cfg = &s->net->cfg;
    if (s->qlen >= cfg->queue_max_msgs || s->queued_bytes + m->len > cfg->queue_max_bytes) {
        cut_off_slow(s);
        return;
    }
    if (s->qlen == s->qcap && !queue_grow(s)) {
        cut_off_slow(s);
        return;
    }
    /* In distributed mode what tells of a change waits until it is stored. */
    hold *after = lobby_hold_for(s->net->lobby, c);
    s->queue[(s->qhead + s->qlen) % s->qcap] = (queued){msg_ref(m), after ? hold_ref(after) : NULL};
    s->qlen++;
    s->queued_bytes += m->len;
    botpit_metrics.queued_bytes += (int64_t)m->len;
    want_flush(s);
}

static const lobby_conn_ops session_ops = {conn_send, conn_close};

static void per_ip_add(net *n, const char *ip, intptr_t delta)
{
    intptr_t count = (intptr_t)map_get(&n->per_ip, ip) + delta;
    if (count > 0)
        map_put(&n->per_ip, ip, (void *)count);
    else
        map_remove(&n->per_ip, ip);
}

/* The kernel's own send buffer per connection. Messages are small, so 64 KiB
 * is plenty for a reader, and a peer that stops reading then fills our
 * bounded queue within moments instead of hiding megabytes in the kernel. */
#define SOCKET_SNDBUF (64 * 1024)

int session_open(net *n, struct lws *wsi, conn_data *cd)
{
    int sndbuf = SOCKET_SNDBUF;
    setsockopt(lws_get_socket_fd(wsi), SOL_SOCKET, SO_SNDBUF, &sndbuf, sizeof sndbuf);
    session *s = calloc(1, sizeof *s);
    if (!s)
        return -1;
    s->conn.ops = &session_ops;
    s->net = n;
    s->wsi = wsi;
    net_client_address(n, wsi, s->ip, sizeof s->ip);
    addr_key(s->ip, s->conn.addr, sizeof s->conn.addr); /* the lobby's quotas count by this */
    s->allowance = n->cfg.rate_burst;
    s->allowance_at = uv_now(n->loop);
    s->next = n->sessions;
    if (n->sessions)
        n->sessions->prev = s;
    n->sessions = s;
    n->nsessions++;
    cd->ws = s;
    per_ip_add(n, s->conn.addr, 1); /* IPv6 by its /64 */
    keepalive_add(&n->keepalive, &s->ka);
    botpit_metrics.connections_open++;

    if (n->stopping) {
        session_close(s, PROTO_CLOSE_GOING_AWAY, "server shutting down");
    } else if (n->nsessions > n->cfg.max_connections) {
        botpit_metrics.connections_refused++;
        session_close(s, PROTO_CLOSE_TRY_LATER, "the server is full; try again later");
    } else if ((intptr_t)map_get(&n->per_ip, s->conn.addr) > n->cfg.max_per_ip) {
        botpit_metrics.connections_refused++;
        session_close(s, PROTO_CLOSE_POLICY, "too many connections from your address");
    } else {
        botpit_metrics.connections_total++;
    }
    return 0;
}

/* The token bucket: true if this message may go through. */
static bool rate_allows(session *s)
{
    const net_config *cfg = &s->net->cfg;
    uint64_t now = uv_now(s->net->loop);
    s->allowance += (double)(now - s->allowance_at) * cfg->rate_per_s / 1000.0;
    if (s->allowance > cfg->rate_burst)
        s->allowance = cfg->rate_burst;
    s->allowance_at = now;
    if (s->allowance < 1.0)
        return false;
    s->allowance -= 1.0;
    return true;
}

/* The id of a refused message, so a client can tell which request the
 * refusal answers; only looked for in small messages, to keep refusing cheap. */
static json_t *refused_id(const char *text, size_t len)
{
    if (len > 1024)
        return NULL;
    json_t *m = json_loadb(text, len, 0, NULL);
    json_t *id = json_incref(json_object_get(m, "id"));
    json_decref(m);
    if (id && !json_is_integer(id) && !(json_is_string(id) && json_string_length(id) <= 64)) {
        json_decref(id);
        id = NULL;
    }
    return id;
}

static void deliver(session *s, const char *text, size_t len)
{
    botpit_metrics.messages_in++;
    if (!rate_allows(s)) {
        /* A burst's worth refused in a row is a flood, not a fast hand. */
        if (++s->strikes > (int)s->net->cfg.rate_burst) {
            log_info("session from %s closed for flooding", s->ip);
            session_close(s, PROTO_CLOSE_POLICY, "too many messages");
        } else {
            json_t *id = refused_id(text, len);
            lobby_send_error(&s->conn, id, PROTO_RATE_LIMITED,
                             "you are sending messages too fast; slow down");
            json_decref(id);
        }
        return;
    }
    s->strikes = 0;
    lobby_receive(s->net->lobby, &s->conn, text, len);
}

static bool rx_append(session *s, const void *in, size_t len)
{
    if (s->rx_len + len + 1 > s->rx_cap) {
        size_t cap = s->rx_cap ? s->rx_cap : 1024;
        while (cap < s->rx_len + len + 1)
            cap *= 2;
        char *rx = realloc(s->rx, cap);
        if (!rx)
            return false;
        s->rx = rx;
        s->rx_cap = cap;
    }
    memcpy(s->rx + s->rx_len, in, len);
    s->rx_len += len;
    return true;
}

int session_receive(session *s, const void *in, size_t len)
{
    struct lws *wsi = s->wsi;
    bool last = lws_is_final_fragment(wsi) && !lws_remaining_packet_payload(wsi);
    botpit_metrics.bytes_in += len;
    keepalive_heard(&s->net->keepalive, &s->ka);
    if (s->closing)
        return 0;
    if (lws_frame_is_binary(wsi)) {
        session_close(s, LWS_CLOSE_STATUS_UNACCEPTABLE_OPCODE, "send JSON in text frames");
        return 0;
    }
    if (!s->rx_discard && s->rx_len + len > PROTO_MAX_FRAME) {
        s->rx_discard = true;
        lobby_send_error(&s->conn, NULL, PROTO_TOO_LARGE,
                         "a message can be at most 64 KiB; closing the connection");
        session_close(s, PROTO_CLOSE_TOO_LARGE, "message too large");
    }
    if (s->rx_discard)
        return 0;
    if (last && !s->rx_len) { /* whole in lws' buffer: the usual case, no copy */
        deliver(s, in, len);
        return 0;
    }
    if (!rx_append(s, in, len))
        return -1;
    if (last) {
        deliver(s, s->rx, s->rx_len);
        /* Freed at once: an idle session keeps no buffer (1 KB each). */
        free(s->rx);
        s->rx = NULL;
        s->rx_len = s->rx_cap = 0;
    }
    return 0;
}

/* Whether the queued message may go: it waits for no write, or for one
 * that is stored. */
static bool ready(queued *q)
{
    if (q->after && q->after->state == HOLD_KEPT) {
        hold_unref(q->after);
        q->after = NULL;
    }
    return !q->after;
}

/* How many messages from the head of the queue go in one write: all that
 * are ready and fit in BATCH_MAX with their frame headers, and at least
 * one (none if the head is not ready). */
static size_t batch_count(session *s)
{
    size_t count = 0, bytes = 0;
    unsigned char header[FRAME_HEADER_MAX];
    while (count < s->qlen) {
        queued *q = &s->queue[(s->qhead + count) % s->qcap];
        if (!ready(q))
            break;
        const msg *m = q->m;
        size_t framed = frame_text_header(header, m->len) + m->len;
        if (count && bytes + framed > BATCH_MAX)
            break;
        bytes += framed;
        count++;
    }
    return count;
}

static msg *queue_pop(session *s)
{
    msg *m = s->queue[s->qhead].m;
    hold_unref(s->queue[s->qhead].after);
    s->qhead = (s->qhead + 1) % s->qcap;
    s->qlen--;
    s->queued_bytes -= m->len;
    botpit_metrics.queued_bytes -= (int64_t)m->len;
    return m;
}

static void count_out(size_t messages, size_t bytes)
{
    botpit_metrics.ws_writes++;
    botpit_metrics.messages_out += messages;
    botpit_metrics.bytes_out += bytes;
}

/* The head of the queue in one lws_write: a lone message straight from its
 * msg (lws puts the header in its headroom), several as frames side by side
 * in net.batch, written raw. What the socket does not take, lws keeps and
 * sends first when it can (lws_partial_buffered). */
static int write_batch(session *s)
{
    size_t count = batch_count(s);
    if (count == 0)
        return 0;
    if (count == 1) {
        msg *m = queue_pop(s);
        size_t len = m->len;
        int wrote = lws_write(s->wsi, (unsigned char *)msg_text(m), len, LWS_WRITE_TEXT);
        msg_unref(m);
        if (wrote < (int)len)
            return -1;
        count_out(1, len);
        return 0;
    }
    unsigned char *start = s->net->batch + LWS_PRE, *p = start;
    size_t payload = 0;
    for (size_t i = 0; i < count; i++) {
        msg *m = queue_pop(s);
        p += frame_text_header(p, m->len);
        memcpy(p, msg_text(m), m->len);
        p += m->len;
        payload += m->len;
        msg_unref(m);
    }
    size_t len = (size_t)(p - start);
    if (lws_write(s->wsi, start, len, LWS_WRITE_RAW) < (int)len)
        return -1;
    count_out(count, payload);
    return 0;
}

static void wait_writeable(session *s)
{
    s->choked = true;
    lws_callback_on_writable(s->wsi);
}

/* The close frame with our code and reason, then lws closes; s may be
 * freed before this returns. Only outside lws' callbacks (a kill of the
 * connection being serviced is not allowed). Not a timer per session:
 * lws keeps its timers in a sorted list, and arming one for each of
 * 10,000 sessions closing at once (a shutdown) held the loop for seconds. */
static void close_now(session *s)
{
    log_debug("closing session from %s: %d %s", s->ip, s->close_code, s->close_reason);
    lws_close_reason(s->wsi, (enum lws_close_status)s->close_code,
                     (unsigned char *)s->close_reason, strlen(s->close_reason));
    lws_set_timeout(s->wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_SYNC);
}

/* A closing session whose queue is out: closed once the peer is quiet. */
static void finish_closing(session *s, bool in_lws)
{
    uint64_t since_rx = uv_now(s->net->loop) - s->ka.heard_ms; /* the last frame in */
    if (since_rx < QUIET_MS && in_lws)
        lws_set_timer_usecs(s->wsi, (lws_usec_t)(QUIET_MS - since_rx) * 1000);
    else if (since_rx < QUIET_MS)
        wait_writeable(s); /* lws arms its timers only inside its callbacks */
    else if (in_lws)
        want_flush(s); /* closed after the loop's poll, outside lws */
    else
        close_now(s);
}

/* A reply's id, read back from its text (only for the rare message whose
 * write failed). New reference, or NULL for a message that answers no one. */
static json_t *reply_id(msg *m)
{
    json_t *j = json_loadb(msg_text(m), m->len, 0, NULL);
    json_t *id = json_incref(json_object_get(j, "id"));
    json_decref(j);
    return id;
}

/* Messages at the head whose write failed are never sent: what they told
 * did not happen (or is not known to have). A reply among them becomes
 * `unavailable`, as a write refused at once would have made it. */
static void drop_broken(session *s)
{
    json_t *ids = NULL;
    while (s->qlen && s->queue[s->qhead].after &&
           s->queue[s->qhead].after->state == HOLD_BROKEN) {
        msg *m = queue_pop(s);
        json_t *id = reply_id(m);
        if (id) {
            if (!ids)
                ids = json_array();
            json_array_append_new(ids, id);
        }
        msg_unref(m);
    }
    size_t i;
    json_t *id;
    json_array_foreach(ids, i, id)
        lobby_send_error(&s->conn, id, PROTO_UNAVAILABLE,
                         "the server could not store that just now; nothing changed, try "
                         "again shortly");
    json_decref(ids);
}

/* Writes the ping that is due and the queue, until the socket is full; then
 * waits for WRITEABLE. A closing session whose queue is out closes (and may
 * be freed before this returns). -1: the connection is broken. in_lws: in
 * lws' WRITEABLE callback for this session. */
static int flush(session *s, bool in_lws)
{
    if (s->mute)
        return 0;
    if (lws_partial_buffered(s->wsi)) {
        wait_writeable(s);
        return 0;
    }
    if (s->ping_due && !s->closing) {
        /* The ping carries a byte because lws 4.1.6 does not pass an empty
         * pong on to us. */
        unsigned char ping[LWS_PRE + 1];
        ping[LWS_PRE] = 'k';
        s->ping_due = false;
        if (lws_write(s->wsi, ping + LWS_PRE, 1, LWS_WRITE_PING) < 0)
            return -1;
    }
    drop_broken(s);
    while (s->qlen && ready(&s->queue[s->qhead]) && !lws_partial_buffered(s->wsi)) {
        if (write_batch(s) < 0)
            return -1;
        drop_broken(s);
    }
    if (lws_partial_buffered(s->wsi)) {
        wait_writeable(s);
        return 0;
    }
    if (s->qlen) { /* the head waits for a write */
        mark_held(s);
        return 0;
    }
    if (s->closing)
        finish_closing(s, in_lws);
    return 0;
}

void session_flush_all(net *n)
{
    uint64_t settled = hold_settled_count();
    if (settled != n->holds_seen) { /* writes came back: held queues may go on */
        n->holds_seen = settled;
        while (n->held) {
            session *s = n->held;
            unmark_held(s);
            want_flush(s);
        }
    }
    while (n->dirty) {
        session *s = n->dirty;
        unmark_dirty(s);
        if (flush(s, false) < 0) {
            /* Only a callback can have lws close it. */
            s->mute = true;
            s->broken = true;
            wait_writeable(s);
        }
    }
}

int session_writeable(session *s)
{
    s->choked = false;
    unmark_dirty(s);
    if (s->broken)
        return -1;
    return flush(s, true);
}

void session_closed(session *s)
{
    net *n = s->net;
    if (s->conn.player || s->conn.parked)
        lobby_disconnect(n->lobby, &s->conn);
    if (s->prev)
        s->prev->next = s->next;
    else
        n->sessions = s->next;
    if (s->next)
        s->next->prev = s->prev;
    n->nsessions--;
    unmark_dirty(s);
    unmark_held(s);
    per_ip_add(n, s->conn.addr, -1);
    keepalive_remove(&s->ka);
    botpit_metrics.connections_open--;
    botpit_metrics.queued_bytes -= (int64_t)s->queued_bytes;
    while (s->qlen) {
        msg_unref(s->queue[s->qhead].m);
        hold_unref(s->queue[s->qhead].after);
        s->qhead = (s->qhead + 1) % s->qcap;
        s->qlen--;
    }
    free(s->queue);
    free(s->rx);
    free(s);
}

void session_shutdown_all(net *n)
{
    for (session *s = n->sessions; s; s = s->next) {
        if (s->conn.player || s->conn.parked)
            lobby_disconnect(n->lobby, &s->conn);
        s->conn.player = NULL;
        s->closing = false; /* whatever the reason was, this one wins */
        session_close(s, PROTO_CLOSE_GOING_AWAY, "server shutting down");
    }
}
