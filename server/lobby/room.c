/* room.c: who is in a room and where they sit; the host; chat; closing. */
#include "lobby/room.h"

#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "util/log.h"
#include "util/walltime.h"

static const char *const status_names[ROOM_STATUS_COUNT] = {"lobby", "playing", "over"};

const char *room_status_name(room_status s)
{
    return status_names[s];
}

int room_status_parse(const char *name)
{
    for (int s = 0; name && s < ROOM_STATUS_COUNT; s++) {
        if (strcmp(status_names[s], name) == 0)
            return s;
    }
    return -1;
}

int verdict_set(verdict *v, proto_code code, const char *fmt, ...)
{
    v->code = code;
    v->quota = NULL;
    v->retry_ms = 0;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(v->message, sizeof v->message, fmt, ap);
    va_end(ap);
    return -1;
}

static void send_json(const player *p, const json_t *m)
{
    msg *out = msg_from_json(m);
    if (out) {
        p->conn->ops->send(p->conn, out);
        msg_unref(out);
    }
}

/* Sends one serialization of m to every connected member but `except`. */
static void send_all(room *r, const json_t *m, const player *except)
{
    msg *out = msg_from_json(m);
    for (int i = 0; out && i < r->nmembers; i++) {
        player *p = r->members[i];
        if (p->conn && p != except)
            p->conn->ops->send(p->conn, out);
    }
    msg_unref(out);
}

/* --- life --- */

room *room_new(const room_settings *rs, uv_loop_t *loop, sched *s, const table_ops *ops,
               int bot_pace_ms)
{
    room *r = calloc(1, sizeof *r);
    if (!r) {
        json_decref(rs->options);
        return NULL;
    }
    const game_engine *e = rs->engine;
    snprintf(r->code, sizeof r->code, "%s", rs->code);
    r->engine = e;
    r->options = rs->options;
    r->seed_fixed = rs->seed_fixed;
    r->bot_takeover = rs->bot_takeover;
    r->is_private = rs->is_private;
    r->state.status = ROOM_LOBBY;
    r->state.seed = rs->seed;
    int min;
    game_seat_range(e, r->options, &min, &r->state.nseats);
    if (r->state.nseats > ROOM_MAX_SEATS)
        r->state.nseats = ROOM_MAX_SEATS;
    for (int i = 0; i < ROOM_MAX_SEATS; i++)
        r->state.seats[i] = (seat){NULL, -1, false, -1};
    map_init(&r->kicked);
    map_init(&r->kicked_addrs);
    map_init(&r->muted);
    map_init(&r->muted_addrs);
    map_init(&r->insiders);
    map_init(&r->sit_requests);
    table_init(&r->table, loop, s, e, ops, r, bot_pace_ms);
    return r;
}

static void chat_forget(room *r)
{
    for (int i = 0; i < r->chat_len; i++)
        msg_unref(r->chat[(r->chat_head + i) % ROOM_CHAT_HISTORY]);
    r->chat_len = 0;
}

static void free_room(uv_handle_t *h)
{
    free((char *)h - offsetof(room, table.deadline_timer));
}

void room_close(room *r, const char *reason)
{
    if (r->closed)
        return;
    r->closed = true;
    while (r->nmembers) {
        player *p = r->members[0];
        if (reason)
            room_send_left(p, r->code, reason, NULL);
        r->state.host = NULL;
        room_remove_member(r, p);
    }
    free(r->members);
    r->members = NULL;
    chat_forget(r);
    map_free(&r->kicked);
    map_free(&r->kicked_addrs);
    map_free(&r->muted);
    map_free(&r->muted_addrs);
    map_free(&r->insiders);
    map_free(&r->sit_requests);
    json_decref(r->options);
    json_decref(r->rating);
    r->options = NULL;
    r->rating = NULL;
    table_close(&r->table, free_room);
}

/* The spectators' share of the room's chat: a fifth, at least a line. */
static double watchers_chat_cap(const room_limits *lim)
{
    return lim->chat_per_10s / 5 > 1 ? lim->chat_per_10s / 5 : 1;
}

void room_set_limits(room *r, const room_limits *lim)
{
    r->limits = *lim;
    r->chat_all = lim->chat_per_10s;
    r->chat_watchers = watchers_chat_cap(lim);
    r->chat_checked = sched_now(r->table.sched);
}

/* --- drafts --- */

static int default_bot_level(const game_engine *e)
{
    int normal = game_bot_level(e, "normal");
    return normal >= 0 ? normal : 0;
}

/* The level of a bot standing in for the human of st: the bot that played
 * the seat before them, if one did (a hard bot is not swapped for a normal
 * one by sitting down and leaving), otherwise the engine's normal one. */
