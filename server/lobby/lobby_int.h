/*
 * lobby_int.h: what the top of the lobby shares: the lobby itself, for
 * lobby.c (its life, rooms, timers and the store's health), verbs.c (the
 * protocol's verbs) and restore.c (rooms back from the store).
 *
 * The files below the top know nothing of the lobby:
 *
 *   lobby.c verbs.c restore.c   the lobby: verbs, rooms by code, restore
 *   replays.c                   replay sessions (replay.c: a finished game rebuilt)
 *       persist.c               rows for the store
 *       room.c                  members, seats, host, chat, messages
 *       table.c                 the game, its log, timers, bots, work
 *       player.c                players, tokens, grace periods
 *       sched.c ids.c           the clock and timers; random names, hashes
 *
 * Each uses only those below it (server/README.md; the build checks it).
 * A change is drafted (room.h), stored (persist.h) and only then applied and
 * announced.
 */
#ifndef BOTPIT_LOBBY_INT_H
#define BOTPIT_LOBBY_INT_H

#include "lobby/link.h"
#include "lobby/lobby.h"
#include "lobby/persist.h"
#include "lobby/player.h"
#include "lobby/quota.h"
#include "lobby/room.h"
#include "lobby/sched.h"
#include "util/map.h"

/* A write that failed is tried again (or the store probed) after this. */
#define LOBBY_RETRY_MS 1000
/* The largest seed a host may choose: 2^53 - 1, the largest whole number
 * every JSON reader keeps exact. */
#define LOBBY_SEED_MAX 9007199254740991LL
/* Replays open on the whole server at most (each bounded: replay.h). */
#define REPLAY_SESSIONS_MAX 256
/* A replay nobody steps for this long is closed. */
#define REPLAY_IDLE_MS (15 * 60 * 1000)

struct store;
struct store_room;
struct remote;

struct lobby {
    uv_loop_t *loop;
    struct store *store; /* NULL: nothing is persisted (unit tests) */
    lobby_config cfg;
    sched sched;
    players players;
    map rooms;               /* by code */
    wheel_timer rooms_dirty; /* batches `rooms` pushes to watchers */
    wheel_timer clock_saver; /* saves the clocks of rooms in play, while any are */
    wheel_timer probe;       /* while writes fail: whether they work again */
    wheel_timer quota_sweep; /* forgets drained quota buckets, while any are kept */
    wheel_timer trim;        /* hands freed memory back after rooms closed */
    quota_book quotas;
    replay_session *replays; /* every replay open, a list (replays.c) */
    int replays_open;
    map replays_by_addr;     /* address key -> replays open from it */
    link_book links;         /* codes that carry an identity to another device */
    int broken;              /* rooms kept aside in the store */
    int other_rules;         /* of them, set aside at this start for their rules revision */
    bool closing;
    struct remote *remote;   /* distributed mode (remote.h), else NULL */
    /* The message being handled: a request that must wait for Redis waits
     * as this text (remote.h). */
    const char *text;
    size_t text_len;
};

/* lobby.c */

/* Passes on the result of a write; a failure starts the probe that finds
 * out when writing works again. */
int lobby_wrote(lobby *l, int rc);
/* Fills v with `unavailable` and returns -1. */
int lobby_unavailable(verdict *v);
/* A new room, registered under rs->code or a fresh one; NULL if out of
 * memory or the code is taken (the options are released either way). */
room *lobby_room_new(lobby *l, const room_settings *rs);
/* Unregisters and closes r; the store is the caller's business. */
void lobby_room_close(lobby *l, room *r, const char *reason);
/* Arms or stops r's closing: it closes after a grace with no human connected. */
void lobby_check_empty(lobby *l, room *r);
void lobby_rooms_changed(lobby *l);
/* `rooms`: the public rooms and, for p (may be NULL), p's own (`mine`: the
 * room p is in and the rooms p made that are still open, private ones too,
 * at most LOBBY_MINE_MAX). New reference. */
#define LOBBY_MINE_MAX 16
json_t *lobby_rooms_message(lobby *l, const player *p, const json_t *id);
/* This node's public rooms (new reference); lobby_rooms_json adds the other
 * nodes' in distributed mode. */
