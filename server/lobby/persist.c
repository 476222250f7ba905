/* persist.c: rows of players and rooms for the store. */
#include "lobby/persist.h"

#include "store/rating.h"
#include "store/store.h"
#include "util/walltime.h"

static const char *const input_kinds[] = {[TABLE_ACT] = "act", [TABLE_TICK] = "tick"};

int persist_begin(struct store *s)
{
    return s ? store_begin(s) : 0;
}

int persist_commit(struct store *s)
{
    return s ? store_commit(s) : 0;
}

int persist_player(struct store *s, const player *p)
{
    return s ? store_player_put(s, p->id, p->name, p->token_hash) : 0;
}

static json_t *seats_json(const room_state *st)
{
    json_t *seats = json_array();
    for (int i = 0; i < st->nseats; i++) {
        const seat *se = &st->seats[i];
        json_array_append_new(seats, json_pack("{s:s?,s:i,s:b,s:i}", "player",
                                               se->player ? se->player->id : NULL, "bot",
                                               se->bot, "takeover", se->takeover, "bot_was",
                                               se->bot_was));
    }
    return seats;
}

int persist_room(struct store *s, const room *r, const room_state *st)
{
    if (!s)
        return 0;
    if (!st)
        st = &r->state;
    json_t *seats = seats_json(st);
    store_room row = {
        .code = r->code,
        .game = r->engine->id,
        .status = room_status_name(st->status),
        .host = st->host ? st->host->id : NULL,
        .options = r->options,
        .seats = seats,
        .seed = st->seed,
        .seed_fixed = r->seed_fixed,
        .is_private = r->is_private,
        .bot_takeover = r->bot_takeover,
        .clock_ms = r->table.live ? table_clock(&r->table) : 0,
        .has_secret = st->has_secret,
        .secret = st->secret,
        .rules_revision = game_rules_revision(r->engine),
    };
    int rc = store_room_put(s, &row);
    json_decref(seats);
    return rc;
}

int persist_room_gone(struct store *s, const room *r)
{
    return s ? store_room_delete(s, r->code) : 0;
}

/* Who sat where, for the results history. */
static json_t *result_players(const room *r)
{
    json_t *players = json_array();
    for (int i = 0; i < r->state.nseats; i++) {
        const seat *st = &r->state.seats[i];
        json_t *p = json_pack("{s:i}", "seat", i);
        if (st->player) {
            json_object_set_new(p, "id", json_string(st->player->id));
            json_object_set_new(p, "name", json_string(st->player->name));
        }
        if (st->bot >= 0)
            json_object_set_new(p, "bot", json_string(r->engine->bot_levels[st->bot]));
        json_array_append_new(players, p);
    }
    return players;
}

int persist_inputs(struct store *s, const room *r, const table_commit *c, int64_t *game_id,
                   json_t **rating)
{
    if (game_id)
        *game_id = 0;
    if (rating)
        *rating = NULL;
    if (!s)
        return 0;
    int rc = store_begin(s);
    for (int i = 0; i < c->n; i++) {
        const table_input *in = &c->inputs[i];
        rc |= store_input_append(s, r->code, c->first_seq + (uint64_t)i, in->t, in->seat,
                                 input_kinds[in->kind], in->action);
    }
    if (c->result) {
        json_t *players = result_players(r);
        store_result row = {
            .code = r->code,
            .game = r->engine->id,
            .players = players,
            .result = c->result,
            .finished_at_ms = walltime_ms(),
            .is_private = r->is_private,
            .seeded = r->seed_fixed,
            .options = r->options,
            /* The seeds the game was dealt with (a game stored before
             * secrets were kept was dealt one derived from its seed). */
            .seats = r->table.nseats,
            .seed = r->table.seeds.seed,
            .has_secret = true,
            .secret = r->table.seeds.secret,
            .rules_revision = game_rules_revision(r->engine),
        };
        int64_t id = 0;
        rc |= store_result_add(s, &row, &id);
        /* The ratings move with the result, in its transaction. */
        if (rc == 0)
            rc |= rating_record(s, id, &row, rating);
        if (game_id)
            *game_id = id;
        json_decref(players);
        room_state over = r->state;
        over.status = ROOM_OVER;
        rc |= persist_room(s, r, &over);
    }
    /* A failure inside has already doomed the transaction: commit rolls it
     * back and says so too. */
    rc |= store_commit(s);
    if (rc && game_id)
        *game_id = 0;
    if (rc && rating) {
        json_decref(*rating);
        *rating = NULL;
    }
    return rc;
}