static int standin_level(const room *r, const seat *st)
{
    return st->bot_was >= 0 ? st->bot_was : default_bot_level(r->engine);
}

/* The seat a human has left. In play, a bot takes it over if the room allows,
 * so the others can finish; otherwise it stays empty. */
static void vacate_seat(const room *r, room_state *next, int s)
{
    if (next->status == ROOM_PLAYING && r->bot_takeover && r->engine->bot_levels)
        next->seats[s] = (seat){NULL, standin_level(r, &next->seats[s]), true, -1};
    else
        next->seats[s] = (seat){NULL, -1, false, -1};
}

static bool seated_in(const room_state *st, const player *p)
{
    for (int i = 0; i < st->nseats; i++) {
        if (st->seats[i].player == p)
            return true;
    }
    return false;
}

/* The host after `leaving` goes (NULL: nobody leaves): a player in a seat,
 * a connected one first. A spectator never becomes host (they have no part
 * in the game, and a host takes a bot's seat, and sees its secrets,
 * without asking): with nobody seated the room has no host until someone
 * sits. */
static void pick_host(const room *r, room_state *next, const player *leaving)
{
    player *best = NULL;
    int best_rank = -1;
    for (int i = 0; i < r->nmembers; i++) {
        player *p = r->members[i];
        if (p == leaving || !seated_in(next, p))
            continue;
        int rank = p->conn ? 1 : 0;
        if (rank > best_rank) {
            best = p;
            best_rank = rank;
        }
    }
    next->host = best;
}

/* Kept out: the player the host removed, under any identity from the same
 * address (a fresh identity costs nothing). */
static bool kicked_before(const room *r, const player *p)
{
    return map_get(&r->kicked, p->id) != NULL ||
           (p->addr[0] && map_get(&r->kicked_addrs, p->addr) != NULL);
}

int room_spectators(const room *r)
{
    int n = 0;
    for (int i = 0; i < r->nmembers; i++)
        n += r->members[i]->seat < 0;
    return n;
}

int room_watching_now(const room *r)
{
    int n = 0;
    for (int i = 0; i < r->nmembers; i++)
        n += r->members[i]->seat < 0 && r->members[i]->conn;
    return n;
}

/* Whether one more spectator fits (-1 with v set if not). */
static int watcher_fits(const room *r, verdict *v)
{
    if (room_spectators(r) < r->limits.max_spectators)
        return 0;
    if (r->limits.max_spectators == 0)
        return verdict_set(v, PROTO_ROOM_FULL, "this server has no spectators; room %s can be "
                                               "joined only in a free seat",
                           r->code);
    return verdict_set(v, PROTO_ROOM_FULL,
                       "room %s already has %d spectators, the most a room may have; try "
                       "again later",
                       r->code, r->limits.max_spectators);
}

/* The seat a joining player gets (-1: a spectator), or -1 with v set. */
static int join_seat(const room *r, const player *p, const char *as, int *s, verdict *v)
{
    *s = -1;
    if (as && strcmp(as, "player") != 0 && strcmp(as, "spectator") != 0)
        return verdict_set(v, PROTO_BAD_MESSAGE, "\"as\" must be \"player\" or \"spectator\"");
    /* A finished private game is its players' own: to anyone else the room
     * does not exist (so a code found elsewhere tells nothing). */
    if (r->is_private && r->state.status == ROOM_OVER && !map_get(&r->insiders, p->id))
        return verdict_set(v, PROTO_NO_SUCH_ROOM, "there is no room \"%s\"", r->code);
    if (kicked_before(r, p))
        return verdict_set(v, PROTO_KICKED, "the host removed you from room %s", r->code);
    if (as && strcmp(as, "spectator") == 0)
        return watcher_fits(r, v);
    const room_state *st = &r->state;
    /* In play a joiner watches: a seat a bot keeps is taken with `sit`,
     * which asks the host (the seat's view shows its secrets). */
    if (as && st->status == ROOM_PLAYING)
        return verdict_set(v, PROTO_ROOM_FULL,
                           "room %s is playing: join as a spectator, then ask the host for a "
                           "bot's seat with sit",
                           r->code);
    for (int i = 0; i < st->nseats && *s < 0 && st->status == ROOM_LOBBY; i++) {
        const seat *se = &st->seats[i];
        if (!se->player && se->bot < 0)
            *s = i;
    }
    if (*s < 0 && as)
        return verdict_set(v, PROTO_ROOM_FULL,
                           "every seat in room %s is taken; you can join as a spectator", r->code);
    return *s < 0 ? watcher_fits(r, v) : 0;
}

