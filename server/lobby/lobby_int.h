/*
 * lobby_int.h: what the lobby's own files share: the lobby, players, rooms
 * and seats, and the functions of each part.
 *
 *   lobby.c   the verbs: decoding, checks, replies; the rooms list
 *   player.c  players by id and token, disconnects and grace periods
 *   room.c    membership, seats, host, chat, the `room` message, closing
 *   table.c   the game inside a room: start, inputs, timers, bots, off-loop
 *             work, `state` and `over` messages, the input log
 *
 * Ownership: the lobby owns players and rooms. A player points at its room
 * and a room at its members; both pointers are cleared together
 * (room_remove_member). A room owns its game, options and timers; its log of
 * inputs lives in the store.
 */
#ifndef BOTPIT_LOBBY_INT_H
#define BOTPIT_LOBBY_INT_H

#include "games/game.h"
#include "lobby/ids.h"
#include "lobby/lobby.h"
#include "util/map.h"
#include "util/sha256.h"
#include "util/wheel.h"

#define ROOM_MAX_SEATS 16
#define ROOM_CHAT_HISTORY 50

struct store;

struct lobby {
    uv_loop_t *loop;
    struct store *store; /* NULL: nothing is persisted (unit tests) */
    lobby_config cfg;
    wheel wheel;
    uv_timer_t wheel_timer; /* drives the wheel while it holds timers */
    map players_by_id;
    map players_by_key;     /* by ids key of the token (player_token_key) */
    map rooms;              /* by code */
    wheel_timer rooms_dirty; /* batches `rooms` pushes to watchers */
    wheel_timer clock_saver; /* saves the clocks of rooms in play */
    bool closing;
};

typedef struct player {
    char id[IDS_PLAYER_ID_LEN + 1];
    char name[4 * PROTO_NAME_MAX + 1];
    uint8_t token_hash[SHA256_BYTES]; /* the token itself is never kept */
    lobby *lobby;
    lobby_conn *conn;   /* NULL while disconnected */
    struct room *room;  /* the room it is in, seated or watching */
    int seat;           /* its seat in room, or -1 for a spectator */
    bool watching_rooms; /* asked for `rooms` updates */
    wheel_timer grace;  /* held seat runs out / player forgotten */
    double chat_allowance;
    uint64_t chat_checked; /* loop ms of the last allowance refill */
} player;

typedef enum room_status { ROOM_LOBBY, ROOM_PLAYING, ROOM_OVER } room_status;

typedef struct seat {
    player *player; /* a human, or NULL */
    int bot;        /* bot level playing this seat, or -1 */
    bool takeover;  /* the bot stands in for `player`, who is away */
} seat;

typedef enum input_kind { INPUT_ACT, INPUT_TICK } input_kind;

/* One accepted input: what a replay feeds the engine again (the store keeps
 * them; a room remembers only how many there were, its seq). */
typedef struct room_input {
    int64_t t; /* game clock ms */
    int seat;  /* a seat, or GAME_SEAT_SERVER; unused for ticks */
    input_kind kind;
    json_t *action; /* NULL for ticks */
} room_input;

typedef struct room_work room_work;   /* table.c: a work_run in flight */
typedef struct room_think room_think; /* table.c: bots thinking off the loop */

typedef struct room {
    lobby *lobby;
    char code[IDS_CODE_LEN + 1];
    const game_engine *engine;
    json_t *options; /* resolved engine options */
    uint64_t seed;
    bool seed_fixed;   /* the host chose the seed */
    bool bot_takeover; /* bots keep an away player's seat in play */
    bool is_private;
    room_status status;
    player *host;

    seat seats[ROOM_MAX_SEATS];
    int nseats;
    player **members; /* seated and spectating */
    int nmembers, members_cap;

    game *game;
    uint64_t seq;          /* accepted inputs so far */
    uint64_t clock_origin; /* loop ms at game time 0 */
    json_t *result;

    uv_timer_t deadline_timer; /* the engine's earliest deadline */
    wheel_timer bot_timer;     /* the next bot move */
    wheel_timer close_timer;   /* no human connected: close when it fires */
    uint64_t bot_next_ok;      /* loop ms before which no bot acts */
    room_work *work;
    room_think *think;
    msg *chat[ROOM_CHAT_HISTORY]; /* recent chat lines, a ring from chat_head */
    int chat_head, chat_len;
    map kicked;   /* ids of players the host removed */
    bool keep_in_store; /* closing in memory only (a log that did not replay) */
    bool closed;
} room;

