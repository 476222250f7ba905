/* store.c: the SQLite side: schema, prepared statements, transactions,
 * the health of writes, loading. */
#include "store/store.h"

#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/rstore_int.h"
#include "util/log.h"

#define SCHEMA_VERSION 4

static const char schema_sql[] =
    "CREATE TABLE IF NOT EXISTS players ("
    "  id TEXT PRIMARY KEY, name TEXT NOT NULL, token_hash BLOB NOT NULL UNIQUE);"
    "CREATE TABLE IF NOT EXISTS rooms ("
    "  code TEXT PRIMARY KEY, game TEXT NOT NULL, status TEXT NOT NULL, host TEXT,"
    "  options TEXT NOT NULL, seats TEXT NOT NULL, seed INTEGER NOT NULL,"
    "  seed_fixed INTEGER NOT NULL, private INTEGER NOT NULL, bot_takeover INTEGER NOT NULL,"
    "  clock_ms INTEGER NOT NULL DEFAULT 0, broken TEXT, secret INTEGER, rules INTEGER);"
    "CREATE TABLE IF NOT EXISTS inputs ("
    "  room TEXT NOT NULL, seq INTEGER NOT NULL, t INTEGER NOT NULL, seat INTEGER NOT NULL,"
    "  kind TEXT NOT NULL, action TEXT, PRIMARY KEY (room, seq)) WITHOUT ROWID;"
    "CREATE TABLE IF NOT EXISTS results ("
    "  id INTEGER PRIMARY KEY, room TEXT NOT NULL, game TEXT NOT NULL,"
    "  finished_at INTEGER NOT NULL, players TEXT NOT NULL, result TEXT NOT NULL,"
    "  private INTEGER NOT NULL DEFAULT 1, seeded INTEGER NOT NULL DEFAULT 0);"
    /* Columns in primary-key order: SQLite 3.40's quick_check wrongly reports
     * NULLs in a WITHOUT ROWID table whose key columns are declared in
     * another order, and this file would pass for damaged on the next start. */
    "CREATE TABLE IF NOT EXISTS result_players ("
    "  player TEXT NOT NULL, result INTEGER NOT NULL, PRIMARY KEY (player, result))"
    "  WITHOUT ROWID;"
    "CREATE INDEX IF NOT EXISTS results_by_game ON results (game, finished_at);"
    /* What a finished game's replay needs: its settings
     * by results.id, and its log, copied from the room's at the commit
     * point that stored its result. */
    "CREATE TABLE IF NOT EXISTS replays ("
    "  result INTEGER PRIMARY KEY, options TEXT NOT NULL, seats INTEGER NOT NULL,"
    "  seed INTEGER NOT NULL, secret INTEGER, rules INTEGER NOT NULL);"
    "CREATE TABLE IF NOT EXISTS replay_inputs ("
    "  result INTEGER NOT NULL, seq INTEGER NOT NULL, t INTEGER NOT NULL, seat INTEGER NOT NULL,"
    "  kind TEXT NOT NULL, action TEXT, PRIMARY KEY (result, seq)) WITHOUT ROWID;"
    /* Ratings: derived from the results (store/rating.h), so they can be
     * dropped and computed again at any time. */
    "CREATE TABLE IF NOT EXISTS standings ("
    "  player TEXT NOT NULL, game TEXT NOT NULL, played INTEGER NOT NULL,"
    "  won INTEGER NOT NULL, public_played INTEGER NOT NULL, public_won INTEGER NOT NULL,"
    "  rated INTEGER NOT NULL, rating REAL NOT NULL, rd REAL NOT NULL, vol REAL NOT NULL,"
    "  PRIMARY KEY (player, game)) WITHOUT ROWID;"
    "CREATE INDEX IF NOT EXISTS standings_by_game ON standings (game, rating);"
    "CREATE TABLE IF NOT EXISTS rating_changes ("
    "  result INTEGER NOT NULL, player TEXT NOT NULL, seat INTEGER NOT NULL,"
    "  rating_before REAL NOT NULL, rd_before REAL NOT NULL, rating_after REAL NOT NULL,"
    "  rd_after REAL NOT NULL, PRIMARY KEY (result, player)) WITHOUT ROWID;"
    /* Which rules derived rows were computed under (name -> version). */
    "CREATE TABLE IF NOT EXISTS derived (name TEXT PRIMARY KEY, version INTEGER NOT NULL);"
    /* One row that store_probe rewrites to learn whether writing works. */
    "CREATE TABLE IF NOT EXISTS probe (id INTEGER PRIMARY KEY, n INTEGER NOT NULL);";

enum {
    ST_PLAYER_PUT,
    ST_ROOM_PUT,
    ST_ROOM_DELETE,
    ST_INPUTS_DELETE,
    ST_ROOM_BROKEN,
    ST_INPUT_APPEND,
    ST_ROOM_CLOCK,
    ST_RESULT_PUT,
    ST_RESULT_PLAYER,
    ST_INPUTS_OF,
    ST_PROBE,
    ST_REPLAY_PUT,
    ST_REPLAY_INPUTS,
    ST_STANDING_GET,
    ST_STANDING_PUT,
    ST_CHANGE_PUT,
    ST_CHANGES_OF,
    ST_COUNT
};

