/* room.c: who is in a room and where they sit; the host; chat; closing. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "lobby/lobby_int.h"
#include "util/log.h"

static const char *const status_names[] = {"lobby", "playing", "over"};

static void close_timer_fired(wheel_timer *t)
{
    room *r = t->data;
    if (!room_has_connected_human(r)) {
        log_info("room %s closes: no one has been connected for a while", r->code);
        room_close(r, "closed");
    }
}

static void free_room(uv_handle_t *h);

room *room_new(lobby *l, const room_settings *rs)
{
    room *r = rs->code && map_get(&l->rooms, rs->code) ? NULL : calloc(1, sizeof *r);
    if (!r) {
        json_decref(rs->options);
        return NULL;
    }
    const game_engine *e = rs->engine;
    r->lobby = l;
    r->engine = e;
    r->options = rs->options;
    r->seed = rs->seed;
    r->seed_fixed = rs->seed_fixed;
    r->bot_takeover = rs->bot_takeover;
    r->is_private = rs->is_private;
    map_init(&r->kicked);
    int min;
    game_seat_range(e, r->options, &min, &r->nseats);
    if (r->nseats > ROOM_MAX_SEATS)
        r->nseats = ROOM_MAX_SEATS;
    for (int i = 0; i < ROOM_MAX_SEATS; i++)
        r->seats[i] = (seat){NULL, -1, false};
    if (rs->code)
        snprintf(r->code, sizeof r->code, "%s", rs->code);
    else
        do {
            ids_room_code(r->code);
        } while (map_get(&l->rooms, r->code));
    uv_timer_init(l->loop, &r->deadline_timer);
    r->deadline_timer.data = r;
    wheel_timer_init(&r->close_timer, close_timer_fired, r);
    table_init(r);
    if (!map_put(&l->rooms, r->code, r)) {
        json_decref(r->options);
        uv_close((uv_handle_t *)&r->deadline_timer, free_room);
        return NULL;
    }
    log_debug("room %s opened: %s", r->code, e->id);
    lobby_rooms_changed(l);
    return r;
}

static void add_member(room *r, player *p, int seat_no)
{
    if (r->nmembers == r->members_cap) {
        int cap = r->members_cap ? 2 * r->members_cap : 8;
        player **m = realloc(r->members, (size_t)cap * sizeof *m);
        if (!m)
            abort(); /* out of memory: nothing sensible is left to do */
        r->members = m;
        r->members_cap = cap;
    }
    r->members[r->nmembers++] = p;
    p->room = r;
    p->seat = seat_no;
    if (seat_no >= 0)
        r->seats[seat_no] = (seat){p, -1, false};
}

static int default_bot_level(const game_engine *e)
{
    int normal = game_bot_level(e, "normal");
    return normal >= 0 ? normal : 0;
}

/* The seat a human has left. In play, a bot takes it over if the room allows,
 * so the others can finish; otherwise it stays empty. */
static void vacate_seat(room *r, int s)
{
    seat *st = &r->seats[s];
    if (r->status == ROOM_PLAYING && r->bot_takeover && r->engine->bot_levels)
        *st = (seat){NULL, default_bot_level(r->engine), true};
    else
        *st = (seat){NULL, -1, false};
}

static void pick_host(room *r)
{
    player *best = NULL;
    int best_rank = -1;
    for (int i = 0; i < r->nmembers; i++) {
        player *p = r->members[i];
        int rank = (p->conn ? 2 : 0) + (p->seat >= 0 ? 1 : 0);
        if (rank > best_rank) {
            best = p;
            best_rank = rank;
        }
    }
    r->host = best;
}

static void remove_member(room *r, player *p)
{
    for (int i = 0; i < r->nmembers; i++) {
        if (r->members[i] == p) {
            r->members[i] = r->members[--r->nmembers];
            break;
        }
    }
    if (p->seat >= 0 && r->seats[p->seat].player == p)
        vacate_seat(r, p->seat);
    p->room = NULL;
    p->seat = -1;
    if (!p->conn) /* away and now in no room: forget it in due course */
        lobby_wheel_start(r->lobby, &p->grace, (uint64_t)r->lobby->cfg.player_ttl_ms);
    if (r->host == p)
        pick_host(r);
}

