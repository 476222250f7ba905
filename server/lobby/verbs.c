/* verbs.c: the verbs of the protocol, checked and carried out. A verb that
 * changes what the store keeps drafts the change, stores it, and only then
 * applies and announces it; if the store refuses, the verb gets
 * `unavailable` and nothing changed. */
#include <string.h>

#include "lobby/lobby_int.h"
#include "lobby/remote.h"
#include "util/log.h"
#include "util/walltime.h"

typedef void (*verb_handler)(lobby *l, lobby_conn *c, player *p, const proto_request *q);

static void send_verdict(lobby_conn *c, const proto_request *q, const verdict *v)
{
    lobby_send_verdict(c, q->id, v);
}

/* Stores a room as it will be; -1 with v set if it could not. */
static int store_room(lobby *l, const room *r, const room_state *next, verdict *v)
{
    if (lobby_wrote(l, persist_room(l->store, r, next)) < 0)
        return lobby_unavailable(v);
    return 0;
}

/* Stores the rooms p leaves and joins in one transaction, and p itself if
 * this is its first room; -1 with v set. */
static int store_move(lobby *l, player *p, const room *from, const room_state *from_next,
                      const room *to, const room_state *to_next, verdict *v)
{
    int rc = persist_begin(l->store);
    if (!p->stored)
        rc |= persist_player(l->store, p);
    if (from)
        rc |= persist_room(l->store, from, from_next);
    rc |= persist_room(l->store, to, to_next);
    if (lobby_wrote(l, persist_commit(l->store) | rc) < 0)
        return lobby_unavailable(v);
    p->stored = true;
    return 0;
}

/* A stored departure from r: p gets `left`, the others the new `room`. */
static void leave_apply(lobby *l, room *r, player *p, const room_state *next,
                        const char *reason, const json_t *id)
{
    room_send_left(p, r->code, reason, id);
    room_remove_member(r, p);
    room_set_state(r, next);
    room_announce(r, NULL, NULL);
    lobby_check_empty(l, r);
    lobby_rooms_changed(l);
}

/* After a join or a reconnection: the chat so far and the game as it is. */
static void catch_up(room *r, player *p)
{
    room_send_chat_history(r, p);
    room_send_state_to(r, p, NULL);
}

/* --- players --- */

bool lobby_player_back(lobby *l, player *p)
{
    room *r = p->room;
    lobby_check_empty(l, r); /* someone is there again */
    room_state next;
    if (!room_draft_back(r, p, &next))
        return false;
    /* If this cannot be stored the bot keeps the seat; storage_back tries
     * again once writing works. */
    if (lobby_wrote(l, persist_room(l->store, r, &next)) < 0)
        return false;
    room_set_state(r, &next);
    return true;
}

void lobby_player_expired(void *ctx, player *p)
{
    lobby *l = ctx;
    room *r = p->room;
    room_state next;
    bool leaves;
    if (!room_draft_expired(r, p, &next, &leaves))
        return;
    if (lobby_wrote(l, persist_room(l->store, r, &next)) < 0) {
        player_expire_later(p, LOBBY_RETRY_MS);
        return;
    }
    if (leaves) {
        room_remove_member(r, p);
        lobby_rooms_changed(l);
    } else {
        log_info("room %s: a bot takes seat %d while %s is away", r->code, p->seat, p->id);
    }
    room_set_state(r, &next);
    room_announce(r, NULL, NULL);
    lobby_check_empty(l, r);
}

/* elsewhere: the code of p's room on another node (distributed mode), or
 * NULL. */
static void send_welcome(lobby *l, lobby_conn *c, const player *p, const char *hex,
                         const json_t *id, const char *elsewhere)
{
    json_t *m = proto_message("welcome", id);
    json_object_set_new(m, "you", json_pack("{s:s,s:s}", "id", p->id, "name", p->name));
    json_object_set_new(m, "token", json_string(hex));
    json_object_set_new(m, "room", p->room       ? json_string(p->room->code)
                                   : elsewhere ? json_string(elsewhere)
                                               : json_null());
    json_t *server = json_pack("{s:s,s:I}", "version", BOTPIT_VERSION, "time",
                               (json_int_t)walltime_ms());
    if (l->cfg.public_url)
        json_object_set_new(server, "public_url", json_string(l->cfg.public_url));
    json_object_set_new(m, "server", server);
    lobby_send_json(c, m);
    json_decref(m);
}

/* A known player says hello again, maybe under a new name: -1 with v set
 * if the new name could not be stored. */
