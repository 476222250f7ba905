/*
 * net_int.h: what net.c, session.c and http.c share.
 */
#ifndef BOTPIT_NET_INT_H
#define BOTPIT_NET_INT_H

#include <libwebsockets.h>

#include "net/keepalive.h"
#include "net/net.h"
#include "util/map.h"
#include "util/msg.h"

_Static_assert(LWS_PRE <= MSG_HEADROOM, "a msg's headroom must fit the WebSocket header");

typedef struct session session;
typedef struct http_tx http_tx;

struct net {
    uv_loop_t *loop;
    lobby *lobby;
    net_config cfg;
    struct lws_context *context;
    lws_retry_bo_t no_validity; /* lws' own keepalive off: ours is keepalive.h */
    keepalive keepalive;
    char web_root[4096]; /* realpath of cfg.web_root */
    int port;
    session *sessions;   /* every open session, a doubly linked list */
    int nsessions;
    /* Sessions with something to write, written just before the loop waits
     * for events and just after it handled them: a session that got several
     * messages meanwhile sends them in one write. */
    session *dirty;
    /* Sessions whose next message waits for a write to be stored
     * (distributed mode): looked at again whenever writes settle. */
    session *held;
    uint64_t holds_seen; /* hold_settled_count() when they were last looked at */
    uv_prepare_t flush_before_poll;
    uv_check_t flush_after_poll;
    unsigned char *batch; /* LWS_PRE, then up to BATCH_MAX bytes of frames */
    map per_ip;          /* address -> sessions open from it (as intptr_t) */
    uint64_t started_ms;
    bool stopping;
    uv_timer_t stop_timer;
    int stop_left;       /* sessions open at the last stop poll */
    int stop_idle_polls; /* stop polls since a session last closed */
    void (*stopped)(void *);
    void *stopped_arg;
};

typedef struct http_wait http_wait;

/* What lws keeps per connection: one of the two is set. */
typedef struct conn_data {
    session *ws;
    http_tx *http;
    http_wait *wait; /* a response that waits for Redis (distributed mode) */
    bool head; /* a HEAD request: the headers of its GET, no body */
} conn_data;

/* One write carries at most this much: also lws' largest single send(). */
#define BATCH_MAX (64 * 1024)

/* session.c */
int session_open(net *n, struct lws *wsi, conn_data *cd);
/* Writes what every dirty session has queued (see net.dirty). */
void session_flush_all(net *n);
/* The peer sent a close frame: lws answers it, nothing more of ours goes out. */
void session_peer_closed(session *s);
int session_receive(session *s, const void *in, size_t len);
int session_writeable(session *s);
int session_timer(session *s);
void session_pong(session *s);
/* keepalive.h's callbacks for a session's node. */
void session_ping(ka_node *n);
void session_hangup(ka_node *n);
void session_closed(session *s);
void session_close(session *s, int code, const char *reason);
/* Detaches every session from the lobby and closes it with 1001. */
void session_shutdown_all(net *n);
/* The address a connection comes from (the proxy's client, if trusted). */
void net_client_address(net *n, struct lws *wsi, char *out, size_t out_len);

/* http.c */
int http_request(net *n, struct lws *wsi, conn_data *cd, const char *uri);
int http_writeable(net *n, struct lws *wsi, conn_data *cd);
/* A response that waited: sent once it is ready. */
int http_waited(net *n, struct lws *wsi, conn_data *cd);
void http_done(conn_data *cd);

#endif