static void send_left(player *p, const char *code, const char *reason, const json_t *id)
{
    if (!p->conn)
        return;
    json_t *m = proto_message("left", id);
    json_object_set_new(m, "room", json_string(code));
    json_object_set_new(m, "reason", json_string(reason));
    lobby_send_json(p->conn, m);
    json_decref(m);
}

static bool kicked_before(room *r, player *p);

/* The seat a joining player gets (-1: a spectator), or -1 with v set. */
static int join_seat(room *r, player *p, const char *as, int *s, verdict *v)
{
    *s = -1;
    if (as && strcmp(as, "player") != 0 && strcmp(as, "spectator") != 0)
        return verdict_set(v, PROTO_BAD_MESSAGE, "\"as\" must be \"player\" or \"spectator\"");
    if (kicked_before(r, p))
        return verdict_set(v, PROTO_KICKED, "the host removed you from room %s", r->code);
    if (as && strcmp(as, "spectator") == 0)
        return 0;
    for (int i = 0; i < r->nseats && *s < 0; i++) {
        const seat *st = &r->seats[i];
        /* Before the game any empty seat; in play a seat whose player left. */
        bool open = r->status == ROOM_LOBBY     ? (!st->player && st->bot < 0)
                    : r->status == ROOM_PLAYING ? (!st->player && st->takeover)
                                                : false;
        if (open)
            *s = i;
    }
    if (*s < 0 && as)
        return verdict_set(v, PROTO_ROOM_FULL,
                           "every seat in room %s is taken; you can join as a spectator", r->code);
    return 0;
}

int room_join_check(room *r, player *p, const char *as, verdict *v)
{
    int s;
    return p->room == r ? 0 : join_seat(r, p, as, &s, v);
}

int room_join(room *r, player *p, const char *as, verdict *v)
{
    if (p->room == r)
        return 0;
    int s;
    if (join_seat(r, p, as, &s, v) < 0)
        return -1;
    add_member(r, p, s);
    if (!r->host)
        r->host = p;
    wheel_stop(&r->lobby->wheel, &r->close_timer);
    lobby_rooms_changed(r->lobby);
    table_bots_changed(r);
    return 0;
}

void room_leave(room *r, player *p, const char *reason, const json_t *id)
{
    send_left(p, r->code, reason, id);
    remove_member(r, p);
    lobby_rooms_changed(r->lobby);
    room_announce(r, NULL, NULL);
    table_bots_changed(r);
    room_check_empty(r);
}

static int check_seat_number(const room *r, int s, verdict *v)
{
    if (s < 0 || s >= r->nseats)
        return verdict_set(v, PROTO_BAD_SEAT, "room %s has seats 0 to %d", r->code,
                           r->nseats - 1);
    return 0;
}

int room_sit(room *r, player *p, int s, verdict *v)
{
    if (check_seat_number(r, s, v) < 0)
        return -1;
    seat *st = &r->seats[s];
    if (p->seat == s)
        return 0;
    if (r->status == ROOM_OVER)
        return verdict_set(v, PROTO_WRONG_STATUS, "the game is over");
    if (r->status == ROOM_LOBBY) {
        if (st->player || st->bot >= 0)
            return verdict_set(v, PROTO_SEAT_TAKEN, "seat %d is taken", s);
        if (p->seat >= 0)
            vacate_seat(r, p->seat);
    } else {
        if (st->player)
            return verdict_set(v, PROTO_SEAT_TAKEN, "seat %d is taken", s);
        if (p->seat >= 0)
            return verdict_set(v, PROTO_BAD_SEAT, "you already play seat %d", p->seat);
    }
    *st = (seat){p, -1, false};
    p->seat = s;
    lobby_rooms_changed(r->lobby);
    table_bots_changed(r);
    return 0;
}

int room_stand(room *r, player *p, verdict *v)
{
    if (p->seat < 0)
        return verdict_set(v, PROTO_NOT_SEATED, "you are not in a seat");
    vacate_seat(r, p->seat);
    p->seat = -1;
    lobby_rooms_changed(r->lobby);
    table_bots_changed(r);
    return 0;
}

static int check_host(const room *r, const player *p, verdict *v)
{
    if (r->host != p)
        return verdict_set(v, PROTO_NOT_HOST, "only the host of room %s can do that", r->code);
    return 0;
}