static int returning(lobby *l, player *p, const char *name, verdict *v)
{
    if (strcmp(p->name, name) != 0) {
        char old[sizeof p->name];
        memcpy(old, p->name, sizeof old);
        snprintf(p->name, sizeof p->name, "%s", name);
        if (p->stored && lobby_wrote(l, persist_player(l->store, p)) < 0) {
            memcpy(p->name, old, sizeof old);
            return lobby_unavailable(v);
        }
    }
    if (p->conn) {
        lobby_conn *old = p->conn;
        old->player = NULL;
        p->conn = NULL;
        lobby_replay_drop(l, old);
        old->ops->close(old, PROTO_CLOSE_REPLACED, "you connected again from somewhere else");
    }
    return 0;
}

/* Whether p's token may say hello again now: its own allowance, then its
 * address's. 0, or -1 with v set. */
static int resume_allowed(lobby *l, lobby_conn *c, player *p, verdict *v)
{
    uint64_t wait;
    if (!player_resume_allowed(p, &wait)) {
        verdict_set(v, PROTO_RATE_LIMITED, "you have reconnected too often; try again in %llu s",
                    (unsigned long long)(wait + 999) / 1000);
        v->retry_ms = (int64_t)wait;
        return -1;
    }
    return lobby_quota_take(l, c, QUOTA_RESUMES_PER_MIN, 1, v);
}

/* p is connected to its room again: it gets the room, the recent chat
 * (bounded: room.h) and its state. The others hear of it only if what they
 * see changed: p was away (its seat shows connected again, the watchers
 * count grows) or a bot stood aside; a connection replacing one that was
 * open changes nothing for them. */
static void back_in_room(lobby *l, player *p, bool was_away)
{
    room *r = p->room;
    if (lobby_player_back(l, p) || was_away)
        room_announce(r, p, NULL);
    else
        room_send_room_to(r, p, NULL);
    if (was_away && p->seat < 0)
        lobby_rooms_changed(l);
    catch_up(r, p);
}

/* A new player, within its address's quota; NULL with v set. It is kept in
 * memory only until it first joins a room (store_move stores it then). */
static player *newcomer(lobby *l, lobby_conn *c, const char *name,
                        char token_hex[IDS_TOKEN_HEX], verdict *v)
{
    if (lobby_quota_take(l, c, QUOTA_PLAYERS_PER_MIN, 1, v) < 0)
        return NULL;
    uint8_t token[IDS_TOKEN_BYTES];
    player *p = player_new(&l->players, name, token);
    if (!p) {
        verdict_set(v, PROTO_INTERNAL, "the server is out of memory");
        return NULL;
    }
    ids_token_hex(token, token_hex);
    return p;
}

/* How taking a link code went: 0 if it handed over token_hex, else -1
 * with v set (a code that names nothing costs as a wrong room code does,
 * so guessing codes is slow). */
static int link_verdict(lobby *l, lobby_conn *c, link_status status, const char *typed,
                        const char *token_hex, verdict *v)
{
    switch (status) {
    case LINK_OK:
        if (player_find_by_token(&l->players, token_hex))
            return 0;
        return verdict_set(v, PROTO_BAD_LINK,
                           "the player that code was for is no longer on this server; say "
                           "hello with a name to play as someone new");
    case LINK_USED:
        return verdict_set(v, PROTO_BAD_LINK,
                           "that code has already been used (a code works once); show a new one "
                           "on the device where you are signed in");
    case LINK_EXPIRED:
        return verdict_set(v, PROTO_BAD_LINK,
                           "that code has expired (a code works for %d minutes); show a new one "
                           "on the device where you are signed in",
                           (l->cfg.link_ttl_ms + 59999) / 60000);
    case LINK_UNKNOWN: break;
    }
    quota_charge(&l->quotas, c->addr, QUOTA_JOINS_PER_MIN, l->cfg.join_miss_cost - 1,
                 sched_now(&l->sched));
    return verdict_set(v, PROTO_BAD_LINK,
                       "there is no code \"%.16s\"; check it (8 letters and digits, like "
                       "K7P2-X9QM), or show a new one on the device where you are signed in",
                       typed);
}

/* hello {link}: the token the code hands over, within the address's join
 * attempts. 0, 1 if the hello now waits for Redis (distributed mode: codes
 * live there), or -1 with v set. */
static int link_token(lobby *l, lobby_conn *c, const char *typed, char token_hex[IDS_TOKEN_HEX],
                      verdict *v)
{
    const resume *rs = remote_resume(l);
    if (rs && rs->kind == RESUME_UNAVAILABLE)
        return lobby_unavailable(v);
    if (rs && rs->link >= 0) { /* taken in Redis (charged when asked) */
        snprintf(token_hex, IDS_TOKEN_HEX, "%s", rs->token);
        return link_verdict(l, c, (link_status)rs->link, typed, token_hex, v);
    }
    if (lobby_quota_take(l, c, QUOTA_JOINS_PER_MIN, 1, v) < 0)
        return -1;
    if (l->remote) {
        int waits = remote_hello_link(l, c, typed);
        if (waits > 0)
            return 1;
        if (waits < 0)
            return lobby_unavailable(v);
        return link_verdict(l, c, LINK_UNKNOWN, typed, token_hex, v);
    }
    link_status status = link_check(&l->links, typed, sched_now(&l->sched), token_hex);
    return link_verdict(l, c, status, typed, token_hex, v);
}

