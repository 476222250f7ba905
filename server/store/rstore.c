/* rstore.c: the store on Redis: transactions as one fenced script call,
 * holds for what waits on them, reads of rooms, players and results. */
#include "store/rstore.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include "store/rating.h"
#include "store/rstore_core.h"
#include "store/rstore_int.h"
#include "util/log.h"
#include "util/map.h"
#include "util/metrics.h"

/* A transaction Redis reaches later than this after it was sent is refused
 * (LATE): before RCONN_TIMEOUT_MS, when its players hear it failed. The
 * margin is Redis' time to answer once it ran the script (an fsync, with
 * appendfsync always) and our clock offset's error; a busy loop or Redis
 * that takes longer makes writes refused, as they must be then. */
#define RSTORE_DEADLINE_MS (RCONN_TIMEOUT_MS - 100)

extern const char rstore_lua_apply[], rstore_lua_load[], rstore_lua_owned[],
    rstore_lua_player[], rstore_lua_results[], rstore_lua_gen[], rstore_lua_link[],
    rstore_lua_replay[];

/* Result numbers are reserved this many at a time (another block is asked
 * for once fewer than half are left), so that a finished game has its
 * number when its transaction is drafted, unique across nodes. */
#define RSTORE_ID_BLOCK 32

bool strs_push(strs *s, const char *text, size_t len)
{
    if (s->n == s->cap) {
        int cap = s->cap ? 2 * s->cap : 16;
        char **v = realloc(s->v, (size_t)cap * sizeof *v);
        if (!v)
            return false;
        s->v = v;
        size_t *l = realloc(s->len, (size_t)cap * sizeof *l);
        if (!l)
            return false;
        s->len = l;
        s->cap = cap;
    }
    char *copy = malloc(len + 1);
    if (!copy)
        return false;
    memcpy(copy, text, len);
    copy[len] = '\0';
    s->v[s->n] = copy;
    s->len[s->n++] = len;
    return true;
}

bool strs_add(strs *s, const char *text)
{
    return strs_push(s, text, strlen(text));
}

bool strs_addf(strs *s, const char *fmt, ...)
{
    char buf[64];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return strs_add(s, buf);
}

bool strs_has(const strs *s, const char *text)
{
    for (int i = 0; i < s->n; i++) {
        if (strcmp(s->v[i], text) == 0)
            return true;
    }
    return false;
}

const char *rstore_str_of(const redisReply *e)
{
    return e && e->type == REDIS_REPLY_STRING ? e->str : "";
}

/* Drops the strings past the first n. */
static void strs_truncate(strs *s, int n)
{
    while (s->n > n)
        free(s->v[--s->n]);
}

void strs_clear(strs *s)
{
    for (int i = 0; i < s->n; i++)
        free(s->v[i]);
    s->n = 0;
}

void strs_free(strs *s)
{
    strs_clear(s);
    free(s->v);
    free(s->len);
    *s = (strs){0};
}

/* --- life --- */

static void connection_changed(void *arg, bool up);
static void flush_batch(void *arg);

rstore *rstore_new(rconn *conn, const char *node)
{
    rstore *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->conn = conn;
    snprintf(r->node, sizeof r->node, "%s", node);
    map_init(&r->epochs);
    map_init(&r->holds);
    r->sc_apply = rconn_script(conn, "apply", rstore_lua_apply);
    r->sc_load = rconn_script(conn, "load", rstore_lua_load);
    r->sc_owned = rconn_script(conn, "owned", rstore_lua_owned);
    r->sc_player = rconn_script(conn, "player", rstore_lua_player);
    r->sc_results = rconn_script(conn, "results", rstore_lua_results);
    r->sc_gen = rconn_script(conn, "gen", rstore_lua_gen);
    r->sc_link = rconn_script(conn, "link", rstore_lua_link);
    r->sc_replay = rconn_script(conn, "replay", rstore_lua_replay);
    if (r->sc_apply < 0 || r->sc_load < 0 || r->sc_owned < 0 || r->sc_player < 0 ||
        r->sc_results < 0 || r->sc_gen < 0 || r->sc_link < 0 || r->sc_replay < 0 ||
        rstore_rating_new(r) < 0) {
        rstore_free(r);
        return NULL;
    }
    rconn_on_change(conn, connection_changed, r);
    rconn_set_flusher(conn, flush_batch, r);
    return r;
}

void rstore_free(rstore *r)
{
    if (!r)
        return;
    free(r->batch_txs);
    free(r->failed);
    strs_free(&r->batch);
    for (map_iter it = map_first(&r->holds); it.entry; map_next(&r->holds, &it))
        hold_unref(map_iter_value(&it));
    map_free(&r->holds);
    map_free(&r->epochs);
    strs_free(&r->ops);
    strs_free(&r->codes);
    strs_free(&r->players);
    strs_free(&r->standings);
    rstore_rating_free(r);
    json_decref(r->startup);
    free(r);
}

/* --- the data's generation and durability --- */

typedef struct info_check {
    bool done, aof;
    char err[200];
} info_check;

static void info_read(void *arg, redisReply *rep)
{
    info_check *c = arg;
    c->done = true;
    if (!rep || rep->type != REDIS_REPLY_STRING) {
        snprintf(c->err, sizeof c->err, "%s", rep && rep->str ? rep->str : "no answer");
        return;
    }
    c->aof = strstr(rep->str, "aof_enabled:1") != NULL;
}

typedef struct gen_read {
    rstore *r;
    bool at_start;
} gen_read;

/* A Redis that came back without our generation lost what it held. */
static void gen_checked(void *arg, redisReply *rep)
{
    gen_read *g = arg;
    rstore *r = g->r;
    if (rep && rep->type == REDIS_REPLY_ARRAY && rep->elements == 2 &&
        rep->element[0]->type == REDIS_REPLY_STRING) {
        const char *now = rep->element[0]->str;
        if (r->gen[0] && strcmp(r->gen, now) != 0) {
            r->data_lost++;
            log_error("redis %s LOST ITS DATA: it came back without the generation this node "
                      "knew (%s, now %s). Every room, log, player and result stored before is "
                      "gone from it; rooms in play here will be refused their next write and "
                      "close. Check its append-only file (appendonly yes) and its disk.",
                      rconn_where(r->conn), r->gen, now);
        } else if (!r->gen[0] && rep->element[1]->integer == 1 && !g->at_start) {
            log_warn("redis %s holds no botpit data yet: a new generation %s begins",
                     rconn_where(r->conn), now);
        }
        snprintf(r->gen, sizeof r->gen, "%s", now);
    }
    if (!g->at_start)
        free(g);
}

