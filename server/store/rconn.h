/*
 * rconn.h: one connection to Redis on our libuv loop (hiredis 0.14 and its
 * libuv adapter), for the distributed mode.
 *
 * Every call is bounded by our own timer: hiredis 0.14 has no timeout on
 * asynchronous calls, and a Redis that is stopped (SIGSTOP) or a network
 * that drops packets would leave a call unanswered for ever. When the
 * oldest call in flight passes the timeout, the connection is freed, which
 * fails every call in flight (each callback gets NULL), and a new one is
 * made after a backoff (100 ms doubling to 2 s). A Redis that closes the
 * connection (killed, restarted) fails them the same way. Calls made while
 * there is no connection fail at once: rconn_call returns -1.
 *
 * On each new connection: AUTH and SELECT as the URL says, TIME (the
 * offset of Redis' clock from ours), then every registered Lua script is
 * loaded (SCRIPT LOAD), and only then is the connection up and on_up told. Commands issued in one loop iteration leave
 * in one write (hiredis buffers them until the socket is writable), so a
 * busy iteration's calls are pipelined.
 *
 * Start-up is synchronous (rconn_open runs the loop until the connection is
 * up or failed, rconn_call_sync until one call is answered): a server that
 * cannot reach its Redis stops with one line naming the fault.
 *
 * Ownership: rconn_call copies its arguments. A reply passed to a callback
 * is hiredis' and freed when the callback returns. The loop thread only.
 */
#ifndef BOTPIT_RCONN_H
#define BOTPIT_RCONN_H

#include <hiredis/hiredis.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <uv.h>

#define RCONN_TIMEOUT_MS 750   /* a call unanswered this long fails */
#define RCONN_START_TIMEOUT_MS 3000
/* The port of a URL that names none (Redis' own default). */
#define RCONN_DEFAULT_PORT 6379
#define RCONN_MAX_SCRIPTS 24

typedef struct rconn_url {
    char host[256];   /* as given */
    char ip[64];      /* resolved when parsed */
    int port;
    char user[128];   /* empty: the default user */
    char password[256];
    int db;
} rconn_url;

/* Parses redis://[[USER]:PASSWORD@]HOST[:PORT][/DB] and resolves HOST; -1
 * with a sentence in why. */
int rconn_parse_url(const char *text, rconn_url *out, char *why, size_t why_len);

typedef struct rconn rconn;

/* A call's answer: r is NULL when the call failed (no connection, the
 * connection dropped, or the timeout passed); otherwise Redis' reply,
 * which may be an error reply (REDIS_REPLY_ERROR). */
typedef void (*rconn_reply_fn)(void *arg, redisReply *r);

rconn *rconn_new(uv_loop_t *loop, const rconn_url *url);
/* Registers a Lua script (before rconn_open); its number for rconn_eval. */
int rconn_script(rconn *c, const char *name, const char *source);
/* Adds a listener told each time a connection is up (scripts loaded), and
 * each time one is lost (calls in flight have failed by then); at most
 * RCONN_MAX_LISTENERS. */
#define RCONN_MAX_LISTENERS 4
void rconn_on_change(rconn *c, void (*fn)(void *arg, bool up), void *arg);

/* fn(arg) runs just before the loop next waits for events (each
 * iteration), and before any other call goes out: what it sends (a batch
 * of the iteration's writes) keeps its place among the calls. At most one. */
void rconn_set_flusher(rconn *c, void (*fn)(void *arg), void *arg);
/* Calls fn(arg) on the next turn of the loop, out of the caller's stack (at
 * the latest when the connection closes). */
void rconn_defer(rconn *c, void (*fn)(void *arg), void *arg);

/* Connects and waits (running the loop) until the connection is up: 0, or
 * -1 with one sentence in why naming the fault (unreachable, refused,
 * wrong password, no such database, no answer). */
int rconn_open(rconn *c, char *why, size_t why_len);
/* Closes the connection for good, once the calls in flight are answered
 * (or their timeout passes); no new call is taken meanwhile. c is freed
 * once its handles have closed (the loop must run). */
void rconn_close(rconn *c);

bool rconn_up(const rconn *c);

/* Sends a command; fn is called once with its reply. -1 (fn not called) if
 * there is no connection. */
int rconn_call(rconn *c, rconn_reply_fn fn, void *arg, int argc, const char **argv,
               const size_t *lens);
/* The same for a registered script: EVALSHA with no keys and argv as ARGV
 * (the scripts name their keys themselves). */
int rconn_eval(rconn *c, int script, rconn_reply_fn fn, void *arg, int argc, const char **argv,
               const size_t *lens);
/* The same, waiting (running the loop) until fn has been called: for
 * start-up only. -1 if the call could not be made (fn not called). */
int rconn_call_sync(rconn *c, rconn_reply_fn fn, void *arg, int argc, const char **argv,
                    const size_t *lens);
int rconn_eval_sync(rconn *c, int script, rconn_reply_fn fn, void *arg, int argc,
                    const char **argv, const size_t *lens);

/* Redis' clock now (µs since the epoch), as our clock and the offset
 * measured on this connection (TIME, at the middle of its round trip) say:
 * writes carry a deadline in it (rstore.h). */
int64_t rconn_redis_time_us(const rconn *c);

/* --- health --- */

/* "HOST:PORT", for messages. */
const char *rconn_where(const rconn *c);
/* Calls that failed (connection lost or timed out) since the start. */
uint64_t rconn_failures(const rconn *c);
/* Connections made, lost, and calls answered, since the start. */
uint64_t rconn_connects(const rconn *c);
/* Redis latency: a Prometheus histogram of answered calls (seconds). */
void rconn_metrics_write(const rconn *c, FILE *out);

#endif
