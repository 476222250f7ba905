/* store.c: the client's state, from server messages. */
#include "store.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "client.h"
#include "names.h"

/* More events than this waiting for the screen means the screen fell far
 * behind: the view is complete on its own, so the oldest go. */
#define STORE_EVENTS_MAX 500

void store_init(store *s)
{
    memset(s, 0, sizeof *s);
    s->seat = -1;
    s->events = json_array();
}

static void drop_game(store *s)
{
    json_decref(s->view);
    s->view = NULL;
    json_decref(s->result);
    s->result = NULL;
    json_array_clear(s->events);
    s->seat = -1;
    s->seq = 0;
    s->has_deadline = false;
    s->has_game_clock = false;
}

void store_leave_room(store *s)
{
    drop_game(s);
    json_decref(s->room);
    s->room = NULL;
    s->room_code[0] = 0;
}

void store_free(store *s)
{
    store_leave_room(s);
    json_decref(s->games);
    json_decref(s->rooms);
    json_decref(s->mine);
    json_decref(s->events);
    json_decref(s->history);
    json_decref(s->ratings);
    s->games = s->rooms = s->mine = s->events = s->history = s->ratings = NULL;
}

void store_status(store *s, bool error, int64_t now, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->status, sizeof s->status, fmt, ap);
    va_end(ap);
    s->status_error = error;
    s->status_news = false;
    s->status_at = now;
    s->status_serial++;
}

void store_log(store *s, store_line_kind kind, const char *from, const char *text)
{
    int i;
    if (s->log_count < STORE_LOG_MAX) {
        i = (s->log_start + s->log_count++) % STORE_LOG_MAX;
    } else {
        i = s->log_start;
        s->log_start = (s->log_start + 1) % STORE_LOG_MAX;
    }
    store_line *l = &s->log[i];
    l->kind = kind;
    snprintf(l->from, sizeof l->from, "%s", from ? from : "");
    snprintf(l->text, sizeof l->text, "%s", text ? text : "");
    s->log_total++;
}

const store_line *store_log_line(const store *s, int i)
{
    if (i < 0 || i >= s->log_count)
        return NULL;
    return &s->log[(s->log_start + i) % STORE_LOG_MAX];
}

static void copy_string(char *dst, size_t len, const json_t *v)
{
    snprintf(dst, len, "%s", json_is_string(v) ? json_string_value(v) : "");
}

/* ---- messages ---- */

static unsigned apply_welcome(store *s, const json_t *m)
{
    const json_t *you = json_object_get(m, "you");
    copy_string(s->my_id, sizeof s->my_id, json_object_get(you, "id"));
    copy_string(s->name, sizeof s->name, json_object_get(you, "name"));
    copy_string(s->token, sizeof s->token, json_object_get(m, "token"));
    copy_string(s->public_url, sizeof s->public_url,
                json_object_get(json_object_get(m, "server"), "public_url"));
    s->welcomed = true;
    s->link = STORE_ONLINE;
    unsigned changed = STORE_WELCOME;
    /* The server says which room we are in; if none, whatever we showed is gone. */
    if (!json_is_string(json_object_get(m, "room")) && s->room) {
        store_leave_room(s);
        changed |= STORE_LEFT;
    }
    return changed;
}

static unsigned replace_array(json_t **slot, const json_t *m, const char *key, unsigned flag)
{
    json_t *a = json_object_get(m, key);
    if (!json_is_array(a))
        return 0;
    json_decref(*slot);
    *slot = json_incref(a);
    return flag;
}

static unsigned apply_rooms(store *s, const json_t *m)
{
    unsigned changed = replace_array(&s->rooms, m, "rooms", STORE_ROOMS);
    if (changed && !replace_array(&s->mine, m, "mine", STORE_ROOMS)) {
        json_decref(s->mine); /* a server that does not say */
        s->mine = NULL;
    }
    return changed;
}

static unsigned apply_room(store *s, const json_t *m)
{
    const char *code = json_string_value(json_object_get(m, "code"));
    if (!code || !json_is_array(json_object_get(m, "seats")))
        return 0;
    unsigned changed = STORE_ROOM;
    if (strcmp(code, s->room_code) != 0) {
        /* a new room (a join, or the host's rematch): its game starts afresh */
        drop_game(s);
        snprintf(s->room_code, sizeof s->room_code, "%s", code);
        changed |= STORE_NEW_ROOM;
    }
    json_decref(s->room);
    s->room = json_incref((json_t *)m);
    const char *status = store_room_status(s);
    if (status && strcmp(status, "lobby") == 0)
        drop_game(s);
    return changed;
}