static void check_generation(rstore *r, bool at_start)
{
    uint64_t bits[2] = {0, 0};
    if (getrandom(bits, sizeof bits, 0) != (ssize_t)sizeof bits)
        bits[0] = (uint64_t)(uintptr_t)r ^ (uint64_t)time(NULL);
    char fresh[40];
    snprintf(fresh, sizeof fresh, "%016" PRIx64 "%016" PRIx64, bits[0], bits[1]);
    const char *argv[] = {fresh};
    if (at_start) {
        gen_read g = {r, true};
        rconn_eval_sync(r->conn, r->sc_gen, gen_checked, &g, 1, argv, NULL);
        return;
    }
    gen_read *g = malloc(sizeof *g);
    if (!g)
        return;
    *g = (gen_read){r, false};
    if (rconn_eval(r->conn, r->sc_gen, gen_checked, g, 1, argv, NULL) < 0)
        free(g);
}

void rstore_connection_up(rstore *r)
{
    check_generation(r, false);
}

static void connection_changed(void *arg, bool up)
{
    rstore *r = arg;
    if (up && r->gen[0]) /* not the first connection: rstore_check reads it then */
        rstore_connection_up(r);
}

static void ids_reserved(void *arg, redisReply *rep);

int rstore_check(rstore *r, bool volatile_ok, char *err, size_t err_len)
{
    info_check c = {0};
    if (rconn_call_sync(r->conn, info_read, &c, 2, (const char *[]){"INFO", "persistence"},
                        NULL) < 0 ||
        c.err[0]) {
        snprintf(err, err_len, "Redis at %s did not say how it keeps its data: %s",
                 rconn_where(r->conn), c.err[0] ? c.err : "no connection");
        return -1;
    }
    if (!c.aof && !volatile_ok) {
        snprintf(err, err_len,
                 "Redis at %s keeps no append-only file (appendonly no), so a restart of it "
                 "would lose every game: set appendonly yes in its redis.conf, or start with "
                 "--redis-volatile to accept that",
                 rconn_where(r->conn));
        return -1;
    }
    if (!c.aof)
        log_warn("redis %s keeps no append-only file: a restart of it loses every game "
                 "(--redis-volatile)",
                 rconn_where(r->conn));
    check_generation(r, true);
    if (!r->gen[0]) {
        snprintf(err, err_len, "Redis at %s did not answer the generation check",
                 rconn_where(r->conn));
        return -1;
    }
    /* The first block of result numbers, so that the first game to end
     * has one. */
    char block[16];
    snprintf(block, sizeof block, "%d", RSTORE_ID_BLOCK);
    r->reserving = true;
    rconn_call_sync(r->conn, ids_reserved, r, 3,
                    (const char *[]){"INCRBY", "botpit:results:seq", block}, NULL);
    if (r->spare_next < r->spare_end) {
        r->id_next = r->spare_next;
        r->id_end = r->spare_end;
        r->spare_next = r->spare_end = 0;
    }
    return 0;
}

/* --- ownership --- */

int64_t rstore_epoch(const rstore *r, const char *code)
{
    return (int64_t)(intptr_t)map_get(&r->epochs, code);
}

void rstore_own(rstore *r, const char *code, int64_t epoch)
{
    map_put(&r->epochs, code, (void *)(intptr_t)epoch);
}

void rstore_forget(rstore *r, const char *code)
{
    map_remove(&r->epochs, code);
}

hold *rstore_hold(rstore *r, const char *key)
{
    hold *h = map_get(&r->holds, key);
    return h && h->state == HOLD_PENDING ? h : NULL;
}

void rstore_on_lost(rstore *r, void (*fn)(void *arg, const char *code, bool fenced), void *arg)
{
    r->lost = fn;
    r->lost_arg = arg;
}

bool rstore_ok(const rstore *r)
{
    return rconn_up(r->conn);
}

uint64_t rstore_failures(const rstore *r)
{
    return r->failures;
}

uint64_t rstore_fenced(const rstore *r)
{
    return r->fenced;
}

uint64_t rstore_stale(const rstore *r)
{
    return r->stale;
}

uint64_t rstore_data_lost(const rstore *r)
{
    return r->data_lost;
}

int rstore_probe(rstore *r)
{
    return rconn_up(r->conn) ? 0 : -1;
}

/* --- transactions --- */

/* A transaction in flight: what its outcome settles. */
typedef struct sent_tx {
    rstore *r;
    hold *hold;
    strs codes, players, standings;
    bool hard;
} sent_tx;

static void tx_failed_log(rstore *r, const char *why)
{
    r->failures++;
    if (!r->failing) {
        r->failing = true;
        log_error("redis %s: a write failed (%s); changes are refused as unavailable until "
                  "writing works again",
                  rconn_where(r->conn), why);
    }
}

/* One transaction's answer (rep NULL: none came). */
static void tx_answered(sent_tx *t, const redisReply *rep)
{
    rstore *r = t->r;
    bool kept = rep && rep->type == REDIS_REPLY_STATUS;
    bool fenced = rep && rep->type == REDIS_REPLY_ERROR &&
                  (strncmp(rep->str, "FENCED", 6) == 0 || strncmp(rep->str, "SEQ", 3) == 0);
    /* A standing moved on since this node read it (a game of the same
     * player ended elsewhere): the transaction was refused whole, and the
     * room, ahead of Redis now, is rebuilt from it as after a fence. */
    bool stale = rep && rep->type == REDIS_REPLY_ERROR && strncmp(rep->str, "STALE", 5) == 0;
    rstore_rating_settled(r, &t->standings, kept);
    hold_settle(t->hold, kept);
    for (int i = 0; i < t->codes.n + t->players.n; i++) {
        const char *key = i < t->codes.n ? t->codes.v[i] : t->players.v[i - t->codes.n];
        if (map_get(&r->holds, key) == t->hold) {
            map_remove(&r->holds, key);
            hold_unref(t->hold);
        }
    }
    if (kept) {
        if (r->failing)
            log_info("redis %s: writing works again", rconn_where(r->conn));
        r->failing = false;
    } else if (fenced) {
        r->fenced++;
        log_warn("redis %s: a write was refused: %s", rconn_where(r->conn), rep->str);
    } else if (stale) {
        r->stale++;
        log_warn("redis %s: a game's result was refused, its ratings computed from a standing "
                 "that has moved on since (%s); its room is read again and the game's last "
                 "move tried again",
                 rconn_where(r->conn), rep->str);
    } else {
        tx_failed_log(r, rep && rep->str ? rep->str : "no answer");
    }
    if (!kept && t->hard && r->lost) {
        for (int i = 0; i < t->codes.n; i++)
            r->lost(r->lost_arg, t->codes.v[i], fenced || stale);
    }
    hold_unref(t->hold);
    strs_free(&t->codes);
    strs_free(&t->players);
    strs_free(&t->standings);
    free(t);
}