int room_draft_join(const room *r, const player *p, const char *as, room_state *next,
                    verdict *v)
{
    *next = r->state;
    if (p->room == r)
        return 0;
    int s;
    if (join_seat(r, p, as, &s, v) < 0)
        return -1;
    if (s >= 0) {
        next->seats[s] = (seat){(player *)p, -1, false, -1};
        if (!next->host) /* a spectator never becomes host: pick_host */
            next->host = (player *)p;
    }
    return 0;
}

void room_draft_leave(const room *r, const player *p, room_state *next)
{
    *next = r->state;
    if (p->seat >= 0 && next->seats[p->seat].player == p)
        vacate_seat(r, next, p->seat);
    if (next->host == p)
        pick_host(r, next, p);
}

static int check_seat_number(const room *r, int s, verdict *v)
{
    if (s < 0 || s >= r->state.nseats)
        return verdict_set(v, PROTO_BAD_SEAT,
                           "room %s has Seats 1 to %d (numbered 0 to %d in messages)", r->code,
                           r->state.nseats, r->state.nseats - 1);
    return 0;
}

int room_draft_sit(const room *r, const player *p, int s, room_state *next, verdict *v)
{
    *next = r->state;
    if (check_seat_number(r, s, v) < 0)
        return -1;
    const seat *st = &next->seats[s];
    if (p->seat == s)
        return 0;
    if (next->status == ROOM_OVER)
        return verdict_set(v, PROTO_WRONG_STATUS, "the game is over");
    if (next->status == ROOM_LOBBY) {
        if (st->player || st->bot >= 0)
            return verdict_set(v, PROTO_SEAT_TAKEN, "seat %d is taken", s + 1);
        if (p->seat >= 0)
            vacate_seat(r, next, p->seat);
    } else {
        if (st->player)
            return verdict_set(v, PROTO_SEAT_TAKEN, "seat %d is taken", s + 1);
        if (p->seat >= 0)
            return verdict_set(v, PROTO_BAD_SEAT, "you already play seat %d", p->seat + 1);
    }
    /* In play the seat was a bot's (or empty): remember which. */
    next->seats[s] = (seat){(player *)p, -1, false, next->status == ROOM_PLAYING ? st->bot : -1};
    if (!next->host) /* a room without host: the first to sit hosts it */
        next->host = (player *)p;
    return 0;
}

int room_draft_stand(const room *r, const player *p, room_state *next, verdict *v)
{
    *next = r->state;
    if (p->seat < 0)
        return verdict_set(v, PROTO_NOT_SEATED, "you are not in a seat");
    /* Its view showed the seat's secrets: the seat is yours to the end. */
    if (next->status == ROOM_PLAYING)
        return verdict_set(v, PROTO_WRONG_STATUS,
                           "you have seen seat %d's secrets, so it is yours until the game "
                           "ends (leave the room to go: a bot plays it)",
                           p->seat + 1);
    vacate_seat(r, next, p->seat);
    return 0;
}