static const char *const statement_sql[ST_COUNT] = {
    [ST_PLAYER_PUT] = "INSERT INTO players (id, name, token_hash) VALUES (?1, ?2, ?3) "
                      "ON CONFLICT (id) DO UPDATE SET name = excluded.name",
    [ST_ROOM_PUT] = "INSERT OR REPLACE INTO rooms (code, game, status, host, options, seats,"
                    " seed, seed_fixed, private, bot_takeover, clock_ms, secret, rules)"
                    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
    [ST_ROOM_DELETE] = "DELETE FROM rooms WHERE code = ?1",
    [ST_INPUTS_DELETE] = "DELETE FROM inputs WHERE room = ?1",
    [ST_ROOM_BROKEN] = "UPDATE rooms SET broken = ?2 WHERE code = ?1",
    [ST_INPUT_APPEND] = "INSERT INTO inputs (room, seq, t, seat, kind, action)"
                        " VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    [ST_ROOM_CLOCK] = "UPDATE rooms SET clock_ms = ?2 WHERE code = ?1",
    [ST_RESULT_PUT] = "INSERT INTO results (room, game, finished_at, players, result, private,"
                      " seeded) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    [ST_RESULT_PLAYER] = "INSERT OR IGNORE INTO result_players (result, player) VALUES (?1, ?2)",
    [ST_INPUTS_OF] = "SELECT seq, t, seat, kind, action FROM inputs WHERE room = ?1 ORDER BY seq",
    [ST_PROBE] = "INSERT INTO probe (id, n) VALUES (1, 1) ON CONFLICT (id) DO UPDATE SET n = n + 1",
    [ST_REPLAY_PUT] = "INSERT INTO replays (result, options, seats, seed, secret, rules)"
                      " VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    [ST_REPLAY_INPUTS] = "INSERT INTO replay_inputs (result, seq, t, seat, kind, action)"
                         " SELECT ?1, seq, t, seat, kind, action FROM inputs WHERE room = ?2",
    [ST_STANDING_GET] = "SELECT played, won, public_played, public_won, rated, rating, rd, vol"
                        " FROM standings WHERE player = ?1 AND game = ?2",
    [ST_STANDING_PUT] = "INSERT OR REPLACE INTO standings (player, game, played, won,"
                        " public_played, public_won, rated, rating, rd, vol)"
                        " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
    [ST_CHANGE_PUT] = "INSERT OR REPLACE INTO rating_changes (result, player, seat, rating_before,"
                      " rd_before, rating_after, rd_after) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    [ST_CHANGES_OF] = "SELECT seat, player, rating_before, rd_before, rating_after, rd_after"
                      " FROM rating_changes WHERE result = ?1 ORDER BY seat",
};

struct store {
    rstore *redis; /* distributed mode: every function below passes through */
    sqlite3 *db;
    sqlite3 *reader;               /* replays' reads, from any thread (store_replay_get) */
    pthread_mutex_t reader_lock;   /* one thread at a time on it */
    char path[512];
    sqlite3_stmt *st[ST_COUNT];
    int depth;      /* open store_begin levels */
    bool tx_failed; /* a write of the open transaction failed: it rolls back */
    bool ok;        /* the last write succeeded */
    uint64_t failures;
};

/* --- health --- */

/* A write failed: the first failure after a success is logged with its
 * cause; the rest are counted. While writes fail, a locked database fails at
 * once instead of making every attempt wait. */
static int write_failed(store *s, const char *what)
{
    s->failures++;
    if (s->depth)
        s->tx_failed = true;
    if (s->ok) {
        log_error("store %s: %s failed: %s (error %d). Changes that need the database are "
                  "refused as unavailable until writing works again.",
                  s->path, what, sqlite3_errmsg(s->db), sqlite3_extended_errcode(s->db));
        s->ok = false;
        sqlite3_busy_timeout(s->db, 0);
    } else {
        log_debug("store %s: %s failed again: %s", s->path, what, sqlite3_errmsg(s->db));
    }
    return -1;
}

static void write_worked(store *s)
{
    if (!s->ok) {
        log_info("store %s: writing works again", s->path);
        s->ok = true;
        sqlite3_busy_timeout(s->db, STORE_BUSY_MS);
    }
}

bool store_ok(const store *s)
{
    if (s->redis)
        return rstore_ok(s->redis);
    return s->ok;
}

uint64_t store_failures(const store *s)
{
    if (s->redis)
        return rstore_failures(s->redis);
    return s->failures;
}

static int read_failed(store *s, const char *what)
{
    log_warn("store %s: %s failed: %s", s->path, what, sqlite3_errmsg(s->db));
    return -1;
}

/* --- statements --- */

static int exec(store *s, const char *sql)
{
    return sqlite3_exec(s->db, sql, NULL, NULL, NULL) == SQLITE_OK ? 0 : -1;
}

/* After a failure SQLite may or may not have rolled the transaction back
 * itself; either way none is open afterwards. */
static void abandon_transaction(store *s)
{
    if (!sqlite3_get_autocommit(s->db))
        exec(s, "ROLLBACK");
}

/* Runs a prepared statement that writes and returns no rows, then resets
 * it. Inside a transaction that has already failed it does nothing. */
static int step_write(store *s, sqlite3_stmt *st, const char *what)
{
    if (s->depth && s->tx_failed) {
        sqlite3_reset(st);
        sqlite3_clear_bindings(st);
        return -1;
    }
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    if (rc != SQLITE_DONE)
        return write_failed(s, what);
    if (!s->depth)
        write_worked(s);
    return 0;
}

static void bind_json(sqlite3_stmt *st, int i, const json_t *j)
{
    if (!j) {
        sqlite3_bind_null(st, i);
        return;
    }
    char *text = json_dumps(j, JSON_COMPACT | JSON_ENCODE_ANY);
    sqlite3_bind_text(st, i, text, -1, free);
}

static void bind_text(sqlite3_stmt *st, int i, const char *text)
{
    if (text)
        sqlite3_bind_text(st, i, text, -1, SQLITE_TRANSIENT);
    else
        sqlite3_bind_null(st, i);
}

/* --- transactions --- */

int store_begin(store *s)
{
    if (s->redis)
        return rstore_begin(s->redis);
    if (s->depth++)
        return s->tx_failed ? -1 : 0;
    s->tx_failed = false;
    if (exec(s, "BEGIN IMMEDIATE") < 0) {
        abandon_transaction(s);
        return write_failed(s, "starting a transaction");
    }
    return 0;
}

