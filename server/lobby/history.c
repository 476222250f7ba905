/* history.c: what players have done, from the store: each game's
 * leaderboard, a player's history (record, ratings, last games), and the
 * `rating` block the results carry. The rules of the ratings are
 * store/rating.h's. In distributed mode they are read from Redis, off the
 * loop's way: the HTTP answers here, the verbs through remote.c. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lobby/lobby_int.h"
#include "store/rating.h"
#include "store/rstore.h"
#include "store/store.h"

/* "20" -> 20 within 1..max, def when text is NULL; -1 if not a whole number
 * in range. */
static long parse_limit(const char *text, long max, long def)
{
    if (!text)
        return def;
    char *end;
    errno = 0;
    long n = strtol(text, &end, 10);
    if (!*text || *end || errno || n < 1 || n > max)
        return -1;
    return n;
}

static json_int_t rounded(const json_t *row, const char *key)
{
    return (json_int_t)lround(json_number_value(json_object_get(row, key)));
}

void lobby_rate_results(lobby *l, json_t *results)
{
    if (!l->store)
        return;
    size_t i;
    json_t *row;
    json_array_foreach(results, i, row) {
        json_t *rating =
            rating_summary(l->store, (int64_t)json_integer_value(json_object_get(row, "id")),
                           json_string_value(json_object_get(row, "game")),
                           json_object_get(row, "players"),
                           json_is_true(json_object_get(row, "seeded")));
        if (rating)
            json_object_set_new(row, "rating", rating);
    }
}

/* --- leaderboards --- */

static json_t *bots_of(const game_engine *e)
{
    json_t *bots = json_array();
    for (int k = 0; e->bot_levels && e->bot_levels[k]; k++)
        json_array_append_new(bots, json_pack("{s:s,s:I}", "level", e->bot_levels[k], "rating",
                                              (json_int_t)lround(
                                                  rating_bot(e->id, e->bot_levels[k]))));
    return bots;
}

json_t *lobby_ratings_body(lobby *l, const game_engine *e, int limit)
{
    json_t *rows = l->store ? store_leaderboard(l->store, e->id, RATING_ESTABLISHED_GAMES, limit)
                            : json_array();
    json_t *body = rows ? lobby_ratings_body_of(e, rows) : NULL;
    json_decref(rows);
    return body;
}

json_t *lobby_ratings_body_of(const game_engine *e, const json_t *rows)
{
    json_t *players = json_array();
    size_t i;
    const json_t *r;
    json_array_foreach(rows, i, r) {
        json_int_t rated = json_integer_value(json_object_get(r, "rated"));
        json_array_append_new(
            players,
            json_pack("{s:I,s:O,s:O,s:I,s:I,s:I,s:b}", "rank", (json_int_t)i + 1, "id",
                      json_object_get(r, "id"), "name", json_object_get(r, "name"), "rating",
                      rounded(r, "rating"), "rd", rounded(r, "rd"), "rated", rated,
                      "provisional", rated < RATING_ESTABLISHED_GAMES));
    }
    return json_pack("{s:s,s:s,s:i,s:o,s:o}", "game", e->id, "title", e->title, "established",
                     RATING_ESTABLISHED_GAMES, "bots", bots_of(e), "players", players);
}

/* The game and limit of /api/ratings: e, or NULL with *status and why. */
static const game_engine *ratings_args(const char *game, const char *limit, long *n, int *status,
                                       char *why, size_t why_len)
{
    *n = parse_limit(limit, PROTO_RATINGS_MAX, LOBBY_RATINGS_DEFAULT);
    const game_engine *e = game ? game_engine_find(game) : NULL;
    if (*n < 0 || !game) {
        *status = 400;
        snprintf(why, why_len, *n < 0 ? "limit must be a whole number from 1 to %d"
                                      : "say which game: /api/ratings?game=ricochet%.0d",
                 PROTO_RATINGS_MAX);
        return NULL;
    }
    if (!e) {
        *status = 404;
        snprintf(why, why_len, "there is no game called \"%.40s\"; /api/games lists them",
                 game);
        return NULL;
    }
    return e;
}

json_t *lobby_ratings_query(lobby *l, const char *game, const char *limit, int *status,
                            char *why, size_t why_len)
{
    long n;
    const game_engine *e = ratings_args(game, limit, &n, status, why, why_len);
    if (!e)
        return NULL;
    json_t *body = lobby_ratings_body(l, e, (int)n);
    *status = body ? 200 : 503;
    if (!body)
        snprintf(why, why_len, "the server could not read its database just now; try again");
    return body;
}

