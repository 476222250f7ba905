/*
 * conn.h: a connection as the lobby sees it, and the lobby's settings: the
 * types every part of the lobby shares with the network layer (lobby.h
 * includes this; the lobby's lower files include it alone).
 */
#ifndef BOTPIT_CONN_H
#define BOTPIT_CONN_H

#include "util/addr.h"
#include "util/msg.h"

typedef struct lobby_conn lobby_conn;
typedef struct replay_session replay_session;
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
    /* The client's address key (util/addr.h: IPv6 by its /64), which the
     * per-address quotas count under; the network layer sets it on opening. */
    char addr[ADDR_KEY_MAX];
    /* The lobby's: the replay this connection has open (replays.c), or
     * NULL. The network layer only zeroes it. */
    replay_session *replay;
    /* The token this connection said hello with (32 hex digits), in memory
     * only while it is open, for a link code to hand over (lobby/link.h). */
    char token[33];
    /* The lobby's, in distributed mode: this connection's requests waiting
     * for an answer from Redis (a token or a room looked up), in order, or
     * NULL. The network layer tells the lobby of a close while it is set. */
    struct lobby_parked *parked;
};

typedef struct lobby_config {
    int max_rooms;        /* rooms at once; create fails with server_full */
    int grace_ms;         /* disconnected seats are held this long */
    int room_grace_ms;    /* a room with no human connected closes after this */
    int bot_pace_ms;      /* a bot acts at most once per this interval */
    int bot_budget_ms;    /* a thinking bot answers with its best after this */
    int player_ttl_ms;    /* a player in no room is forgotten after this */
    int chat_per_10s;     /* chat messages a player may send per 10 s */
    int lone_room_grace_ms; /* a room only its creator ever joined closes this long after */
    int guest_ttl_ms;     /* a player that never joined a room is forgotten after this */
    /* Quotas (0: none). Per address (util/addr.h) and minute: */
    int rooms_per_min;    /* rooms created */
    int players_per_min;  /* new identities (hello without a known token) */
    int joins_per_min;    /* join attempts; a miss costs join_miss_cost */
    int join_miss_cost;
    int resumes_per_min;  /* hellos with a known token (reconnections, takeovers) */
    /* Held at once: */
    int rooms_per_addr;   /* rooms open, created from one address */
    int rooms_per_player; /* rooms open, created by one identity */
    int bots_per_addr;    /* bot seats in the open rooms created from one address */
    /* Per room: */
    int max_spectators;   /* members watching at once */
    int room_chat_per_10s; /* chat lines from all members together (0: none) */
    /* Replays: */
    int replays_per_addr; /* open at once from one address */
    int replays_per_min;  /* opened a minute per address */
    int link_ttl_ms;      /* how long a code that carries an identity works */
    const char *public_url; /* the address players use (share links), or NULL */
} lobby_config;

#endif
