/* rstore_rating.c: the ratings on Redis: standings read ahead and written
 * only if unchanged since, a rebuild in one call, and the reads of
 * leaderboards.
 *
 * How a game's ratings are stored without losing an update. store/rating.c
 * computes them (one implementation for both stores) from every player's
 * standing as it stood before the game, in the transaction that stores
 * the result; here that transaction is drafted on the loop and only sent
 * to Redis later, so the standings it starts from must already be in
 * memory. They are read ahead: when a game in play is stored (its start,
 * a seat changing hands) or comes to this node (restored, claimed,
 * handed over), the standings of its seated players in that game are read,
 * each with its version (a number Redis raises on every write of it).
 * Each standing the transaction writes carries the version it was computed
 * from, and the apply script refuses the whole transaction (STALE) if any
 * has moved on: another node stored a game of the same player meanwhile
 * (a player may sit in two rooms at once only by ignoring a `moved`, or
 * racing one). Nothing of it is then stored or announced; the room, ahead
 * of Redis in memory, is rebuilt from its log as after a fence, its
 * standings are read again, and the game's last move is made again (a
 * player's `act` got `unavailable`; a bot or a tick tries again by
 * itself), computed this time from the standing as it is. A standing not
 * read ahead (the read was still on its way) refuses the move the same
 * way at once and is read for the next try. So every game is rated from
 * exactly the standings it follows, in the order Redis stored them, as
 * rating_rebuild recomputes them.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "store/rstore_core.h"
#include "util/log.h"

extern const char rstore_lua_standings[], rstore_lua_board[], rstore_lua_every_result[],
    rstore_lua_ratings_table[];

/* Standings read ahead are forgotten once unused this long, looked for
 * whenever this many are kept. */
#define AHEAD_AGE_MS (6 * 3600 * 1000LL)
#define AHEAD_SWEEP_AT 4096
/* Results read per call by a rebuild. */
#define EVERY_PAGE 500

/* A standing read ahead (or as this node last wrote it). */
typedef struct ahead {
    store_standing st;
    int64_t v;  /* its version in Redis; 0: none is stored */
    int64_t at; /* when last read or written (ms) */
} ahead;

struct rstore_rating {
    int sc_standings, sc_board, sc_every, sc_table;
    map ahead; /* "game player" -> ahead */
    strs want; /* "game player" to read after this loop iteration's batch */
    /* A rebuild being gathered: the standings as computed so far. */
    bool rebuilding;
    map work;       /* "game player" -> store_standing */
    strs work_keys; /* in the order first written */
};

static void key_of(char *out, size_t len, const char *game, const char *player)
{
    snprintf(out, len, "%s %s", game, player);
}

static int64_t now_ms(const rstore *r)
{
    return rconn_redis_time_us(r->conn) / 1000;
}

static void free_values(map *m)
{
    for (map_iter it = map_first(m); it.entry; map_next(m, &it))
        free(map_iter_value(&it));
    map_free(m);
    map_init(m);
}

int rstore_rating_new(rstore *r)
{
    struct rstore_rating *g = calloc(1, sizeof *g);
    if (!g)
        return -1;
    r->rating = g;
    map_init(&g->ahead);
    map_init(&g->work);
    g->sc_standings = rconn_script(r->conn, "standings", rstore_lua_standings);
    g->sc_board = rconn_script(r->conn, "board", rstore_lua_board);
    g->sc_every = rconn_script(r->conn, "every_result", rstore_lua_every_result);
    g->sc_table = rconn_script(r->conn, "ratings_table", rstore_lua_ratings_table);
    return g->sc_standings < 0 || g->sc_board < 0 || g->sc_every < 0 || g->sc_table < 0 ? -1 : 0;
}

void rstore_rating_free(rstore *r)
{
    struct rstore_rating *g = r->rating;
    if (!g)
        return;
    free_values(&g->ahead);
    map_free(&g->ahead);
    free_values(&g->work);
    map_free(&g->work);
    strs_free(&g->want);
    strs_free(&g->work_keys);
    free(g);
    r->rating = NULL;
}

/* --- reading ahead --- */