static void tx_reset(rstore *r)
{
    strs_clear(&r->ops);
    strs_clear(&r->codes);
    strs_clear(&r->players);
    strs_clear(&r->standings);
    rstore_rating_tx_reset(r);
    r->hard = false;
    r->tx_failed = false;
}

/* A batch's answer: one per transaction, in order. */
typedef struct sent_batch {
    sent_tx **txs;
    int n;
} sent_batch;

static void batch_answered(void *arg, redisReply *rep)
{
    sent_batch *b = arg;
    bool each = rep && rep->type == REDIS_REPLY_ARRAY && rep->elements == (size_t)b->n;
    for (int i = 0; i < b->n; i++)
        tx_answered(b->txs[i], each ? rep->element[i] : (rep && rep->type == REDIS_REPLY_ERROR ? rep : NULL));
    free(b->txs);
    free(b);
}

static void fail_later(void *arg)
{
    rstore *r = arg;
    sent_tx **failed = r->failed;
    int n = r->nfailed;
    r->failed = NULL;
    r->nfailed = 0;
    for (int i = 0; i < n; i++)
        tx_answered(failed[i], NULL);
    free(failed);
}

/* Sends this iteration's transactions in one call, with a deadline taken
 * now: a process that did not run for a while before it got here (a busy
 * machine) does not count against it. One that cannot be sent (the
 * connection went this iteration) fails on the next turn of the loop, not
 * inside whoever's call made it flush. */
static void flush_batch(void *arg)
{
    rstore *r = arg;
    if (!r->nbatch) {
        rstore_rating_flush(r);
        return;
    }
    sent_batch *b = malloc(sizeof *b);
    strs args = {0};
    int64_t deadline = rconn_redis_time_us(r->conn) + RSTORE_DEADLINE_MS * 1000;
    bool ok = b && strs_add(&args, r->node) && strs_addf(&args, "%" PRId64, deadline) &&
              strs_addf(&args, "%d", r->nbatch);
    for (int i = 0; ok && i < r->batch.n; i++)
        ok = strs_push(&args, r->batch.v[i], r->batch.len[i]);
    if (b) {
        *b = (sent_batch){r->batch_txs, r->nbatch};
        r->batch_txs = NULL;
        r->nbatch = r->batch_cap = 0;
    }
    strs_clear(&r->batch);
    if (ok && rconn_eval(r->conn, r->sc_apply, batch_answered, b, args.n, (const char **)args.v,
                         args.len) == 0) {
        strs_free(&args);
        rstore_rating_flush(r); /* reads after the writes: they see them */
        return;
    }
    strs_free(&args);
    if (!b)
        return; /* out of memory: those holds stay pending until the connection goes */
    sent_tx **failed = realloc(r->failed, (size_t)(r->nfailed + b->n) * sizeof *failed);
    if (failed) {
        r->failed = failed;
        if (!r->nfailed)
            rconn_defer(r->conn, fail_later, r);
        for (int i = 0; i < b->n; i++)
            r->failed[r->nfailed++] = b->txs[i];
    }
    free(b->txs);
    free(b);
}

/* Adds the gathered transaction to this iteration's batch: 0, or -1 if it
 * cannot be sent (no connection, a room not ours). */
static int tx_send(rstore *r)
{
    if (!r->ops.n)
        return 0;
    if (!rconn_up(r->conn)) {
        tx_failed_log(r, "no connection");
        return -1;
    }
    strs block = {0};
    bool ok = strs_addf(&block, "%d", r->codes.n);
    for (int i = 0; ok && i < r->codes.n; i++) {
        int64_t epoch = rstore_epoch(r, r->codes.v[i]);
        if (!epoch && r->hard) { /* not ours (any more): nothing to send */
            strs_free(&block);
            return -1;
        }
        ok = strs_add(&block, r->codes.v[i]) && strs_addf(&block, "%" PRId64, epoch);
    }
    ok = ok && strs_addf(&block, "%d", r->ops.n);
    for (int i = 0; ok && i < r->ops.n; i++)
        ok = strs_push(&block, r->ops.v[i], r->ops.len[i]);
    if (ok && r->nbatch == r->batch_cap) {
        int cap = r->batch_cap ? 2 * r->batch_cap : 16;
        sent_tx **txs = realloc(r->batch_txs, (size_t)cap * sizeof *txs);
        ok = txs != NULL;
        if (ok) {
            r->batch_txs = txs;
            r->batch_cap = cap;
        }
    }
    sent_tx *t = ok ? calloc(1, sizeof *t) : NULL;
    hold *h = t ? hold_new() : NULL;
    int before = r->batch.n;
    for (int i = 0; h && i < block.n; i++) {
        if (!strs_push(&r->batch, block.v[i], block.len[i])) {
            strs_truncate(&r->batch, before); /* out of memory: as if never added */
            hold_unref(h);
            h = NULL;
        }
    }
    strs_free(&block);
    if (!h) {
        free(t);
        return -1;
    }
    *t = (sent_tx){r, h, r->codes, r->players, r->standings, r->hard};
    r->codes = (strs){0};
    r->players = (strs){0};
    r->standings = (strs){0};
    r->batch_txs[r->nbatch++] = t;
    for (int i = 0; i < t->codes.n + t->players.n; i++) {
        const char *key = i < t->codes.n ? t->codes.v[i] : t->players.v[i - t->codes.n];
        hold_unref(map_get(&r->holds, key));
        map_put(&r->holds, key, hold_ref(h));
    }
    return 0;
}

static void rebuild_answered(void *arg, redisReply *rep)
{
    char *answer = arg;
    const redisReply *one = rep && rep->type == REDIS_REPLY_ARRAY && rep->elements == 1
                                ? rep->element[0]
                                : rep;
    snprintf(answer, 200, "%s", !one ? "no answer" : one->type == REDIS_REPLY_STATUS ? "OK"
                                                   : one->str ? one->str : "an unexpected answer");
}

int rstore_begin(rstore *r)
{
    if (r->depth++ == 0)
        tx_reset(r);
    return r->tx_failed ? -1 : 0;
}

/* A rebuild of the ratings (rating_rebuild: at start-up, or by `botpit
 * ratings --rebuild`) is written at once, in one call that is waited for:
 * 0 if Redis kept it, -1 if not (STALE_RESULTS: results came in meanwhile;
 * read them again). */