static void on_hello(lobby *l, lobby_conn *c, player *already, const proto_request *q)
{
    verdict v;
    if (already) {
        lobby_send_error(c, q->id, PROTO_BAD_MESSAGE, "this connection has already said hello");
        return;
    }
    if (q->link && q->token) {
        lobby_send_error(c, q->id, PROTO_BAD_MESSAGE,
                         "\"hello\" takes a token or a link code, not both");
        return;
    }
    char name[4 * PROTO_NAME_MAX + 1], why[128];
    if (q->name && !proto_clean_name(q->name, name, sizeof name, why, sizeof why)) {
        lobby_send_error(c, q->id, PROTO_BAD_NAME, why);
        return;
    }
    char token_hex[IDS_TOKEN_HEX];
    int linked = q->link ? link_token(l, c, q->link, token_hex, &v) : 0;
    if (linked > 0) /* it runs again once Redis has answered */
        return;
    if (linked < 0) {
        send_verdict(c, q, &v);
        return;
    }
    const char *token = q->link ? token_hex : q->token;
    player *p = token ? player_find_by_token(&l->players, token) : NULL;
    /* Distributed mode: the token's player, and the room it sits in, may be
     * known only to Redis (it played on another node). */
    const resume *rs = remote_resume(l);
    if (l->remote && token && !rs && (!p || !p->room)) {
        int waits = remote_hello(l, c, token);
        if (waits > 0)
            return;
        if (waits < 0) {
            lobby_unavailable(&v);
            send_verdict(c, q, &v);
            return;
        }
    }
    if (rs && rs->kind == RESUME_UNAVAILABLE) {
        lobby_unavailable(&v);
        send_verdict(c, q, &v);
        return;
    }
    bool moved = rs && rs->kind == RESUME_MOVED;
    /* One node alone: a player forgotten in memory may still be stored. */
    if (!p && token && !l->remote && lobby_player_from_store(l, token, &p) < 0) {
        send_verdict(c, q, (lobby_unavailable(&v), &v));
        return;
    }
    bool was_away = false;
    if (p) {
        if (token != token_hex)
            snprintf(token_hex, sizeof token_hex, "%s", token);
        was_away = !p->conn;
        /* A link keeps the identity's own name unless a new one is given. */
        if (!q->name)
            snprintf(name, sizeof name, "%s", p->name);
        if (resume_allowed(l, c, p, &v) < 0 || returning(l, p, name, &v) < 0)
            p = NULL;
    } else {
        p = newcomer(l, c, name, token_hex, &v);
    }
    if (!p) {
        send_verdict(c, q, &v);
        return;
    }
    if (q->link && !l->remote) /* in Redis, taking it used it */
        link_use(&l->links, q->link);
    snprintf(c->token, sizeof c->token, "%s", token_hex);
    send_welcome(l, c, p, token_hex, q->id, moved && !p->room ? rs->room : NULL);
    player_attach(p, c);
    if (p->room)
        back_in_room(l, p, was_away);
    else if (moved) /* its room is on another node: off it goes */
        remote_send_moved(l, c, NULL, rs->room, rs->url);
    log_debug("player %s connected", p->id);
}

/* --- lists --- */

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
    json_t *m = lobby_rooms_message(l, p, q->id);
    lobby_send_json(c, m);
    json_decref(m);
}

static void on_ping(lobby *l, lobby_conn *c, player *p, const proto_request *q)
{
    (void)l;
    /* A flood gets one refusal, then silence: answering it would cost as
     * much as the pongs. */
    switch (player_ping_allowed(p)) {
    case PING_ANSWER: break;
    case PING_IGNORE: return;
    case PING_REFUSE:
        lobby_send_error(c, q->id, PROTO_RATE_LIMITED,
                         "you are pinging too fast (about 10 a second at most); pings are not "
                         "answered until you slow down");
        return;
    }
    json_t *m = proto_message("pong", q->id);
    json_object_set_new(m, "time", json_integer(walltime_ms()));
    lobby_send_json(c, m);
    json_decref(m);
}

/* --- what players have done; carrying an identity --- */

/* In distributed mode a read waits for Redis and runs again with its
 * answer: 1 while it waits; else 0 with *body (NULL: none, when the
 * answer says there is nothing) or -1 (unavailable). */