static void want(rstore *r, const char *game, const char *player)
{
    char key[160];
    key_of(key, sizeof key, game, player);
    if (!strs_has(&r->rating->want, key))
        strs_add(&r->rating->want, key);
}

void rstore_rating_want_seats(rstore *r, const char *game, const json_t *seats)
{
    size_t i;
    const json_t *seat;
    json_array_foreach(seats, i, seat) {
        const char *pid = json_string_value(json_object_get(seat, "player"));
        if (pid)
            want(r, game, pid);
    }
}

/* Forgets what has not been used for a long time (a room that never
 * ended), once many are kept. */
static void sweep(rstore *r)
{
    map *m = &r->rating->ahead;
    if (m->count < AHEAD_SWEEP_AT)
        return;
    int64_t old = now_ms(r) - AHEAD_AGE_MS;
    for (map_iter it = map_first(m); it.entry;) {
        ahead *a = map_iter_value(&it);
        const char *key = map_iter_key(&it);
        map_next(m, &it);
        if (a->at < old)
            free(map_remove(m, key));
    }
}

typedef struct standings_call {
    rstore *r;
    strs keys;
} standings_call;

static void standings_read(void *arg, redisReply *rep)
{
    standings_call *c = arg;
    rstore *r = c->r;
    bool each = rep && rep->type == REDIS_REPLY_ARRAY && rep->elements == (size_t)c->keys.n;
    for (int i = 0; each && i < c->keys.n; i++) {
        const redisReply *f = rep->element[i];
        if (f->type != REDIS_REPLY_ARRAY || f->elements != 9)
            continue;
        int64_t v = strtoll(rstore_str_of(f->element[0]), NULL, 10);
        ahead *a = map_get(&r->rating->ahead, c->keys.v[i]);
        /* What this node wrote since the read was sent is newer. */
        if (a && a->v > v)
            continue;
        if (!a) {
            a = calloc(1, sizeof *a);
            if (!a || !map_put(&r->rating->ahead, c->keys.v[i], a)) {
                free(a);
                continue;
            }
        }
        a->v = v;
        a->at = now_ms(r);
        a->st = (store_standing){0};
        if (v > 0) {
            a->st.played = atoi(rstore_str_of(f->element[1]));
            a->st.won = atoi(rstore_str_of(f->element[2]));
            a->st.public_played = atoi(rstore_str_of(f->element[3]));
            a->st.public_won = atoi(rstore_str_of(f->element[4]));
            a->st.rated = atoi(rstore_str_of(f->element[5]));
            a->st.rating = strtod(rstore_str_of(f->element[6]), NULL);
            a->st.rd = strtod(rstore_str_of(f->element[7]), NULL);
            a->st.vol = strtod(rstore_str_of(f->element[8]), NULL);
        }
    }
    sweep(r);
    strs_free(&c->keys);
    free(c);
}

void rstore_rating_flush(rstore *r)
{
    struct rstore_rating *g = r->rating;
    if (!g->want.n || !rconn_up(r->conn))
        return;
    standings_call *c = calloc(1, sizeof *c);
    strs args = {0};
    bool ok = c != NULL;
    for (int i = 0; ok && i < g->want.n; i++) {
        const char *space = strchr(g->want.v[i], ' ');
        ok = space && strs_push(&args, g->want.v[i], (size_t)(space - g->want.v[i])) &&
             strs_add(&args, space + 1);
    }
    if (ok) {
        *c = (standings_call){r, g->want};
        g->want = (strs){0};
        if (rconn_eval(r->conn, g->sc_standings, standings_read, c, args.n,
                       (const char **)args.v, args.len) < 0) {
            strs_free(&c->keys);
            free(c); /* the moves that need them will ask again */
        }
    } else {
        free(c);
        strs_clear(&g->want);
    }
    strs_free(&args);
}

void rstore_rating_settled(rstore *r, const strs *keys, bool kept)
{
    if (kept)
        return;
    for (int i = 0; i < keys->n; i++)
        free(map_remove(&r->rating->ahead, keys->v[i]));
}

/* --- the rows rating.c reads and writes --- */

