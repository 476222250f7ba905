/* A finished game rebuilt for its replay (lobby/replay.h), from a stored
 * row of the test game: every frame is the game as a straight replay of
 * its log gives it, whichever checkpoint it starts from; frames carry the
 * events of the inputs stepped over, bounded; logs that cannot be shown
 * are refused with a sentence. */
#include <criterion/criterion.h>
#include <string.h>

#include "games/game.h"
#include "lobby/replay.h"

extern const game_engine testgame_engine, testgame_noclone_engine;

/* A stored row of a test game counting to `target` by 1s (seat 0, 1, ...
 * in turn), `n` inputs long. */
static json_t *row_of(const char *engine, int target, int n)
{
    json_t *inputs = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(inputs, json_pack("{s:i, s:i, s:i, s:s, s:{s:s, s:i}}", "seq", i + 1,
                                                "t", 10 * (i + 1), "seat", i % 2, "kind", "act",
                                                "action", "kind", "add", "n", 1));
    return json_pack("{s:i, s:s, s:s, s:I, s:[], s:{s:[i]}, s:b, s:b, s:{s:i}, s:i, s:I, s:I, "
                     "s:i, s:o}",
                     "id", 7, "room", "K7P2X", "game", engine, "finished_at", (json_int_t)1, "players",
                     "result", "winners", 0, "private", false, "seeded", false, "options", "target",
                     target, "seats", 2, "seed", (json_int_t)17, "secret", (json_int_t)99, "rules", 1,
                     "inputs", inputs);
}

static replay *built(json_t *row)
{
    proto_code code;
    char why[256] = "";
    replay *r = replay_build(row, &code, why, sizeof why);
    cr_assert_not_null(r, "%s", why);
    return r;
}

static char *dump(const json_t *j)
{
    return json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS);
}

/* The views of the game the row's first `to` inputs make, played straight. */
static json_t *straight_view(const game_engine *e, int target, int to, int audience)
{
    char options[32];
    snprintf(options, sizeof options, "{\"target\":%d}", target);
    game_error err;
    json_t *given = json_loads(options, 0, NULL);
    json_t *opts = game_options_resolve(e, given, &err);
    json_decref(given);
    game *g = e->create(opts, 2, (game_seeds){17, 99}, &err);
    json_t *events = json_array();
    json_t *add = json_pack("{s:s, s:i}", "kind", "add", "n", 1);
    for (int i = 0; i < to; i++) {
        cr_assert_eq(e->act(g, i % 2, add, 10 * (i + 1), events, &err), 0, "%s", err.message);
        json_array_clear(events);
    }
    json_t *v = e->view(g, audience);
    e->destroy(g);
    json_decref(add);
    json_decref(events);
    json_decref(opts);
    return v;
}

static void frames_match_a_straight_replay(const game_engine *e)
{
    int target = 900, n = 600;
    json_t *row = row_of(e->id, target, n);
    replay *r = built(row);
    cr_assert_eq(replay_length(r), (size_t)n);
    int audiences[] = {GAME_SEAT_REPLAY, GAME_SEAT_SPECTATOR, 0, 1};
    int tos[] = {0, 1, 7, 8, 9, 10, 64, 255, 256, 257, 599, 600};
    for (size_t a = 0; a < sizeof audiences / sizeof *audiences; a++) {
        for (size_t k = 0; k < sizeof tos / sizeof *tos; k++) {
            json_t *frame = replay_frame(r, (size_t)tos[k], 0, audiences[a], false);
            json_t *want = straight_view(e, target, tos[k], audiences[a]);
            char *x = dump(json_object_get(frame, "view")), *y = dump(want);
            cr_assert_str_eq(x, y, "input %d, audience %d", tos[k], audiences[a]);
            cr_assert_eq(json_integer_value(json_object_get(frame, "seq")), tos[k]);
            cr_assert_eq(json_integer_value(json_object_get(frame, "t")), 10 * tos[k]);
            free(x);
            free(y);
            json_decref(want);
            json_decref(frame);
        }
    }
    replay_free(r);
    json_decref(row);
}

Test(replays, every_frame_is_the_game_a_straight_replay_gives_from_any_checkpoint)
{
    frames_match_a_straight_replay(&testgame_engine);
}

Test(replays, an_engine_without_clone_replays_from_the_deal)
{
    frames_match_a_straight_replay(&testgame_noclone_engine);
}

