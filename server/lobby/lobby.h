/*
 * lobby.h: players, rooms and the protocol verbs, as the network layer sees
 * them.
 *
 * The network layer (net/) owns connections and hands the lobby each complete
 * text message; the lobby answers through the two functions of
 * lobby_conn_ops. Everything runs on the loop thread. The lobby owns the
 * players (identified by token), the rooms (by join code) and every timer
 * of both; engines run inside rooms (room.h, table.h).
 */
#ifndef BOTPIT_LOBBY_H
#define BOTPIT_LOBBY_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <uv.h>

#include "proto.h"
#include "util/msg.h"

typedef struct lobby lobby;
struct store;
typedef struct lobby_conn lobby_conn;
struct player;

typedef struct lobby_conn_ops {
    /* Queues m for sending; the connection takes its own reference. */
    void (*send)(lobby_conn *c, msg *m);
    /* Closes the connection once what is queued has gone, with a WebSocket
     * close code and a reason. The lobby forgets c at once: it gets no
     * lobby_disconnect for it. */
    void (*close)(lobby_conn *c, int code, const char *reason);
} lobby_conn_ops;

/* The lobby's part of a connection; net/ embeds it in its session. */
struct lobby_conn {
    const lobby_conn_ops *ops;
    struct player *player; /* set by hello; NULL before */
};

typedef struct lobby_config {
    int max_rooms;        /* rooms at once; create fails with server_full */
    int grace_ms;         /* disconnected seats are held this long */
    int room_grace_ms;    /* a room with no human connected closes after this */
    int bot_pace_ms;      /* a bot acts at most once per this interval */
    int player_ttl_ms;    /* a player in no room is forgotten after this */
    int chat_per_10s;     /* chat messages a player may send per 10 s */
    const char *public_url; /* the address players use (share links), or NULL */
} lobby_config;

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
/* Rooms by game and status, players, in Prometheus text format. */
void lobby_metrics_write(lobby *l, FILE *out);

/* Persistence (persist.c). With a store set, players, rooms, every input and
 * results are saved as they happen. */
void lobby_set_store(lobby *l, struct store *s);
/* Brings back every unfinished room of the store by replaying its log; rooms
 * whose log no longer replays are kept aside in the store and counted in
 * *broken. Returns 0, or -1 if the store could not be read. */
int lobby_restore(lobby *l, int *rooms, int *broken);
/* Saves the game clock of every room in play (before a graceful stop). */
void lobby_save_clocks(lobby *l);
/* Recent results (/api/results), newest first; game and player_id may be
 * NULL. New reference. */
json_t *lobby_results_json(lobby *l, const char *game, const char *player_id, int limit);

/* Wall-clock time in ms since the epoch (what clients see). */
int64_t lobby_wall_ms(void);

#endif