int rstore_standing_get(rstore *r, const char *player, const char *game, store_standing *st)
{
    struct rstore_rating *g = r->rating;
    char key[160];
    key_of(key, sizeof key, game, player);
    if (g->rebuilding) {
        const store_standing *w = map_get(&g->work, key);
        if (w)
            *st = *w;
        return w != NULL;
    }
    ahead *a = map_get(&g->ahead, key);
    if (!a) {
        /* Not read ahead (the read is on its way, or failed): this
         * transaction cannot rate the game; the next try will. */
        log_info("redis %s: the standing of %s in %s is not read yet; the game's last move "
                 "waits for it",
                 rconn_where(r->conn), player, game);
        want(r, game, player);
        if (r->depth)
            r->tx_failed = true;
        return -1;
    }
    a->at = now_ms(r);
    if (a->v > 0)
        *st = a->st;
    return a->v > 0;
}

/* The S op of a standing: its fields as text (numbers exact), its
 * leaderboard score (minus its rating: best first), and the version it was
 * computed from ('*': whatever it is, in a rebuild). */
static bool standing_op(rstore *r, const char *player, const char *game, const store_standing *st,
                        const char *expect)
{
    return strs_add(&r->ops, "S") && strs_add(&r->ops, player) && strs_add(&r->ops, game) &&
           strs_addf(&r->ops, "%d", st->played) && strs_addf(&r->ops, "%d", st->won) &&
           strs_addf(&r->ops, "%d", st->public_played) &&
           strs_addf(&r->ops, "%d", st->public_won) && strs_addf(&r->ops, "%d", st->rated) &&
           strs_addf(&r->ops, "%.17g", st->rating) && strs_addf(&r->ops, "%.17g", st->rd) &&
           strs_addf(&r->ops, "%.17g", st->vol) && strs_addf(&r->ops, "%.17g", -st->rating) &&
           strs_add(&r->ops, expect);
}

int rstore_standing_put(rstore *r, const char *player, const char *game, const store_standing *st)
{
    struct rstore_rating *g = r->rating;
    char key[160];
    key_of(key, sizeof key, game, player);
    if (g->rebuilding) { /* written once, as it ends up, when the rebuild is sent */
        store_standing *w = map_get(&g->work, key);
        if (!w) {
            w = malloc(sizeof *w);
            if (!w || !map_put(&g->work, key, w) || !strs_add(&g->work_keys, key)) {
                if (w && map_get(&g->work, key) == w)
                    map_remove(&g->work, key);
                free(w);
                r->tx_failed = true;
                return -1;
            }
        }
        *w = *st;
        return 0;
    }
    rstore_op_begin(r);
    ahead *a = map_get(&g->ahead, key);
    char expect[24];
    snprintf(expect, sizeof expect, "%" PRId64, a ? a->v : 0);
    bool ok = a && standing_op(r, player, game, st, expect) &&
              (strs_has(&r->standings, key) || strs_add(&r->standings, key));
    if (ok) { /* as it will be once stored (dropped if it is not) */
        a->st = *st;
        a->v++;
        a->at = now_ms(r);
    }
    return rstore_op_end(r, ok);
}

int rstore_rating_change_put(rstore *r, const store_rating_change *c)
{
    rstore_op_begin(r);
    json_t *j = json_pack("{s:i,s:s,s:f,s:f,s:f,s:f}", "seat", c->seat, "player", c->player,
                          "rating_before", c->rating_before, "rd_before", c->rd_before,
                          "rating_after", c->rating_after, "rd_after", c->rd_after);
    char *text = j ? json_dumps(j, JSON_COMPACT) : NULL;
    json_decref(j);
    bool ok = text && strs_add(&r->ops, "G") && strs_addf(&r->ops, "%" PRId64, c->result) &&
              strs_add(&r->ops, c->player) && strs_add(&r->ops, text);
    free(text);
    return rstore_op_end(r, ok);
}

/* --- rebuilding --- */

int rstore_ratings_clear(rstore *r)
{
    rstore_op_begin(r);
    r->rating->rebuilding = true;
    free_values(&r->rating->work);
    strs_clear(&r->rating->work_keys);
    return rstore_op_end(r, strs_add(&r->ops, "Z"));
}