static int parse_level(const room *r, const char *level, verdict *v)
{
    if (!level)
        return default_bot_level(r->engine);
    int n = game_bot_level(r->engine, level);
    if (n >= 0)
        return n;
    char names[128] = "";
    for (int i = 0; r->engine->bot_levels[i]; i++) {
        strncat(names, i ? ", " : "", sizeof names - strlen(names) - 1);
        strncat(names, r->engine->bot_levels[i], sizeof names - strlen(names) - 1);
    }
    return verdict_set(v, PROTO_BAD_MESSAGE, "no bot level \"%.32s\"; the levels are %s", level,
                       names);
}

int room_set_bot(room *r, player *by, int s, const char *level, verdict *v)
{
    if (check_host(r, by, v) < 0 || check_seat_number(r, s, v) < 0)
        return -1;
    if (!r->engine->bot_levels)
        return verdict_set(v, PROTO_NO_BOTS, "%s has no bots", r->engine->title);
    if (r->status != ROOM_LOBBY)
        return verdict_set(v, PROTO_WRONG_STATUS, "bots are seated before the game starts");
    if (r->seats[s].player)
        return verdict_set(v, PROTO_SEAT_TAKEN, "seat %d is taken by %s", s,
                           r->seats[s].player->name);
    int n = parse_level(r, level, v);
    if (n < 0)
        return -1;
    r->seats[s] = (seat){NULL, n, false};
    lobby_rooms_changed(r->lobby);
    return 0;
}

static bool kicked_before(room *r, player *p)
{
    return map_get(&r->kicked, p->id) != NULL;
}

int room_kick(room *r, player *by, int s, verdict *v)
{
    if (check_host(r, by, v) < 0 || check_seat_number(r, s, v) < 0)
        return -1;
    seat *st = &r->seats[s];
    if (st->player == by)
        return verdict_set(v, PROTO_BAD_SEAT, "you cannot kick yourself; leave instead");
    if (st->player) {
        player *p = st->player;
        log_info("room %s: host removed player %s", r->code, p->id);
        map_put(&r->kicked, p->id, p); /* the value is only a marker */
        send_left(p, r->code, "kicked", NULL);
        remove_member(r, p);
    } else if (st->bot >= 0) {
        if (r->status == ROOM_PLAYING)
            return verdict_set(v, PROTO_WRONG_STATUS, "a bot keeps its seat until the game ends");
        *st = (seat){NULL, -1, false};
    } else {
        return verdict_set(v, PROTO_BAD_SEAT, "seat %d is empty", s);
    }
    lobby_rooms_changed(r->lobby);
    table_bots_changed(r);
    room_check_empty(r);
    return 0;
}

int room_chat(room *r, player *p, const char *text, const json_t *id, verdict *v)
{
    long chars = proto_utf8_length(text, strlen(text));
    if (chars < 1 || chars > PROTO_MAX_CHAT)
        return verdict_set(v, PROTO_BAD_MESSAGE, "a chat message has 1 to %d characters",
                           PROTO_MAX_CHAT);
    if (!player_chat_allowed(p))
        return verdict_set(v, PROTO_RATE_LIMITED,
                           "you are chatting too fast; wait a few seconds");
    json_t *m = proto_message("chat", NULL);
    json_object_set_new(m, "room", json_string(r->code));
    json_object_set_new(m, "from", json_pack("{s:s,s:s}", "id", p->id, "name", p->name));
    json_object_set_new(m, "text", json_string(text));
    json_object_set_new(m, "at", json_integer(lobby_wall_ms()));
    msg *out = msg_from_json(m);
    for (int i = 0; out && i < r->nmembers; i++) {
        player *to = r->members[i];
        if (to->conn && (to != p || !id))
            to->conn->ops->send(to->conn, out);
    }
    if (id && p->conn) { /* the sender's copy answers its request */
        json_object_set(m, "id", (json_t *)id);
        lobby_send_json(p->conn, m);
    }
    json_decref(m);
    /* The history keeps the serialized line: the next joiner gets the same
     * bytes, and a line costs its text, not a tree of JSON nodes. */
    if (out) {
        int slot = (r->chat_head + r->chat_len) % ROOM_CHAT_HISTORY;
        if (r->chat_len == ROOM_CHAT_HISTORY) {
            msg_unref(r->chat[slot]);
            r->chat_head = (r->chat_head + 1) % ROOM_CHAT_HISTORY;
        } else {
            r->chat_len++;
        }
        r->chat[slot] = out;
    }
    return 0;
}

