/* lobby.c: the verbs of the protocol, checked and carried out. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lobby/lobby_int.h"
#include "store/store.h"
#include "util/log.h"
#include "util/metrics.h"

#define WHEEL_TICK_MS 100
#define ROOMS_PUSH_DELAY_MS 300
#define ROOMS_LIST_MAX 200

lobby_config lobby_config_defaults(void)
{
    return (lobby_config){
        .max_rooms = 1000,
        .grace_ms = 120000,
        .room_grace_ms = 120000,
        .bot_pace_ms = 800,
        .player_ttl_ms = 24 * 3600 * 1000,
        .chat_per_10s = 10,
    };
}

int verdict_set(verdict *v, proto_code code, const char *fmt, ...)
{
    v->code = code;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(v->message, sizeof v->message, fmt, ap);
    va_end(ap);
    return -1;
}

uint64_t lobby_now(const lobby *l)
{
    return uv_now(l->loop);
}

int64_t lobby_wall_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void lobby_send_json(lobby_conn *c, const json_t *m)
{
    msg *out = msg_from_json(m);
    if (out) {
        c->ops->send(c, out);
        msg_unref(out);
    }
}

void lobby_send_error(lobby_conn *c, const json_t *id, proto_code code, const char *message)
{
    botpit_metrics.errors[code]++;
    json_t *m = proto_error(id, code, message);
    lobby_send_json(c, m);
    json_decref(m);
}

static void send_verdict(lobby_conn *c, const proto_request *q, const verdict *v)
{
    lobby_send_error(c, q->id, v->code, v->message);
}

/* --- timers --- */

static void wheel_tick(uv_timer_t *t)
{
    lobby *l = t->data;
    wheel_advance(&l->wheel, lobby_now(l));
    if (!wheel_count(&l->wheel))
        uv_timer_stop(&l->wheel_timer);
}

void lobby_wheel_start(lobby *l, wheel_timer *t, uint64_t delay_ms)
{
    wheel_start(&l->wheel, t, lobby_now(l) + delay_ms);
    if (!uv_is_active((uv_handle_t *)&l->wheel_timer))
        uv_timer_start(&l->wheel_timer, wheel_tick, WHEEL_TICK_MS, WHEEL_TICK_MS);
}

static json_t *rooms_message(lobby *l, const json_t *id)
{
    json_t *m = proto_message("rooms", id);
    json_object_set_new(m, "rooms", lobby_rooms_json(l));
    return m;
}

/* Pushes the rooms list to everyone watching it from outside a room. */
static void push_rooms(wheel_timer *t)
{
    lobby *l = t->data;
    json_t *m = rooms_message(l, NULL);
    msg *out = msg_from_json(m);
    json_decref(m);
    for (map_iter it = map_first(&l->players_by_id); out && it.entry;
         map_next(&l->players_by_id, &it)) {
        player *p = map_iter_value(&it);
        if (p->watching_rooms && p->conn && !p->room)
            p->conn->ops->send(p->conn, out);
    }
    msg_unref(out);
}

void lobby_rooms_changed(lobby *l)
{
    if (!l->closing && !wheel_armed(&l->rooms_dirty))
        lobby_wheel_start(l, &l->rooms_dirty, ROOMS_PUSH_DELAY_MS);
}

/* --- lists --- */

static json_t *room_level_options(const game_engine *e)
{
    json_t *opts = json_array();
    json_array_append_new(
        opts, json_pack("{s:s,s:s,s:i,s:i,s:I,s:s,s:s}", "name", "seed", "type", "int",
                        "default", 0, "min", 0, "max", (json_int_t)9007199254740991LL, "label",
                        "Seed", "help",
                        "0 deals a new game each time; any other number deals the same game "
                        "again, for replays and practice."));
    if (e->bot_levels)
        json_array_append_new(
            opts, json_pack("{s:s,s:s,s:b,s:s,s:s}", "name", "bot_takeover", "type", "bool",
                            "default", 1, "label", "Bots stand in", "help",
                            "When a player stays away past the grace period, a bot plays "
                            "their seat until they come back."));
    return opts;
}