static int check_host(const room *r, const player *p, verdict *v)
{
    if (r->state.host != p)
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

int room_draft_bot(const room *r, const player *by, int s, const char *level, room_state *next,
                   verdict *v)
{
    *next = r->state;
    if (check_host(r, by, v) < 0 || check_seat_number(r, s, v) < 0)
        return -1;
    if (!r->engine->bot_levels)
        return verdict_set(v, PROTO_NO_BOTS, "%s has no bots", r->engine->title);
    if (next->status != ROOM_LOBBY)
        return verdict_set(v, PROTO_WRONG_STATUS, "bots are seated before the game starts");
    if (next->seats[s].player)
        return verdict_set(v, PROTO_SEAT_TAKEN, "seat %d is taken by %s", s + 1,
                           next->seats[s].player->name);
    int n = parse_level(r, level, v);
    if (n < 0)
        return -1;
    next->seats[s] = (seat){NULL, n, false, -1};
    return 0;
}

int room_draft_kick(const room *r, const player *by, int s, room_state *next, player **kicked,
                    verdict *v)
{
    *next = r->state;
    *kicked = NULL;
    if (check_host(r, by, v) < 0 || check_seat_number(r, s, v) < 0)
        return -1;
    const seat *st = &next->seats[s];
    if (st->player == by)
        return verdict_set(v, PROTO_BAD_SEAT, "you cannot kick yourself; leave instead");
    if (st->player) {
        *kicked = st->player;
        room_draft_leave(r, *kicked, next);
    } else if (st->bot >= 0) {
        if (next->status == ROOM_PLAYING)
            return verdict_set(v, PROTO_WRONG_STATUS, "a bot keeps its seat until the game ends");
        next->seats[s] = (seat){NULL, -1, false, -1};
    } else {
        return verdict_set(v, PROTO_BAD_SEAT, "seat %d is empty", s + 1);
    }
    return 0;
}

/* who, a member of r other than the host `by`; -1 with v set. */
static int check_target(const room *r, const player *by, const player *who, const char *who_id,
                        const char *doing, verdict *v)
{
    if (check_host(r, by, v) < 0)
        return -1;
    if (!who || who->room != r)
        return verdict_set(v, PROTO_BAD_PLAYER, "nobody in room %s has the player id \"%.16s\"",
                           r->code, who_id);
    if (who == by)
        return verdict_set(v, PROTO_BAD_PLAYER, "you cannot %s yourself%s", doing,
                           strcmp(doing, "remove") == 0 ? "; leave instead" : "");
    return 0;
}

int room_draft_remove(const room *r, const player *by, const player *who, const char *who_id,
                      room_state *next, verdict *v)
{
    *next = r->state;
    if (check_target(r, by, who, who_id, "remove", v) < 0)
        return -1;
    room_draft_leave(r, who, next);
    return 0;
}

int room_filled_seats(const room *r)
{
    int n = 0;
    for (int i = 0; i < r->state.nseats; i++)
        n += r->state.seats[i].player || r->state.seats[i].bot >= 0;
    return n;
}

/* Seats in order, the empty ones dropped: the game's seats are 0..n-1. */
static void compact_seats(room_state *next)
{
    int n = 0;
    for (int i = 0; i < next->nseats; i++) {
        seat st = next->seats[i];
        if (st.player || st.bot >= 0)
            next->seats[n++] = st;
    }
    for (int i = n; i < next->nseats; i++)
        next->seats[i] = (seat){NULL, -1, false, -1};
    next->nseats = n;
}

int room_draft_start(const room *r, const player *by, room_state *next, verdict *v)
{
    *next = r->state;
    if (next->host != by)
        return verdict_set(v, PROTO_NOT_HOST, "only the host of room %s can start", r->code);
    if (next->status != ROOM_LOBBY)
        return verdict_set(v, PROTO_WRONG_STATUS, "the game has already started");
    int min, max, filled = room_filled_seats(r);
    game_seat_range(r->engine, r->options, &min, &max);
    if (filled < min || filled > max) {
        char need[48];
        if (min == max)
            snprintf(need, sizeof need, "exactly %d players", min);
        else
            snprintf(need, sizeof need, "%d to %d players", min, max);
        return verdict_set(v, PROTO_NOT_READY, "%s needs %s; %d %s filled", r->engine->title,
                           need, filled, filled == 1 ? "seat is" : "seats are");
    }
    /* The secret stream never follows from the seed, which a host may
     * choose: hidden deals are the server's own randomness. */
    if ((!r->seed_fixed && !ids_random(&next->seed, sizeof next->seed)) ||
        !ids_random(&next->secret, sizeof next->secret))
        return verdict_set(v, PROTO_INTERNAL, "the server has no randomness to deal a game");
    next->has_secret = true;
    compact_seats(next);
    next->status = ROOM_PLAYING;
    return 0;
}

int room_rematch_check(const room *r, const player *by, verdict *v)
{
    if (check_host(r, by, v) < 0)
        return -1;
    if (r->state.status != ROOM_OVER)
        return verdict_set(v, PROTO_WRONG_STATUS, "a rematch can start once the game is over");
    return 0;
}

void room_draft_rematch(const room *from, const room *to, player *host, room_state *next)
{
    *next = to->state;
    for (int i = 0; i < from->state.nseats && i < next->nseats; i++) {
        const seat *st = &from->state.seats[i];
        if (!st->takeover && st->bot >= 0)
            next->seats[i].bot = st->bot;
    }
    /* Everyone moves over, keeping their seat; the host stays host. */
    for (int i = 0; i < from->nmembers; i++) {
        player *p = from->members[i];
        if (p->seat >= 0 && p->seat < next->nseats)
            next->seats[p->seat] = (seat){p, -1, false, -1};
    }
    next->host = host;
}

bool room_draft_expired(const room *r, const player *p, room_state *next, bool *leaves)
{
    *next = r->state;
    *leaves = false;
    if (next->status == ROOM_PLAYING && p->seat >= 0) {
        bool changed = false;
        seat *st = &next->seats[p->seat];
        if (r->bot_takeover && r->engine->bot_levels && !st->takeover) {
            *st = (seat){(player *)p, standin_level(r, st), true, st->bot_was};
            changed = true;
        }
        if (next->host == p) {
            pick_host(r, next, NULL);
            changed |= next->host != p;
        }
        return changed;
    }
    *leaves = true;
    room_draft_leave(r, p, next);
    return true;
}

bool room_draft_back(const room *r, const player *p, room_state *next)
{
    *next = r->state;
    if (p->seat < 0)
        return false;
    seat *st = &next->seats[p->seat];
    if (!st->takeover || st->player != p)
        return false;
    *st = (seat){(player *)p, -1, false, st->bot_was};
    return true;
}

/* --- applying --- */

void room_set_state(room *r, const room_state *next)
{
    r->state = *next;
    for (int i = 0; i < r->nmembers; i++)
        r->members[i]->seat = -1;
    int bots[ROOM_MAX_SEATS];
    for (int i = 0; i < r->state.nseats; i++) {
        if (r->state.seats[i].player)
            r->state.seats[i].player->seat = i;
        bots[i] = r->state.seats[i].bot;
    }
    if (r->state.status == ROOM_PLAYING)
        table_set_bots(&r->table, bots, r->state.nseats);
}

void room_add_member(room *r, player *p)
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
    p->seat = -1;
    map_put(&r->insiders, p->id, p); /* the value is only a marker */
}

