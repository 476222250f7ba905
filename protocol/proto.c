/* proto.c: decoding client requests against a table of each verb's fields. */
#include "proto.h"

#include <stdio.h>
#include <string.h>

#include "util/utf8.h"

static const char *const code_names[PROTO_CODE_COUNT] = {
    [PROTO_OK] = "ok",
    [PROTO_BAD_JSON] = "bad_json",
    [PROTO_BAD_MESSAGE] = "bad_message",
    [PROTO_UNKNOWN_TYPE] = "unknown_type",
    [PROTO_NOT_AUTHENTICATED] = "not_authenticated",
    [PROTO_BAD_NAME] = "bad_name",
    [PROTO_NO_SUCH_GAME] = "no_such_game",
    [PROTO_BAD_OPTIONS] = "bad_options",
    [PROTO_NO_SUCH_ROOM] = "no_such_room",
    [PROTO_ROOM_FULL] = "room_full",
    [PROTO_SERVER_FULL] = "server_full",
    [PROTO_NOT_IN_ROOM] = "not_in_room",
    [PROTO_NOT_HOST] = "not_host",
    [PROTO_KICKED] = "kicked",
    [PROTO_BAD_PLAYER] = "bad_player",
    [PROTO_MUTED] = "muted",
    [PROTO_NO_BOTS] = "no_bots",
    [PROTO_BAD_SEAT] = "bad_seat",
    [PROTO_SEAT_TAKEN] = "seat_taken",
    [PROTO_WRONG_STATUS] = "wrong_status",
    [PROTO_NOT_READY] = "not_ready",
    [PROTO_NOT_SEATED] = "not_seated",
    [PROTO_NOT_YOUR_TURN] = "not_your_turn",
    [PROTO_ILLEGAL] = "illegal",
    [PROTO_BAD_ACTION] = "bad_action",
    [PROTO_TOO_LARGE] = "too_large",
    [PROTO_RATE_LIMITED] = "rate_limited",
    [PROTO_QUOTA_EXCEEDED] = "quota_exceeded",
    [PROTO_UNAVAILABLE] = "unavailable",
    [PROTO_INTERNAL] = "internal",
    [PROTO_NO_SUCH_PLAYER] = "no_such_player",
    [PROTO_BAD_LINK] = "bad_link",
    [PROTO_NO_SUCH_REPLAY] = "no_such_replay",
    [PROTO_NO_REPLAY] = "no_replay",
};

const char *proto_code_name(proto_code c)
{
    return (c >= 0 && c < PROTO_CODE_COUNT) ? code_names[c] : "internal";
}

proto_code proto_code_from_name(const char *name)
{
    for (int c = 0; c < PROTO_CODE_COUNT; c++) {
        if (strcmp(code_names[c], name) == 0)
            return (proto_code)c;
    }
    return PROTO_INTERNAL;
}

/* What a field must be. */
/* F_AUDIENCE: whose view a replay shows, the string "all" or a seat from
 * min (-1: a spectator's) to max. */
typedef enum { F_STRING, F_INT, F_BOOL, F_OBJECT, F_AUDIENCE } field_kind;

typedef struct field_spec {
    const char *name;
    field_kind kind;
    bool required;
    size_t offset; /* where the decoded value goes in proto_request */
    int min, max;  /* F_INT: the values allowed */
} field_spec;

#define FIELD(n, k, req, member) {n, k, req, offsetof(proto_request, member), 0, 0}
#define SEAT_FIELD(member) \
    {"seat", F_INT, true, offsetof(proto_request, member), 0, PROTO_SEAT_MAX}
#define MAX_FIELDS 4
#define WHOLE(n, req, member, lo, hi) {n, F_INT, req, offsetof(proto_request, member), lo, hi}
#define AUDIENCE_FIELD(member) \
    {"seat", F_AUDIENCE, false, offsetof(proto_request, member), -1, PROTO_SEAT_MAX}

typedef struct verb_spec {
    const char *type;
    field_spec fields[MAX_FIELDS];
} verb_spec;

