/* lobby.c: the lobby's life, its rooms by code, its timers, the lists and
 * metrics, and the health of its store. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "lobby/lobby_int.h"
#include "lobby/remote.h"
#include "store/rstore.h"
#include "store/store.h"
#include "util/hold.h"
#include "util/log.h"
#include "util/metrics.h"

#define ROOMS_PUSH_DELAY_MS 300
#define ROOMS_LIST_MAX 200
#define CLOCK_SAVE_MS 5000
/* After a room closes, memory is handed back once things settle. */
#define TRIM_DELAY_MS 5000

/* Error replies sent, by code (the loop thread only). */
static uint64_t errors_sent[PROTO_CODE_COUNT];

lobby_config lobby_config_defaults(void)
{
    return (lobby_config){
        .max_rooms = 1000,
        .grace_ms = 120000,
        .room_grace_ms = 120000,
        .bot_pace_ms = 800,
        .bot_budget_ms = 1000,
        .player_ttl_ms = 24 * 3600 * 1000,
        .chat_per_10s = 10,
        .lone_room_grace_ms = 30000,
        .guest_ttl_ms = 10 * 60 * 1000,
        .rooms_per_min = 20,
        .players_per_min = 30,
        .joins_per_min = 60,
        .join_miss_cost = 10,
        .resumes_per_min = 120,
        .rooms_per_addr = 16,
        .rooms_per_player = 4,
        .bots_per_addr = 32,
        .max_spectators = 50,
        .room_chat_per_10s = 50,
        .replays_per_addr = 4,
        .replays_per_min = 30,
        .link_ttl_ms = 10 * 60 * 1000,
    };
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
    errors_sent[code]++;
    json_t *m = proto_error(id, code, message);
    lobby_send_json(c, m);
    json_decref(m);
}

void lobby_send_verdict(lobby_conn *c, const json_t *id, const verdict *v)
{
    errors_sent[v->code]++;
    json_t *m = proto_error(id, v->code, v->message);
    if (v->quota)
        json_object_set_new(m, "quota", json_string(v->quota));
    if (v->retry_ms > 0)
        json_object_set_new(m, "retry_after_ms", json_integer(v->retry_ms));
    lobby_send_json(c, m);
    json_decref(m);
}

/* --- quotas --- */

#define QUOTA_SWEEP_MS 60000

static void quota_sweep_fired(wheel_timer *t)
{
    lobby *l = t->data;
    if (quota_prune(&l->quotas, sched_now(&l->sched)) && !l->closing)
        sched_start(&l->sched, t, QUOTA_SWEEP_MS);
}

int lobby_quota_take(lobby *l, const lobby_conn *c, quota_kind k, double cost, verdict *v)
{
    uint64_t wait;
    if (quota_take(&l->quotas, c->addr, k, cost, sched_now(&l->sched), &wait)) {
        if (!wheel_armed(&l->quota_sweep) && !l->closing)
            sched_start(&l->sched, &l->quota_sweep, QUOTA_SWEEP_MS);
        return 0;
    }
    static const char *const what[QUOTA_RATE_COUNT] = {
        [QUOTA_ROOMS_PER_MIN] = "rooms created", [QUOTA_PLAYERS_PER_MIN] = "new players",
        [QUOTA_JOINS_PER_MIN] = "join attempts (a wrong code counts more)",
        [QUOTA_RESUMES_PER_MIN] = "reconnections", [QUOTA_REPLAYS_PER_MIN] = "replays opened"};
    verdict_set(v, PROTO_RATE_LIMITED,
                "too many %s from your address; try again in %llu s", what[k],
                (unsigned long long)(wait + 999) / 1000);
    v->quota = quota_name(k);
    v->retry_ms = (int64_t)wait;
    return -1;
}