/* --- a player's history --- */

/* The player's record per game (its standings, as store_standings_of
 * gives them), as the viewer may see it: the counts of the games they may
 * see (all of them for the player; the public ones for anyone else), the
 * rating (public, as on the leaderboard). */
static json_t *record_of(const json_t *rows, bool own)
{
    json_t *games = json_array();
    size_t i;
    const json_t *r;
    json_array_foreach(rows, i, r) {
        const game_engine *e = game_engine_find(json_string_value(json_object_get(r, "game")));
        json_int_t played = json_integer_value(json_object_get(r, own ? "played" : "public_played"));
        json_int_t won = json_integer_value(json_object_get(r, own ? "won" : "public_won"));
        json_int_t rated = json_integer_value(json_object_get(r, "rated"));
        if (!e || (!played && !rated))
            continue;
        json_t *g = json_pack("{s:s,s:s,s:I,s:I,s:I,s:b}", "game", e->id, "title", e->title,
                              "played", played, "won", won, "rated", rated, "provisional",
                              rated < RATING_ESTABLISHED_GAMES);
        json_object_set_new(g, "rating", rated ? json_integer(rounded(r, "rating")) : json_null());
        json_object_set_new(g, "rd", rated ? json_integer(rounded(r, "rd")) : json_null());
        json_array_append_new(games, g);
    }
    return games;
}

json_t *lobby_history_of(const char *player_id, const char *name, bool own,
                         const json_t *standings, const json_t *recent)
{
    return json_pack("{s:{s:s,s:s},s:o,s:O}", "player", "id", player_id, "name", name, "games",
                     record_of(standings, own), "recent", recent);
}

json_t *lobby_history_body(lobby *l, const char *player_id, const char *viewer_id, int limit,
                           verdict *v)
{
    char name[4 * PROTO_NAME_MAX + 1];
    /* The name the player goes by now; one never stored (a newcomer who has
     * not joined a room yet) is known while the server remembers it. */
    const player *p = player_find(&l->players, player_id);
    int known = 1;
    if (p)
        snprintf(name, sizeof name, "%s", p->name);
    else
        known = l->store ? store_player_name(l->store, player_id, name, sizeof name) : 0;
    if (known < 0) {
        lobby_unavailable(v);
        return NULL;
    }
    if (!known) {
        verdict_set(v, PROTO_NO_SUCH_PLAYER,
                    "no player here has the id \"%.16s\"; a player's id is in their results",
                    player_id);
        return NULL;
    }
    bool own = viewer_id && strcmp(viewer_id, player_id) == 0;
    json_t *standings = l->store ? store_standings_of(l->store, player_id) : json_array();
    json_t *recent = l->store ? store_results(l->store, NULL, player_id, viewer_id, limit)
                              : json_array();
    json_t *body = NULL;
    if (standings && recent) {
        lobby_rate_results(l, recent);
        body = lobby_history_of(player_id, name, own, standings, recent);
    } else {
        lobby_unavailable(v);
    }
    json_decref(standings);
    json_decref(recent);
    return body;
}

bool lobby_history_name(lobby *l, const char *player_id, const char *stored, char *name,
                        size_t len)
{
    const player *p = player_find(&l->players, player_id);
    snprintf(name, len, "%s", p ? p->name : stored ? stored : "");
    return name[0] != '\0';
}

json_t *lobby_history_query(lobby *l, const char *player_id, const char *limit,
                            const char *token, int *status, char *why, size_t why_len)
{
    long n = parse_limit(limit, PROTO_HISTORY_MAX, LOBBY_HISTORY_DEFAULT);
    if (n < 0 || !player_id) {
        *status = 400;
        snprintf(why, why_len, n < 0 ? "limit must be a whole number from 1 to %d"
                                     : "say whose: /api/history?player=ID%.0d",
                 PROTO_HISTORY_MAX);
        return NULL;
    }
    const player *viewer = token ? player_find_by_token(&l->players, token) : NULL;
    if (token && !viewer) {
        *status = 401;
        snprintf(why, why_len, "that token is not a player's here; send none to see public games");
        return NULL;
    }
    verdict v;
    json_t *body = lobby_history_body(l, player_id, viewer ? viewer->id : NULL, (int)n, &v);
    *status = body ? 200 : v.code == PROTO_NO_SUCH_PLAYER ? 404 : 503;
    if (!body)
        snprintf(why, why_len, "%s", v.message);
    return body;
}

