/* A lobby with a real store whose writes can be made to fail (faultvfs):
 * what could not be stored never happened, the store's health shows it,
 * restore brings back exactly what was stored or keeps a room aside, and
 * an idle lobby leaves the loop nothing to wait for. */
#include <criterion/criterion.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fake_conn.h"
#include "faultvfs.h"
#include "games/game.h"
#include "store/store.h"

static char dir[] = "/tmp/botpit-storage-XXXXXX";
static char db[sizeof dir + 16];
static store *st;

static void open_store(void)
{
    char err[256];
    st = store_open(db, err, sizeof err);
    cr_assert_not_null(st, "%s", err);
    lobby_set_store(fake_lobby, st);
    int rooms, broken;
    cr_assert_eq(lobby_restore(fake_lobby, &rooms, &broken), 0);
}

static void setup(void)
{
    faultvfs_install();
    cr_assert_not_null(mkdtemp(dir));
    snprintf(db, sizeof db, "%s/botpit.db", dir);
    fake_lobby_start();
    open_store();
}

static void teardown(void)
{
    faultvfs_set(FAULT_NONE);
    fake_lobby_stop();
    store_close(st);
}

/* Ada and Bob in a started room of `game` counting to `target` (Ada's
 * turn); returns the room code. */
static const char *started_game(fake *ada, fake *bob, const char *game, int target)
{
    fake_init(ada);
    fake_init(bob);
    char options[32];
    snprintf(options, sizeof options, "{\"target\":%d}", target);
    const char *code = fake_two_seated(ada, bob, game, options);
    fake_say(ada, "{\"type\":\"start\"}");
    cr_assert_not_null(fake_last(ada, "state"));
    return code;
}

static const char *started(fake *ada, fake *bob)
{
    return started_game(ada, bob, "testgame", 5);
}

static json_int_t seq_of(json_t *state)
{
    return json_integer_value(json_object_get(state, "seq"));
}

static void leave_both(fake *ada, fake *bob)
{
    lobby_disconnect(fake_lobby, &ada->conn);
    lobby_disconnect(fake_lobby, &bob->conn);
    fake_free(ada);
    fake_free(bob);
}

TestSuite(storage, .init = setup, .fini = teardown);

Test(storage, an_act_that_cannot_be_stored_is_refused_and_changes_nothing)
{
    fake ada, bob;
    started(&ada, &bob);
    size_t bob_had = json_array_size(bob.inbox);
    char *view = json_dumps(json_object_get(fake_last(&ada, "state"), "view"), JSON_SORT_KEYS);
    faultvfs_set(FAULT_FULL);
    fake_say(&ada, "{\"type\":\"act\",\"id\":7,\"action\":{\"kind\":\"add\",\"n\":2}}");
    json_t *e = fake_last(&ada, "error");
    cr_assert_not_null(e);
    cr_assert_str_eq(fake_str(e, "code"), "unavailable");
    cr_assert_eq(json_integer_value(json_object_get(e, "id")), 7);
    cr_assert_eq(json_array_size(bob.inbox), bob_had, "Bob heard of nothing");
    cr_assert_not(lobby_storage_ok(fake_lobby));

    faultvfs_set(FAULT_NONE);
    fake_say(&ada, "{\"type\":\"act\",\"id\":8,\"action\":{\"kind\":\"add\",\"n\":1}}");
    json_t *s = fake_last(&ada, "state");
    cr_assert_eq(json_integer_value(json_object_get(s, "id")), 8);
    cr_assert_eq(seq_of(s), 1, "the refused act left no trace in the seq");
    cr_assert_eq(json_integer_value(json_object_get(json_object_get(s, "view"), "total")), 1,
                 "nor in the game (%s before)", view);
    cr_assert(lobby_storage_ok(fake_lobby));
    free(view);
    leave_both(&ada, &bob);
}