static int read_answer(lobby *l, int waits, json_t **body)
{
    const resume *rs = remote_resume(l);
    *body = NULL;
    if (!rs)
        return waits > 0 ? 1 : -1;
    if (rs->kind != RESUME_PLAIN)
        return -1;
    *body = json_incref(rs->body);
    return 0;
}

static void on_ratings(lobby *l, lobby_conn *c, player *p, const proto_request *q)
{
    (void)p;
    const game_engine *e = game_engine_find(q->game);
    int limit = q->limit ? q->limit : LOBBY_RATINGS_DEFAULT;
    verdict v;
    json_t *body = NULL;
    int rc = 0;
    if (e && l->remote)
        rc = read_answer(l, remote_resume(l) ? 0 : remote_ratings(l, c, e, limit), &body);
    if (rc > 0)
        return;
    if (!e)
        verdict_set(&v, PROTO_NO_SUCH_GAME, "there is no game called \"%.40s\"", q->game);
    else if (!body && (rc < 0 || !(body = lobby_ratings_body(l, e, limit))))
        verdict_set(&v, PROTO_UNAVAILABLE,
                    "the server could not read its database just now; try again shortly");
    if (!body) {
        send_verdict(c, q, &v);
        return;
    }
    json_t *m = proto_message("ratings", q->id);
    json_object_update(m, body);
    json_decref(body);
    lobby_send_json(c, m);
    json_decref(m);
}

static void on_history(lobby *l, lobby_conn *c, player *p, const proto_request *q)
{
    verdict v;
    const char *whose = q->player ? q->player : p->id;
    int limit = q->limit ? q->limit : LOBBY_HISTORY_DEFAULT;
    json_t *body = NULL;
    if (l->remote) {
        int rc = read_answer(l, remote_resume(l) ? 0 : remote_history(l, c, whose, p->id, limit),
                             &body);
        if (rc > 0)
            return;
        if (rc < 0)
            lobby_unavailable(&v);
        else if (!body)
            verdict_set(&v, PROTO_NO_SUCH_PLAYER,
                        "no player here has the id \"%.16s\"; a player's id is in their results",
                        whose);
    } else {
        body = lobby_history_body(l, whose, p->id, limit, &v);
    }
    if (!body) {
        send_verdict(c, q, &v);
        return;
    }
    json_t *m = proto_message("history", q->id);
    json_object_update(m, body);
    json_decref(body);
    lobby_send_json(c, m);
    json_decref(m);
}

/* A one-time code that hands this connection's identity to another device
 * (link.h); the player's earlier code stops working. */
static void on_link_code(lobby *l, lobby_conn *c, player *p, const proto_request *q)
{
    char code[IDS_LINK_LEN + 1];
    if (l->remote) { /* kept in Redis, so that any node takes it */
        if (!c->token[0] || remote_link_issue(l, p, c->token, code) < 0) {
            verdict v;
            send_verdict(c, q, (lobby_unavailable(&v), &v));
            return;
        }
    } else if (!c->token[0] ||
               !link_issue(&l->links, p->id, c->token, sched_now(&l->sched), code)) {
        lobby_send_error(c, q->id, PROTO_INTERNAL,
                         "the server cannot make a code just now; try again in a minute");
        return;
    }
    json_t *m = proto_message("link_code", q->id);
    char shown[IDS_LINK_LEN + 2];
    snprintf(shown, sizeof shown, "%.4s-%.4s", code, code + 4);
    json_object_set_new(m, "code", json_string(shown));
    json_object_set_new(m, "expires_at", json_integer(walltime_ms() + l->cfg.link_ttl_ms));
    json_object_set_new(m, "expires_in_ms", json_integer(l->cfg.link_ttl_ms));
    lobby_send_json(c, m);
    json_decref(m);
}

/* --- making and joining rooms --- */

/* Takes the room-level options (seed, bot_takeover) out of what create got;
 * the rest are the engine's. Returns 0, or -1 with v set. */
static int split_room_options(json_t *given, room_settings *rs, verdict *v)
{
    json_t *s = json_object_get(given, "seed");
    if (s) {
        if (!json_is_integer(s) || json_integer_value(s) < 0 ||
            json_integer_value(s) > LOBBY_SEED_MAX)
            return verdict_set(v, PROTO_BAD_OPTIONS,
                               "option seed must be a whole number from 0 to %lld",
                               (long long)LOBBY_SEED_MAX);
        rs->seed = (uint64_t)json_integer_value(s);
        rs->seed_fixed = rs->seed != 0;
        json_object_del(given, "seed");
    }
    json_t *t = json_object_get(given, "bot_takeover");
    if (t) {
        if (!json_is_boolean(t))
            return verdict_set(v, PROTO_BAD_OPTIONS, "option bot_takeover must be true or false");
        rs->bot_takeover = json_is_true(t);
        json_object_del(given, "bot_takeover");
    }
    return 0;
}