static unsigned apply_state(store *s, const json_t *m, int64_t now)
{
    const char *code = json_string_value(json_object_get(m, "room"));
    const json_t *view = json_object_get(m, "view");
    if (!code || !view || (s->room_code[0] && strcmp(code, s->room_code) != 0))
        return 0; /* a state for a room we are not showing */
    if (!s->room_code[0])
        snprintf(s->room_code, sizeof s->room_code, "%s", code);
    json_decref(s->view);
    s->view = json_incref((json_t *)view);
    const json_t *seat = json_object_get(m, "seat");
    s->seat = json_is_integer(seat) ? (int)json_integer_value(seat) : -1;
    s->seq = json_integer_value(json_object_get(m, "seq"));
    const json_t *events = json_object_get(m, "events");
    if (json_is_array(events))
        json_array_extend(s->events, (json_t *)events);
    while (json_array_size(s->events) > STORE_EVENTS_MAX)
        json_array_remove(s->events, 0);

    const json_t *deadline = json_object_get(m, "deadline");
    const json_t *remaining = json_object_get(deadline, "remaining_ms");
    s->has_deadline = json_is_integer(remaining);
    if (s->has_deadline) {
        s->deadline_at = now + json_integer_value(remaining);
        /* The view's own "deadline" is the same moment on the game's clock,
         * which maps every other game time (timers, next rounds). */
        const json_t *game_deadline = json_object_get(view, "deadline");
        if (json_is_integer(game_deadline)) {
            s->game_offset = s->deadline_at - json_integer_value(game_deadline);
            s->has_game_clock = true;
        }
    }
    return STORE_STATE;
}

/* "Ratings: Ada 1500 -> 1523, Bob 1500 -> 1477; Bot (hard) is 1650", or
 * for a game that rated nobody, why, with the bots' ratings. */
static void rating_line(const store *s, const json_t *rating, char *out, size_t len)
{
    const char *why = json_string_value(json_object_get(rating, "why"));
    size_t n = (size_t)snprintf(out, len, "%s",
                                json_is_true(json_object_get(rating, "rated")) ? "Ratings:"
                                : why && strcmp(why, "seeded") == 0
                                    ? "Not rated (the host chose the seed)."
                                    : "Not rated (a game needs two people to rate).");
    size_t i;
    const json_t *seat;
    const char *sep = " ";
    json_array_foreach(json_object_get(rating, "seats"), i, seat) {
        if (n >= len)
            break;
        char name[100];
        store_seat_name(s, (int)json_integer_value(json_object_get(seat, "seat")), name,
                        sizeof name);
        if (json_object_get(seat, "bot"))
            n += (size_t)snprintf(out + n, len - n, "%s%s is %lld", i ? "; " : " ", name,
                                  (long long)json_integer_value(json_object_get(seat, "rating")));
        else
            n += (size_t)snprintf(out + n, len - n, "%s%s %lld -> %lld", sep, name,
                                  (long long)json_integer_value(json_object_get(seat, "before")),
                                  (long long)json_integer_value(json_object_get(seat, "after")));
        sep = ", ";
    }
}

static unsigned apply_over(store *s, const json_t *m, int64_t now)
{
    const char *code = json_string_value(json_object_get(m, "room"));
    const json_t *result = json_object_get(m, "result");
    if (!code || !json_is_object(result) || strcmp(code, s->room_code) != 0)
        return 0;
    bool fresh = s->result == NULL;
    json_decref(s->result);
    s->result = json_incref((json_t *)result);
    const char *summary = json_string_value(json_object_get(result, "summary"));
    if (fresh && summary) {
        char text[STORE_TEXT_MAX];
        store_humanize(s, summary, text, sizeof text);
        store_log(s, LOG_INFO, NULL, text);
        store_status(s, false, now, "Game over: %s", text);
    }
    const json_t *rating = json_object_get(m, "rating");
    if (fresh && json_is_object(rating)) {
        char text[STORE_TEXT_MAX];
        rating_line(s, rating, text, sizeof text);
        store_log(s, LOG_INFO, NULL, text);
    }
    return STORE_OVER;
}