/* The lobby's own error for a verb: a wire code and a sentence. */
typedef struct verdict {
    proto_code code;
    char message[256];
} verdict;

int verdict_set(verdict *v, proto_code code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* lobby.c */
uint64_t lobby_now(const lobby *l); /* loop ms, monotonic */
void lobby_send_json(lobby_conn *c, const json_t *m);
void lobby_rooms_changed(lobby *l);
void lobby_wheel_start(lobby *l, wheel_timer *t, uint64_t delay_ms);
/* persist.c: what the store keeps of players and rooms (no-ops without one) */
void persist_player(lobby *l, const player *p);
void persist_room(room *r);
int persist_input(room *r, const room_input *in);
void persist_result(room *r);
void persist_room_gone(room *r);

/* player.c */
/* A new player; its token (to show it once) is written to token. */
player *player_new(lobby *l, const char *name, uint8_t token[IDS_TOKEN_BYTES]);
/* A player known from the database (after a restart). */
player *player_restore(lobby *l, const char *id, const char *name,
                       const uint8_t token_hash[SHA256_BYTES]);
player *player_find_by_token(lobby *l, const char *token_hex);
void player_attach(player *p, lobby_conn *c);
void player_detach(player *p);
void player_free_all(lobby *l);
/* Spends one chat allowance; false if the player is chatting too fast. */
bool player_chat_allowed(player *p);

/* room.c */
typedef struct room_settings {
    const game_engine *engine;
    json_t *options; /* resolved engine options; the room takes this reference */
    uint64_t seed;
    bool seed_fixed, bot_takeover, is_private;
    const char *code; /* a restored room's code; NULL for a new random one */
} room_settings;

/* A new room, or NULL (the options are released either way). */
room *room_new(lobby *l, const room_settings *rs);
/* Puts back a seat of a restored room; its player (away until it says
 * hello again) becomes a member. */
void room_restore_seat(room *r, int s, player *p, int bot, bool takeover);
void room_close(room *r, const char *reason);
/* Whether p may join r as `as` ("player", "spectator" or NULL: a seat if
 * one is free); room_join then cannot fail. */
int room_join_check(room *r, player *p, const char *as, verdict *v);
int room_join(room *r, player *p, const char *as, verdict *v);
/* p leaves; it gets `left` (echoing id), the others a new `room`. */
void room_leave(room *r, player *p, const char *reason, const json_t *id);
int room_sit(room *r, player *p, int seat, verdict *v);
int room_stand(room *r, player *p, verdict *v);
int room_set_bot(room *r, player *by, int seat, const char *level, verdict *v);
int room_kick(room *r, player *by, int seat, verdict *v);
int room_chat(room *r, player *p, const char *text, const json_t *id, verdict *v);
/* A new room with the same game, options and seats; everyone moves to it. */
room *room_rematch(room *r, player *by, verdict *v);
/* The player's connection came or went (hello with its token, disconnect). */
void room_member_connected(room *r, player *p);
void room_member_away(room *r, player *p);
/* The grace period of an away player ran out. */
void room_member_expired(room *r, player *p);
/* Sends the `room` message to one member, with the id of its request. */
void room_send_room_to(room *r, const player *to, const json_t *id);
/* Sends `room` to every connected member; the requester's copy (if it is a
 * member) echoes id. */
void room_announce(room *r, const player *requester, const json_t *id);
void room_send_chat_history(room *r, player *to);
json_t *room_summary_json(const room *r);
int room_filled_seats(const room *r);
bool room_has_connected_human(const room *r);
void room_check_empty(room *r);

/* table.c */
/* Sets up the timers of a new room. */
void table_init(room *r);
/* The host starts the game: `room` to everyone (the host's copy echoes id),
 * then each audience its first state. */
int table_start(room *r, player *by, const json_t *id, verdict *v);
int table_act(room *r, player *p, const json_t *action, const json_t *id, verdict *v);
/* Sends p the current state (after a join or a reconnection). */
void table_send_state(room *r, player *p, const json_t *id);
/* Seats or bots changed: the bots may have something to do. */
void table_bots_changed(room *r);
void table_close(room *r);
/* The game clock of a room in play (ms). */
int64_t table_clock(const room *r);
/* Rebuilds a restored room's game from its log, as a replay: every input
 * again at its time. The clock then runs on from clock_ms. On failure
 * returns -1 with err set and the room has no game. */
int table_replay(room *r, const json_t *inputs, int64_t clock_ms, game_error *err);


#endif