static const verb_spec verbs[PROTO_VERB_COUNT] = {
    /* A name, unless a link code names the player (the lobby checks). */
    [PROTO_HELLO] = {"hello", {FIELD("name", F_STRING, false, name),
                               FIELD("token", F_STRING, false, token),
                               FIELD("link", F_STRING, false, link)}},
    [PROTO_GAMES] = {"games", {{0}}},
    [PROTO_ROOMS] = {"rooms", {FIELD("watch", F_BOOL, false, watch)}},
    [PROTO_CREATE] = {"create", {FIELD("game", F_STRING, true, game),
                                 FIELD("options", F_OBJECT, false, options),
                                 FIELD("private", F_BOOL, false, is_private)}},
    [PROTO_JOIN] = {"join", {FIELD("room", F_STRING, true, room),
                             FIELD("as", F_STRING, false, as)}},
    [PROTO_LEAVE] = {"leave", {{0}}},
    [PROTO_SIT] = {"sit", {SEAT_FIELD(seat)}},
    [PROTO_STAND] = {"stand", {{0}}},
    [PROTO_BOT] = {"bot", {SEAT_FIELD(seat),
                           FIELD("level", F_STRING, false, level)}},
    /* A seat or a player: the lobby checks that exactly one is given. */
    [PROTO_KICK] = {"kick", {{"seat", F_INT, false, offsetof(proto_request, seat), 0,
                              PROTO_SEAT_MAX},
                             FIELD("player", F_STRING, false, player)}},
    [PROTO_START] = {"start", {{0}}},
    [PROTO_REMATCH] = {"rematch", {{0}}},
    [PROTO_ACT] = {"act", {FIELD("action", F_OBJECT, true, action)}},
    [PROTO_CHAT] = {"chat", {FIELD("text", F_STRING, true, text)}},
    [PROTO_PING] = {"ping", {{0}}},
    [PROTO_APPROVE] = {"approve", {FIELD("player", F_STRING, true, player)}},
    [PROTO_DENY] = {"deny", {FIELD("player", F_STRING, true, player)}},
    [PROTO_MUTE] = {"mute", {FIELD("player", F_STRING, true, player),
                             FIELD("muted", F_BOOL, true, muted)}},
    [PROTO_RATINGS] = {"ratings", {FIELD("game", F_STRING, true, game),
                                   {"limit", F_INT, false, offsetof(proto_request, limit), 1,
                                    PROTO_RATINGS_MAX}}},
    [PROTO_HISTORY] = {"history", {FIELD("player", F_STRING, false, player),
                                   {"limit", F_INT, false, offsetof(proto_request, limit), 1,
                                    PROTO_HISTORY_MAX}}},
    [PROTO_LINK_CODE] = {"link_code", {{0}}},
    /* A game or a room: the lobby checks that exactly one is given. */
    [PROTO_REPLAY] = {"replay", {WHOLE("game", false, game_id, 1, INT_MAX),
                                 FIELD("room", F_STRING, false, room),
                                 WHOLE("to", false, to, 0, INT_MAX),
                                 AUDIENCE_FIELD(view_seat)}},
    [PROTO_REPLAY_STEP] = {"replay_step", {WHOLE("to", false, to, 0, INT_MAX),
                                           WHOLE("by", false, by, -INT_MAX, INT_MAX),
                                           AUDIENCE_FIELD(view_seat)}},
};

const char *proto_verb_name(proto_verb v)
{
    return (v >= 0 && v < PROTO_VERB_COUNT) ? verbs[v].type : "?";
}

static const char *const kind_words[] = {
    [F_STRING] = "a string",
    [F_BOOL] = "true or false",
    [F_OBJECT] = "an object",
    [F_AUDIENCE] = "\"all\", -1 (a spectator's view) or a seat from 0 to 15",
};

static bool kind_matches(const field_spec *f, const json_t *v)
{
    switch (f->kind) {
    case F_STRING: return json_is_string(v);
    case F_INT:
        return json_is_integer(v) && json_integer_value(v) >= f->min &&
               json_integer_value(v) <= f->max;
    case F_BOOL: return json_is_boolean(v);
    case F_OBJECT: return json_is_object(v);
    case F_AUDIENCE:
        if (json_is_string(v))
            return strcmp(json_string_value(v), "all") == 0;
        return json_is_integer(v) && json_integer_value(v) >= f->min &&
               json_integer_value(v) <= f->max;
    }
    return false;
}

/* Stores v (of the right kind, in range) into the request member the spec
 * names. */
static void field_store(proto_request *r, const field_spec *f, const json_t *v)
{
    char *slot = (char *)r + f->offset;
    switch (f->kind) {
    case F_STRING: *(const char **)slot = json_string_value(v); break;
    case F_INT: *(int *)slot = (int)json_integer_value(v); break;
    case F_BOOL: *(bool *)slot = json_is_true(v); break;
    case F_OBJECT: *(const json_t **)slot = v; break;
    case F_AUDIENCE:
        *(int *)slot = json_is_string(v) ? PROTO_SEAT_ALL : (int)json_integer_value(v);
        break;
    }
}