static unsigned apply_link_code(store *s, const json_t *m, int64_t now)
{
    const char *code = json_string_value(json_object_get(m, "code"));
    json_int_t ms = json_integer_value(json_object_get(m, "expires_in_ms"));
    if (!code)
        return 0;
    snprintf(s->link_code, sizeof s->link_code, "%s", code);
    s->link_until = now + ms;
    return STORE_LINK;
}

static unsigned apply_chat(store *s, const json_t *m)
{
    const char *code = json_string_value(json_object_get(m, "room"));
    const char *text = json_string_value(json_object_get(m, "text"));
    const char *from = json_string_value(json_object_get(json_object_get(m, "from"), "name"));
    if (!text || (code && s->room_code[0] && strcmp(code, s->room_code) != 0))
        return 0;
    store_log(s, LOG_CHAT, from ? from : "?", text);
    return STORE_CHAT;
}

static unsigned apply_left(store *s, const json_t *m, int64_t now)
{
    const char *code = json_string_value(json_object_get(m, "room"));
    const char *reason = json_string_value(json_object_get(m, "reason"));
    if (code && s->room_code[0] && strcmp(code, s->room_code) != 0)
        return 0; /* we had already moved on */
    char where[16];
    snprintf(where, sizeof where, "%s", code ? code : s->room_code);
    store_leave_room(s);
    if (reason && strcmp(reason, "kicked") == 0)
        store_status(s, true, now, "The host removed you from room %s.", where);
    else if (reason && strcmp(reason, "closed") == 0)
        store_status(s, false, now, "Room %s closed.", where);
    else
        store_status(s, false, now, "You left room %s.", where);
    return STORE_LEFT;
}

/* What a code means, for an error that came without a sentence. */
static const char *code_words(const char *code)
{
    static const char *const words[][2] = {
        {"bad_json", "the server could not read that message"},
        {"bad_message", "the server did not understand that message"},
        {"unknown_type", "the server does not know that request"},
        {"not_authenticated", "say hello first"},
        {"bad_name", "that name will not do"},
        {"no_such_game", "the server has no such game"},
        {"bad_options", "those options do not make a game"},
        {"no_such_room", "no open room has that code"},
        {"room_full", "that room has no free seat"},
        {"server_full", "the server holds all the rooms it may"},
        {"not_in_room", "you are in no room"},
        {"not_host", "only the host may do that"},
        {"kicked", "the host removed you from that room"},
        {"no_bots", "that game has no bots"},
        {"bad_seat", "not a seat you can use that way"},
        {"seat_taken", "someone is in that seat"},
        {"wrong_status", "not now"},
        {"not_ready", "too few or too many seats are filled"},
        {"not_seated", "take a seat first"},
        {"not_your_turn", "it is not your turn"},
        {"illegal", "the rules forbid that"},
        {"bad_action", "the game does not understand that action"},
        {"too_large", "that message is too large"},
        {"rate_limited", "too many messages; slow down"},
        {"quota_exceeded", "you already hold as many rooms or bot seats as the server allows"},
        {"unavailable", "the server could not store that right now; try again shortly"},
        {"internal", "the server failed; nothing changed"},
    };
    for (size_t i = 0; code && i < sizeof words / sizeof words[0]; i++) {
        if (strcmp(code, words[i][0]) == 0)
            return words[i][1];
    }
    return "the server refused that";
}

/* What to do about an error whose sentence says only what went wrong. */
static const char *code_advice(const char *code)
{
    if (code && strcmp(code, "no_such_room") == 0)
        return " Check the code; rooms close when all have left.";
    return "";
}

static unsigned apply_error(store *s, const json_t *m, int64_t now)
{
    const char *message = json_string_value(json_object_get(m, "message"));
    const char *code = json_string_value(json_object_get(m, "code"));
    char text[STORE_TEXT_MAX];
    store_humanize(s, message && *message ? message : code_words(code), text, sizeof text);
    if (text[0])
        text[0] = (char)toupper((unsigned char)text[0]);
    size_t n = strlen(text);
    bool stop = n > 0 && strchr(".!?", text[n - 1]);
    store_status(s, true, now, "%s%s%s", text, stop ? "" : ".", code_advice(code));
    return STORE_ERROR;
}

static unsigned replace_message(json_t **slot, const json_t *msg, unsigned what)
{
    json_decref(*slot);
    *slot = json_incref((json_t *)msg);
    return what;
}

