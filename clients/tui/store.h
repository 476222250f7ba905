/*
 * store.h: what the client knows, built only from what the server said.
 *
 * store_apply takes one server message and updates the player, the games,
 * the public rooms, the room we are in, the game's latest view (with the
 * events not yet shown and the deadline mapped to our own clock), the
 * result, the chat and event log, and the status line. It never sends and
 * never draws, so every update is testable from JSON alone. Times are the
 * caller's monotonic milliseconds.
 */
#ifndef BOTPIT_TUI_STORE_H
#define BOTPIT_TUI_STORE_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What a message changed (store_apply's result, a mask). */
enum {
    STORE_WELCOME = 1 << 0,
    STORE_GAMES = 1 << 1,
    STORE_ROOMS = 1 << 2,
    STORE_ROOM = 1 << 3,   /* the room message changed */
    STORE_NEW_ROOM = 1 << 4, /* ... and it is another room than before (or the first) */
    STORE_STATE = 1 << 5,
    STORE_OVER = 1 << 6,
    STORE_CHAT = 1 << 7,
    STORE_LEFT = 1 << 8,   /* we are in no room any more */
    STORE_ERROR = 1 << 9,
    STORE_PONG = 1 << 10,
    STORE_HISTORY = 1 << 11, /* a history answer */
    STORE_LINK = 1 << 12,    /* a link code to show */
    STORE_RATINGS = 1 << 13, /* a leaderboard */
};

typedef enum store_link {
    STORE_CONNECTING,   /* first connection */
    STORE_ONLINE,       /* welcomed */
    STORE_RECONNECTING, /* lost it; trying again */
    STORE_REPLACED,     /* 4001: this player connected elsewhere */
} store_link;

typedef enum store_line_kind { LOG_CHAT, LOG_EVENT, LOG_INFO } store_line_kind;

#define STORE_LOG_MAX 300
#define STORE_TEXT_MAX 600

typedef struct store_line {
    store_line_kind kind;
    char from[100];           /* LOG_CHAT: who */
    char text[STORE_TEXT_MAX];
} store_line;

typedef struct store {
    /* the player */
    store_link link;
    char name[100];
    char my_id[40];
    char token[40];
    char public_url[300];
    bool welcomed;

    /* the lobby: owned arrays, NULL until the server sent them */
    json_t *games;
    json_t *rooms;
    json_t *mine;         /* our own rooms (rooms' "mine"), NULL when the server sends none */

    /* the room: the last room message (owned) or NULL */
    json_t *room;
    char room_code[8];

    /* the game in that room */
    json_t *view;         /* owned, or NULL before the game */
    int seat;             /* whose view: -1 for a spectator */
    long long seq;
    json_t *events;       /* owned: events not yet shown to the renderer */
    bool has_deadline;
    int64_t deadline_at;  /* our clock (ms) when the state's deadline runs out */
    bool has_game_clock;
    int64_t game_offset;  /* our clock = game clock + game_offset */
    json_t *result;       /* owned: the over message's result, or NULL */

    /* what players have done (history, ratings) and carrying the identity */
    json_t *history;      /* owned: the last history message, or NULL */
    json_t *ratings;      /* owned: the last ratings message, or NULL */
    char link_code[16];   /* the last link code the server gave us, or "" */
    int64_t link_until;   /* our clock (ms) when it stops working */

    /* chat and events, oldest first, the last STORE_LOG_MAX */
    store_line log[STORE_LOG_MAX];
    int log_start, log_count;
    unsigned log_total;   /* lines ever added (to notice new ones) */

    /* the status line */
    char status[STORE_TEXT_MAX];
    bool status_error;
    int64_t status_at;
} store;

void store_init(store *s);
void store_free(store *s);

/* Applies one server message; returns what changed (STORE_* mask). */
unsigned store_apply(store *s, const json_t *msg, int64_t now);

/* The status line: an information or an error in plain words. */
void store_status(store *s, bool error, int64_t now, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void store_log(store *s, store_line_kind kind, const char *from, const char *text);
/* Line i of the log, 0 the oldest kept. */
const store_line *store_log_line(const store *s, int i);
/* Forgets the room and its game (after left, or a welcome in no room). */
void store_leave_room(store *s);

/* ---- the lobby ---- */

/* The rooms the lobby lists, ours first (private ones too), then the public
 * ones not among them. */
int store_lobby_count(const store *s);
/* Room i of that list, or NULL; *ours says whether it is one of ours. */
const json_t *store_lobby_room(const store *s, int i, bool *ours);

/* ---- reading the room ---- */

const char *store_game_id(const store *s);       /* the room's game, or NULL */
const char *store_room_status(const store *s);   /* "lobby", "playing", "over" or NULL */
bool store_is_host(const store *s);
/* Our seat in the room message (-1: none). */
int store_my_seat(const store *s);
int store_seat_count(const store *s);
/* A seat's name for people: the player's name, "Bot (hard)", or "empty". */
void store_seat_name(const store *s, int seat, char *buf, size_t len);
/* The game's descriptor from the games message, or NULL. */
const json_t *store_game(const store *s, const char *id);
/* Replaces "Seat N" in an engine's sentence with seat N's name. */
void store_humanize(const store *s, const char *text, char *out, size_t len);

/* ---- time ---- */

/* Milliseconds left on the state's deadline (>= 0), or -1 when none runs. */
int64_t store_ms_left(const store *s, int64_t now);
/* Milliseconds from now to a time on the game's clock (the engine's own
 * times, such as Ricochet's timer.ends), or INT64_MIN when the game's clock
 * cannot be mapped yet. */
int64_t store_game_ms_left(const store *s, int64_t game_time, int64_t now);

#endif
