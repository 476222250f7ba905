/*
 * lobby.h: players, rooms and the protocol verbs, as the network layer (and
 * main) see them.
 *
 * The network layer (net/) owns connections and hands the lobby each complete
 * text message; the lobby answers through the two functions of
 * lobby_conn_ops. Everything runs on the loop thread. The lobby owns the
 * players (identified by token), the rooms (by join code) and every timer
 * of both; engines run inside rooms (room.h, table.h).
 *
 * With a store, a change is written before anyone hears of it: a request
 * whose change cannot be written gets `unavailable` and changes nothing, and
 * lobby_storage_ok turns false until writing works again (the lobby keeps
 * trying by itself).
 */
#ifndef BOTPIT_LOBBY_H
#define BOTPIT_LOBBY_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <uv.h>

#include "lobby/conn.h"
#include "proto.h"

typedef struct lobby lobby;
struct store;
struct cluster;
struct cluster_hooks;
struct hold;

lobby_config lobby_config_defaults(void);

lobby *lobby_new(uv_loop_t *loop, const lobby_config *cfg);
/* Closes every room and forgets every player; the loop must then run until
 * the rooms' handles have closed before it is closed. */
void lobby_free(lobby *l);

/* One complete text message from c. */
void lobby_receive(lobby *l, lobby_conn *c, const char *text, size_t len);
/* c is gone (closed by the peer, by keepalive, or at shutdown). */
void lobby_disconnect(lobby *l, lobby_conn *c);
/* Sends an error the network layer detected itself (too_large,
 * rate_limited). */
void lobby_send_error(lobby_conn *c, const json_t *id, proto_code code, const char *message);

/* The bodies of /api/games and /api/rooms (new references). */
json_t *lobby_games_json(lobby *l);
json_t *lobby_rooms_json(lobby *l);
/* Rooms by game and status, players, errors sent, the store's health, in
 * Prometheus text format. */
void lobby_metrics_write(lobby *l, FILE *out);
/* False while writes to the store fail (/healthz answers 503). */
bool lobby_storage_ok(const lobby *l);

/* Persistence. With a store set, players, rooms, every input and results
 * are saved as they happen. The lobby borrows the store. */
void lobby_set_store(lobby *l, struct store *s);
/* Brings back every unfinished room of the store by replaying its log; rooms
 * that cannot be restored exactly are kept aside in the store (never
 * deleted) and counted in *broken, with those kept aside before. Returns 0,
 * or -1 if the store could not be read. */
int lobby_restore(lobby *l, int *rooms, int *broken);
/* Saves the game clock of every room in play (before a graceful stop). */
void lobby_save_clocks(lobby *l);

/* --- distributed mode --- */

/* What the cluster asks of this lobby (cluster.h), for cluster_new. */
void lobby_cluster_hooks(lobby *l, struct cluster_hooks *out);
/* With a store on Redis (store_open_redis) and its cluster: rooms and
 * players of other nodes are looked up, `moved` sends clients to them. */
void lobby_set_cluster(lobby *l, struct cluster *c);
/* The write the next message to c must wait for (util/hold.h), or NULL:
 * in distributed mode, what tells of a change waits until Redis has it. */
struct hold *lobby_hold_for(lobby *l, const lobby_conn *c);
/* A stop in distributed mode: every room goes to another live node first
 * (its players get `moved`); done(arg) when all are handed or stay. */
void lobby_hand_over(lobby *l, void (*done)(void *arg), void *arg);
/* Recent results (/api/results), newest first; game and player_id may be
 * NULL. Only public games, and the private ones viewer_id (may be NULL)
 * played in. An empty array if they cannot be read. New reference. */
json_t *lobby_results_json(lobby *l, const char *game, const char *player_id,
                           const char *viewer_id, int limit);
/* /api/results from its query arguments as text (each may be NULL) and the
 * token of the player asking (from "Authorization: Bearer TOKEN", or NULL):
 * the body (*status 200), or NULL with a sentence in why and *status 400 (a
 * bad limit: 1 to LOBBY_RESULTS_MAX, LOBBY_RESULTS_DEFAULT when absent) or
 * 401 (a token no player has). New reference. */
#define LOBBY_RESULTS_DEFAULT 20
#define LOBBY_RESULTS_MAX 200
json_t *lobby_results_query(lobby *l, const char *game, const char *player_id,
                            const char *limit, const char *token, int *status, char *why,
                            size_t why_len);
/* The same when the results may have to be read from Redis: fn gets the
 * body (or NULL with why) and the status (200, 400, 401, or 503 when Redis
 * could not be read), at once or later. A request still waiting is
 * returned, to cancel if the asker goes away (fn is then never called);
 * NULL when fn was called already. */
typedef struct lobby_wait lobby_wait;
typedef void (*lobby_answer_fn)(void *arg, json_t *body, int status, const char *why);
lobby_wait *lobby_results_query_async(lobby *l, const char *game, const char *player_id,
                                      const char *limit, const char *token, lobby_answer_fn fn,
                                      void *arg);
void lobby_wait_cancel(lobby_wait *w);

/* /api/ratings: a game's leaderboard (the `ratings` message's body), or NULL
 * with a sentence in why and *status 400 (no game, a bad limit: 1 to
 * PROTO_RATINGS_MAX, LOBBY_RATINGS_DEFAULT when absent), 404 (no such
 * game) or 503 (the database could not be read). New reference. */
#define LOBBY_RATINGS_DEFAULT 50
json_t *lobby_ratings_query(lobby *l, const char *game, const char *limit, int *status,
                            char *why, size_t why_len);
/* /api/history: a player's history (the `history` message's body) as the
 * holder of token (may be NULL) may see it, or NULL with why and *status 400
 * (no player, a bad limit: 1 to PROTO_HISTORY_MAX), 401 (a token no player
 * has), 404 (no such player) or 503. New reference. */
#define LOBBY_HISTORY_DEFAULT 20
json_t *lobby_history_query(lobby *l, const char *player_id, const char *limit,
                            const char *token, int *status, char *why, size_t why_len);
/* Both, as lobby_results_query_async: read from Redis in distributed mode. */
lobby_wait *lobby_ratings_query_async(lobby *l, const char *game, const char *limit,
                                      lobby_answer_fn fn, void *arg);
lobby_wait *lobby_history_query_async(lobby *l, const char *player_id, const char *limit,
                                      const char *token, lobby_answer_fn fn, void *arg);

#endif