json_t *lobby_games_json(lobby *l)
{
    (void)l;
    json_t *games = json_array();
    for (int i = 0; game_engines[i]; i++) {
        const game_engine *e = game_engines[i];
        json_t *opts = game_options_json(e);
        json_t *room_opts = room_level_options(e);
        json_array_extend(opts, room_opts);
        json_decref(room_opts);
        json_t *levels = json_array();
        for (int k = 0; e->bot_levels && e->bot_levels[k]; k++)
            json_array_append_new(levels, json_string(e->bot_levels[k]));
        json_array_append_new(
            games, json_pack("{s:s,s:s,s:s,s:i,s:i,s:o,s:o}", "id", e->id, "title", e->title,
                             "summary", e->summary, "min_players", e->min_players,
                             "max_players", e->max_players, "options", opts, "bot_levels",
                             levels));
    }
    return games;
}

json_t *lobby_rooms_json(lobby *l)
{
    json_t *rooms = json_array();
    for (map_iter it = map_first(&l->rooms); it.entry; map_next(&l->rooms, &it)) {
        const room *r = map_iter_value(&it);
        if (r->is_private || r->closed)
            continue;
        if (json_array_size(rooms) >= ROOMS_LIST_MAX)
            break;
        json_array_append_new(rooms, room_summary_json(r));
    }
    return rooms;
}

void lobby_metrics_write(lobby *l, FILE *out)
{
    static const char *const statuses[] = {"lobby", "playing", "over"};
    fprintf(out, "# HELP botpit_rooms Rooms open now, by game and status.\n"
                 "# TYPE botpit_rooms gauge\n");
    for (int g = 0; game_engines[g]; g++) {
        int counts[3] = {0, 0, 0};
        for (map_iter it = map_first(&l->rooms); it.entry; map_next(&l->rooms, &it)) {
            const room *r = map_iter_value(&it);
            if (r->engine == game_engines[g])
                counts[r->status]++;
        }
        for (int s = 0; s < 3; s++)
            fprintf(out, "botpit_rooms{game=\"%s\",status=\"%s\"} %d\n", game_engines[g]->id,
                    statuses[s], counts[s]);
    }
    size_t connected = 0;
    for (map_iter it = map_first(&l->players_by_id); it.entry; map_next(&l->players_by_id, &it))
        connected += ((player *)map_iter_value(&it))->conn != NULL;
    fprintf(out,
            "# HELP botpit_players Players the server knows, connected or within their "
            "grace period.\n# TYPE botpit_players gauge\nbotpit_players %zu\n"
            "# HELP botpit_players_connected Players with an open connection.\n"
            "# TYPE botpit_players_connected gauge\nbotpit_players_connected %zu\n",
            l->players_by_id.count, connected);
    if (l->store)
        fprintf(out, "# HELP botpit_rooms_broken Stored rooms whose log no longer replays, "
                     "kept aside.\n# TYPE botpit_rooms_broken gauge\nbotpit_rooms_broken %d\n",
                store_broken_count(l->store));
}

/* --- the verbs --- */

typedef void (*verb_handler)(lobby *l, lobby_conn *c, player *p, const proto_request *q);

static void send_welcome(lobby *l, lobby_conn *c, const player *p, const char *hex,
                         const json_t *id)
{
    json_t *m = proto_message("welcome", id);
    json_object_set_new(m, "you", json_pack("{s:s,s:s}", "id", p->id, "name", p->name));
    json_object_set_new(m, "token", json_string(hex));
    json_object_set_new(m, "room", p->room ? json_string(p->room->code) : json_null());
    json_t *server = json_pack("{s:s,s:I}", "version", BOTPIT_VERSION, "time",
                               (json_int_t)lobby_wall_ms());
    if (l->cfg.public_url)
        json_object_set_new(server, "public_url", json_string(l->cfg.public_url));
    json_object_set_new(m, "server", server);
    lobby_send_json(c, m);
    json_decref(m);
}

