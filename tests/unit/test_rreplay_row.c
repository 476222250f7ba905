/* store/rstore: a replay as Redis keeps it (the result's JSON, the
 * replay's settings and its log as one array), made into the row that
 * store_replay_get gives on SQLite, which lobby/replay.h rebuilds; and
 * what each of the read's outcomes becomes. */
#include <criterion/criterion.h>
#include <string.h>

#include "lobby/replay.h"
#include "store/rstore.h"

static const char RESULT[] = "{\"room\":\"K7P2X\",\"game\":\"testgame\",\"finished_at\":1795300000000,"
                             "\"players\":[{\"seat\":0,\"id\":\"p1\",\"name\":\"Ada\"},{\"seat\":1,"
                             "\"bot\":\"normal\"}],\"result\":{\"winners\":[1]},\"private\":true,"
                             "\"seeded\":false}";
static const char SETTINGS[] = "{\"options\":{\"target\":5},\"seats\":2,\"seed\":-2,\"secret\":99,"
                               "\"rules\":1}";
static const char LOG[] =
    "[{\"seq\":1,\"t\":10,\"seat\":0,\"kind\":\"act\",\"action\":{\"kind\":\"add\",\"n\":1}},"
    "{\"seq\":2,\"t\":20,\"seat\":1,\"kind\":\"act\",\"action\":{\"kind\":\"add\",\"n\":2}}]";

Test(rreplay_row, the_texts_make_the_row_sqlite_gives)
{
    store_replay_status status = STORE_REPLAY_FAILED;
    json_t *row = rstore_replay_row(42, 0, RESULT, SETTINGS, LOG, &status);
    cr_assert_eq(status, STORE_REPLAY_OK);
    cr_assert_not_null(row);
    cr_assert_eq(json_integer_value(json_object_get(row, "id")), 42);
    cr_assert_str_eq(json_string_value(json_object_get(row, "room")), "K7P2X");
    cr_assert_str_eq(json_string_value(json_object_get(row, "game")), "testgame");
    cr_assert(json_is_true(json_object_get(row, "private")));
    cr_assert_eq(json_integer_value(json_object_get(row, "seats")), 2);
    cr_assert_eq(json_integer_value(json_object_get(row, "seed")), -2, "the seed's 64 bits kept");
    cr_assert_eq(json_integer_value(json_object_get(row, "secret")), 99);
    cr_assert_eq(json_integer_value(json_object_get(row, "rules")), 1);
    cr_assert_eq(json_array_size(json_object_get(row, "inputs")), 2);

    proto_code code;
    char why[256] = "";
    replay *r = replay_build(row, &code, why, sizeof why);
    cr_assert_not_null(r, "the row replays: %s", why);
    cr_assert_eq(replay_length(r), 2);
    cr_assert_eq(replay_seats(r), 2);
    replay_free(r);
    json_decref(row);
}

Test(rreplay_row, each_outcome_of_the_read_says_why_there_is_no_row)
{
    store_replay_status status = STORE_REPLAY_OK;
    cr_assert_null(rstore_replay_row(42, 1, NULL, NULL, NULL, &status));
    cr_assert_eq(status, STORE_REPLAY_NONE, "no such game, or a private one");
    cr_assert_null(rstore_replay_row(42, -1, NULL, NULL, NULL, &status));
    cr_assert_eq(status, STORE_REPLAY_FAILED, "Redis could not be read");
    cr_assert_null(rstore_replay_row(42, 0, RESULT, "", "", &status));
    cr_assert_eq(status, STORE_REPLAY_NOT_KEPT, "a result stored before Redis kept replays");
}

Test(rreplay_row, a_damaged_replay_is_a_failed_read_not_a_crash)
{
    static const char *const logs[] = {"[{\"seq\":1", "{}", "null"};
    store_replay_status status = STORE_REPLAY_OK;
    for (size_t i = 0; i < sizeof logs / sizeof *logs; i++) {
        cr_assert_null(rstore_replay_row(42, 0, RESULT, SETTINGS, logs[i], &status), "%s", logs[i]);
        cr_assert_eq(status, STORE_REPLAY_FAILED, "%s", logs[i]);
    }
    cr_assert_null(rstore_replay_row(42, 0, "[]", SETTINGS, LOG, &status));
    cr_assert_eq(status, STORE_REPLAY_FAILED, "a result that is no object");
    cr_assert_null(rstore_replay_row(42, 0, RESULT, "7", LOG, &status));
    cr_assert_eq(status, STORE_REPLAY_FAILED, "settings that are no object");
}
