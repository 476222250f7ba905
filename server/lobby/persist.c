/* persist.c: the lobby's side of persistence: what is saved of players and
 * rooms, when, and how rooms come back after a restart. Every function is a
 * no-op when the lobby has no store. */
#include <stdlib.h>
#include <string.h>

#include "lobby/lobby_int.h"
#include "store/store.h"
#include "util/log.h"
#include "util/metrics.h"

static const char *const status_names[] = {"lobby", "playing", "over"};
static const char *const input_kinds[] = {"act", "tick"};

#define PERSIST_CLOCK_MS 5000

void persist_player(lobby *l, const player *p)
{
    if (l->store && store_player_put(l->store, p->id, p->name, p->token_hash) < 0)
        botpit_metrics.store_errors++;
}

static json_t *seats_json(const room *r)
{
    json_t *seats = json_array();
    for (int i = 0; i < r->nseats; i++) {
        const seat *st = &r->seats[i];
        json_array_append_new(seats, json_pack("{s:s?,s:i,s:b}", "player",
                                               st->player ? st->player->id : NULL, "bot",
                                               st->bot, "takeover", st->takeover));
    }
    return seats;
}

void persist_room(room *r)
{
    if (!r->lobby->store || r->closed)
        return;
    json_t *seats = seats_json(r);
    store_room row = {
        .code = r->code,
        .game = r->engine->id,
        .status = status_names[r->status],
        .host = r->host ? r->host->id : NULL,
        .options = r->options,
        .seats = seats,
        .seed = r->seed,
        .seed_fixed = r->seed_fixed,
        .is_private = r->is_private,
        .bot_takeover = r->bot_takeover,
        .clock_ms = r->status == ROOM_PLAYING ? table_clock(r) : 0,
    };
    if (store_room_put(r->lobby->store, &row) < 0)
        botpit_metrics.store_errors++;
    json_decref(seats);
}

int persist_input(room *r, const room_input *in)
{
    if (!r->lobby->store)
        return 0;
    if (store_input_append(r->lobby->store, r->code, r->seq, in->t, in->seat,
                           input_kinds[in->kind], in->action) < 0) {
        botpit_metrics.store_errors++;
        return -1;
    }
    return 0;
}

void persist_result(room *r)
{
    if (!r->lobby->store)
        return;
    json_t *players = json_array();
    for (int i = 0; i < r->nseats; i++) {
        const seat *st = &r->seats[i];
        json_t *p = json_pack("{s:i}", "seat", i);
        if (st->player) {
            json_object_set_new(p, "id", json_string(st->player->id));
            json_object_set_new(p, "name", json_string(st->player->name));
        }
        if (st->bot >= 0)
            json_object_set_new(p, "bot", json_string(r->engine->bot_levels[st->bot]));
        json_array_append_new(players, p);
    }
    if (store_result_put(r->lobby->store, r->code, r->engine->id, players, r->result,
                         lobby_wall_ms()) < 0)
        botpit_metrics.store_errors++;
    json_decref(players);
}

void persist_room_gone(room *r)
{
    if (r->lobby->store && store_room_delete(r->lobby->store, r->code) < 0)
        botpit_metrics.store_errors++;
}

/* --- restoring --- */

typedef struct restore_count {
    lobby *lobby;
    int rooms, broken, players;
} restore_count;

static void restore_player(void *arg, const char *id, const char *name, const uint8_t hash[32])
{
    restore_count *c = arg;
    if (player_restore(c->lobby, id, name, hash))
        c->players++;
}

static void set_aside(restore_count *c, const char *code, const char *why)
{
    log_error("room %s cannot be restored and is kept aside: %s", code, why);
    store_room_mark_broken(c->lobby->store, code, why);
    c->broken++;
}

static void restore_seats(room *r, const json_t *seats)
{
    size_t i;
    const json_t *st;
    json_array_foreach(seats, i, st) {
        if ((int)i >= ROOM_MAX_SEATS)
            break;
        const char *pid = json_string_value(json_object_get(st, "player"));
        player *p = pid ? map_get(&r->lobby->players_by_id, pid) : NULL;
        int bot = (int)json_integer_value(json_object_get(st, "bot"));
        if (bot >= 0 && !r->engine->bot_levels)
            bot = -1;
        room_restore_seat(r, (int)i, p, bot, json_is_true(json_object_get(st, "takeover")));
    }
}

static void restore_room(void *arg, const store_room *row, const json_t *inputs)
{
    restore_count *c = arg;
    lobby *l = c->lobby;
    const game_engine *e = game_engine_find(row->game);
    if (!e) {
        set_aside(c, row->code, "this server has no such game");
        return;
    }
    if (strcmp(row->status, "over") == 0) { /* finished: its result is stored */
        store_room_delete(l->store, row->code);
        return;
    }
    game_error err;
    json_t *options = game_options_resolve(e, row->options, &err);
    if (!options) {
        set_aside(c, row->code, err.message);
        return;
    }
    room_settings rs = {e, options, row->seed, row->seed_fixed, row->bot_takeover,
                        row->is_private, row->code};
    room *r = room_new(l, &rs);
    if (!r) {
        set_aside(c, row->code, "its code is taken");
        return;
    }
    if (strcmp(row->status, "playing") == 0)
        r->nseats = (int)json_array_size(row->seats);
    restore_seats(r, row->seats);
    r->host = row->host ? map_get(&l->players_by_id, row->host) : NULL;
    if (!r->host || r->host->room != r)
        r->host = r->nmembers ? r->members[0] : NULL;
    if (strcmp(row->status, "playing") == 0 &&
        table_replay(r, inputs, row->clock_ms, &err) < 0) {
        set_aside(c, row->code, err.message);
        r->keep_in_store = true;
        room_close(r, "closed");
        return;
    }
    room_check_empty(r);
    c->rooms++;
}

int lobby_restore(lobby *l, int *rooms, int *broken)
{
    restore_count c = {l, 0, 0, 0};
    if (!l->store)
        return 0;
    int rc = store_each_player(l->store, restore_player, &c);
    if (rc == 0)
        rc = store_each_room(l->store, restore_room, &c);
    *rooms = c.rooms;
    *broken = c.broken;
    log_info("restored %d rooms and %d players (%d rooms kept aside)", c.rooms, c.players,
             c.broken);
    return rc;
}

json_t *lobby_results_json(lobby *l, const char *game, const char *player_id, int limit)
{
    return l->store ? store_results(l->store, game, player_id, limit) : json_array();
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
        if (r->status == ROOM_PLAYING) {
            codes[n] = r->code;
            clocks[n++] = table_clock(r);
        }
    }
    if (store_room_clocks(l->store, codes, clocks, n) < 0)
        botpit_metrics.store_errors++;
    free(codes);
    free(clocks);
}

/* Every few seconds the clocks of rooms in play are saved, so that after a
 * crash their deadlines resume about where they were. */
static void clocks_due(wheel_timer *t)
{
    lobby *l = t->data;
    lobby_save_clocks(l);
    lobby_wheel_start(l, t, PERSIST_CLOCK_MS);
}

static void persist_start(lobby *l)
{
    wheel_timer_init(&l->clock_saver, clocks_due, l);
    lobby_wheel_start(l, &l->clock_saver, PERSIST_CLOCK_MS);
}

void lobby_set_store(lobby *l, store *s)
{
    l->store = s;
    persist_start(l);
}
