/* restore.c: rooms back from the store after a restart, and the results
 * history. A room comes back exactly, by replaying its whole log, or not at
 * all: one that cannot is kept aside in the store, never deleted and never
 * half-restored. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lobby/lobby_int.h"
#include "store/rating.h"
#include "store/rstore.h"
#include "store/store.h"
#include "util/log.h"

typedef struct restore_count {
    lobby *lobby;
    int rooms, broken, players;
} restore_count;

static void restore_player(void *arg, const char *id, const char *name,
                           const uint8_t hash[IDS_HASH_BYTES])
{
    restore_count *c = arg;
    if (player_restore(&c->lobby->players, id, name, hash))
        c->players++;
}

/* The stored seats as a state; -1 with why set if they do not make sense
 * (a player the store does not know, or already seated elsewhere; a bot
 * level the game does not have). */
static int stored_seats(lobby *l, const room *r, const store_room *row, room_state *st,
                        char *why, size_t why_len)
{
    size_t n = json_array_size(row->seats);
    if (st->status == ROOM_PLAYING)
        st->nseats = (int)n;
    if ((int)n > st->nseats || n > ROOM_MAX_SEATS) {
        snprintf(why, why_len, "it has %zu seats, more than its game allows", n);
        return -1;
    }
    int levels = 0;
    while (r->engine->bot_levels && r->engine->bot_levels[levels])
        levels++;
    for (size_t i = 0; i < n; i++) {
        const json_t *se = json_array_get(row->seats, i);
        const char *pid = json_string_value(json_object_get(se, "player"));
        player *p = pid ? player_find(&l->players, pid) : NULL;
        json_int_t bot = json_integer_value(json_object_get(se, "bot"));
        if (pid && (!p || p->room)) {
            snprintf(why, why_len, "seat %zu's player %.16s is %s", i, pid,
                     p ? "seated in another room" : "not in the database");
            return -1;
        }
        if (bot < -1 || bot >= levels) {
            snprintf(why, why_len, "seat %zu has a bot level this game does not have", i);
            return -1;
        }
        const json_t *was = json_object_get(se, "bot_was");
        json_int_t w = json_is_integer(was) ? json_integer_value(was) : -1;
        st->seats[i] = (seat){p, (int)bot, json_is_true(json_object_get(se, "takeover")),
                              w >= 0 && w < levels ? (int)w : -1};
    }
    return 0;
}

/* Puts r's seated players back as its members (away until they say hello)
 * and the state in place. */
static void seat_everyone(lobby *l, room *r, room_state *st, const char *host_id)
{
    for (int i = 0; i < st->nseats; i++) {
        player *p = st->seats[i].player;
        if (p) {
            room_add_member(r, p);
            player_expire_later(p, (uint64_t)l->cfg.grace_ms);
        }
    }
    st->host = host_id ? player_find(&l->players, host_id) : NULL;
    if (!st->host || st->host->room != r)
        st->host = r->nmembers ? r->members[0] : NULL;
    room_set_state(r, st);
}

/* A log that replays to the end of its game but whose result was never
 * stored (a database from before results were written with the last
 * input): the result is stored now, with the room as over. */
static int store_late_result(lobby *l, room *r)
{
    table_commit c = {.first_seq = r->table.seq + 1, .result = r->table.result};
    if (lobby_wrote(l, persist_inputs(l->store, r, &c, &r->game_id, NULL)) < 0)
        return -1;
    room_state over = r->state;
    over.status = ROOM_OVER;
    room_set_state(r, &over);
    return 0;
}

/* The seeds a stored game was dealt with: its secret as drawn, or for a
 * game stored before secrets were kept, the stream derived from its seed
 * then (so that it replays exactly). */
static game_seeds stored_seeds(const store_room *row)
{
    return row->has_secret ? (game_seeds){row->seed, row->secret} : game_seeds_from(row->seed);
}

/* A game in play whose log was written under other rules than this
 * server's engine plays would replay into another game (or fail halfway):
 * 0 if the revisions agree, else -1 with why set. A room stored before
 * revisions were kept (0) played revision 1. */
static int same_rules(const game_engine *e, const store_room *row, char *why, size_t why_len)
{
    int stored = row->rules_revision > 0 ? row->rules_revision : 1;
    if (stored == game_rules_revision(e))
        return 0;
    snprintf(why, why_len,
             "it was played under revision %d of the rules of %s, and this server plays "
             "revision %d; run the version that stored it to finish it",
             stored, e->id, game_rules_revision(e));
    return -1;
}