json_t *lobby_own_rooms_json(lobby *l);
/* A room is in play: keep its clock saved. */
void lobby_clocks_running(lobby *l);
void lobby_send_json(lobby_conn *c, const json_t *m);
/* An error reply, with what a refusal by a quota adds (v->quota). */
void lobby_send_verdict(lobby_conn *c, const json_t *id, const verdict *v);

/* --- quotas (lobby.c) --- */

/* Takes cost from c's address's bucket of rate k: 0, or -1 with v set
 * (rate_limited, with the wait). */
int lobby_quota_take(lobby *l, const lobby_conn *c, quota_kind k, double cost, verdict *v);
/* Whether the address and identity of c may create one more room: 0, or -1
 * with v set (quota_exceeded). */
int lobby_quota_rooms(lobby *l, const lobby_conn *c, verdict *v);
/* Whether rooms made from addr may hold `more` more bot seats: 0 or -1. */
int lobby_quota_bots(lobby *l, const char *addr, int more, verdict *v);

/* restore.c */

/* The player of a token the server has forgotten in the meantime (a day
 * after it last left a room, player_ttl_ms) but the store keeps: it comes
 * back as after a restart, so an identity lasts as long as its rows. 0 with
 * *out (NULL: nobody has that token), or -1 if the store could not be read. */
int lobby_player_from_store(lobby *l, const char *token_hex, player **out);

/* A read of /api/results, /api/ratings or /api/history that waits for
 * Redis (restore.c, history.c). */
struct lobby_wait {
    lobby_answer_fn fn; /* NULL once cancelled */
    void *arg;
    lobby *lobby;
    const game_engine *engine; /* ratings: whose */
    char player[64];           /* history: whose */
};

/* history.c */

/* Adds each result row its `rating` block (store/rating.h). */
void lobby_rate_results(lobby *l, json_t *results);
/* The `ratings` body of e's leaderboard, at most limit players; NULL if the
 * store could not be read. */
json_t *lobby_ratings_body(lobby *l, const game_engine *e, int limit);
/* The same from the leaderboard's rows (as store_leaderboard gives them). */
json_t *lobby_ratings_body_of(const game_engine *e, const json_t *rows);
/* The `history` body of a player named name, from its standings (as
 * store_standings_of gives them) and last results (with their ratings),
 * as the player itself (own) or anyone else may see it. */
json_t *lobby_history_of(const char *player_id, const char *name, bool own,
                         const json_t *standings, const json_t *recent);
/* The name a history shows: the one the player goes by here, or stored (may
 * be NULL or ""); false if there is neither (no such player). */
bool lobby_history_name(lobby *l, const char *player_id, const char *stored, char *name,
                        size_t len);
/* The `history` body of a player as viewer_id (may be NULL) may see it; NULL
 * with v set (no_such_player, unavailable). */
json_t *lobby_history_body(lobby *l, const char *player_id, const char *viewer_id, int limit,
                           verdict *v);
/* Builds one stored room in memory (a restart, or in distributed mode a
 * room that comes to this node): 1, or 0 for a finished room (deleted:
 * its result is stored), or -1 for one kept aside (its log does not
 * replay), -2 for one kept aside because it was played under another rules
 * revision of its game. */
int lobby_restore_room(lobby *l, const struct store_room *row, const json_t *inputs);
/* replays.c */

/* `replay`: opens the replay of a finished game for c (dropping c's other
 * one); its answer, or an error, comes once the work is done off the loop. */
void lobby_replay_open(lobby *l, lobby_conn *c, const proto_request *q);
/* `replay_step`: moves c's replay (answered in order, off the loop). */
void lobby_replay_step(lobby *l, lobby_conn *c, const proto_request *q);
/* c is gone, or opens no more: its replay closes. */
void lobby_replay_drop(lobby *l, lobby_conn *c);
/* Every replay closes (the lobby is going). */
void lobby_replays_close(lobby *l);
/* The most replays one address holds open now. */
int64_t lobby_replays_top(lobby *l);

/* verbs.c */
void lobby_dispatch(lobby *l, lobby_conn *c, const proto_request *q);
/* p is connected again: the bot that stood in for it steps aside, if that
 * can be stored; true if the room changed (the caller announces it). */
bool lobby_player_back(lobby *l, player *p);
/* The players table's `expired`: p's grace ran out while in a room. */
void lobby_player_expired(void *lobby, player *p);

#endif
