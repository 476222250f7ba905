/*
 * client.h: the client's side of the wire protocol (protocol/PROTOCOL.md).
 *
 * proto.h decodes what clients send, for the server; this module is the
 * mirror image for C clients (the terminal client, load generators): it
 * builds every request a client sends and reads the envelope of what the
 * server sends back. It knows nothing of sockets or screens.
 *
 * Builders return a new reference (the caller owns it) or NULL when an
 * argument cannot make a valid message (a NULL name, a negative seat).
 */
#ifndef BOTPIT_PROTO_CLIENT_H
#define BOTPIT_PROTO_CLIENT_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "proto.h"

/* A room code is 5 characters of PROTO_CODE_ALPHABET. */
#define PROTO_CODE_LEN 5
#define PROTO_CODE_ALPHABET "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

/* ---- requests ---- */

/* {"type": verb}: the verbs without fields (games, leave, stand, start,
 * rematch, ping). */
json_t *proto_client_verb(proto_verb verb);
/* hello {name, token?}; token may be NULL or empty. */
json_t *proto_client_hello(const char *name, const char *token);
/* hello {link, name?}: take the identity a link code names (name may be
 * NULL: the identity's own name is kept). */
json_t *proto_client_hello_link(const char *code, const char *name);
/* ratings {game}, history {player?} (NULL: your own), link_code. */
json_t *proto_client_ratings(const char *game);
json_t *proto_client_history(const char *player_id);
/* rooms {watch?} */
json_t *proto_client_rooms(bool watch);
/* create {game, options?, private?}; options is borrowed (may be NULL). */
json_t *proto_client_create(const char *game, const json_t *options, bool is_private);
/* join {room, as?}; as is "player", "spectator" or NULL. */
json_t *proto_client_join(const char *room, const char *as);
/* sit, bot and kick name a seat (0-based); level may be NULL. */
json_t *proto_client_sit(int seat);
json_t *proto_client_bot(int seat, const char *level);
json_t *proto_client_kick(int seat);
/* kick {player} and mute {player, muted}: a member by player id (host). */
json_t *proto_client_kick_player(const char *player_id);
json_t *proto_client_mute(const char *player_id, bool muted);
/* chat {text} */
json_t *proto_client_chat(const char *text);
/* act {action}; action is borrowed. */
json_t *proto_client_act(const json_t *action);
/* replay {game, to?, seat?}: the finished game's replay, from input to
 * (PROTO_ABSENT: the start); seat is PROTO_ABSENT (every secret: the
 * server's default), PROTO_SEAT_ALL, -1 or a seat. */
json_t *proto_client_replay(long long game, int to, int seat);
/* replay_step {to | by, seat?}: to or by is PROTO_ABSENT (both may be,
 * when only the seat changes); seat as for proto_client_replay. */
json_t *proto_client_replay_step(int to, int by, int seat);

/* Sets "id" and serialises compactly; returns a malloc'd string (the caller
 * frees it) or NULL. The message is left with the id set. */
char *proto_client_encode(json_t *msg, long long id);

/* ---- what the server sends ---- */

typedef enum proto_server_type {
    PROTO_S_UNKNOWN,
    PROTO_S_WELCOME,
    PROTO_S_GAMES,
    PROTO_S_ROOMS,
    PROTO_S_ROOM,
    PROTO_S_STATE,
    PROTO_S_OVER,
    PROTO_S_CHAT,
    PROTO_S_LEFT,
    PROTO_S_ERROR,
    PROTO_S_PONG,
    PROTO_S_RATINGS,
    PROTO_S_HISTORY,
    PROTO_S_LINK_CODE,
    PROTO_S_MOVED, /* distributed mode: another node holds the room */
    PROTO_S_REPLAY,
    PROTO_S_REPLAY_FRAME,
} proto_server_type;

/* Parses one text frame from the server: an object with a string "type".
 * Returns a new reference, or NULL with a sentence in why (not JSON, not an
 * object, no type). */
json_t *proto_client_decode(const char *text, size_t len, char *why, size_t why_len);
proto_server_type proto_client_type(const json_t *msg);
/* The id a reply echoes, or -1 when it has none (or a non-integer one). */
long long proto_client_reply_id(const json_t *msg);

/* Room codes: trims, upper-cases and checks text; writes the code (6 bytes
 * with its NUL) and returns true when it is one. */
bool proto_client_room_code(const char *text, char out[PROTO_CODE_LEN + 1]);

#endif