static int send_rebuild(rstore *r)
{
    strs args = {0};
    int64_t deadline = rconn_redis_time_us(r->conn) + RSTORE_DEADLINE_MS * 1000;
    bool ok = rstore_rating_finish_rebuild(r) == 0 && strs_add(&args, r->node) &&
              strs_addf(&args, "%" PRId64, deadline) && strs_add(&args, "1") &&
              strs_add(&args, "0") && strs_addf(&args, "%d", r->ops.n);
    for (int i = 0; ok && i < r->ops.n; i++)
        ok = strs_push(&args, r->ops.v[i], r->ops.len[i]);
    char answer[200] = "no answer";
    if (ok)
        rconn_eval_sync(r->conn, r->sc_apply, rebuild_answered, answer, args.n,
                        (const char **)args.v, args.len);
    strs_free(&args);
    if (strcmp(answer, "OK") == 0)
        return 0;
    log_warn("redis %s: the ratings computed again were not stored: %s", rconn_where(r->conn),
             answer);
    return -1;
}

int rstore_commit(rstore *r)
{
    if (--r->depth > 0)
        return r->tx_failed ? -1 : 0;
    int rc = r->tx_failed                ? -1
             : rstore_rating_rebuilding(r) ? send_rebuild(r)
                                           : tx_send(r);
    if (rc < 0) /* what it would have written of the standings is not so */
        rstore_rating_settled(r, &r->standings, false);
    tx_reset(r);
    return rc;
}

int rstore_op_begin(rstore *r)
{
    return rstore_begin(r);
}

int rstore_op_end(rstore *r, bool ok)
{
    if (!ok)
        r->tx_failed = true;
    return rstore_commit(r) | (ok ? 0 : -1);
}

static bool touch_room(rstore *r, const char *code, bool hard)
{
    r->hard |= hard;
    return strs_has(&r->codes, code) || strs_add(&r->codes, code);
}

static void hash_hex(const uint8_t hash[32], char out[65])
{
    static const char digits[] = "0123456789abcdef";
    for (int i = 0; i < 32; i++) {
        out[2 * i] = digits[hash[i] >> 4];
        out[2 * i + 1] = digits[hash[i] & 15];
    }
    out[64] = '\0';
}

static bool hex_hash(const char *hex, uint8_t out[32])
{
    if (strlen(hex) != 64)
        return false;
    for (int i = 0; i < 32; i++) {
        char b[3] = {hex[2 * i], hex[2 * i + 1], 0};
        char *end;
        out[i] = (uint8_t)strtoul(b, &end, 16);
        if (*end)
            return false;
    }
    return true;
}

int rstore_player_put(rstore *r, const char *id, const char *name, const uint8_t hash[32])
{
    rstore_op_begin(r);
    char hex[65];
    hash_hex(hash, hex);
    bool ok = strs_add(&r->ops, "P") && strs_add(&r->ops, id) && strs_add(&r->ops, name) &&
              strs_add(&r->ops, hex) && (strs_has(&r->players, id) || strs_add(&r->players, id));
    r->hard = true;
    return rstore_op_end(r, ok);
}

/* A row as the store keeps it: everything but the clock; the 64-bit seeds
 * as decimal strings (Lua's numbers would round them); the rules revision
 * when one is known. */
static char *row_json(const store_room *row)
{
    char seed[24], secret[24];
    snprintf(seed, sizeof seed, "%" PRIu64, row->seed);
    snprintf(secret, sizeof secret, "%" PRIu64, row->secret);
    json_t *j = json_pack("{s:s,s:s,s:s?,s:O,s:O,s:s,s:b,s:b,s:b,s:s?}", "game", row->game,
                          "status", row->status, "host", row->host, "options", row->options,
                          "seats", row->seats, "seed", seed, "seed_fixed", row->seed_fixed,
                          "private", row->is_private, "bot_takeover", row->bot_takeover,
                          "secret", row->has_secret ? secret : NULL);
    if (j && row->rules_revision > 0)
        json_object_set_new(j, "rules", json_integer(row->rules_revision));
    char *text = j ? json_dumps(j, JSON_COMPACT) : NULL;
    json_decref(j);
    return text;
}

int rstore_room_put(rstore *r, const store_room *row)
{
    rstore_op_begin(r);
    char *text = row_json(row);
    /* Who sits there, beside the row: the script keeps each player's room
     * with no JSON to read. */
    strs ids = {0};
    size_t i;
    const json_t *seat;
    json_array_foreach(row->seats, i, seat) {
        const char *pid = json_string_value(json_object_get(seat, "player"));
        if (pid && !strs_has(&ids, pid))
            strs_add(&ids, pid);
    }
    bool ok = text && strs_add(&r->ops, "R") && strs_add(&r->ops, row->code) &&
              strs_add(&r->ops, text) && strs_addf(&r->ops, "%" PRId64, row->clock_ms) &&
              strs_addf(&r->ops, "%d", ids.n) && touch_room(r, row->code, true);
    for (int k = 0; ok && k < ids.n; k++)
        ok = strs_add(&r->ops, ids.v[k]);
    strs_free(&ids);
    free(text);
    if (ok && strcmp(row->status, "playing") == 0)
        rstore_rating_want_seats(r, row->game, row->seats);
    return rstore_op_end(r, ok);
}

int rstore_room_delete(rstore *r, const char *code)
{
    rstore_op_begin(r);
    bool ok = strs_add(&r->ops, "D") && strs_add(&r->ops, code) && touch_room(r, code, true);
    return rstore_op_end(r, ok);
}

int rstore_room_mark_broken(rstore *r, const char *code, const char *why)
{
    rstore_op_begin(r);
    bool ok = strs_add(&r->ops, "B") && strs_add(&r->ops, code) && strs_add(&r->ops, why) &&
              touch_room(r, code, true);
    return rstore_op_end(r, ok);
}

int rstore_input_append(rstore *r, const char *code, uint64_t seq, int64_t t, int seat,
                        const char *kind, const json_t *action)
{
    rstore_op_begin(r);
    json_t *in = json_pack("{s:I,s:I,s:i,s:s}", "seq", (json_int_t)seq, "t", (json_int_t)t,
                           "seat", seat, "kind", kind);
    if (in && action)
        json_object_set(in, "action", (json_t *)action);
    char *text = in ? json_dumps(in, JSON_COMPACT) : NULL;
    json_decref(in);
    bool ok = text && strs_add(&r->ops, "A") && strs_add(&r->ops, code) &&
              strs_addf(&r->ops, "%" PRIu64, seq) && strs_add(&r->ops, text) &&
              strs_addf(&r->ops, "%" PRId64, t) && touch_room(r, code, true);
    free(text);
    return rstore_op_end(r, ok);
}