/* Whether r counts toward the rooms (and bot seats) its creator and its
 * creator's address hold: while its game is not over and someone is in it
 * (seated or watching, connected or away within the grace period). A room
 * everyone has left, to bots or to nobody, holds nothing of anyone's: it
 * closes soon (lobby_check_empty). `leaving` is about to leave (a create
 * leaves its player's room): it no longer counts as in. */
static bool counts_against(const room *r, const player *leaving)
{
    if (r->closed || r->state.status == ROOM_OVER)
        return false;
    return r->nmembers > (leaving && leaving->room == r ? 1 : 0);
}

/* "ABCDE, FGHJK, ..." into buf: the codes of the rooms that count toward
 * player_id. */
static void codes_of(lobby *l, const player *p, char *buf, size_t len)
{
    buf[0] = '\0';
    for (map_iter it = map_first(&l->rooms); it.entry; map_next(&l->rooms, &it)) {
        const room *r = map_iter_value(&it);
        if (counts_against(r, p) && strcmp(r->creator_id, p->id) == 0) {
            size_t used = strlen(buf);
            snprintf(buf + used, len - used, "%s%s", used ? ", " : "", r->code);
        }
    }
}

int lobby_quota_rooms(lobby *l, const lobby_conn *c, verdict *v)
{
    const player *p = c->player;
    int by_addr = 0, by_player = 0;
    for (map_iter it = map_first(&l->rooms); it.entry; map_next(&l->rooms, &it)) {
        const room *r = map_iter_value(&it);
        if (!counts_against(r, p))
            continue;
        by_addr += r->creator_addr[0] && strcmp(r->creator_addr, c->addr) == 0;
        by_player += r->creator_id[0] && strcmp(r->creator_id, p->id) == 0;
    }
    int max_player = l->cfg.rooms_per_player, max_addr = l->cfg.rooms_per_addr;
    if (max_player && by_player >= max_player) {
        char codes[64];
        codes_of(l, p, codes, sizeof codes);
        quota_refused(&l->quotas, QUOTA_ROOMS_PER_PLAYER);
        if (by_player == 1)
            verdict_set(v, PROTO_QUOTA_EXCEEDED,
                        "you already have an open room with people in it (%s), the most the "
                        "server allows one player; go back to it, or try again when its game "
                        "has ended or everyone has left it",
                        codes);
        else
            verdict_set(v, PROTO_QUOTA_EXCEEDED,
                        "you already have %d open rooms with people in them (%s), the most the "
                        "server allows one player; go back to one of them, or try again when "
                        "one has ended or everyone has left it",
                        by_player, codes);
        v->quota = quota_name(QUOTA_ROOMS_PER_PLAYER);
        return -1;
    }
    if (max_addr && by_addr >= max_addr) {
        quota_refused(&l->quotas, QUOTA_ROOMS_PER_ADDR);
        verdict_set(v, PROTO_QUOTA_EXCEEDED,
                    "%d %s made from your address %s open with people in %s, the most the "
                    "server allows one address; try again when %s has ended or everyone has "
                    "left it",
                    by_addr, by_addr == 1 ? "room" : "rooms", by_addr == 1 ? "is" : "are",
                    by_addr == 1 ? "it" : "them", by_addr == 1 ? "its game" : "one of them");
        v->quota = quota_name(QUOTA_ROOMS_PER_ADDR);
        return -1;
    }
    return 0;
}

int lobby_quota_bots(lobby *l, const char *addr, int more, verdict *v)
{
    int max = l->cfg.bots_per_addr;
    if (!max || !addr[0])
        return 0;
    int held = 0;
    for (map_iter it = map_first(&l->rooms); it.entry; map_next(&l->rooms, &it)) {
        const room *r = map_iter_value(&it);
        if (!counts_against(r, NULL) || strcmp(r->creator_addr, addr) != 0)
            continue;
        for (int s = 0; s < r->state.nseats; s++)
            held += r->state.seats[s].bot >= 0 && !r->state.seats[s].takeover;
    }
    if (held + more <= max)
        return 0;
    quota_refused(&l->quotas, QUOTA_BOTS_PER_ADDR);
    verdict_set(v, PROTO_QUOTA_EXCEEDED,
                "the open rooms made from your address already hold %d bot %s, the most "
                "the server allows one address; take a bot out of its seat, or end or leave a "
                "game with bots, then try again",
                held, held == 1 ? "seat" : "seats");
    v->quota = quota_name(QUOTA_BOTS_PER_ADDR);
    return -1;
}