bool rstore_rating_rebuilding(const rstore *r)
{
    return r->rating->rebuilding;
}

int rstore_rating_finish_rebuild(rstore *r)
{
    struct rstore_rating *g = r->rating;
    for (int i = 0; i < g->work_keys.n; i++) {
        const char *key = g->work_keys.v[i];
        const char *space = strchr(key, ' ');
        char game[128];
        snprintf(game, sizeof game, "%.*s", (int)(space - key), key);
        if (!standing_op(r, space + 1, game, map_get(&g->work, key), "*"))
            return -1;
    }
    return 0;
}

void rstore_rating_tx_reset(rstore *r)
{
    struct rstore_rating *g = r->rating;
    if (!g || !g->rebuilding)
        return;
    g->rebuilding = false;
    free_values(&g->work);
    strs_clear(&g->work_keys);
    /* What was read ahead may predate the rebuild: read it again. */
    free_values(&g->ahead);
}

static void version_read(void *arg, redisReply *rep)
{
    int *v = arg;
    if (rep && rep->type == REDIS_REPLY_STRING)
        *v = atoi(rep->str);
    else if (rep && rep->type == REDIS_REPLY_NIL)
        *v = 0;
}

int rstore_ratings_version(rstore *r)
{
    int v = -1;
    if (rconn_call_sync(r->conn, version_read, &v, 2,
                        (const char *[]){"GET", "botpit:ratings:version"}, NULL) < 0)
        return -1;
    return v;
}

int rstore_ratings_set_version(rstore *r, int version)
{
    rstore_op_begin(r);
    return rstore_op_end(r, strs_add(&r->ops, "V") && strs_addf(&r->ops, "%d", version));
}

typedef struct every_page {
    long long total;
    json_t *rows; /* [[number, JSON], ...] */
} every_page;

static void every_read(void *arg, redisReply *rep)
{
    every_page *p = arg;
    if (!rep || rep->type != REDIS_REPLY_ARRAY || rep->elements < 1 ||
        rep->element[0]->type != REDIS_REPLY_INTEGER)
        return;
    p->total = rep->element[0]->integer;
    p->rows = json_array();
    for (size_t i = 1; i + 1 < rep->elements; i += 2)
        json_array_append_new(p->rows, json_pack("[s,s]", rstore_str_of(rep->element[i]),
                                                 rstore_str_of(rep->element[i + 1])));
}

/* Reads every result, a page at a time (start-up and the command-line tool
 * only: each page is waited for). Inside a transaction (a rebuild), it
 * also makes the transaction refuse if any result comes in before it is
 * written: the table would not be the whole story. */
int rstore_each_result(rstore *r, void (*fn)(void *arg, int64_t id, const store_result *res),
                       void *arg)
{
    long long first = 0, total = -1;
    for (;;) {
        every_page p = {-1, NULL};
        char from[24], count[24];
        snprintf(from, sizeof from, "%lld", first);
        snprintf(count, sizeof count, "%d", EVERY_PAGE);
        if (rconn_eval_sync(r->conn, r->rating->sc_every, every_read, &p, 2,
                            (const char *[]){from, count}, NULL) < 0 ||
            !p.rows) {
            json_decref(p.rows);
            return -1;
        }
        if (total < 0)
            total = p.total;
        size_t i;
        json_t *row;
        json_array_foreach(p.rows, i, row) {
            if (first + (long long)i >= total)
                break;
            json_t *res = json_loads(json_string_value(json_array_get(row, 1)), 0, NULL);
            store_result sr = {
                .code = json_string_value(json_object_get(res, "room")),
                .game = json_string_value(json_object_get(res, "game")),
                .players = json_object_get(res, "players"),
                .result = json_object_get(res, "result"),
                .finished_at_ms = json_integer_value(json_object_get(res, "finished_at")),
                .is_private = json_is_true(json_object_get(res, "private")),
                .seeded = json_is_true(json_object_get(res, "seeded")),
            };
            if (sr.game && sr.players && sr.result)
                fn(arg, strtoll(json_string_value(json_array_get(row, 0)), NULL, 10), &sr);
            json_decref(res);
        }
        size_t got = json_array_size(p.rows);
        json_decref(p.rows);
        first += (long long)got;
        if (got < EVERY_PAGE || first >= total)
            break;
    }
    if (!r->depth)
        return 0;
    rstore_op_begin(r);
    return rstore_op_end(r, strs_add(&r->ops, "Q") && strs_addf(&r->ops, "%lld", total));
}

