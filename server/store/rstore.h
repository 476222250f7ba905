/*
 * rstore.h: the store on Redis, for the distributed mode: the same rows as
 * the SQLite store (store.h), whose functions pass through to these when
 * the store was opened with store_open_redis, plus what only a shared,
 * asynchronous store has.
 *
 * Writes are asynchronous. A transaction (store_begin ... store_commit, or
 * a single write) stands or falls whole; the transactions of one loop
 * iteration go to Redis together, in one call of the apply script, just
 * before the loop waits (or before any other call, to keep their order).
 * store_commit returns 0 once the transaction is queued, -1 at once if it
 * cannot be (no connection, or a room this node may not write). Its
 * outcome is a hold (util/hold.h): whatever tells of the change waits for
 * rstore_hold(key) of the rooms (by code) and players (by id) it wrote.
 *
 * Fencing: every room is written only by its owner node at its epoch. This
 * store knows the epoch it holds each room at (rstore_own, set by the
 * cluster when it claims, creates or is handed a room) and the script
 * refuses a write whose node and epoch are not the room's (another node
 * claimed it: this one was presumed dead) or whose input does not follow
 * the room's last one. A refused or failed write is reported (on_lost) for
 * each room it touched: memory may then be ahead of what is stored, and the
 * room must be rebuilt from Redis (or left to its new owner).
 *
 * Keys live under "botpit:"; a room's keys carry its code as a hash tag
 * ({CODE}), which keeps a later move to Redis Cluster open.
 *
 * The loop thread only (but rstore_replay_row). Every read calls its
 * callback exactly once.
 */
#ifndef BOTPIT_RSTORE_H
#define BOTPIT_RSTORE_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "store/store.h"
#include "util/hold.h"

typedef struct rstore rstore;

/* The longest node id (--node-id). */
#define RSTORE_NODE_MAX 64

/* The Redis side of s, or NULL for a SQLite store. */
rstore *store_redis(store *s);

/* After the connection is up: refuses a Redis that keeps no append-only
 * file unless volatile_ok (a restart would lose every game), and reads the
 * data's generation. -1 with one sentence in err. */
int rstore_check(rstore *r, bool volatile_ok, char *err, size_t err_len);

/* --- ownership, as far as writing goes --- */

/* The epoch this node holds code at, 0 if it may not write it. */
int64_t rstore_epoch(const rstore *r, const char *code);
void rstore_own(rstore *r, const char *code, int64_t epoch);
void rstore_forget(rstore *r, const char *code);

/* --- outcomes --- */

/* The latest write of key (a room code or a player id) while it is in
 * flight, else NULL. Borrowed. */
hold *rstore_hold(rstore *r, const char *key);
/* fn hears of each room whose write failed: fenced (the script refused it:
 * another node holds the room now, or its log moved on) or lost (no
 * answer: the write may or may not be stored). */
void rstore_on_lost(rstore *r, void (*fn)(void *arg, const char *code, bool fenced), void *arg);

/* --- reads --- */

/* One room as stored: its row, its inputs (as store_inputs gives them),
 * its seated players ([[id, name, hash hex], ...]), its owner node and
 * epoch. rc is 0, or -1 if it could not be read; row is NULL when there is
 * no such room. Everything is borrowed for the call. */
typedef struct rstore_room {
    const store_room *row;
    const json_t *inputs, *players;
    const char *owner; /* "" if no node owns the code */
    int64_t epoch;
    const char *broken; /* why it was kept aside, or NULL */
} rstore_room;
typedef void (*rstore_room_fn)(void *arg, int rc, const rstore_room *room);
int rstore_load(rstore *r, const char *code, rstore_room_fn fn, void *arg);

/* The stored player whose token hashes to hash: rc 0 and its fields
 * (room: the code of the room it sits in, or ""), rc 1 if there is none,
 * -1 if it could not be read. */
typedef void (*rstore_player_fn)(void *arg, int rc, const char *id, const char *name,
                                 const uint8_t hash[32], const char *room);
int rstore_find_player(rstore *r, const uint8_t hash[32], rstore_player_fn fn, void *arg);

/* store_results' rows, read from Redis, each with its `rating` block
 * (store/rating.h); viewer_hash (or NULL) is the hash of the asking
 * player's token. rc 0 with results (borrowed), 1 if no player has that
 * token, -1 if they could not be read. */