static bool id_usable(const json_t *id)
{
    if (json_is_integer(id))
        return true;
    return json_is_string(id) && json_string_length(id) <= PROTO_MAX_ID_LEN;
}

static proto_code fail(char *why, size_t why_len, proto_code c, const char *fmt, const char *arg)
{
    snprintf(why, why_len, fmt, arg);
    return c;
}

proto_code proto_decode(const char *text, size_t len, proto_request *out, char *why,
                        size_t why_len)
{
    memset(out, 0, sizeof *out);
    out->seat = -1;
    out->to = out->by = out->view_seat = PROTO_ABSENT;
    json_error_t jerr;
    out->msg = json_loadb(text, len, JSON_REJECT_DUPLICATES | JSON_DECODE_ANY, &jerr);
    if (!out->msg)
        return fail(why, why_len, PROTO_BAD_JSON, "that is not valid JSON: %s", jerr.text);
    if (!json_is_object(out->msg))
        return fail(why, why_len, PROTO_BAD_MESSAGE, "a message must be a JSON object%s", "");

    const json_t *id = json_object_get(out->msg, "id");
    if (id) {
        if (!id_usable(id))
            return fail(why, why_len, PROTO_BAD_MESSAGE,
                        "\"id\" must be a number or a string of at most 64 characters%s", "");
        out->id = id;
    }
    const json_t *type = json_object_get(out->msg, "type");
    if (!json_is_string(type))
        return fail(why, why_len, PROTO_BAD_MESSAGE, "a message needs a \"type\" string%s", "");

    const char *t = json_string_value(type);
    int v = 0;
    while (v < PROTO_VERB_COUNT && strcmp(verbs[v].type, t) != 0)
        v++;
    if (v == PROTO_VERB_COUNT)
        return fail(why, why_len, PROTO_UNKNOWN_TYPE, "there is no message type \"%.40s\"", t);
    out->verb = (proto_verb)v;

    for (int i = 0; i < MAX_FIELDS && verbs[v].fields[i].name; i++) {
        const field_spec *f = &verbs[v].fields[i];
        const json_t *fv = json_object_get(out->msg, f->name);
        if (!fv || json_is_null(fv)) {
            if (f->required) {
                snprintf(why, why_len, "\"%s\" needs a field \"%s\"", t, f->name);
                return PROTO_BAD_MESSAGE;
            }
            continue;
        }
        if (!kind_matches(f, fv)) {
            if (f->kind == F_INT)
                snprintf(why, why_len, "\"%s\" in \"%s\" must be a whole number from %d to %d",
                         f->name, t, f->min, f->max);
            else
                snprintf(why, why_len, "\"%s\" in \"%s\" must be %s", f->name, t,
                         kind_words[f->kind]);
            return PROTO_BAD_MESSAGE;
        }
        field_store(out, f, fv);
    }
    /* A hello names its player: by name, or by a link code (whose player
     * keeps its own name). */
    if (out->verb == PROTO_HELLO && !out->name && !out->link)
        return fail(why, why_len, PROTO_BAD_MESSAGE, "\"hello\" needs a field \"name\"%s", "");
    return PROTO_OK;
}

void proto_request_free(proto_request *r)
{
    json_decref(r->msg);
    r->msg = NULL;
}

json_t *proto_message(const char *type, const json_t *id)
{
    json_t *m = json_object();
    json_object_set_new(m, "type", json_string(type));
    if (id)
        json_object_set(m, "id", (json_t *)id);
    return m;
}

json_t *proto_error(const json_t *id, proto_code code, const char *message)
{
    json_t *m = proto_message("error", id);
    json_object_set_new(m, "code", json_string(proto_code_name(code)));
    json_object_set_new(m, "message", json_string(message));
    return m;
}

long proto_utf8_length(const char *s, size_t len)
{
    long count = 0;
    size_t i = 0;
    while (i < len) {
        size_t used;
        if (utf8_decode((const unsigned char *)s + i, len - i, &used) < 0)
            return -1;
        i += used;
        count++;
    }
    return count;
}