int store_commit(store *s)
{
    if (s->redis)
        return rstore_commit(s->redis);
    if (--s->depth)
        return s->tx_failed ? -1 : 0;
    if (s->tx_failed) {
        abandon_transaction(s);
        s->tx_failed = false;
        return -1;
    }
    if (exec(s, "COMMIT") < 0) {
        write_failed(s, "committing");
        abandon_transaction(s);
        s->tx_failed = false;
        return -1;
    }
    write_worked(s);
    return 0;
}

/* --- opening --- */

/* Is the file sound? A damaged file gives a clear message, not a crash. */
static int check_sound(store *s, char *err, size_t err_len)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(s->db, "PRAGMA quick_check", -1, &st, NULL) != SQLITE_OK) {
        snprintf(err, err_len, "the database %s cannot be read: %s", s->path,
                 sqlite3_errmsg(s->db));
        return -1;
    }
    int rc = sqlite3_step(st);
    const char *verdict = rc == SQLITE_ROW ? (const char *)sqlite3_column_text(st, 0) : NULL;
    if (!verdict || strcmp(verdict, "ok") != 0) {
        snprintf(err, err_len, "the database %s is damaged (%s); move it away to start afresh",
                 s->path, verdict ? verdict : sqlite3_errmsg(s->db));
        sqlite3_finalize(st);
        return -1;
    }
    sqlite3_finalize(st);
    return 0;
}

static bool has_column(store *s, const char *table, const char *column)
{
    char sql[128];
    snprintf(sql, sizeof sql, "SELECT %s FROM %s LIMIT 0", column, table);
    sqlite3_stmt *st;
    bool ok = sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) == SQLITE_OK;
    sqlite3_finalize(st);
    return ok;
}

/* A database from an earlier version gains the columns added since.
 * Results kept before version 2 are taken as private: nobody can tell any
 * more. Rooms kept before version 3 have no rules revision (NULL), which
 * the lobby reads as revision 1, the rules every engine played then. */
static int upgrade_schema(store *s, char **msg)
{
    static const struct {
        const char *table, *column, *sql;
    } added[] = {
        {"rooms", "secret", "ALTER TABLE rooms ADD COLUMN secret INTEGER"},
        {"results", "private",
         "ALTER TABLE results ADD COLUMN private INTEGER NOT NULL DEFAULT 1"},
        {"results", "seeded",
         "ALTER TABLE results ADD COLUMN seeded INTEGER NOT NULL DEFAULT 0"},
        {"rooms", "rules", "ALTER TABLE rooms ADD COLUMN rules INTEGER"},
    };
    for (size_t i = 0; i < sizeof added / sizeof added[0]; i++) {
        if (has_column(s, added[i].table, added[i].column))
            continue;
        int rc = sqlite3_exec(s->db, added[i].sql, NULL, NULL, msg);
        if (rc != SQLITE_OK)
            return rc;
    }
    return SQLITE_OK;
}

static int setup_schema(store *s, char *err, size_t err_len)
{
    char *msg = NULL;
    char sql[256];
    snprintf(sql, sizeof sql,
             "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;"
             "PRAGMA foreign_keys = ON; PRAGMA user_version = %d;",
             SCHEMA_VERSION);
    int rc = sqlite3_exec(s->db, sql, NULL, NULL, &msg);
    if (rc == SQLITE_OK)
        rc = sqlite3_exec(s->db, schema_sql, NULL, NULL, &msg);
    if (rc == SQLITE_OK)
        rc = upgrade_schema(s, &msg);
    if (rc != SQLITE_OK) {
        snprintf(err, err_len, "the database %s cannot be written: %s", s->path,
                 msg ? msg : sqlite3_errmsg(s->db));
        sqlite3_free(msg);
        return -1;
    }
    return 0;
}

store *store_open(const char *path, char *err, size_t err_len)
{
    store *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, err_len, "out of memory");
        return NULL;
    }
    snprintf(s->path, sizeof s->path, "%s", path);
    s->ok = true;
    pthread_mutex_init(&s->reader_lock, NULL);
    if (sqlite3_open_v2(path, &s->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) !=
        SQLITE_OK) {
        snprintf(err, err_len, "cannot open the database %s: %s", path,
                 s->db ? sqlite3_errmsg(s->db) : "out of memory");
        store_close(s);
        return NULL;
    }
    /* Opening may wait a while for another process (a backup); running never
     * does (STORE_BUSY_MS). */
    sqlite3_busy_timeout(s->db, 2000);
    if (check_sound(s, err, err_len) < 0 || setup_schema(s, err, err_len) < 0) {
        store_close(s);
        return NULL;
    }
    sqlite3_busy_timeout(s->db, STORE_BUSY_MS);
    for (int i = 0; i < ST_COUNT; i++) {
        if (sqlite3_prepare_v3(s->db, statement_sql[i], -1, SQLITE_PREPARE_PERSISTENT, &s->st[i],
                               NULL) != SQLITE_OK) {
            snprintf(err, err_len, "the database %s does not have Botpit's tables: %s", path,
                     sqlite3_errmsg(s->db));
            store_close(s);
            return NULL;
        }
    }
    return s;
}

store *store_open_redis(struct rconn *conn, const char *node)
{
    store *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->ok = true;
    s->redis = rstore_new(conn, node);
    if (!s->redis) {
        free(s);
        return NULL;
    }
    return s;
}

bool store_shared(const store *s)
{
    return s->redis != NULL;
}

rstore *store_redis(store *s)
{
    return s ? s->redis : NULL;
}

void store_close(store *s)
{
    if (!s)
        return;
    if (s->redis) {
        rstore_free(s->redis);
        free(s);
        return;
    }
    for (int i = 0; i < ST_COUNT; i++)
        sqlite3_finalize(s->st[i]);
    sqlite3_close(s->db);
    sqlite3_close(s->reader);
    pthread_mutex_destroy(&s->reader_lock);
    free(s);
}

/* --- writes --- */

int store_probe(store *s)
{
    if (s->redis)
        return rstore_probe(s->redis);
    return step_write(s, s->st[ST_PROBE], "a test write");
}