void room_remove_member(room *r, player *p)
{
    for (int i = 0; i < r->nmembers; i++) {
        if (r->members[i] == p) {
            r->members[i] = r->members[--r->nmembers];
            break;
        }
    }
    map_remove(&r->sit_requests, p->id);
    p->room = NULL;
    p->seat = -1;
    player_left_room(p);
}

void room_mark_kicked(room *r, const player *p)
{
    log_info("room %s: host removed player %s", r->code, p->id);
    map_put(&r->kicked, p->id, (void *)p); /* the value is only a marker */
    if (p->addr[0])
        map_put(&r->kicked_addrs, p->addr, (void *)p);
}

/* Muted, under any identity from the same address, as kicked_before. */
static bool is_muted(const room *r, const player *p)
{
    return map_get(&r->muted, p->id) != NULL ||
           (p->addr[0] && map_get(&r->muted_addrs, p->addr) != NULL);
}

int room_mute(room *r, const player *by, const player *who, const char *who_id, bool muted,
              verdict *v)
{
    if (check_target(r, by, who, who_id, muted ? "mute" : "unmute", v) < 0)
        return -1;
    if (muted) {
        log_info("room %s: host muted player %s", r->code, who->id);
        map_put(&r->muted, who->id, (void *)who); /* the value is only a marker */
        if (who->addr[0])
            map_put(&r->muted_addrs, who->addr, (void *)who);
    } else {
        map_remove(&r->muted, who->id);
        if (who->addr[0])
            map_remove(&r->muted_addrs, who->addr);
    }
    return 0;
}

/* --- messages --- */

void room_send_left(const player *p, const char *code, const char *reason, const json_t *id)
{
    if (!p->conn)
        return;
    json_t *m = proto_message("left", id);
    json_object_set_new(m, "room", json_string(code));
    json_object_set_new(m, "reason", json_string(reason));
    send_json(p, m);
    json_decref(m);
}

/* The team the player in room seat i plays on (or would, sitting there
 * now), or -1: its game seat is i once the game has started, the seats
 * having closed up; before, the filled seats ahead of it. */
static int seat_team(const room *r, int i)
{
    int game_seat = i;
    if (r->state.status == ROOM_LOBBY) {
        game_seat = 0;
        for (int k = 0; k < i; k++)
            game_seat += r->state.seats[k].player || r->state.seats[k].bot >= 0;
    }
    return game_seat_team(r->engine, r->options, game_seat);
}

static json_t *seat_json(const room *r, int i)
{
    const seat *st = &r->state.seats[i];
    json_t *j = json_object();
    json_object_set_new(j, "seat", json_integer(i));
    json_t *who = st->player ? json_pack("{s:s,s:s}", "id", st->player->id, "name",
                                         st->player->name)
                             : json_null();
    if (st->player && is_muted(r, st->player))
        json_object_set_new(who, "muted", json_true());
    json_object_set_new(j, "player", who);
    json_object_set_new(j, "bot", st->bot >= 0 ? json_string(r->engine->bot_levels[st->bot])
                                              : json_null());
    bool connected = st->player ? st->player->conn != NULL && st->player->room == r : true;
    json_object_set_new(j, "connected", json_boolean(connected));
    int team = seat_team(r, i);
    if (team >= 0)
        json_object_set_new(j, "team", json_integer(team));
    return j;
}