/* --- the store's health --- */

int lobby_unavailable(verdict *v)
{
    return verdict_set(v, PROTO_UNAVAILABLE,
                       "the server could not store that just now; nothing changed, try again "
                       "shortly");
}

int lobby_wrote(lobby *l, int rc)
{
    if (rc < 0 && !wheel_armed(&l->probe) && !l->closing)
        sched_start(&l->sched, &l->probe, LOBBY_RETRY_MS);
    return rc;
}

bool lobby_storage_ok(const lobby *l)
{
    return !l->store || store_ok(l->store);
}

/* Writing works again: what waited for it is done now. */
static void storage_back(lobby *l)
{
    for (map_iter it = map_first(&l->rooms); it.entry; map_next(&l->rooms, &it)) {
        room *r = map_iter_value(&it);
        bool changed = false;
        for (int i = 0; i < r->nmembers; i++) {
            if (r->members[i]->conn)
                changed |= lobby_player_back(l, r->members[i]);
        }
        if (changed)
            room_announce(r, NULL, NULL);
    }
}

static void probe_fired(wheel_timer *t)
{
    lobby *l = t->data;
    if (store_ok(l->store) || store_probe(l->store) == 0)
        storage_back(l);
    else
        sched_start(&l->sched, &l->probe, LOBBY_RETRY_MS);
}

/* In distributed mode, a write of code failed or was refused: the room in
 * memory may be ahead of Redis, or another node's now. */
static void lobby_write_lost(void *arg, const char *code, bool fenced)
{
    lobby *l = arg;
    room *r = map_get(&l->rooms, code);
    (void)fenced;
    if (r && l->remote && !l->closing)
        remote_unload(l, r);
}

/* --- rooms --- */

static void close_timer_fired(wheel_timer *t)
{
    room *r = t->data;
    lobby *l = r->owner;
    if (room_has_connected_human(r))
        return;
    if (lobby_wrote(l, persist_room_gone(l->store, r)) < 0) {
        sched_start(&l->sched, &r->close_timer, LOBBY_RETRY_MS);
        return;
    }
    log_info("room %s closes: no one has been connected for a while", r->code);
    lobby_room_close(l, r, "closed");
}

void lobby_check_empty(lobby *l, room *r)
{
    if (r->closed)
        return;
    bool attended = room_has_connected_human(r);
    /* Bots play only while someone is there to see it: a room of bots
     * left to itself costs nothing until it closes. */
    table_pause_bots(&r->table, !attended);
    if (attended) {
        sched_stop(&l->sched, &r->close_timer);
        return;
    }
    /* A room nobody else ever joined (made and dropped), or that everyone
     * has left (no seat is held for anyone: bots alone, or nobody), goes
     * soon; one where someone is away keeps the full grace, as their seat
     * does, and so does a game in play that someone may come back to. */
    bool soon = r->nmembers == 0 ||
                (!r->others_joined && r->state.status != ROOM_PLAYING);
    uint64_t delay = (uint64_t)(soon ? l->cfg.lone_room_grace_ms : l->cfg.room_grace_ms);
    uint64_t due = sched_now(&l->sched) + delay;
    if (!wheel_armed(&r->close_timer) || r->close_timer.due > due)
        sched_start(&l->sched, &r->close_timer, delay);
}