int rstore_room_clocks(rstore *r, const char *const *codes, const int64_t *clocks, size_t n)
{
    if (!n)
        return 0;
    rstore_op_begin(r);
    bool ok = true;
    for (size_t i = 0; ok && i < n; i++) {
        if (!rstore_epoch(r, codes[i]))
            continue; /* a room being handed over: its new owner keeps time */
        ok = strs_add(&r->ops, "C") && strs_add(&r->ops, codes[i]) &&
             strs_addf(&r->ops, "%" PRId64, clocks[i]) && touch_room(r, codes[i], false);
    }
    return rstore_op_end(r, ok);
}

/* --- result numbers --- */

static void ids_reserved(void *arg, redisReply *rep)
{
    rstore *r = arg;
    r->reserving = false;
    if (!rep || rep->type != REDIS_REPLY_INTEGER)
        return; /* the next result that needs one asks again */
    r->spare_end = rep->integer + 1;
    r->spare_next = r->spare_end - RSTORE_ID_BLOCK;
}

/* Asks for another block once fewer than half of this one are left. */
static void reserve_ids(rstore *r)
{
    if (r->reserving || r->spare_next < r->spare_end ||
        r->id_end - r->id_next >= RSTORE_ID_BLOCK / 2)
        return;
    char block[16];
    snprintf(block, sizeof block, "%d", RSTORE_ID_BLOCK);
    const char *argv[] = {"INCRBY", "botpit:results:seq", block};
    if (rconn_call(r->conn, ids_reserved, r, 3, argv, NULL) == 0)
        r->reserving = true;
}

/* The next reserved number, or 0 if none is at hand (one is asked for). */
static int64_t take_id(rstore *r)
{
    if (r->id_next == r->id_end && r->spare_next < r->spare_end) {
        r->id_next = r->spare_next;
        r->id_end = r->spare_end;
        r->spare_next = r->spare_end = 0;
    }
    int64_t id = r->id_next < r->id_end ? r->id_next++ : 0;
    reserve_ids(r);
    return id;
}

/* The op that keeps what replaying result id needs with it (SQLite's
 * replays row; the script copies the room's log beside it). */
static bool replay_op(rstore *r, int64_t id, const store_result *res)
{
    json_t *j = json_pack("{s:O,s:i,s:I,s:o,s:i}", "options", res->options, "seats", res->seats,
                          "seed", (json_int_t)res->seed, "secret",
                          res->has_secret ? json_integer((json_int_t)res->secret) : json_null(),
                          "rules", res->rules_revision > 0 ? res->rules_revision : 1);
    char *text = j ? json_dumps(j, JSON_COMPACT) : NULL;
    json_decref(j);
    bool ok = text && strs_add(&r->ops, "Y") && strs_addf(&r->ops, "%" PRId64, id) &&
              strs_add(&r->ops, res->code) && strs_add(&r->ops, text);
    free(text);
    return ok;
}

int rstore_result_add(rstore *r, const store_result *res, int64_t *id_out)
{
    rstore_op_begin(r);
    int64_t id = take_id(r);
    if (id_out)
        *id_out = id;
    json_t *j = json_pack("{s:s,s:s,s:I,s:O,s:O,s:b,s:b}", "room", res->code, "game", res->game,
                          "finished_at", (json_int_t)res->finished_at_ms, "players",
                          res->players, "result", res->result, "private", res->is_private,
                          "seeded", res->seeded);
    char *text = j ? json_dumps(j, JSON_COMPACT) : NULL;
    json_decref(j);
    strs ids = {0};
    size_t i;
    const json_t *p;
    json_array_foreach(res->players, i, p) {
        const char *pid = json_string_value(json_object_get(p, "id"));
        if (pid && !strs_has(&ids, pid))
            strs_add(&ids, pid);
    }
    if (!id)
        log_warn("redis %s: a finished game has no number yet (none reserved: is Redis slow?); "
                 "its last move is refused and tried again",
                 rconn_where(r->conn));
    bool ok = id && text && strs_add(&r->ops, "X") && strs_addf(&r->ops, "%" PRId64, id) &&
              strs_add(&r->ops, text) && strs_add(&r->ops, res->game) &&
              strs_addf(&r->ops, "%" PRId64, res->finished_at_ms) &&
              strs_addf(&r->ops, "%d", ids.n);
    for (int k = 0; ok && k < ids.n; k++)
        ok = strs_add(&r->ops, ids.v[k]);
    if (ok && res->options)
        ok = replay_op(r, id, res);
    r->hard = true;
    free(text);
    strs_free(&ids);
    return rstore_op_end(r, ok);
}

/* --- link codes --- */

int rstore_link_put(rstore *r, const char *code, const char *player_id, const char *token_hex,
                    const uint8_t hash[32], int64_t ttl_ms)
{
    rstore_op_begin(r);
    char hex[65];
    hash_hex(hash, hex);
    bool ok = strs_add(&r->ops, "L") && strs_add(&r->ops, code) &&
              strs_add(&r->ops, player_id) && strs_add(&r->ops, token_hex) &&
              strs_add(&r->ops, hex) && strs_addf(&r->ops, "%" PRId64, ttl_ms) &&
              (strs_has(&r->players, player_id) || strs_add(&r->players, player_id));
    return rstore_op_end(r, ok);
}

typedef struct link_call {
    rstore_link_fn fn;
    void *arg;
} link_call;

static void link_taken(void *arg, redisReply *rep)
{
    link_call *c = arg;
    const char *status = rep && rep->type == REDIS_REPLY_ARRAY && rep->elements >= 1
                             ? rstore_str_of(rep->element[0])
                             : "";
    rstore_link_answer a = {.rc = -1};
    if (strcmp(status, "OK") == 0 && rep->elements >= 2) {
        a.rc = 0;
        a.status = RSTORE_LINK_OK;
        a.token_hex = rstore_str_of(rep->element[1]);
        if (rep->elements == 6 && hex_hash(rstore_str_of(rep->element[4]), a.hash)) {
            a.id = rstore_str_of(rep->element[2]);
            a.name = rstore_str_of(rep->element[3]);
            a.room = rstore_str_of(rep->element[5]);
        }
    } else if (strcmp(status, "USED") == 0 || strcmp(status, "EXPIRED") == 0 ||
               strcmp(status, "UNKNOWN") == 0) {
        a.rc = 0;
        a.status = status[0] == 'U' && status[1] == 'S' ? RSTORE_LINK_USED
                   : status[0] == 'E'                  ? RSTORE_LINK_EXPIRED
                                                       : RSTORE_LINK_UNKNOWN;
    }
    c->fn(c->arg, &a);
    free(c);
}

