/*
 * room.h: who is in a room and where they sit, its host, its chat, its
 * table, and the messages about it (`room`, `state`, `over`, `chat`,
 * `left`).
 *
 * What the store keeps of a room beside its settings and its log is its
 * room_state (status, host, seed, seats). A change to it is drafted first
 * (room_draft_*: a verb's checks, carried out on a copy), stored by the
 * caller, and only then applied (room_set_state), so that a change that
 * could not be stored never happened. Members (the seated and spectators)
 * are the room's own; spectators are not stored.
 *
 * A room knows nothing of the lobby: its owner (an opaque pointer) creates
 * it, registers it, stores it and closes it. Ownership: a room owns its
 * options, table, chat lines and member list; it borrows its players.
 */
#ifndef BOTPIT_ROOM_H
#define BOTPIT_ROOM_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "games/game.h"
#include "lobby/ids.h"
#include "lobby/player.h"
#include "lobby/table.h"
#include "proto.h"
#include "util/map.h"
#include "util/msg.h"

#define ROOM_MAX_SEATS TABLE_MAX_SEATS
#define ROOM_CHAT_HISTORY 50
/* What a joiner, or a player coming back, is sent of the chat history: the
 * newest lines that fit in this many bytes (50 lines of the longest text
 * would be ~100 KB, resent on every reconnection). */
#define ROOM_BACKLOG_BYTES (16 * 1024)
/* The host's copy of `room` lists at most this many spectators. */
#define ROOM_WATCHERS_LISTED 100

/* The lobby's own error for a verb: a wire code and a sentence. */
typedef struct verdict {
    proto_code code;
    char message[256];
    const char *quota;  /* the quota that refused, or NULL (error.quota) */
    int64_t retry_ms;   /* for a rate: when to try again (error.retry_after_ms) */
} verdict;

