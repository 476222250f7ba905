/*
 * keepalive.h: pings for silent connections, hang-ups for dead ones, at O(1)
 * a connection whatever their number.
 *
 * libwebsockets 4.1.6 keeps its per-connection validity timers in one sorted
 * list, so re-arming one costs O(n): with 8,000 clients its keepalive sweep
 * held the loop for over a second. Ours needs no sorting: every connection
 * waits the same time in each of two queues, so appending at the tail keeps
 * each queue in deadline order.
 *   quiet:  heard from lately; pinged `ping_ms` after it last spoke.
 *   pinged: hung up if it stays silent `hangup_ms` after it last spoke.
 * Hearing from a connection moves it to the tail of `quiet`. One libuv timer
 * is armed for the earlier head, and is not moved when a head leaves: it may
 * wake once for nothing, which is cheaper than re-arming on every message.
 */
#ifndef BOTPIT_KEEPALIVE_H
#define BOTPIT_KEEPALIVE_H

#include <stdbool.h>
#include <stdint.h>
#include <uv.h>

typedef struct ka_node ka_node;
struct ka_node {
    ka_node *prev, *next; /* in one of the two queues, or both NULL */
    uint64_t heard_ms;    /* loop ms it last spoke */
};

typedef struct keepalive {
    uv_timer_t timer;
    ka_node quiet, pinged; /* list heads */
    uint64_t ping_ms, hangup_ms;
    uint64_t armed_ms; /* when the timer fires; UINT64_MAX when stopped */
    void (*ping)(ka_node *n);   /* send a ping */
    void (*hangup)(ka_node *n); /* drop it; it is out of the queues already */
} keepalive;

/* Pings after keepalive_s of silence, hangs up after 2.5 keepalive_s. */
void keepalive_init(keepalive *k, uv_loop_t *loop, int keepalive_s, void (*ping)(ka_node *),
                    void (*hangup)(ka_node *));
/* Closes the timer (uv_close); the queues must be empty by then. */
void keepalive_close(keepalive *k);

void keepalive_add(keepalive *k, ka_node *n);   /* a new connection: heard now */
void keepalive_heard(keepalive *k, ka_node *n); /* it spoke (any frame, a pong too) */
void keepalive_remove(ka_node *n);              /* harmless if not in a queue */

#endif
