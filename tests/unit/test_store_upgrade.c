/* A database from before schema 2 (no result privacy, no room secret, no
 * rules revision) is upgraded on opening: its results are taken as
 * private, its rooms have no secret (so they replay with the stream they
 * were dealt with) and no rules revision (the lobby reads revision 1). */
#include <criterion/criterion.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <unistd.h>

#include "store/store.h"

static const char v1_schema[] =
    "CREATE TABLE players (id TEXT PRIMARY KEY, name TEXT NOT NULL, token_hash BLOB NOT NULL "
    "UNIQUE);"
    "CREATE TABLE rooms (code TEXT PRIMARY KEY, game TEXT NOT NULL, status TEXT NOT NULL, "
    "host TEXT, options TEXT NOT NULL, seats TEXT NOT NULL, seed INTEGER NOT NULL, "
    "seed_fixed INTEGER NOT NULL, private INTEGER NOT NULL, bot_takeover INTEGER NOT NULL, "
    "clock_ms INTEGER NOT NULL DEFAULT 0, broken TEXT);"
    "CREATE TABLE results (id INTEGER PRIMARY KEY, room TEXT NOT NULL, game TEXT NOT NULL, "
    "finished_at INTEGER NOT NULL, players TEXT NOT NULL, result TEXT NOT NULL);"
    "CREATE TABLE result_players (player TEXT NOT NULL, result INTEGER NOT NULL, "
    "PRIMARY KEY (player, result)) WITHOUT ROWID;"
    "INSERT INTO results VALUES (1, 'ABCDE', 'testgame', 1000, '[]', '{}');"
    "INSERT INTO result_players VALUES ('p1', 1);"
    "INSERT INTO rooms VALUES ('FGHJK', 'testgame', 'lobby', NULL, '{}', '[]', 7, 0, 0, 1, 0, "
    "NULL);"
    "PRAGMA user_version = 1;";

typedef struct seen {
    int secret, rules;
} seen;

static void saw_room(void *arg, const store_room *r, const json_t *inputs)
{
    (void)inputs;
    seen *w = arg;
    w->secret = r->has_secret ? 1 : 0;
    w->rules = r->rules_revision;
}

Test(store_upgrade, old_results_are_taken_as_private_and_old_rooms_have_no_secret)
{
    char dir[] = "/tmp/botpit-upgrade-XXXXXX", path[64], err[256];
    cr_assert_not_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/old.db", dir);
    sqlite3 *raw;
    cr_assert_eq(sqlite3_open(path, &raw), SQLITE_OK);
    cr_assert_eq(sqlite3_exec(raw, v1_schema, NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(raw);

    store *s = store_open(path, err, sizeof err);
    cr_assert_not_null(s, "%s", err);
    json_t *outsider = store_results(s, NULL, NULL, NULL, 10);
    cr_assert_eq(json_array_size(outsider), 0, "an old result is not shown to outsiders");
    json_t *own = store_results(s, NULL, NULL, "p1", 10);
    cr_assert_eq(json_array_size(own), 1, "but to the player who played it");
    cr_assert(json_is_true(json_object_get(json_array_get(own, 0), "private")));
    seen w = {-1, -1};
    cr_assert_eq(store_each_room(s, saw_room, &w), 0);
    cr_assert_eq(w.secret, 0, "an old room has no stored secret");
    cr_assert_eq(w.rules, 0, "nor a rules revision");

    json_t *none = json_array();
    store_room again = {.code = "FGHJK", .game = "testgame", .status = "lobby", .options = none,
                        .seats = none, .rules_revision = 3};
    cr_assert_eq(store_room_put(s, &again), 0, "the upgraded table takes a revision");
    cr_assert_eq(store_each_room(s, saw_room, &w), 0);
    cr_assert_eq(w.rules, 3);
    json_decref(none);
    json_decref(outsider);
    json_decref(own);
    store_close(s);

    s = store_open(path, err, sizeof err); /* opening again changes nothing */
    cr_assert_not_null(s, "%s", err);
    store_close(s);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    cr_assert_eq(system(cmd), 0);
}