void room_send_chat_history(room *r, player *to)
{
    for (int i = 0; i < r->chat_len; i++)
        to->conn->ops->send(to->conn, r->chat[(r->chat_head + i) % ROOM_CHAT_HISTORY]);
}

static void chat_forget(room *r)
{
    for (int i = 0; i < r->chat_len; i++)
        msg_unref(r->chat[(r->chat_head + i) % ROOM_CHAT_HISTORY]);
    r->chat_len = 0;
}

void room_member_connected(room *r, player *p)
{
    if (p->seat >= 0) {
        seat *st = &r->seats[p->seat];
        if (st->takeover && st->player == p)
            *st = (seat){p, -1, false}; /* back from away: the bot steps aside */
    }
    wheel_stop(&r->lobby->wheel, &r->close_timer);
    room_announce(r, NULL, NULL);
    table_bots_changed(r);
}

void room_member_away(room *r, player *p)
{
    (void)p;
    room_announce(r, NULL, NULL);
    room_check_empty(r);
}

void room_member_expired(room *r, player *p)
{
    if (r->status == ROOM_PLAYING && p->seat >= 0) {
        seat *st = &r->seats[p->seat];
        if (r->bot_takeover && r->engine->bot_levels && !st->takeover) {
            log_info("room %s: a bot takes seat %d while %s is away", r->code, p->seat, p->id);
            *st = (seat){p, default_bot_level(r->engine), true};
        }
        if (r->host == p)
            pick_host(r);
        room_announce(r, NULL, NULL);
        table_bots_changed(r);
        return;
    }
    remove_member(r, p);
    lobby_rooms_changed(r->lobby);
    room_announce(r, NULL, NULL);
    table_bots_changed(r);
}

bool room_has_connected_human(const room *r)
{
    for (int i = 0; i < r->nmembers; i++) {
        if (r->members[i]->conn)
            return true;
    }
    return false;
}

void room_check_empty(room *r)
{
    if (r->closed)
        return;
    if (room_has_connected_human(r))
        wheel_stop(&r->lobby->wheel, &r->close_timer);
    else if (!wheel_armed(&r->close_timer))
        lobby_wheel_start(r->lobby, &r->close_timer, (uint64_t)r->lobby->cfg.room_grace_ms);
}

int room_filled_seats(const room *r)
{
    int n = 0;
    for (int i = 0; i < r->nseats; i++)
        n += r->seats[i].player || r->seats[i].bot >= 0;
    return n;
}

static void free_room(uv_handle_t *h)
{
    free(h->data);
}

void room_close(room *r, const char *reason)
{
    if (r->closed)
        return;
    r->closed = true;
    lobby *l = r->lobby;
    if (!l->closing && !r->keep_in_store) /* at shutdown rooms stay, to come back */
        persist_room_gone(r);
    map_remove(&l->rooms, r->code);
    while (r->nmembers) {
        player *p = r->members[0];
        send_left(p, r->code, reason, NULL);
        r->host = NULL;
        remove_member(r, p);
    }
    free(r->members);
    r->members = NULL;
    table_close(r);
    wheel_stop(&l->wheel, &r->close_timer);
    chat_forget(r);
    json_decref(r->options);
    map_free(&r->kicked);
    lobby_rooms_changed(l);
    uv_close((uv_handle_t *)&r->deadline_timer, free_room);
}

room *room_rematch(room *r, player *by, verdict *v)
{
    if (check_host(r, by, v) < 0)
        return NULL;
    if (r->status != ROOM_OVER) {
        verdict_set(v, PROTO_WRONG_STATUS, "a rematch can start once the game is over");
        return NULL;
    }
    if (r->lobby->cfg.max_rooms && (int)r->lobby->rooms.count >= r->lobby->cfg.max_rooms) {
        verdict_set(v, PROTO_SERVER_FULL, "the server holds as many rooms as it can");
        return NULL;
    }
    room_settings rs = {r->engine, json_deep_copy(r->options), r->seed_fixed ? r->seed : 0,
                        r->seed_fixed, r->bot_takeover, r->is_private, NULL};
    room *next = room_new(r->lobby, &rs);
    if (!next) {
        verdict_set(v, PROTO_INTERNAL, "the server could not make a new room");
        return NULL;
    }
    for (int i = 0; i < r->nseats && i < next->nseats; i++) {
        if (!r->seats[i].takeover && r->seats[i].bot >= 0)
            next->seats[i].bot = r->seats[i].bot;
    }
    /* Everyone moves over, keeping their seat; the host stays host. */
    while (r->nmembers) {
        player *p = r->members[0];
        int s = p->seat < next->nseats ? p->seat : -1;
        remove_member(r, p); /* no `left`: the new `room` tells them */
        add_member(next, p, s);
    }
    next->host = by;
    log_info("room %s: rematch in room %s", r->code, next->code);
    room_close(r, "rematch");
    room_check_empty(next);
    return next;
}