int store_player_put(store *s, const char *id, const char *name, const uint8_t hash[32])
{
    if (s->redis)
        return rstore_player_put(s->redis, id, name, hash);
    sqlite3_stmt *st = s->st[ST_PLAYER_PUT];
    bind_text(st, 1, id);
    bind_text(st, 2, name);
    sqlite3_bind_blob(st, 3, hash, 32, SQLITE_TRANSIENT);
    return step_write(s, st, "saving a player");
}

int store_room_put(store *s, const store_room *r)
{
    if (s->redis)
        return rstore_room_put(s->redis, r);
    sqlite3_stmt *st = s->st[ST_ROOM_PUT];
    bind_text(st, 1, r->code);
    bind_text(st, 2, r->game);
    bind_text(st, 3, r->status);
    bind_text(st, 4, r->host);
    bind_json(st, 5, r->options);
    bind_json(st, 6, r->seats);
    sqlite3_bind_int64(st, 7, (sqlite3_int64)r->seed);
    sqlite3_bind_int(st, 8, r->seed_fixed);
    sqlite3_bind_int(st, 9, r->is_private);
    sqlite3_bind_int(st, 10, r->bot_takeover);
    sqlite3_bind_int64(st, 11, r->clock_ms);
    if (r->has_secret)
        sqlite3_bind_int64(st, 12, (sqlite3_int64)r->secret);
    else
        sqlite3_bind_null(st, 12);
    if (r->rules_revision > 0)
        sqlite3_bind_int(st, 13, r->rules_revision);
    else
        sqlite3_bind_null(st, 13);
    return step_write(s, st, "saving a room");
}

/* The composite writes below open a (nested) transaction: a failed step
 * dooms it, and store_commit then rolls back and fails as well. */

int store_room_delete(store *s, const char *code)
{
    if (s->redis)
        return rstore_room_delete(s->redis, code);
    int rc = store_begin(s);
    bind_text(s->st[ST_INPUTS_DELETE], 1, code);
    rc |= step_write(s, s->st[ST_INPUTS_DELETE], "deleting a log");
    bind_text(s->st[ST_ROOM_DELETE], 1, code);
    rc |= step_write(s, s->st[ST_ROOM_DELETE], "deleting a room");
    return store_commit(s) | rc;
}

int store_room_mark_broken(store *s, const char *code, const char *why)
{
    if (s->redis)
        return rstore_room_mark_broken(s->redis, code, why);
    sqlite3_stmt *st = s->st[ST_ROOM_BROKEN];
    bind_text(st, 1, code);
    bind_text(st, 2, why);
    return step_write(s, st, "marking a room broken");
}

int store_input_append(store *s, const char *code, uint64_t seq, int64_t t, int seat,
                       const char *kind, const json_t *action)
{
    if (s->redis)
        return rstore_input_append(s->redis, code, seq, t, seat, kind, action);
    int rc = store_begin(s);
    sqlite3_stmt *in = s->st[ST_INPUT_APPEND];
    bind_text(in, 1, code);
    sqlite3_bind_int64(in, 2, (sqlite3_int64)seq);
    sqlite3_bind_int64(in, 3, t);
    sqlite3_bind_int(in, 4, seat);
    bind_text(in, 5, kind);
    bind_json(in, 6, action);
    rc |= step_write(s, in, "appending an input");
    sqlite3_stmt *clock = s->st[ST_ROOM_CLOCK];
    bind_text(clock, 1, code);
    sqlite3_bind_int64(clock, 2, t);
    rc |= step_write(s, clock, "moving a room's clock");
    return store_commit(s) | rc;
}

int store_room_clocks(store *s, const char *const *codes, const int64_t *clocks, size_t n)
{
    if (s->redis)
        return rstore_room_clocks(s->redis, codes, clocks, n);
    if (!n)
        return 0;
    int rc = store_begin(s);
    for (size_t i = 0; i < n; i++) {
        sqlite3_stmt *st = s->st[ST_ROOM_CLOCK];
        bind_text(st, 1, codes[i]);
        sqlite3_bind_int64(st, 2, clocks[i]);
        rc |= step_write(s, st, "saving a room's clock");
    }
    return store_commit(s) | rc;
}

/* What a replay of the result just stored (id) needs: its settings, and
 * the room's log as stored so far. */
static int replay_put(store *s, sqlite3_int64 id, const store_result *r)
{
    sqlite3_stmt *st = s->st[ST_REPLAY_PUT];
    sqlite3_bind_int64(st, 1, id);
    bind_json(st, 2, r->options);
    sqlite3_bind_int(st, 3, r->seats);
    sqlite3_bind_int64(st, 4, (sqlite3_int64)r->seed);
    if (r->has_secret)
        sqlite3_bind_int64(st, 5, (sqlite3_int64)r->secret);
    else
        sqlite3_bind_null(st, 5);
    sqlite3_bind_int(st, 6, r->rules_revision > 0 ? r->rules_revision : 1);
    int rc = step_write(s, st, "keeping a replay");
    sqlite3_stmt *in = s->st[ST_REPLAY_INPUTS];
    sqlite3_bind_int64(in, 1, id);
    bind_text(in, 2, r->code);
    return rc | step_write(s, in, "keeping a replay's log");
}

int store_result_put(store *s, const store_result *r)
{
    return store_result_add(s, r, NULL);
}