/* Builds a room from its row and log; -1 with why set (and nothing left
 * behind) if it cannot be built exactly, -2 if its rules revision is not
 * this server's. */
static int build_room(lobby *l, const store_room *row, const json_t *inputs, char *why,
                      size_t why_len)
{
    const game_engine *e = game_engine_find(row->game);
    int status = room_status_parse(row->status);
    game_error err;
    json_t *options = e ? game_options_resolve(e, row->options, &err) : NULL;
    if (!e || status < 0 || !options) {
        snprintf(why, why_len, "%s", !e ? "this server has no such game"
                                     : status < 0 ? "its status is unknown" : err.message);
        json_decref(options);
        return -1;
    }
    if (status == ROOM_LOBBY && json_array_size(inputs)) {
        json_decref(options);
        snprintf(why, why_len, "its game has not started, yet it has inputs");
        return -1;
    }
    if (status == ROOM_PLAYING && same_rules(e, row, why, why_len) < 0) {
        json_decref(options);
        return -2;
    }
    room_settings rs = {e, options, row->seed, row->seed_fixed, row->bot_takeover,
                        row->is_private, row->code};
    room *r = lobby_room_new(l, &rs);
    if (!r) {
        snprintf(why, why_len, "its code is taken");
        return -1;
    }
    room_state st = r->state;
    st.status = (room_status)status;
    st.secret = row->secret;
    st.has_secret = row->has_secret;
    int rc = stored_seats(l, r, row, &st, why, why_len);
    if (rc == 0 && status == ROOM_PLAYING) {
        rc = table_replay(&r->table, r->options, st.nseats, stored_seeds(row), inputs,
                          row->clock_ms, &err);
        if (rc < 0)
            snprintf(why, why_len, "%s", err.message);
    }
    if (rc == 0)
        seat_everyone(l, r, &st, row->host);
    if (rc == 0 && status == ROOM_PLAYING && table_over(&r->table)) {
        rc = store_late_result(l, r);
        if (rc < 0)
            snprintf(why, why_len, "its log ends the game, but its result could not be stored");
    }
    if (rc < 0) {
        lobby_room_close(l, r, "closed");
        return -1;
    }
    /* Who joined is not stored: a room still waiting with at most one
     * person seated counts as made and dropped, and closes soon. */
    int humans = 0;
    for (int i = 0; i < st.nseats; i++)
        humans += st.seats[i].player != NULL;
    r->others_joined = status != ROOM_LOBBY || humans > 1;
    lobby_check_empty(l, r);
    if (r->table.live)
        lobby_clocks_running(l);
    return 0;
}

int lobby_restore_room(lobby *l, const store_room *row, const json_t *inputs)
{
    if (strcmp(row->status, "over") == 0) { /* finished: its result is stored */
        lobby_wrote(l, store_room_delete(l->store, row->code));
        return 0;
    }
    char why[512];
    int rc = build_room(l, row, inputs, why, sizeof why);
    if (rc < 0) {
        log_error("room %s cannot be restored exactly and is kept aside: %s", row->code, why);
        /* If even this cannot be written the room is tried again next start. */
        lobby_wrote(l, store_room_mark_broken(l->store, row->code, why));
        l->broken++;
        l->other_rules += rc == -2;
        return rc;
    }
    return 1;
}

static void restore_room(void *arg, const store_room *row, const json_t *inputs)
{
    restore_count *c = arg;
    int rc = lobby_restore_room(c->lobby, row, inputs);
    c->rooms += rc > 0;
    c->broken += rc < 0;
}

int lobby_restore(lobby *l, int *rooms, int *broken)
{
    restore_count c = {l, 0, 0, 0};
    l->other_rules = 0;
    *rooms = *broken = 0;
    if (!l->store)
        return 0;
    int rc = store_each_player(l->store, restore_player, &c);
    if (rc == 0)
        rc = store_each_room(l->store, restore_room, &c);
    /* Ratings computed under other rules (or before there were any) are
     * computed again from the results. */
    int rated = rc == 0 ? rating_check(l->store) : 0;
    if (rated > 0)
        log_info("ratings computed again from every stored result (rules version %d)",
                 RATING_VERSION);
    if (rated < 0)
        rc = -1;
    int aside = store_broken_count(l->store);
    l->broken = aside >= c.broken ? aside : c.broken;
    *rooms = c.rooms;
    *broken = l->broken;
    log_info("restored %d rooms and %d players (%d rooms kept aside, %d of them now, %d of "
             "those for their rules revision)",
             c.rooms, c.players, l->broken, c.broken, l->other_rules);
    return rc;
}

