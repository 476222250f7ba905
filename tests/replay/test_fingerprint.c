/* The replay fingerprint (server/tools/fingerprint.h) moves when what a
 * stored game shows moves (a view, an event, an input refused), and only
 * then: a retuned bot leaves it where it was, because the digest replays
 * stored inputs and never asks the bots. Shown with the test game and
 * altered copies of it. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "games/game.h"
#include "tools/fingerprint.h"

extern const game_engine testgame_engine;

static game_engine altered; /* a copy of the test game, one thing changed */

/* A log of the test game's default plan, recorded with its bots. */
static void recorded(const game_engine *e, fingerprint_log *log)
{
    fingerprint_default_plan(e, log);
    cr_assert_geq(log->n, 1);
    char err[256];
    for (size_t i = 0; i < log->n; i++)
        cr_assert_eq(fingerprint_record(log, i, 800, 0, err, sizeof err), 0, "%s", err);
    cr_assert_gt(json_array_size(log->games[0].inputs), 3, "the bots played");
}

static uint64_t digest_of(const fingerprint_log *log, const game_engine *e)
{
    fingerprint_log as = *log;
    as.e = e;
    uint64_t d;
    char err[256];
    cr_assert_eq(fingerprint_digest(&as, &d, NULL, err, sizeof err), 0, "%s", err);
    return d;
}

static void setup(void)
{
    altered = testgame_engine;
}

TestSuite(fingerprint, .init = setup);

Test(fingerprint, the_same_log_gives_the_same_digest_also_written_and_read_back)
{
    fingerprint_log log;
    recorded(&testgame_engine, &log);
    uint64_t d = digest_of(&log, &testgame_engine);
    cr_assert_eq(digest_of(&log, &testgame_engine), d);

    char path[] = "/tmp/botpit-fingerprint-XXXXXX";
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    close(fd);
    char err[256];
    cr_assert_eq(fingerprint_write(path, &log, err, sizeof err), 0, "%s", err);
    fingerprint_log again;
    cr_assert_eq(fingerprint_read(path, &testgame_engine, &again, err, sizeof err), 0, "%s", err);
    cr_assert_eq(again.n, log.n);
    cr_assert_eq(digest_of(&again, &testgame_engine), d, "the file keeps every input");
    fingerprint_free(&again);
    fingerprint_free(&log);
    remove(path);
}

static json_t *view_with_more(const game *g, int seat)
{
    json_t *v = testgame_engine.view(g, seat);
    json_object_set_new(v, "extra", json_true());
    return v;
}

Test(fingerprint, a_view_that_changes_moves_the_digest)
{
    fingerprint_log log;
    recorded(&testgame_engine, &log);
    altered.view = view_with_more;
    cr_assert_neq(digest_of(&log, &altered), digest_of(&log, &testgame_engine));
    fingerprint_free(&log);
}

static int act_with_more(game *g, int seat, const json_t *action, int64_t now, json_t *events,
                         game_error *err)
{
    int rc = testgame_engine.act(g, seat, action, now, events, err);
    if (rc == 0)
        json_array_append_new(events, json_pack("{s:s}", "kind", "extra"));
    return rc;
}

Test(fingerprint, an_event_that_changes_moves_the_digest)
{
    fingerprint_log log;
    recorded(&testgame_engine, &log);
    altered.act = act_with_more;
    cr_assert_neq(digest_of(&log, &altered), digest_of(&log, &testgame_engine));
    fingerprint_free(&log);
}

static int act_refusing_3(game *g, int seat, const json_t *action, int64_t now, json_t *events,
                          game_error *err)
{
    if (json_integer_value(json_object_get(action, "n")) == 3)
        return game_fail(err, "illegal", "3 is no longer allowed");
    return testgame_engine.act(g, seat, action, now, events, err);
}

Test(fingerprint, a_stored_input_the_rules_now_refuse_fails_the_replay)
{
    fingerprint_log log;
    recorded(&testgame_engine, &log);
    json_array_append_new(log.games[0].inputs, json_pack("[i,i,{s:s,s:i}]", 999999, 0, "kind",
                                                          "add", "n", 3));
    altered.act = act_refusing_3;
    uint64_t d;
    char err[256];
    fingerprint_log as = log;
    as.e = &altered;
    cr_assert_eq(fingerprint_digest(&as, &d, NULL, err, sizeof err), -1);
    cr_assert(strstr(err, "is refused: illegal: 3 is no longer allowed"), "%s", err);
    fingerprint_free(&log);
}

static json_t *bot_always_1(const game *g, int seat, int level, int64_t now, uint64_t salt,
                            int64_t *wake, const volatile int *cancel)
{
    json_t *a = testgame_engine.bot(g, seat, level, now, salt, wake, cancel);
    if (a)
        json_object_set_new(a, "n", json_integer(1));
    return a;
}

/* Why the logs are stored rather than played anew: a bot may change
 * without any stored game replaying differently. */
Test(fingerprint, a_retuned_bot_leaves_the_digest_of_the_stored_games)
{
    fingerprint_log log;
    recorded(&testgame_engine, &log);
    altered.bot = bot_always_1;
    cr_assert_eq(digest_of(&log, &altered), digest_of(&log, &testgame_engine));

    fingerprint_log replayed;
    recorded(&altered, &replayed);
    cr_assert_neq(digest_of(&replayed, &altered), digest_of(&log, &testgame_engine),
                  "played anew, the retuned bot makes other games");
    fingerprint_free(&replayed);
    fingerprint_free(&log);
}

Test(fingerprint, a_digest_that_moved_fails_the_check_and_says_to_bump_the_revision)
{
    fingerprint_log log;
    recorded(&testgame_engine, &log);
    uint64_t d = digest_of(&log, &testgame_engine);
    char text[256], why[1024];
    snprintf(text, sizeof text, "# digests\ntestgame 1 %016llx\n", (unsigned long long)d);
    cr_assert_eq(fingerprint_compare(text, "digests.txt", &testgame_engine, d, why, sizeof why),
                 0);

    altered.view = view_with_more;
    uint64_t moved = digest_of(&log, &altered);
    cr_assert_eq(fingerprint_compare(text, "digests.txt", &altered, moved, why, sizeof why), -1);
    cr_assert(strstr(why, "the stored games of testgame replay differently"), "%s", why);
    cr_assert(strstr(why, "bump its rules_revision"), "%s", why);

    altered.rules_revision = 2; /* bumped, but the file still has revision 1's */
    cr_assert_eq(fingerprint_compare(text, "digests.txt", &altered, moved, why, sizeof why), -1);
    cr_assert(strstr(why, "testgame plays rules revision 2, and digests.txt records the digest "
                          "of revision 1"),
              "%s", why);

    cr_assert_eq(fingerprint_compare("# none\n", "digests.txt", &testgame_engine, d, why,
                                     sizeof why),
                 -1);
    cr_assert(strstr(why, "records no digest for testgame"), "%s", why);
    fingerprint_free(&log);
}