/* The settings of a room `create` asks for; -1 with v set. */
static int create_settings(lobby *l, const proto_request *q, room_settings *rs, verdict *v)
{
    *rs = (room_settings){.engine = game_engine_find(q->game), .bot_takeover = true,
                          .is_private = q->is_private};
    if (!rs->engine)
        return verdict_set(v, PROTO_NO_SUCH_GAME, "there is no game called \"%.40s\"", q->game);
    json_t *given = q->options ? json_deep_copy(q->options) : json_object();
    if (split_room_options(given, rs, v) == 0) {
        game_error err;
        rs->options = game_options_resolve(rs->engine, given, &err);
        if (!rs->options)
            verdict_set(v, PROTO_BAD_OPTIONS, "%s", err.message);
    }
    json_decref(given);
    if (!rs->options)
        return -1;
    if (l->cfg.max_rooms && (int)l->rooms.count >= l->cfg.max_rooms) {
        json_decref(rs->options);
        return verdict_set(v, PROTO_SERVER_FULL,
                           "the server holds as many rooms as it can; try later");
    }
    return 0;
}

static void on_create(lobby *l, lobby_conn *c, player *p, const proto_request *q)
{
    verdict v;
    room_settings rs;
    if (lobby_quota_rooms(l, c, &v) < 0 || create_settings(l, q, &rs, &v) < 0) {
        send_verdict(c, q, &v);
        return;
    }
    if (!remote_resume(l) && lobby_quota_take(l, c, QUOTA_ROOMS_PER_MIN, 1, &v) < 0) {
        json_decref(rs.options);
        send_verdict(c, q, &v);
        return;
    }
    /* Distributed mode: a code reserved in Redis, or wait for some (the
     * create's rate was counted already). */
    int waits = l->remote && !remote_resume(l) ? remote_create(l, c) : 0;
    if (waits != 0 || (l->remote && !remote_can_create(l))) {
        json_decref(rs.options);
        if (waits > 0)
            return;
        lobby_unavailable(&v);
        send_verdict(c, q, &v);
        return;
    }
    room *r = lobby_room_new(l, &rs);
    if (!r && l->remote) { /* no code reserved just now */
        lobby_unavailable(&v);
        send_verdict(c, q, &v);
        return;
    }
    if (!r) {
        verdict_set(&v, PROTO_INTERNAL, "the server could not make a room");
        send_verdict(c, q, &v);
        return;
    }
    snprintf(r->creator_id, sizeof r->creator_id, "%s", p->id);
    snprintf(r->creator_addr, sizeof r->creator_addr, "%s", c->addr);
    room *old = p->room;
    room_state next, old_next;
    room_draft_join(r, p, "player", &next, &v); /* a new room has seat 0 free */
    if (old)
        room_draft_leave(old, p, &old_next);
    if (store_move(l, p, old, &old_next, r, &next, &v) < 0) {
        lobby_room_close(l, r, "closed");
        send_verdict(c, q, &v);
        return;
    }
    if (old)
        leave_apply(l, old, p, &old_next, "left", NULL);
    room_add_member(r, p);
    room_set_state(r, &next);
    room_announce(r, p, q->id);
    lobby_rooms_changed(l);
}

/* Distributed mode: the room is another node's. p leaves the room it is in
 * here (stored with p itself, so that the other node knows its token),
 * then hears where to go. */
static void join_elsewhere(lobby *l, lobby_conn *c, player *p, const proto_request *q,
                           const resume *rs)
{
    verdict v;
    room *old = p->room;
    room_state next;
    if (old)
        room_draft_leave(old, p, &next);
    int rc = persist_begin(l->store);
    rc |= persist_player(l->store, p);
    if (old)
        rc |= persist_room(l->store, old, &next);
    if (lobby_wrote(l, persist_commit(l->store) | rc) < 0) {
        lobby_unavailable(&v);
        send_verdict(c, q, &v);
        return;
    }
    p->stored = true;
    if (old)
        leave_apply(l, old, p, &next, "left", NULL);
    remote_send_moved(l, c, q->id, rs->room, rs->url);
}