Test(storage, the_input_that_ends_a_game_and_its_result_stand_or_fall_together)
{
    fake ada, bob;
    const char *code = started(&ada, &bob);
    fake_act(&ada, 3);
    fake_act(&bob, 1);
    faultvfs_set(FAULT_READONLY);
    fake_act(&ada, 1); /* reaches 5 */
    cr_assert_str_eq(fake_str(fake_last(&ada, "error"), "code"), "unavailable");
    cr_assert_null(fake_last(&bob, "over"), "no game over was announced");
    json_t *none = lobby_results_json(fake_lobby, NULL, NULL, NULL, 10);
    cr_assert_eq(json_array_size(none), 0);
    json_decref(none);

    faultvfs_set(FAULT_NONE);
    fake_act(&ada, 1);
    cr_assert_not_null(fake_last(&bob, "over"));
    json_t *results = lobby_results_json(fake_lobby, NULL, NULL, NULL, 10);
    cr_assert_eq(json_array_size(results), 1, "the result was stored with the last input");
    cr_assert_str_eq(fake_str(json_array_get(results, 0), "room"), code);
    json_decref(results);
    leave_both(&ada, &bob);
}

Test(storage, a_seat_change_that_cannot_be_stored_is_refused_and_announced_to_no_one)
{
    fake ada, bob;
    fake_init(&ada);
    fake_init(&bob);
    fake_two_seated(&ada, &bob, "testgame", "{}");
    size_t ada_had = json_array_size(ada.inbox);
    faultvfs_set(FAULT_FULL);
    fake_say(&bob, "{\"type\":\"sit\",\"id\":1,\"seat\":3}");
    cr_assert_str_eq(fake_str(fake_last(&bob, "error"), "code"), "unavailable");
    fake_say(&ada, "{\"type\":\"bot\",\"id\":2,\"seat\":2}");
    cr_assert_str_eq(fake_str(fake_last(&ada, "error"), "code"), "unavailable");
    cr_assert_eq(json_array_size(ada.inbox), ada_had + 1, "Ada got only her error");
    faultvfs_set(FAULT_NONE);
    fake_say(&ada, "{\"type\":\"bot\",\"id\":3,\"seat\":2}");
    json_t *seats = json_object_get(fake_last(&ada, "room"), "seats");
    cr_assert_str_eq(fake_str(json_object_get(json_array_get(seats, 1), "player"), "name"), "Bob",
                     "Bob is still in seat 1");
    cr_assert(json_is_null(json_object_get(json_array_get(seats, 3), "player")));
    leave_both(&ada, &bob);
}

/* After a restart, a room whose stored log skips a seq is not half
 * restored from the inputs around the gap: it is kept aside, still in the
 * database. */
Test(storage, restore_keeps_aside_a_log_with_a_gap_and_never_deletes_it)
{
    fake ada, bob;
    const char *code = started(&ada, &bob);
    fake_act(&ada, 1);
    fake_act(&bob, 1);
    fake_act(&ada, 1);
    char kept[8];
    snprintf(kept, sizeof kept, "%s", code);
    leave_both(&ada, &bob);
    fake_lobby_stop();
    store_close(st);

    sqlite3 *raw;
    cr_assert_eq(sqlite3_open(db, &raw), SQLITE_OK);
    cr_assert_eq(sqlite3_exec(raw, "DELETE FROM inputs WHERE seq = 2", NULL, NULL, NULL),
                 SQLITE_OK);
    sqlite3_close(raw);

    fake_lobby_start();
    char err[256];
    st = store_open(db, err, sizeof err);
    lobby_set_store(fake_lobby, st);
    int rooms = -1, broken = -1;
    cr_assert_eq(lobby_restore(fake_lobby, &rooms, &broken), 0);
    cr_assert_eq(rooms, 0);
    cr_assert_eq(broken, 1);
    fake dee;
    fake_init(&dee);
    fake_hello(&dee, "Dee");
    fake_join(&dee, kept);
    cr_assert_str_eq(fake_str(fake_last(&dee, "error"), "code"), "no_such_room");
    lobby_disconnect(fake_lobby, &dee.conn);
    fake_free(&dee);
    cr_assert_eq(store_broken_count(st), 1, "the room is still in the database");
}

/* Stops the lobby and the store, runs `sql` on the database file, and
 * starts them again, restoring; the counts restore gave. */