/* The table's host is its room; the room's owner is the lobby. */
static int on_commit(void *host, const table_commit *c)
{
    room *r = host;
    lobby *l = r->owner;
    int64_t id = 0;
    json_t *rating = NULL;
    int rc = lobby_wrote(l, persist_inputs(l->store, r, c, &id, &rating));
    /* Named in the over message as its replay (kept in the same
     * transaction, in SQLite or in Redis). */
    if (rc == 0 && c->result)
        r->game_id = id;
    if (rating) /* announced with the result (room_send_over) */
        room_set_rating(r, rating);
    return rc;
}

static void on_applied(void *host, const json_t *events, int actor, const json_t *id)
{
    room_send_states(host, events, actor, id);
}

static void on_over(void *host)
{
    room *r = host;
    room_state next = r->state;
    next.status = ROOM_OVER; /* stored with the last input */
    room_set_state(r, &next);
    log_info("room %s: game over after %llu inputs", r->code, (unsigned long long)r->table.seq);
    room_send_over(r);
    room_announce(r, NULL, NULL);
    lobby_rooms_changed(r->owner);
}

static json_t *on_log(void *host)
{
    room *r = host;
    lobby *l = r->owner;
    return l->store ? store_inputs(l->store, r->code) : NULL;
}

static void on_lost(void *host)
{
    room *r = host;
    lobby *l = r->owner;
    if (l->remote) { /* its log is in Redis: it comes back from there */
        remote_unload(l, r);
        return;
    }
    log_error("room %s closes until the next start: its game no longer matches its log",
              r->code);
    lobby_room_close(l, r, "closed");
}

static const table_ops room_table_ops = {on_commit, on_applied, on_over, on_log, on_lost};

room *lobby_room_new(lobby *l, const room_settings *rs)
{
    room_settings with_code = *rs;
    char code[IDS_CODE_LEN + 1];
    if (!with_code.code) {
        if (l->remote) { /* unique across nodes: reserved ahead in Redis */
            if (!remote_take_code(l, code)) {
                json_decref(rs->options);
                return NULL;
            }
        } else {
            do {
                ids_room_code(code);
            } while (map_get(&l->rooms, code));
        }
        with_code.code = code;
    }
    if (map_get(&l->rooms, with_code.code)) {
        json_decref(rs->options);
        return NULL;
    }
    room *r = room_new(&with_code, l->loop, &l->sched, &room_table_ops, l->cfg.bot_pace_ms);
    if (!r)
        return NULL;
    r->owner = l;
    r->table.bot_budget_ms = l->cfg.bot_budget_ms;
    room_set_limits(r, &(room_limits){l->cfg.max_spectators, l->cfg.room_chat_per_10s});
    wheel_timer_init(&r->close_timer, close_timer_fired, r);
    if (!map_put(&l->rooms, r->code, r)) {
        room_close(r, "closed");
        return NULL;
    }
    log_debug("room %s opened: %s", r->code, r->engine->id);
    return r;
}

void lobby_room_close(lobby *l, room *r, const char *reason)
{
    if (r->closed)
        return;
    map_remove(&l->rooms, r->code);
    if (store_redis(l->store))
        rstore_forget(store_redis(l->store), r->code);
    sched_stop(&l->sched, &r->close_timer);
    room_close(r, reason);
    lobby_rooms_changed(l);
    if (!l->closing && !wheel_armed(&l->trim))
        sched_start(&l->sched, &l->trim, TRIM_DELAY_MS);
}

/* Rooms closed a while ago: give the memory they freed back to the system.
 * glibc keeps freed memory in the loop thread's heap (600 bot rooms left
 * ~50 MB mapped with 3 MB in use after they were all gone: notes/core.md),
 * and only trims the top of it by itself. */
static void trim_fired(wheel_timer *t)
{
    (void)t;
#ifdef __GLIBC__
    malloc_trim(0);
#endif
}

/* --- timers --- */

/* r as an entry of a player's `mine`: its summary, whether it is private,
 * whether the player is in it and whether they made it. */