int store_result_add(store *s, const store_result *r, int64_t *id_out)
{
    if (s->redis)
        return rstore_result_add(s->redis, r, id_out);
    int rc = store_begin(s);
    sqlite3_stmt *st = s->st[ST_RESULT_PUT];
    bind_text(st, 1, r->code);
    bind_text(st, 2, r->game);
    sqlite3_bind_int64(st, 3, r->finished_at_ms);
    bind_json(st, 4, r->players);
    bind_json(st, 5, r->result);
    sqlite3_bind_int(st, 6, r->is_private);
    sqlite3_bind_int(st, 7, r->seeded);
    const json_t *players = r->players;
    rc |= step_write(s, st, "saving a result");
    sqlite3_int64 id = sqlite3_last_insert_rowid(s->db);
    size_t i;
    const json_t *p;
    json_array_foreach(players, i, p) {
        const char *pid = json_string_value(json_object_get(p, "id"));
        if (!pid)
            continue;
        sqlite3_stmt *rp = s->st[ST_RESULT_PLAYER];
        sqlite3_bind_int64(rp, 1, id);
        bind_text(rp, 2, pid);
        rc |= step_write(s, rp, "indexing a result");
    }
    if (r->options)
        rc |= replay_put(s, id, r);
    rc = store_commit(s) | rc;
    if (rc == 0 && id_out)
        *id_out = id;
    return rc;
}

/* --- reads --- */

int store_each_player(store *s, void (*fn)(void *arg, const char *id, const char *name,
                                           const uint8_t hash[32]),
                      void *arg)
{
    if (s->redis)
        return rstore_each_player(s->redis, fn, arg);
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(s->db, "SELECT id, name, token_hash FROM players", -1, &st, NULL) !=
        SQLITE_OK)
        return read_failed(s, "reading players");
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (sqlite3_column_bytes(st, 2) != 32)
            continue;
        fn(arg, (const char *)sqlite3_column_text(st, 0), (const char *)sqlite3_column_text(st, 1),
           sqlite3_column_blob(st, 2));
    }
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? 0 : read_failed(s, "reading players");
}

static json_t *column_json(sqlite3_stmt *st, int i)
{
    const char *text = (const char *)sqlite3_column_text(st, i);
    return text ? json_loads(text, JSON_DECODE_ANY, NULL) : NULL;
}

/* One input of a log as the engines take it, from a row of
 * (seq, t, seat, kind, action): rooms' logs and kept replays alike. */
static json_t *input_of_row(sqlite3_stmt *st)
{
    const char *kind = (const char *)sqlite3_column_text(st, 3);
    json_t *in = json_pack("{s:I,s:I,s:i,s:s}", "seq", (json_int_t)sqlite3_column_int64(st, 0),
                           "t", (json_int_t)sqlite3_column_int64(st, 1), "seat",
                           sqlite3_column_int(st, 2), "kind", kind ? kind : "");
    json_t *action = column_json(st, 4);
    if (action)
        json_object_set_new(in, "action", action);
    return in;
}

json_t *store_inputs(store *s, const char *code)
{
    if (s->redis) /* read asynchronously there (rstore_load) */
        return NULL;
    sqlite3_stmt *st = s->st[ST_INPUTS_OF];
    bind_text(st, 1, code);
    json_t *inputs = json_array();
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        json_array_append_new(inputs, input_of_row(st));
    }
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    if (rc != SQLITE_DONE) {
        read_failed(s, "reading a log");
        json_decref(inputs);
        return NULL;
    }
    return inputs;
}

int store_each_room(store *s, void (*fn)(void *arg, const store_room *r, const json_t *inputs),
                    void *arg)
{
    if (s->redis)
        return rstore_each_room(s->redis, fn, arg);
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(s->db,
                           "SELECT code, game, status, host, options, seats, seed, seed_fixed,"
                           " private, bot_takeover, clock_ms, secret, rules FROM rooms"
                           " WHERE broken IS NULL",
                           -1, &st, NULL) != SQLITE_OK)
        return read_failed(s, "reading rooms");
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        json_t *options = column_json(st, 4), *seats = column_json(st, 5);
        store_room r = {
            .code = (const char *)sqlite3_column_text(st, 0),
            .game = (const char *)sqlite3_column_text(st, 1),
            .status = (const char *)sqlite3_column_text(st, 2),
            .host = (const char *)sqlite3_column_text(st, 3),
            .options = options,
            .seats = seats,
            .seed = (uint64_t)sqlite3_column_int64(st, 6),
            .seed_fixed = sqlite3_column_int(st, 7),
            .is_private = sqlite3_column_int(st, 8),
            .bot_takeover = sqlite3_column_int(st, 9),
            .clock_ms = sqlite3_column_int64(st, 10),
            .has_secret = sqlite3_column_type(st, 11) != SQLITE_NULL,
            .secret = (uint64_t)sqlite3_column_int64(st, 11),
            .rules_revision = sqlite3_column_int(st, 12),
        };
        json_t *inputs = store_inputs(s, r.code);
        if (inputs)
            fn(arg, &r, inputs);
        json_decref(inputs);
        json_decref(options);
        json_decref(seats);
        if (!inputs) {
            rc = SQLITE_ERROR;
            break;
        }
    }
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? 0 : read_failed(s, "reading rooms");
}

json_t *store_results(store *s, const char *game, const char *player_id, const char *viewer_id,
                      int limit)
{
    if (s->redis) /* read asynchronously there (rstore_results) */
        return NULL;
    sqlite3_stmt *st;
    /* A private game is shown only to someone who played in it. */
    const char *sql =
        "SELECT r.room, r.game, r.finished_at, r.players, r.result, r.private, r.seeded, r.id"
        " FROM results r"
        " WHERE (?1 IS NULL OR r.game = ?1)"
        " AND (?2 IS NULL OR EXISTS (SELECT 1 FROM result_players p"
        "      WHERE p.result = r.id AND p.player = ?2))"
        " AND (r.private = 0 OR (?4 IS NOT NULL AND EXISTS (SELECT 1 FROM result_players v"
        "      WHERE v.result = r.id AND v.player = ?4)))"
        " ORDER BY r.finished_at DESC, r.id DESC LIMIT ?3";
    if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK) {
        read_failed(s, "reading results");
        return NULL;
    }
    bind_text(st, 1, game);
    bind_text(st, 2, player_id);
    sqlite3_bind_int(st, 3, limit);
    bind_text(st, 4, viewer_id);
    json_t *out = json_array();
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        json_t *row = json_pack("{s:I,s:s,s:s,s:I}", "id", (json_int_t)sqlite3_column_int64(st, 7),
                                "room", (const char *)sqlite3_column_text(st, 0), "game",
                                (const char *)sqlite3_column_text(st, 1), "finished_at",
                                (json_int_t)sqlite3_column_int64(st, 2));
        json_object_set_new(row, "players", column_json(st, 3));
        json_object_set_new(row, "result", column_json(st, 4));
        json_object_set_new(row, "private", json_boolean(sqlite3_column_int(st, 5)));
        json_object_set_new(row, "seeded", json_boolean(sqlite3_column_int(st, 6)));
        json_array_append_new(out, row);
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) {
        read_failed(s, "reading results");
        json_decref(out);
        return NULL;
    }
    return out;
}

