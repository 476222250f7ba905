/*
 * conn.h: the one WebSocket to the server, on a thread of its own.
 *
 * A libwebsockets client context is serviced by a network thread, so the
 * screen never waits on the network (DNS lookups, TLS handshakes, a server
 * that hangs). The threads meet in two queues: the screen side sends with
 * conn_send (which wakes the network thread) and reads events with
 * conn_next whenever conn_fd() is readable (a pipe the network thread
 * writes a byte to per event), so the screen can poll() its keyboard and the
 * network together.
 *
 * The link reconnects by itself after any drop, with backoff (0.5 s, 1, 2,
 * 4, 8, then every 12 s), except after close code 4001 (the same player
 * connected from elsewhere): that one waits for conn_retry. A server of
 * several nodes may send the player to another node (`moved`):
 * conn_redirect takes the link there at once; after that link drops (or
 * fails to open) it goes back to the address it was started with. Every link gets
 * a new generation number; a message sent for an old generation is dropped,
 * so nothing meant for a dead link (before the new hello) leaks into a new
 * one.
 */
#ifndef BOTPIT_TUI_CONN_H
#define BOTPIT_TUI_CONN_H

#include <stdbool.h>
#include <stddef.h>

#include "url.h"

typedef enum conn_event_kind {
    CONN_OPEN,   /* a link is up: say hello on it */
    CONN_TEXT,   /* a text frame */
    CONN_CLOSED, /* the link went down, or a connection attempt failed */
} conn_event_kind;

typedef struct conn_event {
    conn_event_kind kind;
    unsigned gen;       /* the link it is about */
    char *text;         /* CONN_TEXT: the frame, NUL-terminated; owned (conn_event_clear) */
    size_t len;
    int code;           /* CONN_CLOSED: the close code, 0 if there was none */
    char reason[200];   /* CONN_CLOSED: the server's reason or what failed */
    int retry_ms;       /* CONN_CLOSED: next attempt in this many ms; -1: waits for conn_retry */
    bool was_open;      /* CONN_CLOSED: the link had opened (a drop, not a failed attempt) */
} conn_event;

typedef struct conn conn;

/* Starts the network thread, which connects at once. insecure: TLS without
 * certificate checks. forwarded_for: an address sent as X-Real-IP with
 * every connection (NULL or "": none). NULL with why on failure. */
conn *conn_start(const url *target, bool insecure, const char *forwarded_for, char *why,
                 size_t why_len);
/* Joins the thread, closes the link and frees everything. */
void conn_stop(conn *c);

/* Readable when events wait; conn_next drains it. */
int conn_fd(const conn *c);
/* Pops the next event into ev; false when there is none. */
bool conn_next(conn *c, conn_event *ev);
void conn_event_clear(conn_event *ev);

/* Queues a text frame for link `gen` (takes text, which must be malloc'd).
 * Returns 0, or -1 (text freed) when that link is not the open one. */
int conn_send(conn *c, unsigned gen, char *text);
/* Closes the open link now; it reconnects as after any drop. */
void conn_drop(conn *c);
/* Connects now: skips the backoff wait, or resumes after a 4001. */
void conn_retry(conn *c);
/* Closes the open link (if any) and connects to target now instead; the
 * link after a later drop goes to the original address again. */
void conn_redirect(conn *c, const url *target);

/* libwebsockets' reason for a failed connection, in words for people. */
void conn_plain_error(const char *raw, char *out, size_t len);

#endif