static json_t *seat_json(const room *r, int i)
{
    const seat *st = &r->seats[i];
    json_t *j = json_object();
    json_object_set_new(j, "seat", json_integer(i));
    json_object_set_new(j, "player", st->player ? json_pack("{s:s,s:s}", "id", st->player->id,
                                                            "name", st->player->name)
                                                : json_null());
    json_object_set_new(j, "bot", st->bot >= 0 ? json_string(r->engine->bot_levels[st->bot])
                                              : json_null());
    bool connected = st->player ? st->player->conn != NULL && st->player->room == r : true;
    json_object_set_new(j, "connected", json_boolean(connected));
    return j;
}

static int spectator_count(const room *r)
{
    int n = 0;
    for (int i = 0; i < r->nmembers; i++)
        n += r->members[i]->seat < 0;
    return n;
}

static json_t *room_json(const room *r, const json_t *id)
{
    json_t *m = proto_message("room", id);
    json_object_set_new(m, "code", json_string(r->code));
    json_object_set_new(m, "game", json_string(r->engine->id));
    json_object_set_new(m, "title", json_string(r->engine->title));
    json_t *opts = json_deep_copy(r->options);
    if (r->seed_fixed)
        json_object_set_new(opts, "seed", json_integer((json_int_t)r->seed));
    json_object_set_new(opts, "bot_takeover", json_boolean(r->bot_takeover));
    json_object_set_new(m, "options", opts);
    json_object_set_new(m, "private", json_boolean(r->is_private));
    json_object_set_new(m, "host", r->host ? json_string(r->host->id) : json_null());
    json_object_set_new(m, "status", json_string(status_names[r->status]));
    int min, max;
    game_seat_range(r->engine, r->options, &min, &max);
    json_object_set_new(m, "min_players", json_integer(min));
    json_object_set_new(m, "max_players", json_integer(r->nseats));
    json_t *seats = json_array();
    for (int i = 0; i < r->nseats; i++)
        json_array_append_new(seats, seat_json(r, i));
    json_object_set_new(m, "seats", seats);
    json_object_set_new(m, "spectators", json_integer(spectator_count(r)));
    return m;
}

void room_send_room_to(room *r, const player *to, const json_t *id)
{
    if (!to->conn)
        return;
    json_t *m = room_json(r, id);
    lobby_send_json(to->conn, m);
    json_decref(m);
}

void room_announce(room *r, const player *requester, const json_t *id)
{
    persist_room(r); /* what everyone is told of the room is what is kept */
    if (requester && requester->room == r)
        room_send_room_to(r, requester, id);
    /* Everyone else gets one shared serialization. */
    json_t *m = room_json(r, NULL);
    msg *out = msg_from_json(m);
    json_decref(m);
    for (int i = 0; out && i < r->nmembers; i++) {
        player *p = r->members[i];
        if (p->conn && p != requester)
            p->conn->ops->send(p->conn, out);
    }
    msg_unref(out);
}

void room_restore_seat(room *r, int s, player *p, int bot, bool takeover)
{
    if (p && !p->room) {
        add_member(r, p, s);
        lobby_wheel_start(r->lobby, &p->grace, (uint64_t)r->lobby->cfg.grace_ms);
    }
    r->seats[s] = (seat){p && p->room == r ? p : NULL, bot, takeover};
}

json_t *room_summary_json(const room *r)
{
    return json_pack("{s:s,s:s,s:s,s:i,s:i,s:s,s:i,s:s?}", "code", r->code, "game",
                     r->engine->id, "title", r->engine->title, "players", room_filled_seats(r),
                     "max_players", r->nseats, "status", status_names[r->status], "spectators",
                     spectator_count(r), "host", r->host ? r->host->name : NULL);
}