static void on_join(lobby *l, lobby_conn *c, player *p, const proto_request *q)
{
    verdict v;
    const resume *rs = remote_resume(l); /* the join waited: its attempt is counted */
    if (!rs && lobby_quota_take(l, c, QUOTA_JOINS_PER_MIN, 1, &v) < 0) {
        send_verdict(c, q, &v);
        return;
    }
    char code[IDS_CODE_LEN + 1];
    bool valid = ids_code_normalize(q->room, code);
    room *r = valid ? map_get(&l->rooms, code) : NULL;
    if (!r && valid && l->remote && !rs) { /* maybe another node's, or this node's in Redis */
        int waits = remote_join(l, c, code);
        if (waits > 0)
            return;
        lobby_unavailable(&v);
        send_verdict(c, q, &v);
        return;
    }
    if (rs && rs->kind == RESUME_UNAVAILABLE) {
        lobby_unavailable(&v);
        send_verdict(c, q, &v);
        return;
    }
    if (!r && rs && rs->kind == RESUME_MOVED) {
        join_elsewhere(l, c, p, q, rs);
        return;
    }
    if (!r) {
        /* Guessing codes costs more than joining one you were given. */
        quota_charge(&l->quotas, c->addr, QUOTA_JOINS_PER_MIN, l->cfg.join_miss_cost - 1,
                     sched_now(&l->sched));
        verdict_set(&v, PROTO_NO_SUCH_ROOM, "there is no room \"%.16s\"", q->room);
        send_verdict(c, q, &v);
        return;
    }
    room *old = p->room != r ? p->room : NULL;
    room_state next, old_next;
    if (room_draft_join(r, p, q->as, &next, &v) < 0) {
        if (v.code == PROTO_NO_SUCH_ROOM) /* a finished private room: a miss */
            quota_charge(&l->quotas, c->addr, QUOTA_JOINS_PER_MIN, l->cfg.join_miss_cost - 1,
                         sched_now(&l->sched));
        send_verdict(c, q, &v);
        return;
    }
    if (old)
        room_draft_leave(old, p, &old_next);
    if (p->room != r && store_move(l, p, old, &old_next, r, &next, &v) < 0) {
        send_verdict(c, q, &v);
        return;
    }
    if (old)
        leave_apply(l, old, p, &old_next, "left", NULL);
    if (p->room != r) {
        if (strcmp(p->id, r->creator_id) != 0)
            r->others_joined = true;
        room_add_member(r, p);
        room_set_state(r, &next);
        lobby_check_empty(l, r);
        lobby_rooms_changed(l);
    }
    room_announce(r, p, q->id);
    catch_up(r, p);
}

/* --- verbs in the player's room --- */

/* The dispatcher checks there is a room and sends the verdict of a
 * refusal. */
typedef int (*room_handler)(lobby *l, room *r, player *p, const proto_request *q, verdict *v);

static int on_leave(lobby *l, room *r, player *p, const proto_request *q, verdict *v)
{
    room_state next;
    room_draft_leave(r, p, &next);
    if (store_room(l, r, &next, v) < 0)
        return -1;
    leave_apply(l, r, p, &next, "left", q->id);
    return 0;
}

/* Stores and applies a drafted seat change; everyone gets the new `room`,
 * and in play the player gets the view of its new seat. */
static int reseat(lobby *l, room *r, player *p, const proto_request *q, const room_state *next,
                  verdict *v)
{
    if (store_room(l, r, next, v) < 0)
        return -1;
    room_set_state(r, next);
    room_announce(r, p, q->id);
    if (r->state.status == ROOM_PLAYING)
        room_send_state_to(r, p, NULL);
    lobby_rooms_changed(l);
    return 0;
}

static int on_sit(lobby *l, room *r, player *p, const proto_request *q, verdict *v)
{
    room_state next;
    if (room_draft_sit(r, p, q->seat, &next, v) < 0)
        return -1;
    /* A bot's seat in play shows its secrets: the host decides. */
    if (room_sit_needs_approval(r, p, q->seat)) {
        if (!r->state.host)
            return verdict_set(v, PROTO_NOT_HOST,
                               "taking a bot's seat needs the host's approval, and room %s has "
                               "no host now",
                               r->code);
        room_ask_host(r, p, q->seat, q->id);
        return 0;
    }
    return reseat(l, r, p, q, &next, v);
}

/* The requester of an approve or deny: a member of r with a request. */
static player *requester_of(lobby *l, room *r, player *host, const proto_request *q, int *seat,
                            verdict *v)
{
    if (r->state.host != host) {
        verdict_set(v, PROTO_NOT_HOST, "only the host of room %s can do that", r->code);
        return NULL;
    }
    player *who = player_find(&l->players, q->player);
    *seat = who && who->room == r ? room_take_request(r, who) : -1;
    if (*seat < 0) {
        verdict_set(v, PROTO_BAD_SEAT, "nobody in room %s asks for a seat as \"%.16s\"",
                    r->code, q->player);
        return NULL;
    }
    return who;
}