static json_t *mine_entry(const room *r, bool in, bool made)
{
    json_t *e = room_summary_json(r);
    json_object_set_new(e, "private", json_boolean(r->is_private));
    json_object_set_new(e, "in", json_boolean(in));
    json_object_set_new(e, "made", json_boolean(made));
    return e;
}

static json_t *mine_json(lobby *l, const player *p)
{
    json_t *mine = json_array();
    if (p->room && !p->room->closed)
        json_array_append_new(
            mine, mine_entry(p->room, true, strcmp(p->room->creator_id, p->id) == 0));
    for (map_iter it = map_first(&l->rooms); it.entry && json_array_size(mine) < LOBBY_MINE_MAX;
         map_next(&l->rooms, &it)) {
        const room *r = map_iter_value(&it);
        if (r != p->room && !r->closed && strcmp(r->creator_id, p->id) == 0)
            json_array_append_new(mine, mine_entry(r, false, true));
    }
    return mine;
}

json_t *lobby_rooms_message(lobby *l, const player *p, const json_t *id)
{
    json_t *m = proto_message("rooms", id);
    json_object_set_new(m, "rooms", lobby_rooms_json(l));
    json_object_set_new(m, "mine", p ? mine_json(l, p) : json_array());
    return m;
}

/* Pushes the rooms list to everyone watching it from outside a room (and
 * in distributed mode stores this node's part for the others): one
 * serialization for all, and one of its own for each who made rooms still
 * open (its `mine`, gathered in one pass over the rooms). */
static void push_rooms(wheel_timer *t)
{
    lobby *l = t->data;
    if (l->remote)
        remote_publish(l);
    json_t *m = lobby_rooms_message(l, NULL, NULL);
    msg *out = msg_from_json(m);
    map made; /* creator id -> its `mine` (a json array) */
    map_init(&made);
    for (map_iter it = map_first(&l->rooms); it.entry; map_next(&l->rooms, &it)) {
        const room *r = map_iter_value(&it);
        if (r->closed || !r->creator_id[0])
            continue;
        json_t *mine = map_get(&made, r->creator_id);
        if (!mine && !map_put(&made, r->creator_id, mine = json_array())) {
            json_decref(mine);
            continue;
        }
        if (json_array_size(mine) < LOBBY_MINE_MAX)
            json_array_append_new(mine, mine_entry(r, false, true));
    }
    for (map_iter it = map_first(&l->players.by_id); out && it.entry;
         map_next(&l->players.by_id, &it)) {
        player *p = map_iter_value(&it);
        if (!p->watching_rooms || !p->conn || p->room)
            continue;
        json_t *mine = map_get(&made, p->id);
        if (!mine) {
            p->conn->ops->send(p->conn, out);
            continue;
        }
        json_object_set(m, "mine", mine);
        lobby_send_json(p->conn, m);
    }
    for (map_iter it = map_first(&made); it.entry; map_next(&made, &it))
        json_decref(map_iter_value(&it));
    map_free(&made);
    msg_unref(out);
    json_decref(m);
}

void lobby_rooms_changed(lobby *l)
{
    if (!l->closing && !wheel_armed(&l->rooms_dirty))
        sched_start(&l->sched, &l->rooms_dirty, ROOMS_PUSH_DELAY_MS);
}

static bool any_in_play(lobby *l)
{
    for (map_iter it = map_first(&l->rooms); it.entry; map_next(&l->rooms, &it)) {
        if (((room *)map_iter_value(&it))->table.live)
            return true;
    }
    return false;
}