/* After a join or a reconnection: the chat so far and the game as it is. */
static void catch_up(room *r, player *p)
{
    room_send_chat_history(r, p);
    table_send_state(r, p, NULL);
}

static void on_hello(lobby *l, lobby_conn *c, player *already, const proto_request *q)
{
    if (already) {
        lobby_send_error(c, q->id, PROTO_BAD_MESSAGE, "this connection has already said hello");
        return;
    }
    char name[4 * PROTO_NAME_MAX + 1], why[128];
    if (!proto_clean_name(q->name, name, sizeof name, why, sizeof why)) {
        lobby_send_error(c, q->id, PROTO_BAD_NAME, why);
        return;
    }
    player *p = q->token ? player_find_by_token(l, q->token) : NULL;
    char token_hex[IDS_TOKEN_HEX];
    if (p && p->conn) {
        lobby_conn *old = p->conn;
        old->player = NULL;
        p->conn = NULL;
        old->ops->close(old, PROTO_CLOSE_REPLACED, "you connected again from somewhere else");
    }
    if (p) {
        snprintf(token_hex, sizeof token_hex, "%s", q->token);
        if (strcmp(p->name, name) != 0) {
            snprintf(p->name, sizeof p->name, "%s", name);
            persist_player(l, p);
        }
    } else {
        uint8_t token[IDS_TOKEN_BYTES];
        p = player_new(l, name, token);
        ids_token_hex(token, token_hex);
    }
    if (!p) {
        lobby_send_error(c, q->id, PROTO_INTERNAL, "the server is out of memory");
        return;
    }
    send_welcome(l, c, p, token_hex, q->id);
    player_attach(p, c); /* back in a room: everyone there hears of it */
    if (p->room)
        catch_up(p->room, p);
    log_debug("player %s connected", p->id);
}

static void on_games(lobby *l, lobby_conn *c, player *p, const proto_request *q)
{
    (void)p;
    json_t *m = proto_message("games", q->id);
    json_object_set_new(m, "games", lobby_games_json(l));
    lobby_send_json(c, m);
    json_decref(m);
}

static void on_rooms(lobby *l, lobby_conn *c, player *p, const proto_request *q)
{
    p->watching_rooms = q->watch;
    json_t *m = rooms_message(l, q->id);
    lobby_send_json(c, m);
    json_decref(m);
}

/* Takes the room-level options (seed, bot_takeover) out of what create got;
 * the rest are the engine's. Returns 0, or -1 with v set. */
static int split_room_options(json_t *given, uint64_t *seed, bool *seed_fixed, bool *takeover,
                              verdict *v)
{
    json_t *s = json_object_get(given, "seed");
    if (s) {
        if (!json_is_integer(s) || json_integer_value(s) < 0)
            return verdict_set(v, PROTO_BAD_OPTIONS, "option seed must be a whole number >= 0");
        *seed = (uint64_t)json_integer_value(s);
        *seed_fixed = *seed != 0;
        json_object_del(given, "seed");
    }
    json_t *t = json_object_get(given, "bot_takeover");
    if (t) {
        if (!json_is_boolean(t))
            return verdict_set(v, PROTO_BAD_OPTIONS, "option bot_takeover must be true or false");
        *takeover = json_is_true(t);
        json_object_del(given, "bot_takeover");
    }
    return 0;
}

