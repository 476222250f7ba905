/*
 * proto.h: the Botpit wire protocol, shared by the server and C clients.
 *
 * Every message is one JSON object in one WebSocket text frame:
 * {"type": ..., "id": optional, ...}. protocol/PROTOCOL.md is the reference
 * and protocol/schema/ holds a JSON Schema per message; this module decodes
 * client requests (checking each verb's fields, so the server's handlers see
 * only well-formed input), names the error codes, and builds messages.
 */
#ifndef BOTPIT_PROTO_H
#define BOTPIT_PROTO_H

#include <jansson.h>
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#define PROTO_MAX_FRAME (64 * 1024) /* larger frames: too_large, close 1009 */
#define PROTO_MAX_ID_LEN 64
#define PROTO_MAX_CHAT 500 /* characters, not bytes */
#define PROTO_NAME_MAX 24  /* characters */
#define PROTO_SEAT_MAX 15  /* seats are numbered 0 to this */
#define PROTO_MARKS_MAX 2  /* combining marks on one character, in names and chat */
#define PROTO_ABSENT INT_MIN /* an optional whole number the request left out */
/* A replay's view of everything (the seat "all"): every secret shown. */
#define PROTO_SEAT_ALL (-3)
#define PROTO_RATINGS_MAX 200 /* players a `ratings` answer lists at most */
#define PROTO_HISTORY_MAX 50  /* games a `history` answer lists at most */

/* WebSocket close codes the server uses, with the reasons it gives. */
enum {
    PROTO_CLOSE_GOING_AWAY = 1001,   /* "server shutting down" */
    PROTO_CLOSE_PROTOCOL = 1002,     /* binary frames and other violations */
    PROTO_CLOSE_POLICY = 1008,       /* floods, too many connections */
    PROTO_CLOSE_TOO_LARGE = 1009,    /* frame over PROTO_MAX_FRAME */
    PROTO_CLOSE_TRY_LATER = 1013,    /* server full */
    PROTO_CLOSE_REPLACED = 4001,     /* the same token connected again */
    PROTO_CLOSE_SLOW = 4002,         /* the client stopped reading */
};

typedef enum proto_verb {
    PROTO_HELLO,
    PROTO_GAMES,
    PROTO_ROOMS,
    PROTO_CREATE,
    PROTO_JOIN,
    PROTO_LEAVE,
    PROTO_SIT,
    PROTO_STAND,
    PROTO_BOT,
    PROTO_KICK,
    PROTO_START,
    PROTO_REMATCH,
    PROTO_ACT,
    PROTO_CHAT,
    PROTO_PING,
    PROTO_APPROVE,
    PROTO_DENY,
    PROTO_MUTE,
    PROTO_RATINGS,
    PROTO_HISTORY,
    PROTO_LINK_CODE,
    PROTO_REPLAY,
    PROTO_REPLAY_STEP,
    PROTO_VERB_COUNT
} proto_verb;

typedef enum proto_code {
    PROTO_OK = 0,
    PROTO_BAD_JSON,
    PROTO_BAD_MESSAGE,
    PROTO_UNKNOWN_TYPE,
    PROTO_NOT_AUTHENTICATED,
    PROTO_BAD_NAME,
    PROTO_NO_SUCH_GAME,
    PROTO_BAD_OPTIONS,
    PROTO_NO_SUCH_ROOM,
    PROTO_ROOM_FULL,
    PROTO_SERVER_FULL,
    PROTO_NOT_IN_ROOM,
    PROTO_NOT_HOST,
    PROTO_KICKED,
    PROTO_BAD_PLAYER,
    PROTO_MUTED,
    PROTO_NO_BOTS,
    PROTO_BAD_SEAT,
    PROTO_SEAT_TAKEN,
    PROTO_WRONG_STATUS,
    PROTO_NOT_READY,
    PROTO_NOT_SEATED,
    PROTO_NOT_YOUR_TURN,
    PROTO_ILLEGAL,
    PROTO_BAD_ACTION,
    PROTO_TOO_LARGE,
    PROTO_RATE_LIMITED,
    PROTO_QUOTA_EXCEEDED,
    PROTO_UNAVAILABLE,
    PROTO_INTERNAL,
    PROTO_NO_SUCH_PLAYER,
    PROTO_BAD_LINK,
    PROTO_NO_SUCH_REPLAY,
    PROTO_NO_REPLAY,
    PROTO_CODE_COUNT
} proto_code;

/* "bad_json", "room_full", ...: the wire names. */
const char *proto_code_name(proto_code c);
/* The code called `name`, or PROTO_INTERNAL (engine codes map onto these). */
proto_code proto_code_from_name(const char *name);
const char *proto_verb_name(proto_verb v);

/* A decoded client request. Every pointer borrows from `msg`, which the
 * request owns until proto_request_free. Fields a verb does not take are
 * NULL / -1 / false. */
typedef struct proto_request {
    proto_verb verb;
    json_t *msg;
    const json_t *id; /* string or integer, echoed in the reply; NULL if none */
    const char *name, *token, *game, *room, *as, *level, *text, *player, *link;
    const json_t *options, *action;
    int seat;
    int limit; /* ratings, history: 0 when not given */
    bool is_private, watch, muted;
    /* replay and replay_step: the finished game (0: none given), where to
     * go (PROTO_ABSENT when left out), and whose view: PROTO_SEAT_ALL,
     * -1 (a spectator's), a seat, or PROTO_ABSENT. */
    int game_id, to, by, view_seat;
} proto_request;

/* Decodes one text frame. On failure returns the code (bad_json, bad_message,
 * unknown_type) and writes a sentence to why (a number out of its field's
 * range is bad_message, never clamped); `out->id` is still set when the
 * frame was an object with a usable id, so the error can echo it. */
proto_code proto_decode(const char *text, size_t len, proto_request *out, char *why,
                        size_t why_len);
void proto_request_free(proto_request *r);

/* {"type": type} with "id" echoed when id is not NULL. New reference. */
json_t *proto_message(const char *type, const json_t *id);
/* {"type":"error","id":…,"code":…,"message":…}. New reference. */
json_t *proto_error(const json_t *id, proto_code code, const char *message);

/* Player names: trims ASCII and Unicode spaces at both ends and checks the
 * rest is valid UTF-8 without control characters or direction marks
 * (U+202A-202E, U+2066-2069, U+200E/F, U+061C), with at most PROTO_MARKS_MAX
 * combining marks on one character and at least one visible character (not
 * a space, zero-width, filler or mark), 1 to PROTO_NAME_MAX characters.
 * Writes the trimmed name to out (size >= 4 * PROTO_NAME_MAX + 1) and returns
 * true, or returns false with a sentence in why. */
bool proto_clean_name(const char *in, char *out, size_t out_len, char *why, size_t why_len);
/* Chat text: the same rules, 1 to PROTO_MAX_CHAT characters (out size >=
 * 4 * PROTO_MAX_CHAT + 1). */
bool proto_clean_chat(const char *in, char *out, size_t out_len, char *why, size_t why_len);

/* Number of UTF-8 characters in s, or -1 if s is not valid UTF-8. */
long proto_utf8_length(const char *s, size_t len);

#endif