/* The host's list of who is watching: the first ROOM_WATCHERS_LISTED
 * members without a seat. */
static json_t *watchers_json(const room *r)
{
    json_t *list = json_array();
    for (int i = 0; i < r->nmembers && json_array_size(list) < ROOM_WATCHERS_LISTED; i++) {
        const player *p = r->members[i];
        if (p->seat < 0)
            json_array_append_new(list, json_pack("{s:s,s:s,s:b,s:b}", "id", p->id, "name",
                                                  p->name, "connected", p->conn != NULL,
                                                  "muted", is_muted(r, p)));
    }
    return list;
}

/* `room`; the host's copy (for_host) also lists the spectators. */
static json_t *room_json(const room *r, const json_t *id, bool for_host)
{
    json_t *m = proto_message("room", id);
    json_object_set_new(m, "code", json_string(r->code));
    json_object_set_new(m, "game", json_string(r->engine->id));
    json_object_set_new(m, "title", json_string(r->engine->title));
    json_t *opts = json_deep_copy(r->options);
    if (r->seed_fixed)
        json_object_set_new(opts, "seed", json_integer((json_int_t)r->state.seed));
    json_object_set_new(opts, "bot_takeover", json_boolean(r->bot_takeover));
    json_object_set_new(m, "options", opts);
    json_object_set_new(m, "private", json_boolean(r->is_private));
    json_object_set_new(m, "host", r->state.host ? json_string(r->state.host->id) : json_null());
    json_object_set_new(m, "status", json_string(room_status_name(r->state.status)));
    int min, max;
    game_seat_range(r->engine, r->options, &min, &max);
    json_object_set_new(m, "min_players", json_integer(min));
    json_object_set_new(m, "max_players", json_integer(r->state.nseats));
    json_t *seats = json_array();
    for (int i = 0; i < r->state.nseats; i++)
        json_array_append_new(seats, seat_json(r, i));
    json_object_set_new(m, "seats", seats);
    json_object_set_new(m, "spectators", json_integer(room_watching_now(r)));
    if (for_host)
        json_object_set_new(m, "watchers", watchers_json(r));
    return m;
}

static void tell_new_host(room *r);

void room_send_room_to(room *r, const player *to, const json_t *id)
{
    if (!to->conn)
        return;
    json_t *m = room_json(r, id, to == r->state.host);
    send_json(to, m);
    json_decref(m);
    if (to == r->state.host)
        tell_new_host(r);
}

static void send_request(room *r, const char *player_id, int s);

/* A host who took over (or connected again) hears of the seat requests still
 * waiting for an answer. */
static void tell_new_host(room *r)
{
    const player *host = r->state.host;
    if (!host || !host->conn || host->conn == r->requests_told)
        return;
    r->requests_told = host->conn;
    for (map_iter it = map_first(&r->sit_requests); it.entry; map_next(&r->sit_requests, &it))
        send_request(r, map_iter_key(&it), (int)(intptr_t)map_iter_value(&it) - 1);
}

void room_announce(room *r, const player *requester, const json_t *id)
{
    if (requester && requester->room == r)
        room_send_room_to(r, requester, id);
    else
        requester = NULL;
    /* The host gets its own copy (with the watchers), everyone else one
     * shared serialization. */
    const player *host = r->state.host;
    if (host && host != requester)
        room_send_room_to(r, host, NULL);
    json_t *m = room_json(r, NULL, false);
    msg *out = msg_from_json(m);
    for (int i = 0; out && i < r->nmembers; i++) {
        player *p = r->members[i];
        if (p->conn && p != requester && p != host)
            p->conn->ops->send(p->conn, out);
    }
    msg_unref(out);
    json_decref(m);
    tell_new_host(r);
}

static json_t *state_json(const room *r, int audience, const json_t *events,
                          const json_t *deadline, const json_t *id)
{
    json_t *m = proto_message("state", id);
    json_object_set_new(m, "room", json_string(r->code));
    json_object_set_new(m, "seq", json_integer((json_int_t)r->table.seq));
    json_object_set_new(m, "seat", json_integer(audience));
    json_object_set_new(m, "view", table_view(&r->table, audience));
    json_object_set(m, "events", (json_t *)events);
    json_object_set(m, "deadline", (json_t *)deadline);
    return m;
}