Test(replays, a_step_forward_carries_the_events_of_the_inputs_stepped_over_and_no_more)
{
    json_t *row = row_of("testgame", 900, 400);
    replay *r = built(row);
    json_t *f = replay_frame(r, 5, 2, GAME_SEAT_REPLAY, true);
    json_t *inputs = json_object_get(f, "inputs");
    cr_assert_eq(json_array_size(inputs), 3);
    for (size_t i = 0; i < 3; i++) {
        json_t *in = json_array_get(inputs, i);
        cr_assert_eq(json_integer_value(json_object_get(in, "seq")), (json_int_t)i + 3);
        json_t *added = json_array_get(json_object_get(in, "events"), 0);
        cr_assert_str_eq(json_string_value(json_object_get(added, "kind")), "added");
        cr_assert_eq(json_integer_value(json_object_get(added, "total")), (json_int_t)i + 3);
    }
    cr_assert_eq(json_integer_value(json_object_get(f, "skipped")), 0);
    json_decref(f);

    f = replay_frame(r, 2, 5, GAME_SEAT_REPLAY, true);
    cr_assert_eq(json_array_size(json_object_get(f, "inputs")), 0, "back: no events");
    json_decref(f);
    f = replay_frame(r, 9, 5, 0, false);
    cr_assert_eq(json_array_size(json_object_get(f, "inputs")), 0, "another audience: none");
    json_decref(f);

    f = replay_frame(r, 400, 0, GAME_SEAT_REPLAY, true);
    cr_assert_eq(json_array_size(json_object_get(f, "inputs")), REPLAY_FRAME_INPUTS,
                 "a long jump carries the last inputs only");
    cr_assert_eq(json_integer_value(json_object_get(f, "skipped")), 400 - REPLAY_FRAME_INPUTS);
    cr_assert_eq(json_integer_value(json_object_get(json_array_get(json_object_get(f, "inputs"), 0),
                                                    "seq")),
                 400 - REPLAY_FRAME_INPUTS + 1);
    json_decref(f);

    f = replay_frame(r, 100000, 0, GAME_SEAT_REPLAY, false);
    cr_assert_eq(json_integer_value(json_object_get(f, "seq")), 400, "past the end is the end");
    json_decref(f);
    replay_free(r);
    json_decref(row);
}

Test(replays, the_header_says_what_the_game_is)
{
    json_t *row = row_of("testgame", 900, 12);
    replay *r = built(row);
    json_t *h = replay_header(r);
    cr_assert_eq(json_integer_value(json_object_get(h, "game")), 7);
    cr_assert_str_eq(json_string_value(json_object_get(h, "engine")), "testgame");
    cr_assert_str_eq(json_string_value(json_object_get(h, "room")), "K7P2X");
    cr_assert_eq(json_integer_value(json_object_get(h, "inputs")), 12);
    cr_assert_eq(json_integer_value(json_object_get(h, "seats")), 2);
    cr_assert_eq(json_integer_value(json_object_get(json_object_get(h, "options"), "turn_s")), 0,
                 "the options resolved");
    cr_assert_eq(json_array_size(json_object_get(h, "marks")), 0, "the test game counts no turns");
    json_decref(h);
    replay_free(r);
    json_decref(row);
}

/* The refusal of a row changed by `change`: its code and a sentence. */
static void refused(void (*change)(json_t *row), const char *why_has)
{
    json_t *row = row_of("testgame", 900, 20);
    change(row);
    proto_code code = PROTO_OK;
    char why[256] = "";
    cr_assert_null(replay_build(row, &code, why, sizeof why));
    cr_assert_eq(code, PROTO_NO_SUCH_REPLAY, "%s", why);
    cr_assert(strstr(why, why_has), "\"%s\" says %s", why, why_has);
    json_decref(row);
}

static void other_rules(json_t *row)
{
    json_object_set_new(row, "rules", json_integer(2));
}

static void other_engine(json_t *row)
{
    json_object_set_new(row, "game", json_string("chess"));
}

static void gap(json_t *row)
{
    json_array_remove(json_object_get(row, "inputs"), 4);
}

static void illegal(json_t *row)
{
    json_t *in = json_array_get(json_object_get(row, "inputs"), 6);
    json_object_set_new(in, "action", json_pack("{s:s, s:i}", "kind", "add", "n", 9));
}

static void finished_early(json_t *row)
{
    json_object_set_new(json_object_get(row, "options"), "target", json_integer(10));
}

Test(replays, a_log_that_would_not_replay_faithfully_is_refused_with_a_sentence)
{
    refused(other_rules, "revision 2");
    refused(other_engine, "does not have");
    refused(gap, "misses input 5");
    refused(illegal, "input 7");
    refused(finished_early, "no longer replays");
}