/* --- replays (any thread) --- */

/* The reader connection, opened on first use; NULL if it cannot be.
 * Called with reader_lock held. */
static sqlite3 *reader_of(store *s)
{
    if (s->reader)
        return s->reader;
    if (sqlite3_open_v2(s->path, &s->reader, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, NULL) !=
        SQLITE_OK) {
        log_warn("store %s: cannot open it for reading replays: %s", s->path,
                 s->reader ? sqlite3_errmsg(s->reader) : "out of memory");
        sqlite3_close(s->reader);
        s->reader = NULL;
        return NULL;
    }
    /* Off the loop: waiting a little for a checkpoint costs nobody. */
    sqlite3_busy_timeout(s->reader, 500);
    return s->reader;
}

/* The finished game's row, if viewer_id may see it (the rule of
 * store_results): a new object, or NULL with *status set. */
static json_t *replay_row(sqlite3 *db, int64_t id, const char *viewer_id,
                          store_replay_status *status)
{
    static const char sql[] =
        "SELECT r.room, r.game, r.finished_at, r.players, r.result, r.private, r.seeded,"
        " p.options, p.seats, p.seed, p.secret, p.rules, p.result IS NOT NULL"
        " FROM results r LEFT JOIN replays p ON p.result = r.id WHERE r.id = ?1"
        " AND (r.private = 0 OR (?2 IS NOT NULL AND EXISTS (SELECT 1 FROM result_players v"
        "      WHERE v.result = r.id AND v.player = ?2)))";
    sqlite3_stmt *st;
    *status = STORE_REPLAY_FAILED;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
        return NULL;
    sqlite3_bind_int64(st, 1, id);
    if (viewer_id)
        sqlite3_bind_text(st, 2, viewer_id, -1, SQLITE_TRANSIENT);
    int rc = sqlite3_step(st);
    json_t *row = NULL;
    if (rc == SQLITE_DONE) {
        *status = STORE_REPLAY_NONE;
    } else if (rc == SQLITE_ROW && !sqlite3_column_int(st, 12)) {
        *status = STORE_REPLAY_NOT_KEPT;
    } else if (rc == SQLITE_ROW) {
        const char *room = (const char *)sqlite3_column_text(st, 0);
        const char *game = (const char *)sqlite3_column_text(st, 1);
        row = json_pack("{s:I,s:s,s:s,s:I}", "id", (json_int_t)id, "room", room ? room : "",
                        "game", game ? game : "", "finished_at",
                        (json_int_t)sqlite3_column_int64(st, 2));
        json_object_set_new(row, "players", column_json(st, 3));
        json_object_set_new(row, "result", column_json(st, 4));
        json_object_set_new(row, "private", json_boolean(sqlite3_column_int(st, 5)));
        json_object_set_new(row, "seeded", json_boolean(sqlite3_column_int(st, 6)));
        json_object_set_new(row, "options", column_json(st, 7));
        json_object_set_new(row, "seats", json_integer(sqlite3_column_int(st, 8)));
        json_object_set_new(row, "seed", json_integer(sqlite3_column_int64(st, 9)));
        json_object_set_new(row, "secret", sqlite3_column_type(st, 10) == SQLITE_NULL
                                               ? json_null()
                                               : json_integer(sqlite3_column_int64(st, 10)));
        json_object_set_new(row, "rules", json_integer(sqlite3_column_int(st, 11)));
        *status = STORE_REPLAY_OK;
    }
    sqlite3_finalize(st);
    return row;
}

/* The kept log of game id, as store_inputs gives a room's; NULL if it
 * could not be read. */
static json_t *replay_inputs(sqlite3 *db, int64_t id)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db,
                           "SELECT seq, t, seat, kind, action FROM replay_inputs"
                           " WHERE result = ?1 ORDER BY seq",
                           -1, &st, NULL) != SQLITE_OK)
        return NULL;
    sqlite3_bind_int64(st, 1, id);
    json_t *inputs = json_array();
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        json_array_append_new(inputs, input_of_row(st));
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) {
        json_decref(inputs);
        return NULL;
    }
    return inputs;
}

json_t *store_replay_get(store *s, int64_t id, const char *viewer_id, store_replay_status *status)
{
    /* No SQLite file to open: Redis' replays are read on the loop (a
     * thread may not use its connection), rstore_replay_read. */
    if (s->redis) {
        *status = STORE_REPLAY_NOT_KEPT;
        return NULL;
    }
    pthread_mutex_lock(&s->reader_lock);
    sqlite3 *db = reader_of(s);
    json_t *row = NULL;
    *status = STORE_REPLAY_FAILED;
    /* One read transaction: the row and its log as of one moment. */
    if (db && sqlite3_exec(db, "BEGIN", NULL, NULL, NULL) == SQLITE_OK) {
        row = replay_row(db, id, viewer_id, status);
        json_t *inputs = row ? replay_inputs(db, id) : NULL;
        if (row && inputs) {
            json_object_set_new(row, "inputs", inputs);
        } else if (row) {
            json_decref(row);
            row = NULL;
            *status = STORE_REPLAY_FAILED;
        }
        sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
    }
    if (*status == STORE_REPLAY_FAILED)
        log_warn("store %s: reading replay %lld failed: %s", s->path, (long long)id,
                 db ? sqlite3_errmsg(db) : "no connection");
    pthread_mutex_unlock(&s->reader_lock);
    return row;
}