void lobby_save_clocks(lobby *l)
{
    if (!l->store || !l->rooms.count)
        return;
    const char **codes = malloc(l->rooms.count * sizeof *codes);
    int64_t *clocks = malloc(l->rooms.count * sizeof *clocks);
    size_t n = 0;
    for (map_iter it = map_first(&l->rooms); codes && clocks && it.entry;
         map_next(&l->rooms, &it)) {
        room *r = map_iter_value(&it);
        if (r->table.live) {
            codes[n] = r->code;
            clocks[n++] = table_clock(&r->table);
        }
    }
    /* Best effort: a clock saved late only makes deadlines after a crash
     * resume a little earlier in the game. */
    lobby_wrote(l, store_room_clocks(l->store, codes, clocks, n));
    free(codes);
    free(clocks);
}

/* Every few seconds while games are in play their clocks are saved, so that
 * after a crash their deadlines resume about where they were. */
static void clocks_due(wheel_timer *t)
{
    lobby *l = t->data;
    lobby_save_clocks(l);
    if (any_in_play(l))
        sched_start(&l->sched, t, CLOCK_SAVE_MS);
}

void lobby_clocks_running(lobby *l)
{
    if (l->store && !l->closing && !wheel_armed(&l->clock_saver))
        sched_start(&l->sched, &l->clock_saver, CLOCK_SAVE_MS);
}

/* --- lists and metrics --- */

