/*
 * player.h: players, found by id or by token, with their connection and
 * their grace periods.
 *
 * A player knows which room it is in (a pointer the room sets and clears)
 * but nothing of rooms: when an away player's grace runs out while it is
 * still in a room, the players table tells its owner (`expired`), which
 * decides what the room does.
 *
 * Ownership: the table owns its players; a player borrows its connection.
 */
#ifndef BOTPIT_PLAYER_H
#define BOTPIT_PLAYER_H

#include <stdbool.h>
#include <stdint.h>

#include "lobby/conn.h"
#include "lobby/ids.h"
#include "lobby/sched.h"
#include "proto.h"
#include "util/map.h"

struct room;
typedef struct players players;

typedef struct player {
    char id[IDS_PLAYER_ID_LEN + 1];
    char name[4 * PROTO_NAME_MAX + 1];
    uint8_t token_hash[IDS_HASH_BYTES]; /* the token itself is never kept */
    players *owner;
    lobby_conn *conn;    /* NULL while disconnected */
    char addr[ADDR_KEY_MAX]; /* the address key of its last connection */
    struct room *room;   /* the room it is in, seated or watching (room.c sets it) */
    int seat;            /* its seat in room, or -1 for a spectator (room.c sets it) */
    bool watching_rooms; /* asked for `rooms` updates */
    /* In the store: a player is written when it first joins a room, so an
     * identity that never plays costs no row and is forgotten sooner. */
    bool stored;
    wheel_timer grace;   /* held seat runs out / player forgotten */
    double chat_allowance;
    uint64_t chat_checked; /* loop ms of the last allowance refill */
    double ping_allowance;
    uint64_t ping_checked;
    bool ping_warned; /* told it pings too fast, since its last answered ping */
    double resume_allowance; /* hellos with this player's token */
    uint64_t resume_checked;
} player;

struct players {
    sched *sched;
    map by_id;
    map by_key; /* by the first digits of the token's hash */
    int grace_ms, ttl_ms, guest_ttl_ms, chat_per_10s;
    /* p has been away for its grace period and is still in a room. */
    void (*expired)(void *ctx, player *p);
    void *ctx;
};

void players_init(players *ps, sched *s, const lobby_config *cfg,
                  void (*expired)(void *ctx, player *p), void *ctx);
/* Forgets every player (their rooms must be gone). */
void players_free(players *ps);

/* A new player, in memory only (not stored); its token (to show once) goes
 * to token. */
player *player_new(players *ps, const char *name, uint8_t token[IDS_TOKEN_BYTES]);
/* A player known from the database (after a restart). */
player *player_restore(players *ps, const char *id, const char *name,
                       const uint8_t token_hash[IDS_HASH_BYTES]);
/* Drops a player at once (one whose creation could not be stored). */
void player_forget(player *p);

player *player_find(players *ps, const char *id);
player *player_find_by_token(players *ps, const char *token_hex);

void player_attach(player *p, lobby_conn *c);
/* The connection is gone: the grace period starts. */
void player_detach(player *p);
/* p has just left its room: an away player is forgotten in due course. */
void player_left_room(player *p);
/* Asks `expired` about p again after delay_ms (what it wanted to do could
 * not be stored). */
void player_expire_later(player *p, uint64_t delay_ms);
/* Spends one chat allowance; false if the player is chatting too fast. */
bool player_chat_allowed(player *p);

/* Pings a player may send: about 10 a second, 30 at once. */
#define PLAYER_PINGS_PER_S 10.0
#define PLAYER_PINGS_BURST 30.0
typedef enum ping_verdict {
    PING_ANSWER,
    PING_REFUSE, /* the first ping over the limit: told so (rate_limited) */
    PING_IGNORE, /* later ones, until one fits again: no answer at all */
} ping_verdict;
/* Spends one ping allowance: what to do with this ping. */
ping_verdict player_ping_allowed(player *p);

/* Hellos with one player's token (each replaces its connection and resends
 * its room's backlog): 10 at once, then one every 6 s. */
#define PLAYER_RESUMES_BURST 10.0
#define PLAYER_RESUMES_PER_MIN 10.0
/* Spends one: true, or false with *wait_ms until one is left. */
bool player_resume_allowed(player *p, uint64_t *wait_ms);

#endif