static void restart_after(const char *sql, int *rooms, int *broken)
{
    fake_lobby_stop();
    store_close(st);
    sqlite3 *raw;
    cr_assert_eq(sqlite3_open(db, &raw), SQLITE_OK);
    cr_assert_eq(sqlite3_exec(raw, sql, NULL, NULL, NULL), SQLITE_OK, "%s", sql);
    sqlite3_close(raw);
    fake_lobby_start();
    char err[256];
    st = store_open(db, err, sizeof err);
    cr_assert_not_null(st, "%s", err);
    lobby_set_store(fake_lobby, st);
    cr_assert_eq(lobby_restore(fake_lobby, rooms, broken), 0);
}

/* The value of a /metrics line, or -1 without one. */
static long metric(const char *name)
{
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    lobby_metrics_write(fake_lobby, out);
    fclose(out);
    char want[128];
    snprintf(want, sizeof want, "\n%s ", name);
    const char *at = strstr(text, want);
    long v = at ? strtol(at + strlen(want), NULL, 10) : -1;
    free(text);
    return v;
}

Test(storage, a_room_is_stored_with_the_rules_revision_of_its_game)
{
    fake ada, bob;
    const char *code = started(&ada, &bob);
    sqlite3 *raw;
    cr_assert_eq(sqlite3_open(db, &raw), SQLITE_OK);
    sqlite3_stmt *q;
    cr_assert_eq(sqlite3_prepare_v2(raw, "SELECT rules FROM rooms WHERE code = ?1", -1, &q, NULL),
                 SQLITE_OK);
    sqlite3_bind_text(q, 1, code, -1, SQLITE_STATIC);
    cr_assert_eq(sqlite3_step(q), SQLITE_ROW);
    cr_assert_eq(sqlite3_column_int(q, 0), game_rules_revision(game_engine_find("testgame")));
    sqlite3_finalize(q);
    sqlite3_close(raw);
    leave_both(&ada, &bob);
}

/* Replaying a log into rules it was not played under would make another
 * game (or fail halfway): the room is kept aside instead, said once in the
 * log, and counted. */
Test(storage, restore_keeps_aside_a_game_played_under_another_rules_revision)
{
    fake ada, bob;
    const char *code = started(&ada, &bob);
    fake_act(&ada, 1);
    char kept[8];
    snprintf(kept, sizeof kept, "%s", code);
    leave_both(&ada, &bob);
    int rooms = -1, broken = -1;
    restart_after("UPDATE rooms SET rules = 2", &rooms, &broken);
    cr_assert_eq(rooms, 0);
    cr_assert_eq(broken, 1);
    cr_assert_eq(metric("botpit_rooms_broken"), 1);
    cr_assert_eq(metric("botpit_rooms_other_rules"), 1);
    fake dee;
    fake_init(&dee);
    fake_hello(&dee, "Dee");
    fake_join(&dee, kept);
    cr_assert_str_eq(fake_str(fake_last(&dee, "error"), "code"), "no_such_room");
    lobby_disconnect(fake_lobby, &dee.conn);
    fake_free(&dee);
    cr_assert_eq(store_broken_count(st), 1, "the room is still in the database");

    restart_after("SELECT 1", &rooms, &broken);
    cr_assert_eq(rooms, 0, "a room kept aside is not tried again");
    cr_assert_eq(broken, 1);
    cr_assert_eq(metric("botpit_rooms_other_rules"), 0, "nor counted again at the next start");
}

/* A room stored before revisions were kept has none: it was played under
 * the rules every engine then played, revision 1. */
Test(storage, a_game_stored_before_rules_revisions_replays_as_revision_1)
{
    fake ada, bob;
    const char *code = started(&ada, &bob);
    fake_act(&ada, 2);
    char kept[8];
    snprintf(kept, sizeof kept, "%s", code);
    leave_both(&ada, &bob);
    int rooms = -1, broken = -1;
    restart_after("UPDATE rooms SET rules = NULL", &rooms, &broken);
    cr_assert_eq(rooms, 1);
    cr_assert_eq(broken, 0);
    cr_assert_eq(metric("botpit_rooms_other_rules"), 0);
    fake dee;
    fake_init(&dee);
    fake_hello(&dee, "Dee");
    fake_join(&dee, kept);
    json_t *state = fake_last(&dee, "state");
    cr_assert_not_null(state, "the game is back");
    cr_assert_eq(json_integer_value(json_object_get(json_object_get(state, "view"), "total")), 2);
    lobby_disconnect(fake_lobby, &dee.conn);
    fake_free(&dee);
}