/* --- a player forgotten meanwhile --- */

int lobby_player_from_store(lobby *l, const char *token_hex, player **out)
{
    uint8_t hash[IDS_HASH_BYTES];
    char id[IDS_PLAYER_ID_LEN + 1], name[4 * PROTO_NAME_MAX + 1];
    *out = NULL;
    if (!l->store || !ids_token_hash_hex(token_hex, hash))
        return 0;
    int found = store_player_by_token(l->store, hash, id, sizeof id, name, sizeof name);
    if (found > 0)
        *out = player_restore(&l->players, id, name, hash);
    return found < 0 ? -1 : 0;
}

/* --- results --- */

json_t *lobby_results_json(lobby *l, const char *game, const char *player_id,
                           const char *viewer_id, int limit)
{
    json_t *results =
        l->store ? store_results(l->store, game, player_id, viewer_id, limit) : NULL;
    lobby_rate_results(l, results);
    return results ? results : json_array();
}

/* The limit of a results query: 0, or -1 with why set. */
static int results_limit(const char *limit, long *n, char *why, size_t why_len)
{
    *n = LOBBY_RESULTS_DEFAULT;
    if (!limit)
        return 0;
    char *end;
    errno = 0;
    *n = strtol(limit, &end, 10);
    if (!*limit || *end || errno || *n < 1 || *n > LOBBY_RESULTS_MAX) {
        snprintf(why, why_len, "limit must be a whole number from 1 to %d", LOBBY_RESULTS_MAX);
        return -1;
    }
    return 0;
}

json_t *lobby_results_query(lobby *l, const char *game, const char *player_id,
                            const char *limit, const char *token, int *status, char *why,
                            size_t why_len)
{
    long n;
    *status = 400;
    if (results_limit(limit, &n, why, why_len) < 0)
        return NULL;
    const player *viewer = token ? player_find_by_token(&l->players, token) : NULL;
    if (token && !viewer) {
        *status = 401;
        snprintf(why, why_len, "that token is not a player's here; send none to see public games");
        return NULL;
    }
    *status = 200;
    return json_pack("{s:o}", "results",
                     lobby_results_json(l, game, player_id, viewer ? viewer->id : NULL, (int)n));
}

/* --- results from Redis (distributed mode) --- */

static void results_read(void *arg, int rc, json_t *results)
{
    lobby_wait *w = arg;
    if (w->fn) {
        if (rc == 0)
            w->fn(w->arg, json_pack("{s:O}", "results", results), 200, NULL);
        else if (rc > 0)
            w->fn(w->arg, NULL, 401,
                  "that token is not a player's here; send none to see public games");
        else
            w->fn(w->arg, NULL, 503, "the results could not be read just now; try again");
    }
    free(w);
}

lobby_wait *lobby_results_query_async(lobby *l, const char *game, const char *player_id,
                                      const char *limit, const char *token, lobby_answer_fn fn,
                                      void *arg)
{
    rstore *rs = store_redis(l->store);
    char why[128];
    if (!rs) {
        int status;
        json_t *body = lobby_results_query(l, game, player_id, limit, token, &status, why,
                                           sizeof why);
        fn(arg, body, status, body ? NULL : why);
        return NULL;
    }
    long n;
    if (results_limit(limit, &n, why, sizeof why) < 0) {
        fn(arg, NULL, 400, why);
        return NULL;
    }
    uint8_t hash[IDS_HASH_BYTES];
    if (token && !ids_token_hash_hex(token, hash)) {
        fn(arg, NULL, 401, "that token is not a player's here; send none to see public games");
        return NULL;
    }
    lobby_wait *w = calloc(1, sizeof *w);
    if (w)
        *w = (lobby_wait){.fn = fn, .arg = arg};
    if (!w || rstore_results(rs, game, player_id, token ? hash : NULL, (int)n, results_read,
                             w) < 0) {
        free(w);
        fn(arg, NULL, 503, "the results could not be read just now; try again");
        return NULL;
    }
    return w;
}

void lobby_wait_cancel(lobby_wait *w)
{
    if (w)
        w->fn = NULL;
}