static int on_approve(lobby *l, room *r, player *p, const proto_request *q, verdict *v)
{
    int s;
    player *who = requester_of(l, r, p, q, &s, v);
    if (!who)
        return -1;
    room_state next;
    if (room_draft_sit(r, who, s, &next, v) < 0 || store_room(l, r, &next, v) < 0) {
        room_send_denied(r, who, s, NULL); /* the seat is gone: the requester hears */
        return -1;
    }
    room_set_state(r, &next);
    room_announce(r, p, q->id);
    room_send_state_to(r, who, NULL);
    lobby_rooms_changed(l);
    return 0;
}

static int on_deny(lobby *l, room *r, player *p, const proto_request *q, verdict *v)
{
    int s;
    player *who = requester_of(l, r, p, q, &s, v);
    if (!who)
        return -1;
    room_send_denied(r, who, s, q->id);
    return 0;
}

static int on_stand(lobby *l, room *r, player *p, const proto_request *q, verdict *v)
{
    room_state next;
    if (room_draft_stand(r, p, &next, v) < 0)
        return -1;
    return reseat(l, r, p, q, &next, v);
}

static int on_bot(lobby *l, room *r, player *p, const proto_request *q, verdict *v)
{
    room_state next;
    if (room_draft_bot(r, p, q->seat, q->level, &next, v) < 0)
        return -1;
    bool adds = r->state.seats[q->seat].bot < 0; /* not a level change */
    const char *addr = r->creator_addr[0] ? r->creator_addr : p->conn->addr;
    if ((adds && lobby_quota_bots(l, addr, 1, v) < 0) || store_room(l, r, &next, v) < 0)
        return -1;
    room_set_state(r, &next);
    room_announce(r, p, q->id);
    lobby_rooms_changed(l);
    return 0;
}

/* kick {seat} or kick {player}: the drafted state and who goes (NULL: a
 * bot); -1 with v set. */
static int draft_kick(lobby *l, room *r, player *p, const proto_request *q, room_state *next,
                      player **kicked, verdict *v)
{
    if ((q->seat >= 0) == (q->player != NULL))
        return verdict_set(v, PROTO_BAD_MESSAGE,
                           "\"kick\" takes either a \"seat\" or a \"player\" (an id), not %s",
                           q->player ? "both" : "neither");
    if (q->seat >= 0)
        return room_draft_kick(r, p, q->seat, next, kicked, v);
    *kicked = player_find(&l->players, q->player);
    return room_draft_remove(r, p, *kicked, q->player, next, v);
}

static int on_kick(lobby *l, room *r, player *p, const proto_request *q, verdict *v)
{
    room_state next;
    player *kicked;
    if (draft_kick(l, r, p, q, &next, &kicked, v) < 0 || store_room(l, r, &next, v) < 0)
        return -1;
    if (kicked) {
        room_mark_kicked(r, kicked);
        room_send_left(kicked, r->code, "kicked", NULL);
        room_remove_member(r, kicked);
    }
    room_set_state(r, &next);
    room_announce(r, p, q->id);
    lobby_check_empty(l, r);
    lobby_rooms_changed(l);
    return 0;
}

/* Nothing the store keeps changes: muting lasts while the room does, as a
 * kick's ban does. */
static int on_mute(lobby *l, room *r, player *p, const proto_request *q, verdict *v)
{
    if (room_mute(r, p, player_find(&l->players, q->player), q->player, q->muted, v) < 0)
        return -1;
    room_announce(r, p, q->id);
    return 0;
}

static int on_start(lobby *l, room *r, player *p, const proto_request *q, verdict *v)
{
    room_state next;
    if (room_draft_start(r, p, &next, v) < 0)
        return -1;
    game_error err = {"", ""};
    if (table_deal(&r->table, r->options, next.nseats, (game_seeds){next.seed, next.secret},
                   &err) < 0)
        return verdict_set(v, PROTO_BAD_OPTIONS, "%s", err.message);
    if (store_room(l, r, &next, v) < 0) {
        table_clear(&r->table);
        return -1;
    }
    room_set_state(r, &next);
    log_info("room %s: %s starts with %d players", r->code, r->engine->id, next.nseats);
    room_announce(r, p, q->id);
    table_play(&r->table);
    lobby_clocks_running(l);
    lobby_rooms_changed(l);
    return 0;
}