static void on_create(lobby *l, lobby_conn *c, player *p, const proto_request *q)
{
    verdict v;
    const game_engine *e = game_engine_find(q->game);
    if (!e) {
        verdict_set(&v, PROTO_NO_SUCH_GAME, "there is no game called \"%.40s\"", q->game);
        send_verdict(c, q, &v);
        return;
    }
    json_t *given = q->options ? json_deep_copy(q->options) : json_object();
    uint64_t seed = 0;
    bool seed_fixed = false, takeover = true;
    json_t *options = NULL;
    if (split_room_options(given, &seed, &seed_fixed, &takeover, &v) == 0) {
        game_error err;
        options = game_options_resolve(e, given, &err);
        if (!options)
            verdict_set(&v, PROTO_BAD_OPTIONS, "%s", err.message);
    }
    json_decref(given);
    if (!options) {
        send_verdict(c, q, &v);
        return;
    }
    if (l->cfg.max_rooms && (int)l->rooms.count >= l->cfg.max_rooms) {
        json_decref(options);
        verdict_set(&v, PROTO_SERVER_FULL, "the server holds as many rooms as it can; try later");
        send_verdict(c, q, &v);
        return;
    }
    room_settings rs = {e, options, seed, seed_fixed, takeover, q->is_private, NULL};
    room *r = room_new(l, &rs);
    if (!r) { /* room_new has let go of the options */
        verdict_set(&v, PROTO_INTERNAL, "the server could not make a room");
        send_verdict(c, q, &v);
        return;
    }
    if (p->room)
        room_leave(p->room, p, "left", NULL);
    room_join(r, p, "player", &v);
    r->host = p;
    room_announce(r, p, q->id);
}

static void on_join(lobby *l, lobby_conn *c, player *p, const proto_request *q)
{
    verdict v;
    char code[IDS_CODE_LEN + 1];
    room *r = ids_code_normalize(q->room, code) ? map_get(&l->rooms, code) : NULL;
    if (!r) {
        verdict_set(&v, PROTO_NO_SUCH_ROOM, "there is no room \"%.16s\"", q->room);
        send_verdict(c, q, &v);
        return;
    }
    if (room_join_check(r, p, q->as, &v) < 0) {
        send_verdict(c, q, &v);
        return;
    }
    if (p->room && p->room != r)
        room_leave(p->room, p, "left", NULL);
    room_join(r, p, q->as, &v);
    room_announce(r, p, q->id);
    catch_up(r, p);
}

/* The verbs below act in the player's room: the dispatcher checks there is
 * one and sends the verdict of a refusal. */
typedef int (*room_handler)(room *r, player *p, const proto_request *q, verdict *v);

static int on_leave(room *r, player *p, const proto_request *q, verdict *v)
{
    (void)v;
    room_leave(r, p, "left", q->id);
    return 0;
}

/* A verb that changed the room: everyone gets the new `room`. */
static int announced(room *r, player *p, const proto_request *q, int rc)
{
    if (rc == 0)
        room_announce(r, p, q->id);
    return rc;
}

/* A seat change in play also changes which view the player gets. */
static int reseated(room *r, player *p, const proto_request *q, int rc)
{
    if (announced(r, p, q, rc) == 0 && r->status == ROOM_PLAYING)
        table_send_state(r, p, NULL);
    return rc;
}

static int on_sit(room *r, player *p, const proto_request *q, verdict *v)
{
    return reseated(r, p, q, room_sit(r, p, q->seat, v));
}

static int on_stand(room *r, player *p, const proto_request *q, verdict *v)
{
    return reseated(r, p, q, room_stand(r, p, v));
}

static int on_bot(room *r, player *p, const proto_request *q, verdict *v)
{
    return announced(r, p, q, room_set_bot(r, p, q->seat, q->level, v));
}

static int on_kick(room *r, player *p, const proto_request *q, verdict *v)
{
    return announced(r, p, q, room_kick(r, p, q->seat, v));
}

static int on_start(room *r, player *p, const proto_request *q, verdict *v)
{
    return table_start(r, p, q->id, v);
}