unsigned store_apply(store *s, const json_t *msg, int64_t now)
{
    switch (proto_client_type(msg)) {
    case PROTO_S_WELCOME: return apply_welcome(s, msg);
    case PROTO_S_GAMES: return replace_array(&s->games, msg, "games", STORE_GAMES);
    case PROTO_S_ROOMS: return apply_rooms(s, msg);
    case PROTO_S_ROOM: return apply_room(s, msg);
    case PROTO_S_STATE: return apply_state(s, msg, now);
    case PROTO_S_OVER: return apply_over(s, msg, now);
    case PROTO_S_CHAT: return apply_chat(s, msg);
    case PROTO_S_LEFT: return apply_left(s, msg, now);
    case PROTO_S_ERROR: return apply_error(s, msg, now);
    case PROTO_S_PONG: return STORE_PONG;
    case PROTO_S_HISTORY: return replace_message(&s->history, msg, STORE_HISTORY);
    case PROTO_S_RATINGS: return replace_message(&s->ratings, msg, STORE_RATINGS);
    case PROTO_S_LINK_CODE: return apply_link_code(s, msg, now);
    case PROTO_S_MOVED: /* the app follows it: nothing to keep */
    case PROTO_S_REPLAY:
    case PROTO_S_REPLAY_FRAME: break; /* the replay's own (replay.h) */
    case PROTO_S_UNKNOWN: break;
    }
    return 0;
}

/* ---- the lobby ---- */

static bool is_ours(const store *s, const json_t *room)
{
    const char *code = json_string_value(json_object_get(room, "code"));
    size_t i;
    const json_t *r;
    json_array_foreach(s->mine, i, r) {
        const char *mine = json_string_value(json_object_get(r, "code"));
        if (code && mine && strcmp(code, mine) == 0)
            return true;
    }
    return false;
}

const json_t *store_lobby_room(const store *s, int i, bool *ours)
{
    int n = (int)json_array_size(s->mine);
    *ours = i < n;
    if (i < 0)
        return NULL;
    if (i < n)
        return json_array_get(s->mine, (size_t)i);
    size_t k;
    const json_t *r;
    json_array_foreach(s->rooms, k, r) {
        if (!is_ours(s, r) && i-- == n)
            return r;
    }
    return NULL;
}

int store_lobby_count(const store *s)
{
    int n = (int)json_array_size(s->mine);
    size_t k;
    const json_t *r;
    json_array_foreach(s->rooms, k, r)
        n += !is_ours(s, r);
    return n;
}

/* ---- reading the room ---- */

const char *store_game_id(const store *s)
{
    return json_string_value(json_object_get(s->room, "game"));
}

const char *store_room_status(const store *s)
{
    return json_string_value(json_object_get(s->room, "status"));
}

bool store_is_host(const store *s)
{
    const char *host = json_string_value(json_object_get(s->room, "host"));
    return host && s->my_id[0] && strcmp(host, s->my_id) == 0;
}

static const json_t *seat_at(const store *s, int seat)
{
    return json_array_get(json_object_get(s->room, "seats"), (size_t)seat);
}

int store_seat_count(const store *s)
{
    return (int)json_array_size(json_object_get(s->room, "seats"));
}

int store_my_seat(const store *s)
{
    for (int i = 0; i < store_seat_count(s); i++) {
        const json_t *p = json_object_get(seat_at(s, i), "player");
        const char *id = json_string_value(json_object_get(p, "id"));
        if (id && strcmp(id, s->my_id) == 0)
            return i;
    }
    return -1;
}

void store_seat_name(const store *s, int seat, char *buf, size_t len)
{
    if (!names_seat(s->room, seat, buf, len) && seat < store_seat_count(s))
        snprintf(buf, len, "empty");
}

const json_t *store_game(const store *s, const char *id)
{
    size_t i;
    const json_t *g;
    if (!id)
        return NULL;
    json_array_foreach(s->games, i, g) {
        const char *gid = json_string_value(json_object_get(g, "id"));
        if (gid && strcmp(gid, id) == 0)
            return g;
    }
    return NULL;
}

void store_humanize(const store *s, const char *text, char *out, size_t len)
{
    names_humanize(s->room, text, out, len);
}

/* ---- time ---- */

int64_t store_ms_left(const store *s, int64_t now)
{
    if (!s->has_deadline)
        return -1;
    int64_t left = s->deadline_at - now;
    return left > 0 ? left : 0;
}

int64_t store_game_ms_left(const store *s, int64_t game_time, int64_t now)
{
    if (!s->has_game_clock)
        return INT64_MIN;
    return game_time + s->game_offset - now;
}