int rstore_link_take(rstore *r, const char *code, rstore_link_fn fn, void *arg)
{
    link_call *c = malloc(sizeof *c);
    if (!c)
        return -1;
    *c = (link_call){fn, arg};
    const char *argv[] = {code};
    if (rconn_eval(r->conn, r->sc_link, link_taken, c, 1, argv, NULL) < 0) {
        free(c);
        return -1;
    }
    return 0;
}

/* --- reading a room --- */

static uint64_t u64_of(const json_t *j)
{
    const char *s = json_string_value(j);
    return s ? strtoull(s, NULL, 10) : (uint64_t)json_integer_value(j);
}

/* Parses "node epoch". */
static void split_owner(const char *own, char node[RSTORE_NODE_MAX + 1], int64_t *epoch)
{
    const char *space = strrchr(own, ' ');
    *epoch = 0;
    node[0] = '\0';
    if (!space)
        return;
    snprintf(node, RSTORE_NODE_MAX + 1, "%.*s", (int)(space - own), own);
    *epoch = strtoll(space + 1, NULL, 10);
}

/* Calls fn with the room a load reply describes (its JSON form, as kept at
 * start-up, or the reply itself). */
static void deliver_room(rstore *r, const char *code, json_t *loaded, rstore_room_fn fn,
                         void *arg)
{
    const char *own = json_string_value(json_array_get(loaded, 0));
    const char *row_text = json_string_value(json_array_get(loaded, 1));
    const char *clock = json_string_value(json_array_get(loaded, 2));
    const char *broken = json_string_value(json_array_get(loaded, 3));
    char node[RSTORE_NODE_MAX + 1];
    rstore_room room = {.owner = node, .broken = broken && broken[0] ? broken : NULL};
    split_owner(own ? own : "", node, &room.epoch);
    json_t *row = row_text && row_text[0] ? json_loads(row_text, 0, NULL) : NULL;
    json_t *inputs = json_array();
    size_t i;
    json_t *in;
    json_array_foreach(json_array_get(loaded, 4), i, in) {
        json_t *input = json_loads(json_string_value(in), 0, NULL);
        if (input)
            json_array_append_new(inputs, input);
    }
    room.inputs = inputs;
    room.players = json_array_get(loaded, 5);
    store_room sr;
    if (row) {
        json_int_t rules = json_integer_value(json_object_get(row, "rules"));
        sr = (store_room){
            .code = code,
            .game = json_string_value(json_object_get(row, "game")),
            .status = json_string_value(json_object_get(row, "status")),
            .host = json_string_value(json_object_get(row, "host")),
            .options = json_object_get(row, "options"),
            .seats = json_object_get(row, "seats"),
            .seed = u64_of(json_object_get(row, "seed")),
            .seed_fixed = json_is_true(json_object_get(row, "seed_fixed")),
            .is_private = json_is_true(json_object_get(row, "private")),
            .bot_takeover = json_is_true(json_object_get(row, "bot_takeover")),
            .clock_ms = clock ? strtoll(clock, NULL, 10) : 0,
            .has_secret = json_object_get(row, "secret") &&
                          !json_is_null(json_object_get(row, "secret")),
            .secret = u64_of(json_object_get(row, "secret")),
            .rules_revision = rules > 0 && rules <= INT32_MAX ? (int)rules : 0,
        };
        if (!sr.game || !sr.status)
            room.row = NULL;
        else
            room.row = &sr;
    }
    /* A game in play that is this node's now will want its players'
     * standings when it ends. */
    if (room.row && !room.broken && strcmp(node, r->node) == 0 &&
        strcmp(sr.status, "playing") == 0)
        rstore_rating_want_seats(r, sr.game, sr.seats);
    fn(arg, 0, &room);
    json_decref(row);
    json_decref(inputs);
}

/* A load reply as JSON: [own, row, clock, broken, [inputs], [[id, name, hash]...]]. */
static json_t *load_reply_json(const redisReply *rep)
{
    if (!rep || rep->type != REDIS_REPLY_ARRAY || rep->elements != 6)
        return NULL;
    json_t *j = json_array();
    for (int i = 0; i < 4; i++)
        json_array_append_new(j, json_string(rstore_str_of(rep->element[i])));
    json_t *log = json_array();
    for (size_t i = 0; i < rep->element[4]->elements; i++)
        json_array_append_new(log, json_string(rstore_str_of(rep->element[4]->element[i])));
    json_array_append_new(j, log);
    json_t *players = json_array();
    const redisReply *p = rep->element[5];
    for (size_t i = 0; i + 2 < p->elements; i += 3) {
        json_array_append_new(players, json_pack("[s,s,s]", rstore_str_of(p->element[i]),
                                                 rstore_str_of(p->element[i + 1]),
                                                 rstore_str_of(p->element[i + 2])));
    }
    json_array_append_new(j, players);
    return j;
}

typedef struct load_call {
    rstore *r;
    char code[16];
    rstore_room_fn fn;
    void *arg;
} load_call;

static void loaded(void *arg, redisReply *rep)
{
    load_call *c = arg;
    json_t *j = load_reply_json(rep);
    if (j)
        deliver_room(c->r, c->code, j, c->fn, c->arg);
    else
        c->fn(c->arg, -1, NULL);
    json_decref(j);
    free(c);
}

int rstore_load(rstore *r, const char *code, rstore_room_fn fn, void *arg)
{
    load_call *c = malloc(sizeof *c);
    if (!c)
        return -1;
    *c = (load_call){.r = r, .fn = fn, .arg = arg};
    snprintf(c->code, sizeof c->code, "%s", code);
    const char *argv[] = {code};
    if (rconn_eval(r->conn, r->sc_load, loaded, c, 1, argv, NULL) < 0) {
        free(c);
        return -1;
    }
    return 0;
}

/* --- players and results --- */

typedef struct player_call {
    rstore_player_fn fn;
    void *arg;
} player_call;

static void player_found(void *arg, redisReply *rep)
{
    player_call *c = arg;
    if (!rep || rep->type == REDIS_REPLY_ERROR) {
        c->fn(c->arg, -1, NULL, NULL, NULL, NULL);
    } else if (rep->type != REDIS_REPLY_ARRAY || rep->elements != 4) {
        c->fn(c->arg, 1, NULL, NULL, NULL, NULL);
    } else {
        uint8_t hash[32];
        if (hex_hash(rstore_str_of(rep->element[2]), hash))
            c->fn(c->arg, 0, rstore_str_of(rep->element[0]), rstore_str_of(rep->element[1]), hash,
                  rstore_str_of(rep->element[3]));
        else
            c->fn(c->arg, 1, NULL, NULL, NULL, NULL);
    }
    free(c);
}

