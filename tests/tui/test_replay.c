/* A finished game's replay on the terminal (replay.h): the `replay`
 * command's words, and what the screen keeps of the server's replay and
 * replay_frame messages (the seats' names, the frame, the log up to the
 * input shown, the marks, the result at the end). */
#include <criterion/criterion.h>
#include <string.h>

#include "cmd.h"
#include "replay.h"

Test(replay, the_command_opens_steps_jumps_plays_and_closes)
{
    replay_cmd c;
    char why[300];
    cr_assert_eq(replay_parse("42", &c, why, sizeof why), 0);
    cr_assert_eq(c.verb, REPLAY_OPEN);
    cr_assert_eq(c.n, 42);
    cr_assert_eq(replay_parse("step -3", &c, why, sizeof why), 0);
    cr_assert_eq(c.verb, REPLAY_STEP);
    cr_assert_eq(c.n, -3);
    cr_assert_eq(replay_parse("step", &c, why, sizeof why), 0);
    cr_assert_eq(c.n, 1, "one forward by default");
    cr_assert_eq(replay_parse("to 17", &c, why, sizeof why), 0);
    cr_assert_eq(c.verb, REPLAY_TO);
    cr_assert_eq(c.n, 17);
    cr_assert_eq(replay_parse("start", &c, why, sizeof why), 0);
    cr_assert(c.verb == REPLAY_TO && c.n == 0);
    cr_assert_eq(replay_parse("end", &c, why, sizeof why), 0);
    cr_assert_eq(c.verb, REPLAY_END);
    cr_assert_eq(replay_parse("speed 4", &c, why, sizeof why), 0);
    cr_assert(c.verb == REPLAY_SPEED && c.speed == 3);
    cr_assert_eq(replay_parse("speed up", &c, why, sizeof why), 0);
    cr_assert(c.speed < 0 && c.n == 1);
    cr_assert_eq(replay_parse("turn prev", &c, why, sizeof why), 0);
    cr_assert(c.verb == REPLAY_TURN && c.n == -1);
    cr_assert_eq(replay_parse("seen 2", &c, why, sizeof why), 0);
    cr_assert(c.verb == REPLAY_SEEN && c.seat == 1, "seats count from 1 for people");
    cr_assert_eq(replay_parse("seen spectator", &c, why, sizeof why), 0);
    cr_assert_eq(c.seat, -1);
    cr_assert_eq(replay_parse("seen all", &c, why, sizeof why), 0);
    cr_assert_eq(c.seat, REPLAY_SEEN_ALL);
    cr_assert_eq(replay_parse("close", &c, why, sizeof why), 0);
    cr_assert_eq(c.verb, REPLAY_CLOSE);
}

Test(replay, bad_words_are_refused_with_a_sentence)
{
    const char *bad[] = {NULL, "", "0", "-4", "12x", "42 43", "step 0", "step x", "to", "to -1",
                         "speed 3", "turn", "seen 0", "seen 17", "seen nobody", "close now", "dance"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        replay_cmd c;
        char why[300] = "";
        cr_assert_eq(replay_parse(bad[i], &c, why, sizeof why), -1, "%s", bad[i] ? bad[i] : "(nothing)");
        cr_assert_gt(strlen(why), 10, "a sentence for %s", bad[i] ? bad[i] : "(nothing)");
    }
}

Test(replay, the_command_line_takes_replay_as_a_core_command)
{
    cmd_words w;
    cmd c;
    char why[300];
    cr_assert_eq(cmd_split("replay step -1", &w, why, sizeof why), 3);
    cr_assert_eq(cmd_parse(&w, &c, why, sizeof why), CMD_CORE);
    cr_assert_eq(c.id, CMD_REPLAY);
    cr_assert_str_eq(c.text, "step -1");
    cr_assert_eq(cmd_split("replay", &w, why, sizeof why), 1);
    cr_assert_eq(cmd_parse(&w, &c, why, sizeof why), CMD_OTHER,
                 "alone, it is offered to the game first (Ricochet's replay of a solution)");
}

static json_t *msg(const char *text)
{
    json_error_t err;
    json_t *m = json_loads(text, 0, &err);
    cr_assert_not_null(m, "%s", err.text);
    return m;
}