/* Fills v and returns -1, so that a refusal is one line. */
int verdict_set(verdict *v, proto_code code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

typedef enum room_status { ROOM_LOBBY, ROOM_PLAYING, ROOM_OVER, ROOM_STATUS_COUNT } room_status;

/* "lobby", "playing", "over": the wire and database names. */
const char *room_status_name(room_status s);
/* The status called name, or -1. */
int room_status_parse(const char *name);

typedef struct seat {
    player *player; /* a human (a member), or NULL */
    int bot;        /* bot level playing this seat, or -1 */
    bool takeover;  /* the bot stands in for `player`, who is away or gone */
    int bot_was;    /* the level of the bot `player` took the seat from in play, or -1 */
} seat;

/* The parts of a room a verb changes, and the store keeps. */
typedef struct room_state {
    room_status status;
    player *host;
    uint64_t seed;
    /* The game's secret stream (game_seeds.secret): drawn by the server
     * when the game starts, never from the seed, never shown. */
    uint64_t secret;
    bool has_secret; /* false for a game stored before secrets were kept */
    int nseats;
    seat seats[ROOM_MAX_SEATS];
} room_state;

typedef struct room_settings {
    const game_engine *engine;
    json_t *options; /* resolved engine options; the room takes this reference */
    uint64_t seed;
    bool seed_fixed, bot_takeover, is_private;
    const char *code;
} room_settings;

/* What the server allows every room. */
typedef struct room_limits {
    int max_spectators; /* members watching at once (connected or away) */
    /* Chat lines per 10 s from all members together (0: no room-wide
     * limit); the spectators together may send a fifth of it. */
    int chat_per_10s;
} room_limits;

typedef struct room {
    char code[IDS_CODE_LEN + 1];
    const game_engine *engine;
    json_t *options;
    bool seed_fixed;   /* the host chose the seed */
    bool bot_takeover; /* bots keep an away player's seat in play */
    bool is_private;
    room_state state;
    player **members; /* seated and spectating */
    int nmembers, members_cap;
    table table;
    msg *chat[ROOM_CHAT_HISTORY]; /* recent chat lines, a ring from chat_head */
    int chat_head, chat_len;
    map kicked;              /* ids of players the host removed */
    map kicked_addrs;        /* and their addresses (util/addr.h keys) */
    map muted;               /* ids of players the host muted */
    map muted_addrs;         /* and their addresses */
    room_limits limits;
    double chat_all, chat_watchers; /* the room's chat allowances (lines) */
    uint64_t chat_checked;          /* loop ms they were last refilled */
    map insiders;            /* ids of everyone who was ever a member */
    map sit_requests;        /* player id -> seat + 1 (as a pointer): asking the host */
    const lobby_conn *requests_told; /* the host's connection last told of them (compared only) */
    /* Who made the room, for the quotas on rooms and bots held at once. A
     * restored room has none (it counts against nobody). */
    char creator_id[IDS_PLAYER_ID_LEN + 1];
    char creator_addr[ADDR_KEY_MAX];
    bool others_joined; /* anyone but the creator was ever a member */
    /* The finished game's id (results.id, which names its replay) once its
     * result is stored; 0 before, or without a store. */
    int64_t game_id;
    json_t *rating;     /* the finished game's `rating` block (store/rating.h), or NULL */
    void *owner;             /* the owner's */
    wheel_timer close_timer; /* the owner's: armed while no human is connected */
    bool closed;
} room;

/* A new room, empty, in the lobby status; NULL if out of memory (the options
 * are released either way). ops and host drive its table. */
room *room_new(const room_settings *rs, uv_loop_t *loop, sched *s, const table_ops *ops,
               int bot_pace_ms);
/* Every member gets `left` (with reason; none if reason is NULL) and
 * leaves; the room is freed once its handles have closed. */
void room_close(room *r, const char *reason);
/* Sets r's limits, its chat allowances full. */
void room_set_limits(room *r, const room_limits *lim);

/* --- drafts: each copies r->state to next and changes the copy --- */

/* p joins as `as` ("player", "spectator" or NULL: a seat if one is free). */
int room_draft_join(const room *r, const player *p, const char *as, room_state *next,
                    verdict *v);
/* p leaves: its seat is vacated (in play a bot may take it over), and the
 * host passes on if it was p. */
void room_draft_leave(const room *r, const player *p, room_state *next);
int room_draft_sit(const room *r, const player *p, int seat, room_state *next, verdict *v);
int room_draft_stand(const room *r, const player *p, room_state *next, verdict *v);
int room_draft_bot(const room *r, const player *by, int seat, const char *level,
                   room_state *next, verdict *v);
/* *kicked is the player removed, or NULL when a bot was. */
int room_draft_kick(const room *r, const player *by, int seat, room_state *next,
                    player **kicked, verdict *v);
/* The host `by` removes `who`, seated or watching (who may be NULL: no such
 * player); who_id names them in the refusal. */
int room_draft_remove(const room *r, const player *by, const player *who, const char *who_id,
                      room_state *next, verdict *v);
/* The seats compacted, a seed drawn unless the host chose one. */
int room_draft_start(const room *r, const player *by, room_state *next, verdict *v);
/* Whether `by` may ask for a rematch now. */
int room_rematch_check(const room *r, const player *by, verdict *v);
/* The state of `to`, a new room for a rematch of `from`: the same seats,
 * everyone moving over, `host` hosting. */
void room_draft_rematch(const room *from, const room *to, player *host, room_state *next);
/* p's grace ran out: in play a bot stands in for it (false if nothing
 * changes); otherwise it leaves (*leaves set). */
bool room_draft_expired(const room *r, const player *p, room_state *next, bool *leaves);
/* p is back: the bot that stood in for it steps aside (false if none did). */
bool room_draft_back(const room *r, const player *p, room_state *next);

/* --- applying --- */

/* Takes next as the room's state (members' seats and the table's bots
 * follow it). */
void room_set_state(room *r, const room_state *next);
/* Adds p as a member (before the state that seats it is set). */
void room_add_member(room *r, player *p);
/* p is no longer a member (after `left` was sent, if it had to be). */
void room_remove_member(room *r, player *p);
/* p may not come back, nor anyone from its address. */
void room_mark_kicked(room *r, const player *p);
/* The host `by` mutes (or unmutes) `who` (NULL: no such player; who_id
 * names them): their chat, and that of anyone from their address, is
 * refused while the room lasts. 0, or -1 with v set. */
int room_mute(room *r, const player *by, const player *who, const char *who_id, bool muted,
              verdict *v);

/* --- messages --- */

void room_send_left(const player *p, const char *code, const char *reason, const json_t *id);
/* `room` to one member, echoing id. */
void room_send_room_to(room *r, const player *to, const json_t *id);
/* `room` to every connected member; the requester's copy echoes id. */
void room_announce(room *r, const player *requester, const json_t *id);
/* Each connected member its `state` after inputs (the actor seat's copy
 * echoes id). */
void room_send_states(room *r, const json_t *events, int actor, const json_t *id);
/* p's current state (after a join or a reconnection), and `over` if over. */
void room_send_state_to(room *r, const player *p, const json_t *id);
/* `over` to every connected member. */
void room_send_over(room *r);
/* What the stored result did to the ratings, sent with `over` from now on
 * (steals the reference). */
void room_set_rating(room *r, json_t *rating);
int room_chat(room *r, player *p, const char *text, const json_t *id, verdict *v);
void room_send_chat_history(room *r, const player *to);

/* --- taking a bot's seat in play: the host approves --- */

/* Whether p sitting in seat s needs the host's approval: in play, a seat a
 * bot plays, asked by anyone but the host. */
bool room_sit_needs_approval(const room *r, const player *p, int s);
/* Records p's request for seat s (replacing an earlier one of p's), tells
 * the host (`sit_request`) and answers p (`sit_pending`, echoing id). */
void room_ask_host(room *r, player *p, int s, const json_t *id);
/* The seat p asked for, or -1 (the request is forgotten either way). */
int room_take_request(room *r, const player *p);
/* `sit_denied` to the requester, and to the host echoing id. */
void room_send_denied(room *r, const player *requester, int s, const json_t *id);

/* --- looking --- */

json_t *room_summary_json(const room *r);
int room_filled_seats(const room *r);
bool room_has_connected_human(const room *r);
/* Members without a seat: all of them (connected or away), or only those
 * connected (watching now: what `spectators` shows). */
int room_spectators(const room *r);
int room_watching_now(const room *r);

#endif
