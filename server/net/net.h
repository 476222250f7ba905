/*
 * net.h: HTTP and WebSocket on one port: libwebsockets on our libuv loop.
 *
 * The server owns the loop; lws joins it as a "foreign" loop. Every
 * connection to the path /ws becomes a session with its own send queue,
 * reassembly of fragmented messages, a rate limit and keepalive; complete
 * text messages go to the lobby. What a session queues is written just
 * before the loop next waits for events, all of it in one write when the
 * socket takes it, so no message waits for a WRITEABLE round trip unless the
 * socket is full. Other paths are the
 * web client's files, /healthz, /metrics and the /api/ paths.
 *
 * Stopping takes three steps, in this order: net_shutdown (sessions closed
 * with 1001, then lws destroys its context and starts closing its handles),
 * running the loop until every handle is closed, then net_free.
 */
#ifndef BOTPIT_NET_H
#define BOTPIT_NET_H

#include <stdbool.h>
#include <stddef.h>
#include <uv.h>

#include "lobby/lobby.h"

typedef struct net_config {
    const char *bind;     /* address to listen on, "0.0.0.0" for all */
    int port;             /* 0 picks a free port (tests) */
    const char *web_root; /* the web client's folder */
    int max_connections;  /* WebSocket sessions at once */
    int max_per_ip;       /* WebSocket sessions from one address */
    bool trust_proxy;     /* take the client address from X-Real-IP / X-Forwarded-For */
    int keepalive_s;      /* ping after this much silence; hang up after 2.5x */
    size_t queue_max_bytes; /* a session queuing more is cut off as too slow */
    size_t queue_max_msgs;
    double rate_per_s;    /* messages a session may send per second ... */
    double rate_burst;    /* ... and in one burst */
} net_config;

net_config net_config_defaults(void);

typedef struct net net;

/* Listens and serves; NULL with a sentence in err if it cannot. */
net *net_new(uv_loop_t *loop, lobby *l, const net_config *cfg, char *err, size_t err_len);
/* The port actually listened on. */
int net_port(const net *n);
/* Closes every session with 1001 "server shutting down"; when all are gone
 * (or after a short wait) calls done(arg), after destroying the lws context
 * the first time. */
void net_shutdown(net *n, void (*done)(void *arg), void *arg);
/* Final teardown, after the loop has run dry. */
void net_free(net *n);

#endif