/* Nothing is due in a lobby without rooms or connections: the loop has no
 * timer to wait for, so the server sleeps until someone connects. */
Test(storage, an_idle_lobby_leaves_the_loop_nothing_to_wake_for)
{
    cr_assert_eq(uv_run(&fake_loop, UV_RUN_NOWAIT), 0, "no active handle keeps the loop awake");
    fake ada;
    fake_init(&ada);
    fake_hello(&ada, "Ada");
    /* Forgotten minutes from now (a player who never joined a room); the
     * quota sweep that forgets her address's new-player count comes first,
     * a minute from now. */
    lobby_disconnect(fake_lobby, &ada.conn);
    fake_free(&ada);
    uv_run(&fake_loop, UV_RUN_NOWAIT); /* registers what is new with the poller */
    int sleep_ms = uv_backend_timeout(&fake_loop);
    cr_assert_gt(sleep_ms, 59 * 1000,
                 "the loop sleeps until the quota sweep a minute away, not %d ms", sleep_ms);
}

Test(storage, results_refuse_a_limit_out_of_range_instead_of_changing_it)
{
    const char *bad[] = {"0", "201", "-5", "abc", "", "20x", "99999999999999999999"};
    int status;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char why[128] = "";
        cr_assert_null(
            lobby_results_query(fake_lobby, NULL, NULL, bad[i], NULL, &status, why, sizeof why),
            "limit=%s", bad[i]);
        cr_assert(strstr(why, "1 to 200"), "%s", why);
        cr_assert_eq(status, 400);
    }
    char why[128];
    json_t *ok = lobby_results_query(fake_lobby, NULL, NULL, "200", NULL, &status, why, sizeof why);
    cr_assert(json_is_array(json_object_get(ok, "results")));
    json_decref(ok);
    ok = lobby_results_query(fake_lobby, NULL, NULL, NULL, NULL, &status, why, sizeof why);
    cr_assert_not_null(ok, "no limit is the default");
    json_decref(ok);
}

/* An engine without clone plays on the game itself: after a failed write
 * the room rebuilds the game from its log, so the refused act leaves no
 * trace in the game either. */
Test(storage, without_clone_a_failed_write_rebuilds_the_game_from_its_log)
{
    fake ada, bob;
    started_game(&ada, &bob, "testgame_noclone", 100);
    fake_act(&ada, 2);
    faultvfs_set(FAULT_FULL);
    fake_act(&bob, 3);
    cr_assert_str_eq(fake_str(fake_last(&bob, "error"), "code"), "unavailable");
    faultvfs_set(FAULT_NONE);
    fake_act(&bob, 1);
    json_t *s = fake_last(&ada, "state");
    cr_assert_eq(seq_of(s), 2);
    cr_assert_eq(json_integer_value(json_object_get(json_object_get(s, "view"), "total")), 3,
                 "2 + 1: the refused 3 was never counted");
    leave_both(&ada, &bob);
}

/* If even the log no longer gives back the game (here a row of it vanished
 * behind the server's back), the room is not left half-right: it closes,
 * and stays in the store for the next start to judge. */