int store_broken_count(store *s)
{
    if (s->redis)
        return rstore_broken_count(s->redis);
    sqlite3_stmt *st;
    int n = -1;
    if (sqlite3_prepare_v2(s->db, "SELECT count(*) FROM rooms WHERE broken IS NOT NULL", -1, &st,
                           NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW)
        n = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    return n;
}

int store_player_by_token(store *s, const uint8_t hash[32], char *id, size_t id_len, char *name,
                          size_t name_len)
{
    if (s->redis) /* read asynchronously there (rstore_find_player) */
        return -1;
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(s->db, "SELECT id, name FROM players WHERE token_hash = ?1", -1, &st,
                           NULL) != SQLITE_OK)
        return read_failed(s, "reading a player");
    sqlite3_bind_blob(st, 1, hash, 32, SQLITE_TRANSIENT);
    int rc = sqlite3_step(st), found = 0;
    if (rc == SQLITE_ROW) {
        const char *i = (const char *)sqlite3_column_text(st, 0);
        const char *n = (const char *)sqlite3_column_text(st, 1);
        snprintf(id, id_len, "%s", i ? i : "");
        snprintf(name, name_len, "%s", n ? n : "");
        found = 1;
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return read_failed(s, "reading a player");
    return found;
}

int store_player_name(store *s, const char *id, char *name, size_t len)
{
    if (s->redis) /* read asynchronously there (rstore_history) */
        return -1;
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(s->db, "SELECT name FROM players WHERE id = ?1", -1, &st, NULL) !=
        SQLITE_OK)
        return read_failed(s, "reading a player");
    bind_text(st, 1, id);
    int rc = sqlite3_step(st), found = 0;
    if (rc == SQLITE_ROW) {
        const char *n = (const char *)sqlite3_column_text(st, 0);
        snprintf(name, len, "%s", n ? n : "");
        found = 1;
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return read_failed(s, "reading a player");
    return found;
}

int store_each_result(store *s, void (*fn)(void *arg, int64_t id, const store_result *r),
                      void *arg)
{
    if (s->redis)
        return rstore_each_result(s->redis, fn, arg);
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(s->db,
                           "SELECT id, room, game, finished_at, players, result, private, seeded"
                           " FROM results ORDER BY id",
                           -1, &st, NULL) != SQLITE_OK)
        return read_failed(s, "reading results");
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        json_t *players = column_json(st, 4), *result = column_json(st, 5);
        store_result r = {
            .code = (const char *)sqlite3_column_text(st, 1),
            .game = (const char *)sqlite3_column_text(st, 2),
            .players = players,
            .result = result,
            .finished_at_ms = sqlite3_column_int64(st, 3),
            .is_private = sqlite3_column_int(st, 6),
            .seeded = sqlite3_column_int(st, 7),
        };
        fn(arg, sqlite3_column_int64(st, 0), &r);
        json_decref(players);
        json_decref(result);
    }
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? 0 : read_failed(s, "reading results");
}

/* --- ratings --- */

int store_standing_get(store *s, const char *player, const char *game, store_standing *out)
{
    if (s->redis)
        return rstore_standing_get(s->redis, player, game, out);
    sqlite3_stmt *st = s->st[ST_STANDING_GET];
    bind_text(st, 1, player);
    bind_text(st, 2, game);
    int rc = sqlite3_step(st), found = 0;
    if (rc == SQLITE_ROW) {
        *out = (store_standing){
            .played = sqlite3_column_int(st, 0),
            .won = sqlite3_column_int(st, 1),
            .public_played = sqlite3_column_int(st, 2),
            .public_won = sqlite3_column_int(st, 3),
            .rated = sqlite3_column_int(st, 4),
            .rating = sqlite3_column_double(st, 5),
            .rd = sqlite3_column_double(st, 6),
            .vol = sqlite3_column_double(st, 7),
        };
        found = 1;
    }
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return read_failed(s, "reading a standing");
    return found;
}

int store_standing_put(store *s, const char *player, const char *game, const store_standing *in)
{
    if (s->redis)
        return rstore_standing_put(s->redis, player, game, in);
    sqlite3_stmt *st = s->st[ST_STANDING_PUT];
    bind_text(st, 1, player);
    bind_text(st, 2, game);
    sqlite3_bind_int(st, 3, in->played);
    sqlite3_bind_int(st, 4, in->won);
    sqlite3_bind_int(st, 5, in->public_played);
    sqlite3_bind_int(st, 6, in->public_won);
    sqlite3_bind_int(st, 7, in->rated);
    sqlite3_bind_double(st, 8, in->rating);
    sqlite3_bind_double(st, 9, in->rd);
    sqlite3_bind_double(st, 10, in->vol);
    return step_write(s, st, "saving a standing");
}

int store_rating_change_put(store *s, const store_rating_change *c)
{
    if (s->redis)
        return rstore_rating_change_put(s->redis, c);
    sqlite3_stmt *st = s->st[ST_CHANGE_PUT];
    sqlite3_bind_int64(st, 1, c->result);
    bind_text(st, 2, c->player);
    sqlite3_bind_int(st, 3, c->seat);
    sqlite3_bind_double(st, 4, c->rating_before);
    sqlite3_bind_double(st, 5, c->rd_before);
    sqlite3_bind_double(st, 6, c->rating_after);
    sqlite3_bind_double(st, 7, c->rd_after);
    return step_write(s, st, "saving a rating change");
}

json_t *store_rating_changes(store *s, int64_t result)
{
    if (s->redis) /* read with the results there (rstore_results) */
        return NULL;
    sqlite3_stmt *st = s->st[ST_CHANGES_OF];
    sqlite3_bind_int64(st, 1, result);
    json_t *out = json_array();
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        json_array_append_new(
            out, json_pack("{s:i,s:s,s:f,s:f,s:f,s:f}", "seat", sqlite3_column_int(st, 0),
                           "player", (const char *)sqlite3_column_text(st, 1), "rating_before",
                           sqlite3_column_double(st, 2), "rd_before",
                           sqlite3_column_double(st, 3), "rating_after",
                           sqlite3_column_double(st, 4), "rd_after",
                           sqlite3_column_double(st, 5)));
    }
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    if (rc != SQLITE_DONE) {
        read_failed(s, "reading rating changes");
        json_decref(out);
        return NULL;
    }
    return out;
}