int rstore_find_player(rstore *r, const uint8_t hash[32], rstore_player_fn fn, void *arg)
{
    player_call *c = malloc(sizeof *c);
    if (!c)
        return -1;
    *c = (player_call){fn, arg};
    char hex[65];
    hash_hex(hash, hex);
    const char *argv[] = {hex};
    if (rconn_eval(r->conn, r->sc_player, player_found, c, 1, argv, NULL) < 0) {
        free(c);
        return -1;
    }
    return 0;
}

/* The result rows of a results reply (from its fourth element on): each
 * with its number as "id" and its `rating` block (store/rating.h). */
static json_t *result_rows(const redisReply *rep)
{
    json_t *out = json_array();
    for (size_t i = 3; i < rep->elements; i++) {
        const redisReply *e = rep->element[i];
        if (e->type != REDIS_REPLY_ARRAY || e->elements != 3)
            continue;
        json_t *row = json_loads(rstore_str_of(e->element[1]), 0, NULL);
        if (!row)
            continue;
        json_object_set_new(row, "id", json_integer(strtoll(rstore_str_of(e->element[0]), NULL, 10)));
        json_t *changes = json_array();
        for (size_t k = 0; k < e->element[2]->elements; k++) {
            json_t *c = json_loads(rstore_str_of(e->element[2]->element[k]), 0, NULL);
            if (c)
                json_array_append_new(changes, c);
        }
        json_t *rating = rating_summary_of(changes, json_string_value(json_object_get(row, "game")),
                                           json_object_get(row, "players"),
                                           json_is_true(json_object_get(row, "seeded")));
        if (rating)
            json_object_set_new(row, "rating", rating);
        json_decref(changes);
        json_array_append_new(out, row);
    }
    return out;
}

/* A standings field: an integer ("3") or a number kept exact ("%.17g"). */
static json_t *field_json(const char *text, bool real)
{
    return real ? json_real(strtod(text, NULL)) : json_integer(strtoll(text, NULL, 10));
}

/* A history reply's standings as store_standings_of gives them. */
static json_t *standing_rows(const redisReply *list)
{
    static const char *const names[] = {"played", "won", "public_played", "public_won",
                                        "rated",  "rating", "rd"};
    json_t *out = json_array();
    for (size_t i = 0; i + 9 < list->elements; i += 10) {
        json_t *row = json_pack("{s:s}", "game", rstore_str_of(list->element[i]));
        for (int k = 0; k < 7; k++)
            json_object_set_new(row, names[k],
                                field_json(rstore_str_of(list->element[i + 2 + k]), k >= 5));
        json_array_append_new(out, row);
    }
    return out;
}

typedef struct results_call {
    rstore_results_fn fn;
    rstore_history_fn history;
    void *arg;
} results_call;

static void results_read(void *arg, redisReply *rep)
{
    results_call *c = arg;
    int rc = rep && rep->type == REDIS_REPLY_ERROR && strstr(rep->str, "UNKNOWN_TOKEN") ? 1
             : !rep || rep->type != REDIS_REPLY_ARRAY || rep->elements < 3 ||
                     rep->element[2]->type != REDIS_REPLY_ARRAY
                 ? -1
                 : 0;
    json_t *rows = rc == 0 ? result_rows(rep) : NULL;
    if (c->history) {
        json_t *standings = rc == 0 ? standing_rows(rep->element[2]) : NULL;
        c->history(c->arg, rc, rc == 0 ? rstore_str_of(rep->element[0]) : NULL,
                   rc == 0 ? rstore_str_of(rep->element[1]) : NULL, standings, rows);
        json_decref(standings);
    } else {
        c->fn(c->arg, rc, rows);
    }
    json_decref(rows);
    free(c);
}

static int read_results(rstore *r, results_call *c, const char *game, const char *player_id,
                        const uint8_t *viewer_hash, const char *viewer_id, int limit)
{
    char hex[65] = "", lim[16];
    if (viewer_hash)
        hash_hex(viewer_hash, hex);
    snprintf(lim, sizeof lim, "%d", limit);
    const char *argv[] = {game ? game : "",           player_id ? player_id : "", hex, lim,
                          viewer_id ? viewer_id : "", c->history ? "history" : ""};
    if (rconn_eval(r->conn, r->sc_results, results_read, c, 6, argv, NULL) < 0) {
        free(c);
        return -1;
    }
    return 0;
}

int rstore_results(rstore *r, const char *game, const char *player_id,
                   const uint8_t *viewer_hash, int limit, rstore_results_fn fn, void *arg)
{
    results_call *c = malloc(sizeof *c);
    if (!c)
        return -1;
    *c = (results_call){.fn = fn, .arg = arg};
    return read_results(r, c, game, player_id, viewer_hash, NULL, limit);
}

int rstore_history(rstore *r, const char *player_id, const uint8_t *viewer_hash,
                   const char *viewer_id, int limit, rstore_history_fn fn, void *arg)
{
    results_call *c = malloc(sizeof *c);
    if (!c)
        return -1;
    *c = (results_call){.history = fn, .arg = arg};
    return read_results(r, c, NULL, player_id, viewer_hash, viewer_id, limit);
}

/* --- replays --- */

typedef struct replay_call {
    rstore_replay_fn fn;
    void *arg;
} replay_call;

static void replay_read(void *arg, redisReply *rep)
{
    replay_call *c = arg;
    bool found = rep && rep->type == REDIS_REPLY_ARRAY && rep->elements == 3;
    for (size_t i = 0; found && i < 3; i++)
        found = rep->element[i]->type == REDIS_REPLY_STRING;
    int rc = found ? 0
             : rep && rep->type == REDIS_REPLY_ERROR && strncmp(rep->str, "NONE", 4) == 0 ? 1
                                                                                         : -1;
    if (rc < 0)
        log_warn("redis: reading a replay failed: %s",
                 rep && rep->type == REDIS_REPLY_ERROR ? rep->str : "no answer");
    c->fn(c->arg, rc, found ? rep->element[0]->str : NULL, found ? rep->element[1]->str : NULL,
          found ? rep->element[2]->str : NULL);
    free(c);
}

int rstore_replay_read(rstore *r, int64_t id, const char *viewer_id, rstore_replay_fn fn,
                       void *arg)
{
    replay_call *c = malloc(sizeof *c);
    if (!c)
        return -1;
    *c = (replay_call){fn, arg};
    char key[24];
    snprintf(key, sizeof key, "%012" PRId64, id);
    const char *argv[] = {key, viewer_id ? viewer_id : ""};
    if (rconn_eval(r->conn, r->sc_replay, replay_read, c, 2, argv, NULL) < 0) {
        free(c);
        return -1;
    }
    return 0;
}

