/*
 * remote.h: the lobby in distributed mode: rooms that live on other nodes,
 * rooms that come to this one, and requests that wait for Redis.
 *
 * Each room lives on one node, its owner; the others know only where it
 * is (cluster.h). A `join` of a room this node does not hold, and a
 * `hello` whose player sits in such a room, wait while the room is looked
 * up (the connection's later messages wait behind them, in order), then
 * run again with the answer: the room was loaded here (it was this node's,
 * or its dead owner's and claimed now), or the client is sent `moved
 * {room, url}` to the owner, or there is no such room.
 *
 * A room whose write failed (Redis lost, or the fence refused it) may be
 * ahead in memory of what is stored: it is unloaded at once and its
 * connected members wait, as orphans, until it is known again: rebuilt
 * here from its log (and they are back in it), or another node's (they
 * get `moved`), or gone. The same happens when the cluster finds that
 * another node claimed a room while this one was presumed dead.
 *
 * Everything here runs on the loop thread; whatever is in flight when the
 * lobby goes is cancelled (its answer is dropped).
 */
#ifndef BOTPIT_REMOTE_H
#define BOTPIT_REMOTE_H

#include <stdbool.h>
#include <stdio.h>

#include "lobby/lobby_int.h"

struct cluster;
typedef struct remote remote;

remote *remote_new(lobby *l, struct cluster *c);
/* Cancels everything in flight. */
void remote_free(remote *rm);

/* --- requests waiting for Redis --- */

typedef enum resume_kind {
    RESUME_PLAIN,       /* carry on as usual: what was looked up is in memory now, or is not */
    RESUME_UNAVAILABLE, /* Redis could not tell: answer `unavailable` */
    RESUME_MOVED,       /* the room is another node's: send `moved` */
} resume_kind;

typedef struct resume {
    resume_kind kind;
    char room[IDS_CODE_LEN + 1];
    char url[512];
    /* A read's answer (RESUME_PLAIN): its body, or NULL when what was
     * asked for does not exist (no such player). Borrowed. */
    json_t *body;
    /* A hello with a link code: how taking it went (a link_status; -1:
     * not one) and, if it worked, the token it handed over. */
    int link;
    char token[IDS_TOKEN_HEX];
} resume;

/* While a request of c waits, its later messages wait behind it. */
void remote_queue(lobby *l, lobby_conn *c, const char *text, size_t len);
/* c closed: what it had waiting is dropped. */
void remote_conn_gone(lobby *l, lobby_conn *c);
/* The answer a request that waited is run again with; NULL otherwise. */
const resume *remote_resume(const lobby *l);
/* A hello with a token whose player is not here, or not in a room here:
 * 1 if the hello now waits for Redis, 0 to carry on at once (not a token),
 * -1 if Redis cannot be asked (answer `unavailable`). */
int remote_hello(lobby *l, lobby_conn *c, const char *token);
/* A hello with a link code (typed as given): 1 if it waits while the code
 * is taken in Redis (its answer's link and token say how it went, and
 * where the player's room is), 0 if it cannot be a code, -1 unavailable. */
int remote_hello_link(lobby *l, lobby_conn *c, const char *typed);
/* A new link code for p, handing over token_hex: stored in Redis with the
 * player (its hold keeps the reply back until Redis has it). 0, or -1. */
int remote_link_issue(lobby *l, player *p, const char *token_hex, char code[IDS_LINK_LEN + 1]);
/* `ratings` and `history` read from Redis: 1 if the request waits (it runs
 * again with the body), -1 unavailable. */
int remote_ratings(lobby *l, lobby_conn *c, const game_engine *e, int limit);
int remote_history(lobby *l, lobby_conn *c, const char *player_id, const char *viewer_id,
                   int limit);
/* A join of a code not held here: 1 if it waits, -1 unavailable. */
int remote_join(lobby *l, lobby_conn *c, const char *code);
/* A create while no reserved code is at hand (a burst): 1 if it waits for
 * the codes being reserved, 0 to carry on (one is at hand), -1
 * unavailable. */
int remote_create(lobby *l, lobby_conn *c);
/* `moved {room, url}` to c, echoing id (may be NULL). */
void remote_send_moved(lobby *l, lobby_conn *c, const json_t *id, const char *code,
                       const char *url);

/* --- rooms --- */

/* Whether a new room can be made now (a reserved code is at hand, and the
 * node is not handing its rooms over). */
bool remote_can_create(lobby *l);
/* A reserved code for a new room; false if none is at hand. */
bool remote_take_code(lobby *l, char code[IDS_CODE_LEN + 1]);
/* r may be ahead of what is stored, or is another node's now: it leaves
 * memory at once; its connected members wait until it is known again. */
void remote_unload(lobby *l, room *r);
/* p waits for its room to be known again (remote_unload). */
bool remote_orphaned(lobby *l, const player *p);
/* Stores this node's public rooms for the other nodes' lobbies. */
void remote_publish(lobby *l);
/* Appends the other nodes' public rooms to rooms (at most max in all),
 * leaving out codes already there. */
void remote_add_others(lobby *l, json_t *rooms, size_t max);
/* Hands every room to the other live nodes (a stop); its members get
 * `moved`. done(arg) once every room is handed or stays (none alive). */
void remote_hand_over(lobby *l, void (*done)(void *arg), void *arg);
void remote_metrics_write(lobby *l, FILE *out);

#endif