void room_send_states(room *r, const json_t *events, int actor, const json_t *id)
{
    json_t *deadline = table_deadline_json(&r->table);
    /* One view and one serialization per seat... */
    for (int s = 0; s < r->state.nseats; s++) {
        player *p = r->state.seats[s].player;
        if (!p || !p->conn || p->room != r || p->seat != s)
            continue;
        json_t *m = state_json(r, s, events, deadline, s == actor ? id : NULL);
        send_json(p, m);
        json_decref(m);
    }
    /* ... and one for all spectators. */
    if (room_watching_now(r)) {
        json_t *m = state_json(r, GAME_SEAT_SPECTATOR, events, deadline, NULL);
        msg *out = msg_from_json(m);
        json_decref(m);
        for (int i = 0; out && i < r->nmembers; i++) {
            player *p = r->members[i];
            if (p->seat < 0 && p->conn)
                p->conn->ops->send(p->conn, out);
        }
        msg_unref(out);
    }
    json_decref(deadline);
}

static json_t *over_json(const room *r)
{
    json_t *m = proto_message("over", NULL);
    json_object_set_new(m, "room", json_string(r->code));
    json_object_set(m, "result", r->table.result);
    if (r->game_id > 0)
        json_object_set_new(m, "replay", json_integer((json_int_t)r->game_id));
    if (r->rating)
        json_object_set(m, "rating", r->rating);
    return m;
}

void room_set_rating(room *r, json_t *rating)
{
    json_decref(r->rating);
    r->rating = rating;
}

void room_send_over(room *r)
{
    json_t *m = over_json(r);
    send_all(r, m, NULL);
    json_decref(m);
}

void room_send_state_to(room *r, const player *p, const json_t *id)
{
    if (!r->table.game || !p->conn)
        return;
    json_t *events = json_array();
    json_t *deadline = table_deadline_json(&r->table);
    json_t *m = state_json(r, p->seat, events, deadline, id);
    send_json(p, m);
    json_decref(m);
    json_decref(deadline);
    json_decref(events);
    if (r->state.status == ROOM_OVER) {
        m = over_json(r);
        send_json(p, m);
        json_decref(m);
    }
}

/* Refills the room's chat allowances for the time since they were last
 * looked at. */
static void chat_refill(room *r)
{
    uint64_t now = sched_now(r->table.sched);
    double secs = (double)(now - r->chat_checked) / 1000.0, per_10s = r->limits.chat_per_10s;
    double all = r->chat_all + secs * per_10s / 10.0;
    double watchers = r->chat_watchers + secs * watchers_chat_cap(&r->limits) / 10.0;
    r->chat_all = all < per_10s ? all : per_10s;
    r->chat_watchers = watchers < watchers_chat_cap(&r->limits) ? watchers
                                                               : watchers_chat_cap(&r->limits);
    r->chat_checked = now;
}

/* ms until an allowance refilling cap lines per 10 s holds a whole line. */
static int64_t chat_wait_ms(double allowance, double cap)
{
    int64_t ms = (int64_t)ceil((1.0 - allowance) * 10000.0 / cap);
    return ms > 0 ? ms : 1;
}

/* Whether the room as a whole may carry one more line of p's: 0, or -1
 * with v set (nothing is spent either way). */
static int room_chat_fits(room *r, const player *p, verdict *v)
{
    const room_limits *lim = &r->limits;
    if (lim->chat_per_10s <= 0)
        return 0;
    chat_refill(r);
    if (r->chat_all < 1.0) {
        verdict_set(v, PROTO_RATE_LIMITED,
                    "room %s carries at most %d chat lines in 10 seconds from everyone "
                    "together; wait a few seconds",
                    r->code, lim->chat_per_10s);
        v->retry_ms = chat_wait_ms(r->chat_all, lim->chat_per_10s);
        return -1;
    }
    if (p->seat < 0 && r->chat_watchers < 1.0) {
        verdict_set(v, PROTO_RATE_LIMITED,
                    "the spectators of room %s may send %d chat lines in 10 seconds together, "
                    "and have; wait a few seconds",
                    r->code, (int)watchers_chat_cap(lim));
        v->retry_ms = chat_wait_ms(r->chat_watchers, watchers_chat_cap(lim));
        return -1;
    }
    return 0;
}