static json_t *room_level_options(const game_engine *e)
{
    json_t *opts = json_array();
    json_array_append_new(
        opts, json_pack("{s:s,s:s,s:i,s:i,s:I,s:s,s:s}", "name", "seed", "type", "int",
                        "default", 0, "min", 0, "max", (json_int_t)LOBBY_SEED_MAX, "label",
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
    json_t *rooms = lobby_own_rooms_json(l);
    if (l->remote)
        remote_add_others(l, rooms, ROOMS_LIST_MAX);
    return rooms;
}

json_t *lobby_own_rooms_json(lobby *l)
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

/* Adds n to key's count in m (counts are kept as pointer-sized integers);
 * returns the new count. */
static int64_t count_add(map *m, const char *key, int64_t n)
{
    int64_t c = (intptr_t)map_get(m, key) + n;
    map_put(m, key, (void *)(intptr_t)c);
    return c;
}

/* The most rooms one address and one player hold, and the most bot seats in
 * the rooms of one address. */
static void held_tops(lobby *l, int64_t top[QUOTA_KIND_COUNT])
{
    map by_addr, by_player, bots;
    map_init(&by_addr);
    map_init(&by_player);
    map_init(&bots);
    for (map_iter it = map_first(&l->rooms); it.entry; map_next(&l->rooms, &it)) {
        const room *r = map_iter_value(&it);
        if (!counts_against(r, NULL))
            continue;
        int64_t c;
        if (r->creator_addr[0] && (c = count_add(&by_addr, r->creator_addr, 1)) >
                                      top[QUOTA_ROOMS_PER_ADDR])
            top[QUOTA_ROOMS_PER_ADDR] = c;
        if (r->creator_id[0] && (c = count_add(&by_player, r->creator_id, 1)) >
                                    top[QUOTA_ROOMS_PER_PLAYER])
            top[QUOTA_ROOMS_PER_PLAYER] = c;
        int n = 0;
        for (int s = 0; s < r->state.nseats; s++)
            n += r->state.seats[s].bot >= 0 && !r->state.seats[s].takeover;
        if (r->creator_addr[0] && n &&
            (c = count_add(&bots, r->creator_addr, n)) > top[QUOTA_BOTS_PER_ADDR])
            top[QUOTA_BOTS_PER_ADDR] = c;
    }
    map_free(&by_addr);
    map_free(&by_player);
    map_free(&bots);
}

void lobby_metrics_write(lobby *l, FILE *out)
{
    metrics_family(out, "botpit_rooms", "gauge", "Rooms open now, by game and status.");
    for (int g = 0; game_engines[g]; g++) {
        int counts[ROOM_STATUS_COUNT] = {0};
        for (map_iter it = map_first(&l->rooms); it.entry; map_next(&l->rooms, &it)) {
            const room *r = map_iter_value(&it);
            if (r->engine == game_engines[g])
                counts[r->state.status]++;
        }
        for (int s = 0; s < ROOM_STATUS_COUNT; s++) {
            char labels[128];
            snprintf(labels, sizeof labels, "game=\"%s\",status=\"%s\"", game_engines[g]->id,
                     room_status_name((room_status)s));
            metrics_series(out, "botpit_rooms", labels, counts[s]);
        }
    }
    int64_t connected = 0;
    for (map_iter it = map_first(&l->players.by_id); it.entry; map_next(&l->players.by_id, &it))
        connected += ((player *)map_iter_value(&it))->conn != NULL;
    metrics_gauge(out, "botpit_players",
                  "Players the server knows, connected or within their grace period.",
                  (int64_t)l->players.by_id.count);
    metrics_gauge(out, "botpit_players_connected", "Players with an open connection.", connected);
    int64_t held_top[QUOTA_KIND_COUNT] = {0};
    held_tops(l, held_top);
    held_top[QUOTA_REPLAYS_PER_ADDR] = lobby_replays_top(l);
    metrics_gauge(out, "botpit_replays_open",
                  "Replays of finished games open now (one at most per connection).",
                  l->replays_open);
    quota_metrics_write(&l->quotas, held_top, sched_now(&l->sched), out);
    metrics_family(out, "botpit_errors_total", "counter", "Error replies sent, by code.");
    for (int c = 1; c < PROTO_CODE_COUNT; c++) {
        char labels[64];
        snprintf(labels, sizeof labels, "code=\"%s\"", proto_code_name((proto_code)c));
        metrics_series(out, "botpit_errors_total", labels, (int64_t)errors_sent[c]);
    }
    if (!l->store)
        return;
    metrics_gauge(out, "botpit_rooms_broken",
                  "Stored rooms that could not be restored exactly, kept aside.", l->broken);
    metrics_gauge(out, "botpit_rooms_other_rules",
                  "Rooms kept aside since this start (at it, or in distributed mode when "
                  "claimed or loaded) because they were played under another rules revision "
                  "of their game than this server's.",
                  l->other_rules);
    metrics_counter(out, "botpit_store_errors_total", "Database writes that failed.",
                    store_failures(l->store));
    metrics_gauge(out, "botpit_store_ok",
                  "1 while database writes succeed, 0 while they fail (changes are refused).",
                  store_ok(l->store));
    if (l->remote)
        remote_metrics_write(l, out);
}

/* --- messages in --- */

void lobby_receive(lobby *l, lobby_conn *c, const char *text, size_t len)
{
    if (c->parked) { /* an earlier request waits for Redis: this one waits behind it */
        remote_queue(l, c, text, len);
        return;
    }
    l->text = text;
    l->text_len = len;
    proto_request q;
    char why[256];
    proto_code code = proto_decode(text, len, &q, why, sizeof why);
    if (code != PROTO_OK)
        lobby_send_error(c, q.id, code, why);
    else if (!c->player && q.verb != PROTO_HELLO)
        lobby_send_error(c, q.id, PROTO_NOT_AUTHENTICATED,
                         "say hello first: {\"type\":\"hello\",\"name\":\"your name\"}");
    else
        lobby_dispatch(l, c, &q);
    proto_request_free(&q);
}

void lobby_disconnect(lobby *l, lobby_conn *c)
{
    lobby_replay_drop(l, c);
    if (c->parked)
        remote_conn_gone(l, c);
    player *p = c->player;
    if (!p)
        return;
    player_detach(p);
    if (p->room) {
        room_announce(p->room, NULL, NULL);
        lobby_check_empty(l, p->room);
        if (p->seat < 0) /* one fewer watching */
            lobby_rooms_changed(l);
    }
}

/* --- life --- */

lobby *lobby_new(uv_loop_t *loop, const lobby_config *cfg)
{
    lobby *l = calloc(1, sizeof *l);
    if (!l)
        return NULL;
    l->loop = loop;
    l->cfg = *cfg;
    /* The short periods are never longer than the ordinary ones. */
    if (l->cfg.lone_room_grace_ms > l->cfg.room_grace_ms)
        l->cfg.lone_room_grace_ms = l->cfg.room_grace_ms;
    if (l->cfg.guest_ttl_ms > l->cfg.player_ttl_ms)
        l->cfg.guest_ttl_ms = l->cfg.player_ttl_ms;
    sched_init(&l->sched, loop);
    players_init(&l->players, &l->sched, &l->cfg, lobby_player_expired, l);
    map_init(&l->rooms);
    map_init(&l->replays_by_addr);
    wheel_timer_init(&l->rooms_dirty, push_rooms, l);
    wheel_timer_init(&l->clock_saver, clocks_due, l);
    wheel_timer_init(&l->probe, probe_fired, l);
    wheel_timer_init(&l->quota_sweep, quota_sweep_fired, l);
    wheel_timer_init(&l->trim, trim_fired, l);
    quota_init(&l->quotas);
    link_init(&l->links, (uint64_t)cfg->link_ttl_ms);
    const int limits[QUOTA_KIND_COUNT] = {
        [QUOTA_ROOMS_PER_MIN] = cfg->rooms_per_min,   [QUOTA_PLAYERS_PER_MIN] = cfg->players_per_min,
        [QUOTA_JOINS_PER_MIN] = cfg->joins_per_min,   [QUOTA_RESUMES_PER_MIN] = cfg->resumes_per_min,
        [QUOTA_ROOMS_PER_ADDR] = cfg->rooms_per_addr,
        [QUOTA_ROOMS_PER_PLAYER] = cfg->rooms_per_player, [QUOTA_BOTS_PER_ADDR] = cfg->bots_per_addr,
        [QUOTA_REPLAYS_PER_MIN] = cfg->replays_per_min, [QUOTA_REPLAYS_PER_ADDR] = cfg->replays_per_addr,
    };
    for (int k = 0; k < QUOTA_KIND_COUNT; k++)
        l->quotas.limit[k] = limits[k];
    return l;
}

void lobby_set_store(lobby *l, struct store *s)
{
    l->store = s;
}

void lobby_set_cluster(lobby *l, struct cluster *c)
{
    l->remote = remote_new(l, c);
    rstore_on_lost(store_redis(l->store), lobby_write_lost, l);
}

hold *lobby_hold_for(lobby *l, const lobby_conn *c)
{
    rstore *rs = l->remote ? store_redis(l->store) : NULL;
    if (!rs || !c->player)
        return NULL;
    const player *p = c->player;
    hold *h = rstore_hold(rs, p->id);
    return p->room ? hold_later(h, rstore_hold(rs, p->room->code)) : h;
}

void lobby_hand_over(lobby *l, void (*done)(void *arg), void *arg)
{
    if (!l->remote) {
        done(arg);
        return;
    }
    remote_hand_over(l, done, arg);
}

static void free_lobby(uv_handle_t *h)
{
    free((char *)h - offsetof(lobby, sched.timer));
}

void lobby_free(lobby *l)
{
    l->closing = true;
    lobby_replays_close(l);
    map_free(&l->replays_by_addr);
    if (l->remote) /* answers still to come must not reach a freed lobby */
        rstore_on_lost(store_redis(l->store), NULL, NULL);
    remote_free(l->remote);
    l->remote = NULL;
    /* At shutdown the rooms stay in the store, to come back. */
    while (l->rooms.count) {
        map_iter it = map_first(&l->rooms);
        lobby_room_close(l, map_iter_value(&it), "closed");
    }
    map_free(&l->rooms);
    players_free(&l->players);
    sched_stop(&l->sched, &l->quota_sweep);
    quota_free(&l->quotas);
    link_free(&l->links);
    sched_close(&l->sched, free_lobby);
}