/* --- the same read from Redis (distributed mode) --- */

static void ratings_read(void *arg, int rc, json_t *rows)
{
    lobby_wait *w = arg;
    if (w->fn) {
        json_t *body = rc == 0 ? lobby_ratings_body_of(w->engine, rows) : NULL;
        w->fn(w->arg, body, body ? 200 : 503,
              body ? NULL : "the ratings could not be read just now; try again");
    }
    free(w);
}

lobby_wait *lobby_ratings_query_async(lobby *l, const char *game, const char *limit,
                                      lobby_answer_fn fn, void *arg)
{
    rstore *rs = store_redis(l->store);
    int status;
    char why[160];
    if (!rs) {
        json_t *body = lobby_ratings_query(l, game, limit, &status, why, sizeof why);
        fn(arg, body, status, body ? NULL : why);
        return NULL;
    }
    long n;
    const game_engine *e = ratings_args(game, limit, &n, &status, why, sizeof why);
    if (!e) {
        fn(arg, NULL, status, why);
        return NULL;
    }
    lobby_wait *w = calloc(1, sizeof *w);
    if (w)
        *w = (lobby_wait){.fn = fn, .arg = arg, .engine = e};
    if (!w || rstore_leaderboard(rs, e->id, RATING_ESTABLISHED_GAMES, (int)n, ratings_read, w) < 0) {
        free(w);
        fn(arg, NULL, 503, "the ratings could not be read just now; try again");
        return NULL;
    }
    return w;
}

static void history_read(void *arg, int rc, const char *viewer_id, const char *stored_name,
                         json_t *standings, json_t *results)
{
    lobby_wait *w = arg;
    if (w->fn) {
        char name[4 * PROTO_NAME_MAX + 1];
        if (rc > 0) {
            w->fn(w->arg, NULL, 401,
                  "that token is not a player's here; send none to see public games");
        } else if (rc < 0) {
            w->fn(w->arg, NULL, 503, "the history could not be read just now; try again");
        } else if (!lobby_history_name(w->lobby, w->player, stored_name, name, sizeof name)) {
            char why[128];
            snprintf(why, sizeof why,
                     "no player here has the id \"%.16s\"; a player's id is in their results",
                     w->player);
            w->fn(w->arg, NULL, 404, why);
        } else {
            bool own = viewer_id && strcmp(viewer_id, w->player) == 0;
            json_t *body = lobby_history_of(w->player, name, own, standings, results);
            w->fn(w->arg, body, 200, NULL);
        }
    }
    free(w);
}

lobby_wait *lobby_history_query_async(lobby *l, const char *player_id, const char *limit,
                                      const char *token, lobby_answer_fn fn, void *arg)
{
    rstore *rs = store_redis(l->store);
    int status;
    char why[160];
    if (!rs) {
        json_t *body = lobby_history_query(l, player_id, limit, token, &status, why, sizeof why);
        fn(arg, body, status, body ? NULL : why);
        return NULL;
    }
    long n = parse_limit(limit, PROTO_HISTORY_MAX, LOBBY_HISTORY_DEFAULT);
    if (n < 0 || !player_id) {
        snprintf(why, sizeof why, n < 0 ? "limit must be a whole number from 1 to %d"
                                        : "say whose: /api/history?player=ID%.0d",
                 PROTO_HISTORY_MAX);
        fn(arg, NULL, 400, why);
        return NULL;
    }
    uint8_t hash[IDS_HASH_BYTES];
    if (token && !ids_token_hash_hex(token, hash)) {
        fn(arg, NULL, 401, "that token is not a player's here; send none to see public games");
        return NULL;
    }
    lobby_wait *w = calloc(1, sizeof *w);
    if (w) {
        *w = (lobby_wait){.fn = fn, .arg = arg, .lobby = l};
        snprintf(w->player, sizeof w->player, "%s", player_id);
    }
    if (!w || rstore_history(rs, player_id, token ? hash : NULL, NULL, (int)n, history_read, w) < 0) {
        free(w);
        fn(arg, NULL, 503, "the history could not be read just now; try again");
        return NULL;
    }
    return w;
}