Test(storage, a_game_that_cannot_be_rebuilt_after_a_failed_write_closes_and_stays_stored)
{
    fake ada, bob;
    const char *code = started_game(&ada, &bob, "testgame_noclone", 100);
    fake_act(&ada, 2);
    sqlite3 *raw;
    cr_assert_eq(sqlite3_open(db, &raw), SQLITE_OK);
    cr_assert_eq(sqlite3_exec(raw, "DELETE FROM inputs WHERE seq = 1", NULL, NULL, NULL),
                 SQLITE_OK);
    faultvfs_set(FAULT_FULL);
    fake_act(&bob, 3);
    cr_assert_str_eq(fake_str(fake_last(&bob, "error"), "code"), "unavailable");
    json_t *left = fake_last(&ada, "left");
    cr_assert_not_null(left, "the room closed");
    cr_assert_str_eq(fake_str(left, "room"), code);
    faultvfs_set(FAULT_NONE);
    sqlite3_stmt *st;
    cr_assert_eq(sqlite3_prepare_v2(raw, "SELECT count(*) FROM rooms WHERE code = ?1", -1, &st,
                                    NULL),
                 SQLITE_OK);
    sqlite3_bind_text(st, 1, code, -1, SQLITE_STATIC);
    cr_assert_eq(sqlite3_step(st), SQLITE_ROW);
    cr_assert_eq(sqlite3_column_int(st, 0), 1, "the room is still in the database");
    sqlite3_finalize(st);
    sqlite3_close(raw);
    leave_both(&ada, &bob);
}

/* The id of the finished game the last `over` f got names. */
static int64_t replay_id_of(fake *f)
{
    json_t *over = fake_last(f, "over");
    cr_assert_not_null(over);
    json_t *id = json_object_get(over, "replay");
    cr_assert(json_is_integer(id), "the over message names the finished game");
    return json_integer_value(id);
}

static const char *id_of(fake *f)
{
    return fake_str(json_object_get(fake_last(f, "welcome"), "you"), "id");
}

Test(storage, a_finished_game_keeps_its_log_for_its_replay_after_its_room_is_gone)
{
    fake ada, bob;
    const char *code = started(&ada, &bob);
    char room[8];
    snprintf(room, sizeof room, "%s", code);
    fake_act(&ada, 3);
    fake_act(&bob, 1);
    fake_act(&ada, 1); /* reaches 5 */
    int64_t id = replay_id_of(&ada);
    cr_assert_eq(replay_id_of(&bob), id);
    json_t *results = lobby_results_json(fake_lobby, NULL, NULL, NULL, 10);
    cr_assert_eq(json_integer_value(json_object_get(json_array_get(results, 0), "id")), id,
                 "the over message and the results list call it the same");
    json_decref(results);

    cr_assert_eq(store_room_delete(st, room), 0, "the room and its own log go");
    store_replay_status status;
    json_t *r = store_replay_get(st, id, NULL, &status);
    cr_assert_eq(status, STORE_REPLAY_OK);
    cr_assert_str_eq(fake_str(r, "game"), "testgame");
    cr_assert_str_eq(fake_str(r, "room"), room);
    cr_assert_eq(json_integer_value(json_object_get(r, "seats")), 2);
    cr_assert_eq(json_integer_value(json_object_get(r, "rules")), 1);
    cr_assert_eq(json_integer_value(json_object_get(json_object_get(r, "options"), "target")), 5);
    cr_assert(json_is_integer(json_object_get(r, "secret")), "both seeds are kept");
    json_t *inputs = json_object_get(r, "inputs");
    cr_assert_eq(json_array_size(inputs), 3, "every input is kept");
    for (size_t i = 0; i < 3; i++) {
        json_t *in = json_array_get(inputs, i);
        cr_assert_eq(json_integer_value(json_object_get(in, "seq")), (json_int_t)i + 1);
        cr_assert_str_eq(fake_str(in, "kind"), "act");
        cr_assert_eq(json_integer_value(json_object_get(in, "seat")), (json_int_t)(i % 2));
    }
    cr_assert_eq(json_integer_value(json_object_get(json_object_get(json_array_get(inputs, 0),
                                                                    "action"),
                                                    "n")),
                 3);
    json_decref(r);
    cr_assert_null(store_replay_get(st, id + 1, NULL, &status));
    cr_assert_eq(status, STORE_REPLAY_NONE, "no such game");
    leave_both(&ada, &bob);
}

