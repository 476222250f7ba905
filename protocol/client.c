/* client.c: building client requests and reading server envelopes. */
#include "client.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

json_t *proto_client_verb(proto_verb verb)
{
    if (verb < 0 || verb >= PROTO_VERB_COUNT)
        return NULL;
    return json_pack("{s:s}", "type", proto_verb_name(verb));
}

json_t *proto_client_hello(const char *name, const char *token)
{
    if (!name)
        return NULL;
    json_t *m = json_pack("{s:s, s:s}", "type", "hello", "name", name);
    if (m && token && *token)
        json_object_set_new(m, "token", json_string(token));
    return m;
}

json_t *proto_client_hello_link(const char *code, const char *name)
{
    if (!code)
        return NULL;
    json_t *m = json_pack("{s:s, s:s}", "type", "hello", "link", code);
    if (m && name && *name)
        json_object_set_new(m, "name", json_string(name));
    return m;
}

json_t *proto_client_ratings(const char *game)
{
    return game ? json_pack("{s:s, s:s}", "type", "ratings", "game", game) : NULL;
}

json_t *proto_client_history(const char *player_id)
{
    json_t *m = json_pack("{s:s}", "type", "history");
    if (m && player_id && *player_id)
        json_object_set_new(m, "player", json_string(player_id));
    return m;
}

json_t *proto_client_rooms(bool watch)
{
    return json_pack("{s:s, s:b}", "type", "rooms", "watch", watch);
}

json_t *proto_client_create(const char *game, const json_t *options, bool is_private)
{
    if (!game)
        return NULL;
    json_t *m = json_pack("{s:s, s:s}", "type", "create", "game", game);
    if (!m)
        return NULL;
    if (options && json_object_size(options) > 0)
        json_object_set_new(m, "options", json_deep_copy(options));
    if (is_private)
        json_object_set_new(m, "private", json_true());
    return m;
}

json_t *proto_client_join(const char *room, const char *as)
{
    if (!room)
        return NULL;
    json_t *m = json_pack("{s:s, s:s}", "type", "join", "room", room);
    if (m && as)
        json_object_set_new(m, "as", json_string(as));
    return m;
}

static json_t *seat_verb(proto_verb verb, int seat)
{
    if (seat < 0)
        return NULL;
    return json_pack("{s:s, s:i}", "type", proto_verb_name(verb), "seat", seat);
}

json_t *proto_client_sit(int seat) { return seat_verb(PROTO_SIT, seat); }
json_t *proto_client_kick(int seat) { return seat_verb(PROTO_KICK, seat); }

/* A replay's "seat": "all", or a number; nothing when absent. */
static void set_audience(json_t *m, int seat)
{
    if (seat == PROTO_SEAT_ALL)
        json_object_set_new(m, "seat", json_string("all"));
    else if (seat != PROTO_ABSENT)
        json_object_set_new(m, "seat", json_integer(seat));
}

json_t *proto_client_replay(long long game, int to, int seat)
{
    if (game < 1)
        return NULL;
    json_t *m = json_pack("{s:s, s:I}", "type", "replay", "game", (json_int_t)game);
    if (to != PROTO_ABSENT)
        json_object_set_new(m, "to", json_integer(to));
    set_audience(m, seat);
    return m;
}

json_t *proto_client_replay_step(int to, int by, int seat)
{
    json_t *m = json_pack("{s:s}", "type", "replay_step");
    if (to != PROTO_ABSENT)
        json_object_set_new(m, "to", json_integer(to));
    if (by != PROTO_ABSENT)
        json_object_set_new(m, "by", json_integer(by));
    set_audience(m, seat);
    return m;
}

json_t *proto_client_kick_player(const char *player_id)
{
    if (!player_id)
        return NULL;
    return json_pack("{s:s, s:s}", "type", "kick", "player", player_id);
}

json_t *proto_client_mute(const char *player_id, bool muted)
{
    if (!player_id)
        return NULL;
    return json_pack("{s:s, s:s, s:b}", "type", "mute", "player", player_id, "muted", muted);
}

json_t *proto_client_bot(int seat, const char *level)
{
    json_t *m = seat_verb(PROTO_BOT, seat);
    if (m && level)
        json_object_set_new(m, "level", json_string(level));
    return m;
}

json_t *proto_client_chat(const char *text)
{
    if (!text)
        return NULL;
    return json_pack("{s:s, s:s}", "type", "chat", "text", text);
}

json_t *proto_client_act(const json_t *action)
{
    if (!json_is_object(action))
        return NULL;
    return json_pack("{s:s, s:O}", "type", "act", "action", action);
}

char *proto_client_encode(json_t *msg, long long id)
{
    if (!msg)
        return NULL;
    json_object_set_new(msg, "id", json_integer(id));
    return json_dumps(msg, JSON_COMPACT);
}

json_t *proto_client_decode(const char *text, size_t len, char *why, size_t why_len)
{
    json_error_t error;
    json_t *m = json_loadb(text, len, 0, &error);
    if (!m) {
        snprintf(why, why_len, "The server sent something that is not JSON (%s)", error.text);
        return NULL;
    }
    if (!json_is_object(m) || !json_is_string(json_object_get(m, "type"))) {
        snprintf(why, why_len, "The server sent JSON that is not a message (no \"type\")");
        json_decref(m);
        return NULL;
    }
    return m;
}

proto_server_type proto_client_type(const json_t *msg)
{
    static const struct {
        const char *name;
        proto_server_type type;
    } types[] = {
        {"welcome", PROTO_S_WELCOME}, {"games", PROTO_S_GAMES}, {"rooms", PROTO_S_ROOMS},
        {"room", PROTO_S_ROOM},       {"state", PROTO_S_STATE}, {"over", PROTO_S_OVER},
        {"chat", PROTO_S_CHAT},       {"left", PROTO_S_LEFT},   {"error", PROTO_S_ERROR},
        {"pong", PROTO_S_PONG},       {"ratings", PROTO_S_RATINGS}, {"history", PROTO_S_HISTORY},
        {"link_code", PROTO_S_LINK_CODE},
        {"moved", PROTO_S_MOVED},
        {"replay", PROTO_S_REPLAY}, {"replay_frame", PROTO_S_REPLAY_FRAME},
    };
    const char *t = json_string_value(json_object_get(msg, "type"));
    for (size_t i = 0; t && i < sizeof types / sizeof types[0]; i++) {
        if (strcmp(t, types[i].name) == 0)
            return types[i].type;
    }
    return PROTO_S_UNKNOWN;
}

long long proto_client_reply_id(const json_t *msg)
{
    const json_t *id = json_object_get(msg, "id");
    return json_is_integer(id) ? (long long)json_integer_value(id) : -1;
}

bool proto_client_room_code(const char *text, char out[PROTO_CODE_LEN + 1])
{
    if (!text)
        return false;
    while (isspace((unsigned char)*text))
        text++;
    size_t n = strlen(text);
    while (n > 0 && isspace((unsigned char)text[n - 1]))
        n--;
    if (n != PROTO_CODE_LEN)
        return false;
    for (size_t i = 0; i < n; i++) {
        char c = (char)toupper((unsigned char)text[i]);
        if (!strchr(PROTO_CODE_ALPHABET, c) || c == 0)
            return false;
        out[i] = c;
    }
    out[n] = 0;
    return true;
}