int store_ratings_clear(store *s)
{
    if (s->redis)
        return rstore_ratings_clear(s->redis);
    int rc = store_begin(s);
    if (!s->tx_failed && (exec(s, "DELETE FROM standings") < 0 ||
                          exec(s, "DELETE FROM rating_changes") < 0))
        rc |= write_failed(s, "clearing the ratings");
    return store_commit(s) | rc;
}

int store_ratings_version(store *s)
{
    if (s->redis)
        return rstore_ratings_version(s->redis);
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(s->db, "SELECT version FROM derived WHERE name = 'ratings'", -1, &st,
                           NULL) != SQLITE_OK)
        return read_failed(s, "reading the ratings' version");
    int rc = sqlite3_step(st), version = 0;
    if (rc == SQLITE_ROW)
        version = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return read_failed(s, "reading the ratings' version");
    return version;
}

int store_ratings_set_version(store *s, int version)
{
    if (s->redis)
        return rstore_ratings_set_version(s->redis, version);
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(s->db,
                           "INSERT OR REPLACE INTO derived (name, version) VALUES ('ratings', ?1)",
                           -1, &st, NULL) != SQLITE_OK)
        return write_failed(s, "saving the ratings' version");
    sqlite3_bind_int(st, 1, version);
    int rc = step_write(s, st, "saving the ratings' version");
    sqlite3_finalize(st);
    return rc;
}

/* Runs st (its parameters bound) and turns every row into an object of the
 * named columns, integers and reals as they are. */
static json_t *rows_json(store *s, sqlite3_stmt *st, const char *const *names, const char *what)
{
    json_t *out = json_array();
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        json_t *row = json_object();
        for (int i = 0; names[i]; i++) {
            switch (sqlite3_column_type(st, i)) {
            case SQLITE_INTEGER:
                json_object_set_new(row, names[i],
                                    json_integer((json_int_t)sqlite3_column_int64(st, i)));
                break;
            case SQLITE_FLOAT:
                json_object_set_new(row, names[i], json_real(sqlite3_column_double(st, i)));
                break;
            case SQLITE_TEXT:
                json_object_set_new(row, names[i],
                                    json_string((const char *)sqlite3_column_text(st, i)));
                break;
            default: json_object_set_new(row, names[i], json_null()); break;
            }
        }
        json_array_append_new(out, row);
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) {
        read_failed(s, what);
        json_decref(out);
        return NULL;
    }
    return out;
}

json_t *store_leaderboard(store *s, const char *game, int established, int limit)
{
    if (s->redis) /* read asynchronously there (rstore_leaderboard) */
        return NULL;
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(s->db,
                           "SELECT st.player, coalesce(p.name, st.player), st.rating, st.rd,"
                           " st.rated FROM standings st LEFT JOIN players p ON p.id = st.player"
                           " WHERE st.game = ?1 AND st.rated > 0"
                           " ORDER BY st.rated >= ?2 DESC, st.rating DESC, st.player LIMIT ?3",
                           -1, &st, NULL) != SQLITE_OK) {
        read_failed(s, "reading a leaderboard");
        return NULL;
    }
    bind_text(st, 1, game);
    sqlite3_bind_int(st, 2, established);
    sqlite3_bind_int(st, 3, limit);
    static const char *const names[] = {"id", "name", "rating", "rd", "rated", NULL};
    return rows_json(s, st, names, "reading a leaderboard");
}

json_t *store_standings_of(store *s, const char *player)
{
    if (s->redis) /* read asynchronously there (rstore_history) */
        return NULL;
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(s->db,
                           "SELECT game, played, won, public_played, public_won, rated, rating, rd"
                           " FROM standings WHERE player = ?1 ORDER BY game",
                           -1, &st, NULL) != SQLITE_OK) {
        read_failed(s, "reading a player's standings");
        return NULL;
    }
    bind_text(st, 1, player);
    static const char *const names[] = {"game",       "played", "won", "public_played",
                                        "public_won", "rated",  "rating", "rd", NULL};
    return rows_json(s, st, names, "reading a player's standings");
}

json_t *store_ratings_table(store *s)
{
    if (s->redis)
        return rstore_ratings_table(s->redis);
    sqlite3_stmt *a, *b;
    if (sqlite3_prepare_v2(s->db,
                           "SELECT player, game, played, won, public_played, public_won, rated,"
                           " rating, rd, vol FROM standings ORDER BY player, game",
                           -1, &a, NULL) != SQLITE_OK) {
        read_failed(s, "reading the standings");
        return NULL;
    }
    if (sqlite3_prepare_v2(s->db,
                           "SELECT result, player, seat, rating_before, rd_before, rating_after,"
                           " rd_after FROM rating_changes ORDER BY result, player",
                           -1, &b, NULL) != SQLITE_OK) {
        sqlite3_finalize(a);
        read_failed(s, "reading the rating changes");
        return NULL;
    }
    static const char *const standing[] = {"player", "game",  "played", "won", "public_played",
                                           "public_won", "rated", "rating", "rd", "vol", NULL};
    static const char *const change[] = {"result",    "player",       "seat",     "rating_before",
                                         "rd_before", "rating_after", "rd_after", NULL};
    json_t *standings = rows_json(s, a, standing, "reading the standings");
    json_t *changes = rows_json(s, b, change, "reading the rating changes");
    if (!standings || !changes) {
        json_decref(standings);
        json_decref(changes);
        return NULL;
    }
    return json_pack("{s:o,s:o}", "standings", standings, "changes", changes);
}