int room_chat(room *r, player *p, const char *given, const json_t *id, verdict *v)
{
    char text[4 * PROTO_MAX_CHAT + 1], why[128];
    if (is_muted(r, p))
        return verdict_set(v, PROTO_MUTED,
                           "the host of room %s has muted you; you can still %s, but not chat",
                           r->code, p->seat >= 0 ? "play" : "watch");
    if (!proto_clean_chat(given, text, sizeof text, why, sizeof why))
        return verdict_set(v, PROTO_BAD_MESSAGE, "%s", why);
    if (room_chat_fits(r, p, v) < 0)
        return -1;
    if (!player_chat_allowed(p))
        return verdict_set(v, PROTO_RATE_LIMITED,
                           "you are chatting too fast; wait a few seconds");
    if (r->limits.chat_per_10s > 0) {
        r->chat_all -= 1.0;
        if (p->seat < 0)
            r->chat_watchers -= 1.0;
    }
    json_t *m = proto_message("chat", NULL);
    json_object_set_new(m, "room", json_string(r->code));
    json_object_set_new(m, "from", json_pack("{s:s,s:s}", "id", p->id, "name", p->name));
    json_object_set_new(m, "text", json_string(text));
    json_object_set_new(m, "at", json_integer(walltime_ms()));
    msg *out = msg_from_json(m);
    for (int i = 0; out && i < r->nmembers; i++) {
        player *to = r->members[i];
        if (to->conn && (to != p || !id))
            to->conn->ops->send(to->conn, out);
    }
    if (id && p->conn) { /* the sender's copy answers its request */
        json_object_set(m, "id", (json_t *)id);
        send_json(p, m);
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

void room_send_chat_history(room *r, const player *to)
{
    /* The newest lines that fit in ROOM_BACKLOG_BYTES, oldest first. */
    int from = r->chat_len;
    size_t bytes = 0;
    while (from > 0) {
        size_t len = r->chat[(r->chat_head + from - 1) % ROOM_CHAT_HISTORY]->len;
        if (bytes + len > ROOM_BACKLOG_BYTES)
            break;
        bytes += len;
        from--;
    }
    for (int i = from; i < r->chat_len; i++)
        to->conn->ops->send(to->conn, r->chat[(r->chat_head + i) % ROOM_CHAT_HISTORY]);
}

/* --- looking --- */

bool room_sit_needs_approval(const room *r, const player *p, int s)
{
    return r->state.status == ROOM_PLAYING && r->state.host != p && s >= 0 &&
           s < r->state.nseats && r->state.seats[s].bot >= 0;
}

/* `sit_request` to the host, about the request of player_id (a member). */
static void send_request(room *r, const char *player_id, int s)
{
    const player *from = NULL;
    for (int i = 0; i < r->nmembers && !from; i++) {
        if (strcmp(r->members[i]->id, player_id) == 0)
            from = r->members[i];
    }
    player *host = r->state.host;
    if (!from || !host || !host->conn)
        return;
    json_t *m = proto_message("sit_request", NULL);
    json_object_set_new(m, "room", json_string(r->code));
    json_object_set_new(m, "seat", json_integer(s));
    json_object_set_new(m, "from", json_pack("{s:s,s:s}", "id", from->id, "name", from->name));
    send_json(host, m);
    json_decref(m);
}

void room_ask_host(room *r, player *p, int s, const json_t *id)
{
    map_put(&r->sit_requests, p->id, (void *)(intptr_t)(s + 1));
    send_request(r, p->id, s);
    if (r->state.host)
        r->requests_told = r->state.host->conn;
    json_t *m = proto_message("sit_pending", id);
    json_object_set_new(m, "room", json_string(r->code));
    json_object_set_new(m, "seat", json_integer(s));
    if (p->conn)
        send_json(p, m);
    json_decref(m);
}

int room_take_request(room *r, const player *p)
{
    intptr_t s = (intptr_t)map_remove(&r->sit_requests, p->id);
    return (int)s - 1;
}

void room_send_denied(room *r, const player *requester, int s, const json_t *id)
{
    json_t *m = proto_message("sit_denied", NULL);
    json_object_set_new(m, "room", json_string(r->code));
    json_object_set_new(m, "seat", json_integer(s));
    json_object_set_new(m, "player", json_string(requester->id));
    if (requester->conn)
        send_json(requester, m);
    if (r->state.host && r->state.host->conn) {
        if (id)
            json_object_set(m, "id", (json_t *)id);
        send_json(r->state.host, m);
    }
    json_decref(m);
}

bool room_has_connected_human(const room *r)
{
    for (int i = 0; i < r->nmembers; i++) {
        if (r->members[i]->conn)
            return true;
    }
    return false;
}

json_t *room_summary_json(const room *r)
{
    return json_pack("{s:s,s:s,s:s,s:i,s:i,s:s,s:i,s:s?,s:b}", "code", r->code, "game",
                     r->engine->id, "title", r->engine->title, "players", room_filled_seats(r),
                     "max_players", r->state.nseats, "status", room_status_name(r->state.status),
                     "spectators", room_watching_now(r), "host",
                     r->state.host ? r->state.host->name : NULL, "seeded", r->seed_fixed);
}