static int on_rematch(room *r, player *p, const proto_request *q, verdict *v)
{
    room *next = room_rematch(r, p, v);
    if (!next)
        return -1;
    room_announce(next, p, q->id);
    return 0;
}

static int on_act(room *r, player *p, const proto_request *q, verdict *v)
{
    return table_act(r, p, q->action, q->id, v);
}

static int on_chat(room *r, player *p, const proto_request *q, verdict *v)
{
    return room_chat(r, p, q->text, q->id, v);
}

static void on_ping(lobby *l, lobby_conn *c, player *p, const proto_request *q)
{
    (void)l;
    (void)p;
    json_t *m = proto_message("pong", q->id);
    json_object_set_new(m, "time", json_integer(lobby_wall_ms()));
    lobby_send_json(c, m);
    json_decref(m);
}

static const verb_handler handlers[PROTO_VERB_COUNT] = {
    [PROTO_HELLO] = on_hello, [PROTO_GAMES] = on_games, [PROTO_ROOMS] = on_rooms,
    [PROTO_CREATE] = on_create, [PROTO_JOIN] = on_join, [PROTO_PING] = on_ping,
};

static const room_handler room_handlers[PROTO_VERB_COUNT] = {
    [PROTO_LEAVE] = on_leave, [PROTO_SIT] = on_sit,     [PROTO_STAND] = on_stand,
    [PROTO_BOT] = on_bot,     [PROTO_KICK] = on_kick,   [PROTO_START] = on_start,
    [PROTO_REMATCH] = on_rematch, [PROTO_ACT] = on_act, [PROTO_CHAT] = on_chat,
};

static void dispatch(lobby *l, lobby_conn *c, const proto_request *q)
{
    player *p = c->player;
    if (handlers[q->verb]) {
        handlers[q->verb](l, c, p, q);
        return;
    }
    verdict v;
    if (!p->room)
        verdict_set(&v, PROTO_NOT_IN_ROOM, "you are not in a room");
    else if (room_handlers[q->verb](p->room, p, q, &v) == 0)
        return;
    send_verdict(c, q, &v);
}

void lobby_receive(lobby *l, lobby_conn *c, const char *text, size_t len)
{
    proto_request q;
    char why[256];
    proto_code code = proto_decode(text, len, &q, why, sizeof why);
    if (code != PROTO_OK)
        lobby_send_error(c, q.id, code, why);
    else if (!c->player && q.verb != PROTO_HELLO)
        lobby_send_error(c, q.id, PROTO_NOT_AUTHENTICATED,
                         "say hello first: {\"type\":\"hello\",\"name\":\"your name\"}");
    else
        dispatch(l, c, &q);
    proto_request_free(&q);
}

void lobby_disconnect(lobby *l, lobby_conn *c)
{
    (void)l;
    if (c->player)
        player_detach(c->player);
}

lobby *lobby_new(uv_loop_t *loop, const lobby_config *cfg)
{
    lobby *l = calloc(1, sizeof *l);
    if (!l)
        return NULL;
    l->loop = loop;
    l->cfg = *cfg;
    wheel_init(&l->wheel, WHEEL_TICK_MS, uv_now(loop));
    uv_timer_init(loop, &l->wheel_timer);
    l->wheel_timer.data = l;
    map_init(&l->players_by_id);
    map_init(&l->players_by_key);
    map_init(&l->rooms);
    wheel_timer_init(&l->rooms_dirty, push_rooms, l);
    return l;
}

static void free_lobby(uv_handle_t *h)
{
    free(h->data);
}

void lobby_free(lobby *l)
{
    l->closing = true;
    wheel_stop(&l->wheel, &l->clock_saver);
    while (l->rooms.count) {
        map_iter it = map_first(&l->rooms);
        room_close(map_iter_value(&it), "closed");
    }
    map_free(&l->rooms);
    player_free_all(l);
    uv_close((uv_handle_t *)&l->wheel_timer, free_lobby);
}