static const char *header =
    "{\"type\":\"replay\",\"id\":3,\"game\":42,\"room\":\"K7P2X\",\"engine\":\"testgame\","
    "\"title\":\"Count to 21\",\"finished_at\":1,\"private\":false,\"seeded\":false,"
    "\"players\":[{\"seat\":0,\"id\":\"p1\",\"name\":\"Ada\"},{\"seat\":1,\"bot\":\"normal\"}],"
    "\"options\":{\"target\":5},\"seats\":2,\"rules\":1,\"inputs\":4,"
    "\"marks\":[{\"seq\":0,\"t\":0,\"label\":\"Turn 1\"},{\"seq\":2,\"t\":20,\"label\":\"Turn 2\"}],"
    "\"result\":{\"winners\":[1],\"scores\":[2,3],\"summary\":\"Seat 2 wins\"},"
    "\"frame\":{\"game\":42,\"seq\":0,\"of\":4,\"from\":0,\"seat\":\"all\",\"t\":0,"
    "\"view\":{\"total\":0},\"inputs\":[],\"skipped\":0}}";

static json_t *frame(int seq, int from, const char *seat, int ninputs)
{
    char text[2000];
    size_t used = (size_t)snprintf(text, sizeof text,
                                   "{\"type\":\"replay_frame\",\"game\":42,\"seq\":%d,\"of\":4,"
                                   "\"from\":%d,\"seat\":%s,\"t\":0,\"view\":{\"total\":%d},\"inputs\":[",
                                   seq, from, seat, seq);
    for (int i = 0; i < ninputs; i++)
        used += (size_t)snprintf(text + used, sizeof text - used,
                                 "%s{\"seq\":%d,\"t\":0,\"seat\":0,\"kind\":\"act\",\"events\":"
                                 "[{\"kind\":\"added\",\"seat\":0,\"n\":1,\"total\":%d}]}",
                                 i ? "," : "", from + i + 1, from + i + 1);
    snprintf(text + used, sizeof text - used, "],\"skipped\":0}");
    return msg(text);
}

Test(replay, a_header_names_the_seats_and_frames_move_the_log_with_them)
{
    replay_view r;
    replay_init(&r);
    json_t *h = msg(header);
    cr_assert_eq(replay_apply(&r, h), 0, "nothing asked for: nothing taken");
    replay_opening(&r, 42);
    cr_assert_eq(replay_apply(&r, h) & (REPLAY_OPENED | REPLAY_FRAME), REPLAY_OPENED | REPLAY_FRAME);
    cr_assert_str_eq(replay_engine(&r), "testgame");
    cr_assert(r.all);
    cr_assert_eq(r.inputs, 4);
    char seen[64];
    replay_seen_by(&r, seen, sizeof seen);
    cr_assert_str_eq(seen, "everyone");
    cr_assert_str_eq(json_string_value(json_object_get(json_object_get(json_array_get(json_object_get(r.room, "seats"), 0), "player"), "name")), "Ada");
    cr_assert_str_eq(json_string_value(json_object_get(json_array_get(json_object_get(r.room, "seats"), 1), "bot")), "normal");
    cr_assert_str_eq(replay_mark_at(&r, 0), "Turn 1");
    cr_assert_eq(replay_mark_near(&r, r.seq, 1), 2);
    cr_assert_eq(replay_mark_near(&r, 2, 1), -1, "no mark after the last");
    cr_assert_eq(replay_mark_near(&r, 3, -1), 2);
    cr_assert_null(replay_result(&r), "no result before the end");

    json_t *f = frame(2, 0, "\"all\"", 2);
    cr_assert(replay_apply(&r, f) & REPLAY_FRAME);
    cr_assert_eq(json_array_size(r.events), 2, "the events of both inputs stepped over");
    cr_assert_eq(json_integer_value(json_array_get(r.event_seqs, 1)), 2);
    replay_log_add(&r, 1, "Ada added 1");
    replay_log_add(&r, 2, "Ada added 1 again");
    cr_assert_str_eq(replay_mark_at(&r, r.seq), "Turn 2");
    json_decref(f);

    f = frame(1, 2, "1", 0);
    replay_apply(&r, f);
    cr_assert_eq(r.log_n, 1, "a step back takes back the lines after it");
    cr_assert_eq(r.seat, 1);
    cr_assert_not(r.all);
    replay_seen_by(&r, seen, sizeof seen);
    cr_assert_str_eq(seen, "Bot (normal)");
    json_decref(f);

    f = frame(4, 1, "1", 3);
    cr_assert(replay_apply(&r, f) & REPLAY_AT_END);
    cr_assert_str_eq(json_string_value(json_object_get(replay_result(&r), "summary")), "Seat 2 wins");
    cr_assert_str_eq(json_string_value(json_object_get(r.room, "status")), "over");
    json_decref(f);

    f = frame(3, 4, "1", 0);
    json_object_set_new(f, "game", json_integer(7));
    cr_assert_eq(replay_apply(&r, f), 0, "another game's frame is not this one's");
    json_decref(f);
    json_decref(h);
    replay_clear(&r);
}