Test(storage, a_private_games_replay_is_only_its_players)
{
    fake ada, bob, carl;
    fake_init(&ada);
    fake_init(&bob);
    fake_init(&carl);
    fake_hello(&ada, "Ada");
    fake_hello(&bob, "Bob");
    fake_hello(&carl, "Carl");
    fake_say(&ada, "{\"type\":\"create\",\"game\":\"testgame\",\"private\":true,"
                   "\"options\":{\"target\":5}}");
    fake_join(&bob, fake_str(fake_last(&ada, "room"), "code"));
    fake_say(&ada, "{\"type\":\"start\"}");
    fake_act(&ada, 3);
    fake_act(&bob, 2);
    int64_t id = replay_id_of(&ada);
    store_replay_status status;
    cr_assert_null(store_replay_get(st, id, NULL, &status));
    cr_assert_eq(status, STORE_REPLAY_NONE, "not to an unknown viewer");
    cr_assert_null(store_replay_get(st, id, id_of(&carl), &status));
    cr_assert_eq(status, STORE_REPLAY_NONE, "not to someone who did not play");
    json_t *r = store_replay_get(st, id, id_of(&bob), &status);
    cr_assert_eq(status, STORE_REPLAY_OK, "but to a player");
    cr_assert(json_is_true(json_object_get(r, "private")));
    cr_assert_eq(json_array_size(json_object_get(r, "inputs")), 2);
    json_decref(r);
    lobby_disconnect(fake_lobby, &carl.conn);
    fake_free(&carl);
    leave_both(&ada, &bob);
}

Test(storage, a_result_stored_without_its_replay_says_so)
{
    json_t *players = json_pack("[{s:i}]", "seat", 0), *result = json_pack("{s:[i]}", "winners", 0);
    store_result row = {.code = "ABCDE", .game = "testgame", .players = players, .result = result};
    int64_t id = 0;
    cr_assert_eq(store_result_add(st, &row, &id), 0);
    cr_assert_gt(id, 0);
    store_replay_status status;
    cr_assert_null(store_replay_get(st, id, NULL, &status));
    cr_assert_eq(status, STORE_REPLAY_NOT_KEPT);
    json_decref(players);
    json_decref(result);
}

/* A stored player the server forgot (player_ttl_ms after it left its last
 * room) says hello with its token: the same player comes back from the
 * store, with its id and name, not a new identity (its ratings and history
 * are the id's). */
Test(storage, a_forgotten_player_comes_back_from_the_store_by_its_token)
{
    lobby_free(fake_lobby);
    uv_run(&fake_loop, UV_RUN_DEFAULT);
    lobby_config cfg = lobby_config_defaults();
    cfg.grace_ms = cfg.room_grace_ms = cfg.lone_room_grace_ms = 50;
    cfg.player_ttl_ms = 100;
    fake_lobby = lobby_new(&fake_loop, &cfg);
    lobby_set_store(fake_lobby, st);

    fake ada;
    fake_init(&ada);
    fake_hello(&ada, "Ada");
    char token[40], id[16];
    snprintf(token, sizeof token, "%s", fake_str(fake_last(&ada, "welcome"), "token"));
    snprintf(id, sizeof id, "%s", fake_str(json_object_get(fake_last(&ada, "welcome"), "you"), "id"));
    fake_say(&ada, "{\"type\":\"create\",\"game\":\"testgame\"}"); /* stores her */
    cr_assert_not_null(fake_last(&ada, "room"));
    fake_say(&ada, "{\"type\":\"leave\"}");
    lobby_disconnect(fake_lobby, &ada.conn);
    fake_free(&ada);
    fake_run_for(400); /* her time to live runs out: forgotten */

    fake again;
    fake_init(&again);
    char hello[160];
    snprintf(hello, sizeof hello, "{\"type\":\"hello\",\"name\":\"Ada\",\"token\":\"%s\"}", token);
    fake_say(&again, hello);
    json_t *w = fake_last(&again, "welcome");
    cr_assert_not_null(w);
    cr_assert_str_eq(fake_str(json_object_get(w, "you"), "id"), id, "the same player, not a new one");
    cr_assert_str_eq(fake_str(w, "token"), token);
    lobby_disconnect(fake_lobby, &again.conn);
    fake_free(&again);
}