json_t *rstore_replay_row(int64_t id, int rc, const char *result, const char *settings,
                          const char *log, store_replay_status *status)
{
    if (rc != 0) {
        *status = rc > 0 ? STORE_REPLAY_NONE : STORE_REPLAY_FAILED;
        return NULL;
    }
    if (!settings || !*settings) {
        *status = STORE_REPLAY_NOT_KEPT;
        return NULL;
    }
    json_t *row = json_loads(result, 0, NULL);
    json_t *kept = json_loads(settings, 0, NULL);
    json_t *inputs = json_loads(log, 0, NULL);
    *status = STORE_REPLAY_FAILED;
    if (json_is_object(row) && json_is_object(kept) && json_is_array(inputs) &&
        json_object_set_new(row, "id", json_integer((json_int_t)id)) == 0 &&
        json_object_update(row, kept) == 0 && json_object_set(row, "inputs", inputs) == 0)
        *status = STORE_REPLAY_OK;
    json_decref(kept);
    json_decref(inputs);
    if (*status != STORE_REPLAY_OK) {
        log_warn("redis: replay %" PRId64 " is stored unreadable", id);
        json_decref(row);
        row = NULL;
    }
    return row;
}

/* --- start-up: this node's own rooms, read once --- */

typedef struct startup_read {
    rstore *r;
    json_t *codes;
    bool failed;
} startup_read;

static void owned_read(void *arg, redisReply *rep)
{
    startup_read *s = arg;
    if (!rep || rep->type != REDIS_REPLY_ARRAY || rep->elements != 2) {
        s->failed = true;
        return;
    }
    s->codes = json_array();
    for (size_t i = 0; i < rep->element[0]->elements; i++)
        json_array_append_new(s->codes, json_string(rstore_str_of(rep->element[0]->element[i])));
}

typedef struct one_load {
    startup_read *s;
    const char *code;
} one_load;

static void startup_loaded(void *arg, redisReply *rep)
{
    one_load *o = arg;
    json_t *j = load_reply_json(rep);
    if (!j) {
        o->s->failed = true;
        return;
    }
    json_object_set_new(o->s->r->startup, o->code, j);
}

/* Reads every room this node owns (once, for store_each_player and
 * store_each_room): 0, or -1. */
static int read_startup(rstore *r)
{
    if (r->startup)
        return 0;
    startup_read s = {r, NULL, false};
    const char *argv[] = {r->node};
    if (rconn_eval_sync(r->conn, r->sc_owned, owned_read, &s, 1, argv, NULL) < 0 || s.failed)
        return -1;
    r->startup = json_object();
    size_t i;
    json_t *code;
    json_array_foreach(s.codes, i, code) {
        one_load o = {&s, json_string_value(code)};
        const char *a[] = {o.code};
        if (rconn_eval_sync(r->conn, r->sc_load, startup_loaded, &o, 1, a, NULL) < 0)
            s.failed = true;
        if (s.failed)
            break;
    }
    json_decref(s.codes);
    return s.failed ? -1 : 0;
}

/* Whether a room read at start is this node's to restore. */
static bool startup_mine(rstore *r, json_t *loaded, int64_t *epoch, bool *broken)
{
    char node[RSTORE_NODE_MAX + 1];
    split_owner(json_string_value(json_array_get(loaded, 0)), node, epoch);
    const char *row = json_string_value(json_array_get(loaded, 1));
    const char *b = json_string_value(json_array_get(loaded, 3));
    *broken = b && b[0];
    return strcmp(node, r->node) == 0 && *epoch > 0 && row && row[0];
}

int rstore_each_player(rstore *r,
                       void (*fn)(void *arg, const char *id, const char *name,
                                  const uint8_t hash[32]),
                       void *arg)
{
    if (read_startup(r) < 0)
        return -1;
    const char *code;
    json_t *loaded;
    json_object_foreach(r->startup, code, loaded) {
        int64_t epoch;
        bool broken;
        if (!startup_mine(r, loaded, &epoch, &broken) || broken)
            continue;
        size_t i;
        json_t *p;
        json_array_foreach(json_array_get(loaded, 5), i, p) {
            uint8_t hash[32];
            if (hex_hash(json_string_value(json_array_get(p, 2)), hash))
                fn(arg, json_string_value(json_array_get(p, 0)),
                   json_string_value(json_array_get(p, 1)), hash);
        }
    }
    return 0;
}

typedef struct each_room_arg {
    void (*fn)(void *arg, const store_room *r, const json_t *inputs);
    void *arg;
} each_room_arg;

static void each_room_one(void *arg, int rc, const rstore_room *room)
{
    each_room_arg *a = arg;
    if (rc == 0 && room->row)
        a->fn(a->arg, room->row, room->inputs);
}

int rstore_each_room(rstore *r, void (*fn)(void *arg, const store_room *r, const json_t *inputs),
                     void *arg)
{
    if (read_startup(r) < 0)
        return -1;
    each_room_arg a = {fn, arg};
    const char *code;
    json_t *loaded;
    json_object_foreach(r->startup, code, loaded) {
        int64_t epoch;
        bool broken;
        if (!startup_mine(r, loaded, &epoch, &broken) || broken)
            continue;
        rstore_own(r, code, epoch);
        deliver_room(r, code, loaded, each_room_one, &a);
    }
    return 0;
}

int rstore_broken_count(rstore *r)
{
    if (read_startup(r) < 0)
        return -1;
    int n = 0;
    const char *code;
    json_t *loaded;
    json_object_foreach(r->startup, code, loaded) {
        int64_t epoch;
        bool broken;
        n += startup_mine(r, loaded, &epoch, &broken) && broken;
    }
    return n;
}

void rstore_metrics_write(const rstore *r, FILE *out)
{
    rconn_metrics_write(r->conn, out);
    metrics_counter(out, "botpit_redis_fenced_writes_total",
                    "Writes Redis refused because this node no longer held the room at its "
                    "epoch (another node claimed it) or the input did not follow the log.",
                    r->fenced);
    metrics_counter(out, "botpit_redis_stale_ratings_total",
                    "Games' results Redis refused because a player's standing had moved on "
                    "since this node read it (a game of theirs ended on another node): the "
                    "last move is tried again on the standing as it is.",
                    r->stale);
    metrics_counter(out, "botpit_redis_data_lost_total",
                    "Times Redis came back without the data's generation (it lost what it "
                    "held).",
                    r->data_lost);
}