static int on_rematch(lobby *l, room *r, player *p, const proto_request *q, verdict *v)
{
    if (room_rematch_check(r, p, v) < 0)
        return -1;
    if (l->cfg.max_rooms && (int)l->rooms.count >= l->cfg.max_rooms)
        return verdict_set(v, PROTO_SERVER_FULL, "the server holds as many rooms as it can");
    room_settings rs = {r->engine,       json_deep_copy(r->options),
                        r->seed_fixed ? r->state.seed : 0,
                        r->seed_fixed,   r->bot_takeover,
                        r->is_private,   NULL};
    room *next_room = lobby_room_new(l, &rs);
    if (!next_room)
        return verdict_set(v, PROTO_INTERNAL, "the server could not make a new room");
    /* The same people: it counts where the old room counted. */
    memcpy(next_room->creator_id, r->creator_id, sizeof r->creator_id);
    memcpy(next_room->creator_addr, r->creator_addr, sizeof r->creator_addr);
    next_room->others_joined = r->others_joined;
    room_state next;
    room_draft_rematch(r, next_room, p, &next);
    int rc = persist_begin(l->store);
    rc |= persist_room(l->store, next_room, &next);
    rc |= persist_room_gone(l->store, r);
    if (lobby_wrote(l, persist_commit(l->store) | rc) < 0) {
        lobby_room_close(l, next_room, "closed");
        return lobby_unavailable(v);
    }
    /* Everyone moves over (no `left`: the new `room` tells them). */
    while (r->nmembers) {
        player *m = r->members[0];
        room_remove_member(r, m);
        room_add_member(next_room, m);
    }
    room_set_state(next_room, &next);
    log_info("room %s: rematch in room %s", r->code, next_room->code);
    lobby_room_close(l, r, "closed");
    lobby_check_empty(l, next_room);
    room_announce(next_room, p, q->id);
    lobby_rooms_changed(l);
    return 0;
}

static int on_act(lobby *l, room *r, player *p, const proto_request *q, verdict *v)
{
    (void)l;
    if (r->state.status != ROOM_PLAYING)
        return verdict_set(v, PROTO_WRONG_STATUS, r->state.status == ROOM_OVER
                                                      ? "the game is over"
                                                      : "the game has not started yet");
    if (p->seat < 0)
        return verdict_set(v, PROTO_NOT_SEATED, "spectators cannot play; take a seat first");
    game_error err = {"", ""};
    switch (table_act(&r->table, p->seat, q->action, q->id, &err)) {
    case TABLE_DONE: return 0;
    case TABLE_UNAVAILABLE: return lobby_unavailable(v);
    case TABLE_REFUSED: break;
    }
    proto_code c = proto_code_from_name(err.code);
    return verdict_set(v, c == PROTO_INTERNAL ? PROTO_ILLEGAL : c, "%s", err.message);
}

static int on_chat(lobby *l, room *r, player *p, const proto_request *q, verdict *v)
{
    (void)l;
    return room_chat(r, p, q->text, q->id, v);
}

static void on_replay(lobby *l, lobby_conn *c, player *p, const proto_request *q)
{
    (void)p;
    lobby_replay_open(l, c, q);
}

static void on_replay_step(lobby *l, lobby_conn *c, player *p, const proto_request *q)
{
    (void)p;
    lobby_replay_step(l, c, q);
}

static const verb_handler handlers[PROTO_VERB_COUNT] = {
    [PROTO_HELLO] = on_hello, [PROTO_GAMES] = on_games, [PROTO_ROOMS] = on_rooms,
    [PROTO_CREATE] = on_create, [PROTO_JOIN] = on_join, [PROTO_PING] = on_ping,
    [PROTO_REPLAY] = on_replay, [PROTO_REPLAY_STEP] = on_replay_step,
    [PROTO_RATINGS] = on_ratings, [PROTO_HISTORY] = on_history, [PROTO_LINK_CODE] = on_link_code,
};

static const room_handler room_handlers[PROTO_VERB_COUNT] = {
    [PROTO_LEAVE] = on_leave, [PROTO_SIT] = on_sit,     [PROTO_STAND] = on_stand,
    [PROTO_BOT] = on_bot,     [PROTO_KICK] = on_kick,   [PROTO_START] = on_start,
    [PROTO_REMATCH] = on_rematch, [PROTO_ACT] = on_act, [PROTO_CHAT] = on_chat,
    [PROTO_APPROVE] = on_approve, [PROTO_DENY] = on_deny, [PROTO_MUTE] = on_mute,
};

void lobby_dispatch(lobby *l, lobby_conn *c, const proto_request *q)
{
    player *p = c->player;
    if (handlers[q->verb]) {
        handlers[q->verb](l, c, p, q);
        return;
    }
    verdict v;
    if (!p->room && remote_orphaned(l, p)) /* its room is being looked up again */
        lobby_unavailable(&v);
    else if (!p->room)
        verdict_set(&v, PROTO_NOT_IN_ROOM, "you are not in a room");
    else if (room_handlers[q->verb](l, p->room, p, q, &v) == 0)
        return;
    send_verdict(c, q, &v);
}