typedef struct table_read {
    json_t *table;
} table_read;

static void table_answered(void *arg, redisReply *rep)
{
    table_read *t = arg;
    if (!rep || rep->type != REDIS_REPLY_ARRAY || rep->elements != 3 ||
        rep->element[0]->type != REDIS_REPLY_ARRAY || rep->element[1]->type != REDIS_REPLY_ARRAY)
        return;
    static const char *const names[] = {"played", "won", "public_played", "public_won",
                                        "rated",  "rating", "rd", "vol"};
    json_t *standings = json_array(), *changes = json_array();
    const redisReply *s = rep->element[0], *c = rep->element[1];
    for (size_t i = 0; i + 9 < s->elements; i += 10) {
        json_t *row = json_pack("{s:s,s:s}", "player", rstore_str_of(s->element[i]), "game",
                                rstore_str_of(s->element[i + 1]));
        for (int k = 0; k < 8; k++) {
            const char *text = rstore_str_of(s->element[i + 2 + k]);
            json_object_set_new(row, names[k], k >= 5 ? json_real(strtod(text, NULL))
                                                      : json_integer(strtoll(text, NULL, 10)));
        }
        json_array_append_new(standings, row);
    }
    for (size_t i = 0; i + 1 < c->elements; i += 2) {
        json_t *row = json_loads(rstore_str_of(c->element[i + 1]), 0, NULL);
        if (!row)
            continue;
        json_object_set_new(row, "result",
                            json_integer(strtoll(rstore_str_of(c->element[i]), NULL, 10)));
        json_array_append_new(changes, row);
    }
    t->table = json_pack("{s:o,s:o}", "standings", standings, "changes", changes);
}

json_t *rstore_ratings_table(rstore *r)
{
    table_read t = {NULL};
    if (rconn_eval_sync(r->conn, r->rating->sc_table, table_answered, &t, 0, NULL, NULL) < 0)
        return NULL;
    return t.table;
}

/* --- leaderboards --- */

typedef struct board_call {
    rstore_rows_fn fn;
    void *arg;
} board_call;

static void board_read(void *arg, redisReply *rep)
{
    board_call *c = arg;
    if (!rep || rep->type != REDIS_REPLY_ARRAY) {
        c->fn(c->arg, -1, NULL);
        free(c);
        return;
    }
    json_t *rows = json_array();
    for (size_t i = 0; i + 4 < rep->elements; i += 5)
        json_array_append_new(
            rows, json_pack("{s:s,s:s,s:f,s:f,s:I}", "id", rstore_str_of(rep->element[i]), "name",
                            rstore_str_of(rep->element[i + 1]), "rating",
                            strtod(rstore_str_of(rep->element[i + 2]), NULL), "rd",
                            strtod(rstore_str_of(rep->element[i + 3]), NULL), "rated",
                            (json_int_t)strtoll(rstore_str_of(rep->element[i + 4]), NULL, 10)));
    c->fn(c->arg, 0, rows);
    json_decref(rows);
    free(c);
}

int rstore_leaderboard(rstore *r, const char *game, int established, int limit,
                       rstore_rows_fn fn, void *arg)
{
    board_call *c = malloc(sizeof *c);
    if (!c)
        return -1;
    *c = (board_call){fn, arg};
    char est[16], lim[16];
    snprintf(est, sizeof est, "%d", established);
    snprintf(lim, sizeof lim, "%d", limit);
    if (rconn_eval(r->conn, r->rating->sc_board, board_read, c, 3,
                   (const char *[]){game, est, lim}, NULL) < 0) {
        free(c);
        return -1;
    }
    return 0;
}
