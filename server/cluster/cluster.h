/*
 * cluster.h: the nodes of the distributed mode, through Redis: which nodes
 * are alive, which node owns each room at which epoch, claiming a dead
 * node's rooms, handing rooms over before a stop, each node's public room
 * listing, and codes reserved ahead for rooms not yet made. It knows no
 * games: a room is a code; the lobby (through cluster_hooks) builds rooms.
 *
 * Liveness is the only data with a time to live. Each node renews a key
 * every fifth of its time to live (--node-ttl, 10 s); its public listing
 * expires with it, so a crashed node's rooms leave every lobby within
 * seconds. A node whose key has expired is dead: the live nodes claim its
 * rooms, one epoch up, one winner per room (an atomic script), and rebuild
 * them from their logs. Claims wait two times to live after each
 * connection to Redis, so that a Redis that restarted (and let every key
 * expire meanwhile) does not make live nodes look dead. Durable data (the
 * owner and epoch of a room, its log, players, results) has no time to
 * live: its owner deletes it when the room closes.
 *
 * The store (rstore.h) fences every write with the epoch this module gives
 * it (rstore_own): a node that was only paused, whose rooms were claimed
 * meanwhile, is refused its next write.
 *
 * The loop thread only.
 */
#ifndef BOTPIT_CLUSTER_H
#define BOTPIT_CLUSTER_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <uv.h>

#include "store/store.h"

#define CLUSTER_CODE_LEN 5

typedef struct cluster_config {
    const char *node_id;  /* --node-id: letters, digits, '.', '-', '_' */
    const char *node_url; /* this node's own address, for `moved` */
    int ttl_ms;           /* liveness time to live (--node-ttl) */
} cluster_config;

/* What the cluster asks of the lobby. */
typedef struct cluster_hooks {
    void *arg;
    /* A room this node owns now but has not in memory (claimed from a dead
     * node, handed to it, or found in its set): build it from the store. */
    void (*load)(void *arg, const char *code);
    /* A room held in memory that another node owns now: give it up. */
    void (*lost)(void *arg, const char *code);
    /* Whether code is in memory (or being loaded), and how many are. */
    bool (*has)(void *arg, const char *code);
    size_t (*count)(void *arg);
    /* Fills out with a fresh random room code (the lobby's alphabet). */
    void (*new_code)(void *arg, char out[CLUSTER_CODE_LEN + 1]);
    /* The rooms held in memory, as a JSON array of codes (new reference):
     * checked after this node was presumed dead. */
    json_t *(*codes)(void *arg);
    /* The other nodes' listings changed. */
    void (*listings_changed)(void *arg);
    /* Another process took this node's id: the server must stop at once
     * without writing anything more. */
    void (*usurped)(void *arg);
} cluster_hooks;

typedef struct cluster cluster;
struct rconn;

/* Registers its scripts with conn: before rconn_open. */
cluster *cluster_new(uv_loop_t *loop, struct rconn *conn, store *s, const cluster_config *cfg,
                     const cluster_hooks *hooks);
/* Once the connection is up: takes the node's id (refused, with a
 * sentence in err, while another process renews it; a key left by this
 * node's own last run is waited out, at most a time to live), reads the
 * codes it reserved before, and starts the heartbeat. */
int cluster_start(cluster *c, char *err, size_t err_len);
/* A graceful stop: the liveness key and listing go at once (bounded by the
 * connection's timeout); done(arg) then. */
void cluster_stop(cluster *c, void (*done)(void *arg), void *arg);
void cluster_free(cluster *c);

const char *cluster_node(const cluster *c);

/* --- codes --- */

/* A code reserved for a new room (the store may then write it at epoch
 * 1); false when none is left just now (more are being reserved). */
bool cluster_take_code(cluster *c, char code[CLUSTER_CODE_LEN + 1]);
/* Whether a code is at hand. */
bool cluster_has_code(const cluster *c);
/* Calls fn(arg) once the codes being reserved now have come (at once if
 * none can be asked for): a burst of creates waits for them. */
void cluster_wait_codes(cluster *c, void (*fn)(void *arg), void *arg);

/* --- where a room is --- */

typedef enum cluster_where {
    CLUSTER_MINE,      /* this node owns it (claimed now if its owner was dead) */
    CLUSTER_ELSEWHERE, /* a live node owns it: url is that node's address */
    CLUSTER_NONE,      /* no such room */
    CLUSTER_FAILED,    /* could not be told just now (Redis, or too soon to claim) */
} cluster_where;
typedef void (*cluster_located_fn)(void *arg, cluster_where where, const char *url);
/* Calls fn once (url borrowed for the call). */
void cluster_locate(cluster *c, const char *code, cluster_located_fn fn, void *arg);

/* --- handing over (a stop) --- */

/* Reads which nodes are alive now (as the listings poll does every
 * second); done(arg) once known (or Redis did not answer). */
void cluster_refresh(cluster *c, void (*done)(void *arg), void *arg);
/* The node is leaving (it hands its rooms over): from now on it claims
 * nothing, loads no room, reserves no code; it stays alive until
 * cluster_stop. */
void cluster_leave(cluster *c);
/* Whether another node is alive to take rooms, as last read. */
bool cluster_others_alive(const cluster *c);
/* Hands code to another live node, one epoch up; fn gets that node's url,
 * or NULL if it could not be handed (it stays this node's). */
typedef void (*cluster_handed_fn)(void *arg, const char *code, const char *url);
void cluster_hand_over(cluster *c, const char *code, cluster_handed_fn fn, void *arg);

/* --- listings --- */

/* This node's public rooms (a JSON array, as `rooms` lists them): stored
 * with the node's time to live. */
void cluster_publish(cluster *c, const json_t *rooms);
/* The other live nodes' public rooms, as last read (about every second).
 * Borrowed. */
const json_t *cluster_others_rooms(const cluster *c);

/* --- health --- */

void cluster_metrics_write(const cluster *c, FILE *out);

#endif