typedef void (*rstore_results_fn)(void *arg, int rc, json_t *results);
int rstore_results(rstore *r, const char *game, const char *player_id,
                   const uint8_t *viewer_hash, int limit, rstore_results_fn fn, void *arg);

/* What a history shows of player_id, as the viewer (the hash of its token,
 * or its id, or neither) may see it: rc 0 with the player's stored name
 * ("" if no player has that id), its standings (as store_standings_of
 * gives them) and its last results (as rstore_results); 1 if no player has
 * the viewer's token; -1 if it could not be read. Borrowed for the call. */
typedef void (*rstore_history_fn)(void *arg, int rc, const char *viewer_id, const char *name,
                                  json_t *standings, json_t *results);
int rstore_history(rstore *r, const char *player_id, const uint8_t *viewer_hash,
                   const char *viewer_id, int limit, rstore_history_fn fn, void *arg);

/* store_leaderboard's rows, read from Redis: rc 0 with them (borrowed), -1
 * if they could not be read. */
typedef void (*rstore_rows_fn)(void *arg, int rc, json_t *rows);
int rstore_leaderboard(rstore *r, const char *game, int established, int limit,
                       rstore_rows_fn fn, void *arg);

/* --- replays (store_replay_get reads SQLite's; these, Redis') --- */

/* Finished game id as its replay needs it, if viewer_id (or NULL) may
 * watch it (a private game is only its players'): rc 0 with its result
 * row, its replay's settings and its log, as JSON texts (settings and log
 * "" for a game stored before Redis kept replays); 1 if there is no such
 * game that the viewer may watch; -1 if it could not be read (texts NULL).
 * Borrowed for the call: a caller that builds the replay elsewhere copies
 * them. */
typedef void (*rstore_replay_fn)(void *arg, int rc, const char *result, const char *settings,
                                 const char *log);
int rstore_replay_read(rstore *r, int64_t id, const char *viewer_id, rstore_replay_fn fn,
                       void *arg);

/* What store_replay_get gives, made from what rstore_replay_read read (rc
 * and texts as it passed them): the parsing, which a long log makes
 * costly, is pure and may run on any thread (the lobby's workers). New
 * reference, or NULL with *status saying why. */
json_t *rstore_replay_row(int64_t id, int rc, const char *result, const char *settings,
                          const char *log, store_replay_status *status);

/* --- link codes (lobby/link.h keeps them in memory on a single node) --- */

/* A write of the transaction (the player's: its hold): code hands over
 * token_hex (whose hash is hash) for ttl_ms, once; the player's earlier
 * code, if still unused, stops working. Refused (TAKEN) in the unlikely
 * case that the code is in use. */
int rstore_link_put(rstore *r, const char *code, const char *player_id, const char *token_hex,
                    const uint8_t hash[32], int64_t ttl_ms);

typedef enum rstore_link_status {
    RSTORE_LINK_OK,
    RSTORE_LINK_UNKNOWN, /* no such code: mistyped, guessed, or long gone */
    RSTORE_LINK_USED,
    RSTORE_LINK_EXPIRED,
} rstore_link_status;

/* A code taken: rc -1 if Redis could not be asked (the code is unused),
 * else status; with RSTORE_LINK_OK the token it handed over and, when a
 * stored player has that token, its id, name, token hash and room ("" if
 * none): id is NULL otherwise. Borrowed for the call. */
typedef struct rstore_link_answer {
    int rc;
    rstore_link_status status;
    const char *token_hex, *id, *name, *room;
    uint8_t hash[32];
} rstore_link_answer;
typedef void (*rstore_link_fn)(void *arg, const rstore_link_answer *a);
/* Takes code (normalized), atomically: a code works once, on any node. */
int rstore_link_take(rstore *r, const char *code, rstore_link_fn fn, void *arg);

/* --- health --- */

/* Writes refused by the fence, and times Redis came back without the
 * data's generation, since the start. */
uint64_t rstore_fenced(const rstore *r);
/* Results refused because a standing moved on since it was read. */
uint64_t rstore_stale(const rstore *r);
uint64_t rstore_data_lost(const rstore *r);
void rstore_metrics_write(const rstore *r, FILE *out);

#endif
