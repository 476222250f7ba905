/*
 * ws.h: many WebSocket client connections on one epoll loop, one thread.
 *
 * The load generator holds tens of thousands of connections, so each costs
 * a small struct and no buffer until it needs one: frames are parsed
 * straight out of one shared read buffer, and only a partial frame (or a
 * fragmented message, or bytes the kernel would not take yet) is copied
 * into the connection. Sockets are registered once, edge-triggered, for
 * reading and writing: no epoll_ctl per message.
 *
 * What the RFC 6455 client side needs and nothing more: non-blocking
 * connect, the HTTP upgrade, masked frames out, fragment reassembly, pongs
 * to pings, the close handshake. Plain HTTP requests (a matchmaker's POST)
 * run on the same loop with ws_http.
 *
 * A connection handed to a callback stays valid until the callback returns,
 * even if it was closed inside it; after `closed` it must not be used.
 */
#ifndef BOTPIT_LOADGEN_WS_H
#define BOTPIT_LOADGEN_WS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
    WS_OP_TEXT = 0x1,
    WS_OP_BINARY = 0x2,
};

/* Close codes reported for connections that ended without a close frame. */
enum {
    WS_CLOSED_ABNORMAL = 1006,   /* the peer hung up, or a read error */
    WS_CLOSED_CONNECT = 4900,    /* connect() failed */
    WS_CLOSED_HANDSHAKE = 4901,  /* the upgrade was refused or garbled */
    WS_CLOSED_PROTOCOL = 4902,   /* a frame we cannot accept */
    WS_CLOSED_LOCAL = 4903,      /* we dropped it (ws_drop) */
};

typedef struct ws_loop ws_loop;
typedef struct ws_conn ws_conn;

typedef struct ws_handlers {
    /* The upgrade succeeded (or, for ws_http, never called). */
    void (*open)(ws_conn *c, void *user);
    /* One whole message; data is valid only during the call. For ws_http,
     * the response body (op 0, status in `status`). */
    void (*message)(ws_conn *c, void *user, int op, const char *data, size_t len);
    /* The connection is gone; code is the peer's close code or WS_CLOSED_*. */
    void (*closed)(ws_conn *c, void *user, int code);
} ws_handlers;

/* A loop connecting to host:port (IPv4 dotted quad). `sources` > 1 spreads
 * connections over 127.0.0.1 .. 127.0.0.<sources> as source addresses, so
 * more than one ephemeral port range is available towards one server. */
ws_loop *ws_loop_new(const ws_handlers *h, const char *host, int port, int sources);
/* Closes every connection still open (without callbacks) and frees all. */
void ws_loop_free(ws_loop *l);

/* Starts a non-blocking connect and queues the upgrade request for `path`
 * ("/ws"). Returns NULL when no socket could be made (errno says why). */
ws_conn *ws_connect(ws_loop *l, const char *path, void *user);
/* Starts a plain HTTP/1.1 request (method, path, optional JSON body);
 * the response body comes to `message` with op 0, then `closed`. */
ws_conn *ws_http(ws_loop *l, const char *method, const char *path, const char *body,
                 void *user);
/* The HTTP status of a ws_http response, valid in its `message` call. */
int ws_http_status(const ws_conn *c);

/* Sends one message; false when the connection is not open (or is gone). */
bool ws_send(ws_conn *c, int op, const char *data, size_t len);
/* Starts the close handshake; `closed` follows when the peer answers. */
void ws_close(ws_conn *c, int code);
/* Closes the socket at once, no close frame (a client that vanishes);
 * `closed` is called with WS_CLOSED_LOCAL before this returns. */
void ws_drop(ws_conn *c);
void *ws_user(const ws_conn *c);
bool ws_is_open(const ws_conn *c);

/* Waits up to timeout_ms for events and handles them. Returns the number of
 * events, or -1 on an epoll error. */
int ws_poll(ws_loop *l, int timeout_ms);
/* Also watch fd for reading; `ready` is called when it is readable. */
bool ws_watch_fd(ws_loop *l, int fd, void (*ready)(int fd, void *arg), void *arg);

/* Connections not yet closed (connecting, open or closing). */
size_t ws_live(const ws_loop *l);

#endif