static bool is_space(long cp)
{
    return cp == ' ' || (cp >= 0x09 && cp <= 0x0d) || cp == 0x85 || cp == 0xa0 ||
           cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200b) || cp == 0x2028 || cp == 0x2029 ||
           cp == 0x202f || cp == 0x205f || cp == 0x3000 || cp == 0xfeff;
}

static bool is_control(long cp)
{
    return cp < 0x20 || (cp >= 0x7f && cp < 0xa0);
}

/* Marks that change the direction of the text around them: a name holding
 * one can make the line it is shown in read differently. */
static bool is_bidi_control(long cp)
{
    return (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069) || cp == 0x200e ||
           cp == 0x200f || cp == 0x061c;
}

/* Combining marks (accents that stack on the letter before them). */
static bool is_combining(long cp)
{
    return (cp >= 0x0300 && cp <= 0x036f) || (cp >= 0x0483 && cp <= 0x0489) ||
           (cp >= 0x0591 && cp <= 0x05bd) || (cp >= 0x0610 && cp <= 0x061a) ||
           (cp >= 0x064b && cp <= 0x065f) || (cp >= 0x1ab0 && cp <= 0x1aff) ||
           (cp >= 0x1dc0 && cp <= 0x1dff) || (cp >= 0x20d0 && cp <= 0x20ff) ||
           (cp >= 0xfe20 && cp <= 0xfe2f);
}

/* Characters that draw nothing by themselves: zero-width and format
 * characters, fillers, blanks, variation selectors. */
static bool is_invisible(long cp)
{
    return (cp >= 0x200b && cp <= 0x200d) || (cp >= 0x2060 && cp <= 0x2064) || cp == 0xfeff ||
           cp == 0x00ad || cp == 0x034f || cp == 0x180e || cp == 0x115f || cp == 0x1160 ||
           cp == 0x3164 || cp == 0xffa0 || cp == 0x2800 || (cp >= 0xfe00 && cp <= 0xfe0f) ||
           (cp >= 0xe0000 && cp <= 0xe0fff);
}

/* Trims spaces at both ends of in and checks the rest: valid UTF-8, no
 * control or direction characters, at most PROTO_MARKS_MAX combining marks
 * on one character, something visible, 1 to max_chars characters. what
 * ("a name") starts the sentence of a refusal. */
static bool clean_text(const char *in, char *out, size_t out_len, long max_chars,
                       const char *what, char *why, size_t why_len)
{
    const unsigned char *s = (const unsigned char *)in;
    size_t n = strlen(in), i = 0, start = n, end = 0;
    while (i < n) { /* find the first and last characters that are not spaces */
        size_t used;
        long cp = utf8_decode(s + i, n - i, &used);
        if (cp < 0) {
            snprintf(why, why_len, "%s must be valid UTF-8", what);
            return false;
        }
        if (!is_space(cp)) {
            if (start == n)
                start = i;
            end = i + used;
        }
        i += used;
    }
    long chars = 0, marks = 0;
    bool visible = false;
    for (i = start; i < end; chars++) {
        size_t used;
        long cp = utf8_decode(s + i, end - i, &used);
        if (is_control(cp)) {
            snprintf(why, why_len, "%s cannot hold control characters", what);
            return false;
        }
        if (is_bidi_control(cp)) {
            snprintf(why, why_len, "%s cannot hold marks that change the text's direction",
                     what);
            return false;
        }
        marks = is_combining(cp) ? marks + 1 : 0;
        if (marks > PROTO_MARKS_MAX) {
            snprintf(why, why_len, "%s can have at most %d accents on one character", what,
                     PROTO_MARKS_MAX);
            return false;
        }
        visible |= !is_space(cp) && !is_invisible(cp) && !is_combining(cp);
        i += used;
    }
    if (!visible) {
        snprintf(why, why_len, "%s needs at least one visible character", what);
        return false;
    }
    if (chars > max_chars || end - start >= out_len) {
        snprintf(why, why_len, "%s can have at most %ld characters", what, max_chars);
        return false;
    }
    memcpy(out, in + start, end - start);
    out[end - start] = '\0';
    return true;
}

bool proto_clean_name(const char *in, char *out, size_t out_len, char *why, size_t why_len)
{
    return clean_text(in, out, out_len, PROTO_NAME_MAX, "a name", why, why_len);
}

bool proto_clean_chat(const char *in, char *out, size_t out_len, char *why, size_t why_len)
{
    return clean_text(in, out, out_len, PROTO_MAX_CHAT, "a chat message", why, why_len);
}
