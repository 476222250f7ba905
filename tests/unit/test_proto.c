/* The protocol library: decoding, names, UTF-8, and the error codes the
 * schema documents. */
#include <criterion/criterion.h>
#include <string.h>

#include "proto.h"

static proto_code decode(const char *text, proto_request *q)
{
    char why[256];
    return proto_decode(text, strlen(text), q, why, sizeof why);
}

Test(proto_decode, a_hello_with_name_and_token)
{
    proto_request q;
    cr_assert_eq(decode("{\"type\":\"hello\",\"id\":3,\"name\":\"Ada\",\"token\":\"ab\"}", &q), PROTO_OK);
    cr_assert_eq(q.verb, PROTO_HELLO);
    cr_assert_str_eq(q.name, "Ada");
    cr_assert_str_eq(q.token, "ab");
    cr_assert_eq(json_integer_value(q.id), 3);
    proto_request_free(&q);
}

Test(proto_decode, a_hello_may_name_its_player_by_a_link_code_alone)
{
    proto_request q;
    cr_assert_eq(decode("{\"type\":\"hello\",\"link\":\"K7P2-X9QM\"}", &q), PROTO_OK);
    cr_assert_null(q.name);
    cr_assert_str_eq(q.link, "K7P2-X9QM");
    proto_request_free(&q);
    cr_assert_eq(decode("{\"type\":\"ratings\",\"game\":\"boxing\",\"limit\":200}", &q), PROTO_OK);
    cr_assert_eq(q.verb, PROTO_RATINGS);
    cr_assert_eq(q.limit, 200);
    proto_request_free(&q);
    cr_assert_eq(decode("{\"type\":\"history\"}", &q), PROTO_OK);
    cr_assert_null(q.player, "your own history");
    cr_assert_eq(q.limit, 0);
    proto_request_free(&q);
}

Test(proto_decode, every_verb_of_the_core_table_is_known)
{
    const char *verbs[] = {"hello", "games", "rooms", "create", "join", "leave", "sit", "stand",
                           "bot", "kick", "start", "rematch", "act", "chat", "ping"};
    for (size_t i = 0; i < sizeof verbs / sizeof verbs[0]; i++)
        cr_assert_str_eq(proto_verb_name((proto_verb)i), verbs[i]);
}

Test(proto_decode, malformed_input_gets_the_right_code)
{
    struct {
        const char *text;
        proto_code code;
    } cases[] = {
        {"", PROTO_BAD_JSON},
        {"{\"type\":", PROTO_BAD_JSON},
        {"{\"type\":\"ping\",\"type\":\"ping\"}", PROTO_BAD_JSON},
        {"[]", PROTO_BAD_MESSAGE},
        {"42", PROTO_BAD_MESSAGE},
        {"{}", PROTO_BAD_MESSAGE},
        {"{\"type\":null}", PROTO_BAD_MESSAGE},
        {"{\"type\":\"dance\"}", PROTO_UNKNOWN_TYPE},
        {"{\"type\":\"hello\"}", PROTO_BAD_MESSAGE},
        {"{\"type\":\"hello\",\"name\":7}", PROTO_BAD_MESSAGE},
        {"{\"type\":\"hello\",\"token\":\"00112233445566778899aabbccddeeff\"}", PROTO_BAD_MESSAGE},
        {"{\"type\":\"hello\",\"link\":7}", PROTO_BAD_MESSAGE},
        {"{\"type\":\"ratings\"}", PROTO_BAD_MESSAGE},
        {"{\"type\":\"ratings\",\"game\":\"ricochet\",\"limit\":0}", PROTO_BAD_MESSAGE},
        {"{\"type\":\"ratings\",\"game\":\"ricochet\",\"limit\":201}", PROTO_BAD_MESSAGE},
        {"{\"type\":\"history\",\"limit\":51}", PROTO_BAD_MESSAGE},
        {"{\"type\":\"history\",\"player\":7}", PROTO_BAD_MESSAGE},
        {"{\"type\":\"sit\",\"seat\":1.5}", PROTO_BAD_MESSAGE},
        {"{\"type\":\"act\",\"action\":[1]}", PROTO_BAD_MESSAGE},
        {"{\"type\":\"create\",\"game\":\"x\",\"private\":\"yes\"}", PROTO_BAD_MESSAGE},
        {"{\"type\":\"ping\",\"id\":[1]}", PROTO_BAD_MESSAGE},
        {"{\"type\":\"ping\",\"id\":true}", PROTO_BAD_MESSAGE},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        proto_request q;
        cr_assert_eq(decode(cases[i].text, &q), cases[i].code, "for %s", cases[i].text);
        proto_request_free(&q);
    }
}

/* A number outside its field's range is refused whole, never clamped to
 * something that then means another thing (a seat of 10^12 used to become
 * -1000000 and reach the room as a bad seat number). */
Test(proto_decode, a_seat_out_of_range_is_a_bad_message_not_a_clamp)
{
    const char *bad[] = {
        "{\"type\":\"sit\",\"seat\":1000000000000}",
        "{\"type\":\"sit\",\"seat\":-1}",
        "{\"type\":\"sit\",\"seat\":16}",
        "{\"type\":\"kick\",\"seat\":2147483648}",
        "{\"type\":\"bot\",\"seat\":-9223372036854775807}",
        "{\"type\":\"sit\",\"seat\":1e12}",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        proto_request q;
        char why[256];
        cr_assert_eq(proto_decode(bad[i], strlen(bad[i]), &q, why, sizeof why), PROTO_BAD_MESSAGE,
                     "for %s", bad[i]);
        cr_assert(strstr(why, "from 0 to 15"), "the reason names the range: %s", why);
        proto_request_free(&q);
    }
    proto_request q;
    cr_assert_eq(decode("{\"type\":\"sit\",\"seat\":15}", &q), PROTO_OK);
    cr_assert_eq(q.seat, 15);
    proto_request_free(&q);
}

Test(proto_decode, the_id_survives_a_bad_message_so_the_error_can_echo_it)
{
    proto_request q;
    cr_assert_eq(decode("{\"type\":\"sit\",\"id\":\"k\"}", &q), PROTO_BAD_MESSAGE);
    cr_assert_str_eq(json_string_value(q.id), "k");
    proto_request_free(&q);
}

Test(proto_decode, optional_fields_may_be_absent_or_null)
{
    proto_request q;
    cr_assert_eq(decode("{\"type\":\"join\",\"room\":\"ABCDE\",\"as\":null}", &q), PROTO_OK);
    cr_assert_null(q.as);
    cr_assert_eq(q.seat, -1);
    proto_request_free(&q);
}

Test(proto_names, trimmed_and_counted_in_characters)
{
    char out[128], why[128];
    cr_assert(proto_clean_name("  Ada Lovelace \t", out, sizeof out, why, sizeof why));
    cr_assert_str_eq(out, "Ada Lovelace");
    cr_assert(proto_clean_name("\u00a0Zoë\u3000", out, sizeof out, why, sizeof why));
    cr_assert_str_eq(out, "Zoë");
    char emoji[4 * 24 + 1] = "";
    for (int i = 0; i < 24; i++)
        strcat(emoji, "🤖");
    cr_assert(proto_clean_name(emoji, out, sizeof out, why, sizeof why), "24 robots fit");
}

Test(proto_names, empty_long_invalid_and_control_names_are_refused)
{
    char out[128], why[128];
    cr_assert_not(proto_clean_name("", out, sizeof out, why, sizeof why));
    cr_assert_not(proto_clean_name(" \t ", out, sizeof out, why, sizeof why));
    cr_assert_not(proto_clean_name("abcdefghijklmnopqrstuvwxy", out, sizeof out, why, sizeof why));
    cr_assert(strstr(why, "24"));
    cr_assert_not(proto_clean_name("a\nb", out, sizeof out, why, sizeof why));
    cr_assert_not(proto_clean_name("bad\xc3", out, sizeof out, why, sizeof why));
    cr_assert_not(proto_clean_name("\xc0\xaf", out, sizeof out, why, sizeof why), "overlong");
    cr_assert_not(proto_clean_name("\xed\xa0\x80", out, sizeof out, why, sizeof why), "surrogate");
}

Test(proto_names, direction_marks_are_refused)
{
    char out[128], why[128];
    const char *bidi[] = {"Ada\u202Eevil", "\u2066Bob", "x\u2069", "a\u200Eb", "a\u200Fb",
                          "a\u061Cb", "\u202Aab", "ab\u202D"};
    for (size_t i = 0; i < sizeof bidi / sizeof bidi[0]; i++) {
        cr_assert_not(proto_clean_name(bidi[i], out, sizeof out, why, sizeof why), "case %zu", i);
        cr_assert(strstr(why, "direction"), "%s", why);
    }
}

Test(proto_names, a_visible_character_is_required)
{
    char out[128], why[128];
    const char *blank[] = {"\u200B\u200B", "\u200D", "\u2060", "\u3164", "\u2800",
                           "\u0301\u0301", "\uFE0F", "\u00AD"};
    for (size_t i = 0; i < sizeof blank / sizeof blank[0]; i++) {
        cr_assert_not(proto_clean_name(blank[i], out, sizeof out, why, sizeof why), "case %zu", i);
        cr_assert(strstr(why, "visible"), "%s", why);
    }
    cr_assert(proto_clean_name("A\u200Db", out, sizeof out, why, sizeof why),
              "a joiner between letters is fine");
}

Test(proto_names, stacked_combining_marks_are_limited)
{
    char out[128], why[128];
    cr_assert(proto_clean_name("e\u0301\u0308", out, sizeof out, why, sizeof why), "two marks");
    cr_assert_not(proto_clean_name("e\u0301\u0308\u0302", out, sizeof out, why, sizeof why));
    cr_assert(strstr(why, "accents"), "%s", why);
    cr_assert(proto_clean_name("e\u0301a\u0301", out, sizeof out, why, sizeof why),
              "marks on different letters do not add up");
}

Test(proto_chat, control_blank_and_direction_text_is_refused_and_spaces_trimmed)
{
    char out[4 * PROTO_MAX_CHAT + 1], why[128];
    cr_assert(proto_clean_chat("  good game  ", out, sizeof out, why, sizeof why));
    cr_assert_str_eq(out, "good game");
    cr_assert_not(proto_clean_chat("   \t  ", out, sizeof out, why, sizeof why));
    cr_assert_not(proto_clean_chat("bell\a", out, sizeof out, why, sizeof why));
    cr_assert_not(proto_clean_chat("line\nbreak", out, sizeof out, why, sizeof why));
    cr_assert_not(proto_clean_chat("gg\u202E", out, sizeof out, why, sizeof why));
    cr_assert_not(proto_clean_chat("\u200B", out, sizeof out, why, sizeof why));
    char longest[PROTO_MAX_CHAT + 2];
    memset(longest, 'x', PROTO_MAX_CHAT + 1);
    longest[PROTO_MAX_CHAT + 1] = '\0';
    cr_assert_not(proto_clean_chat(longest, out, sizeof out, why, sizeof why));
    longest[PROTO_MAX_CHAT] = '\0';
    cr_assert(proto_clean_chat(longest, out, sizeof out, why, sizeof why));
}

Test(proto_utf8, length_counts_code_points)
{
    cr_assert_eq(proto_utf8_length("abc", 3), 3);
    cr_assert_eq(proto_utf8_length("é🤖", strlen("é🤖")), 2);
    cr_assert_eq(proto_utf8_length("\xff", 1), -1);
}

/* Every code the server can send is documented in the error schema. */
Test(proto_codes, every_code_is_in_the_error_schema)
{
    json_t *schema = json_load_file(BOTPIT_SOURCE_ROOT "/protocol/schema/server/error.json", 0, NULL);
    cr_assert_not_null(schema);
    json_t *codes = json_object_get(json_object_get(json_object_get(schema, "properties"), "code"), "enum");
    for (int c = 1; c < PROTO_CODE_COUNT; c++) {
        bool found = false;
        size_t i;
        json_t *v;
        json_array_foreach(codes, i, v) {
            found |= strcmp(json_string_value(v), proto_code_name((proto_code)c)) == 0;
        }
        cr_assert(found, "%s is missing from schema/server/error.json", proto_code_name((proto_code)c));
        cr_assert_eq(proto_code_from_name(proto_code_name((proto_code)c)), (proto_code)c);
    }
    cr_assert_eq(json_array_size(codes), PROTO_CODE_COUNT - 1, "and the schema has no extra codes");
    json_decref(schema);
}

Test(proto_messages, error_echoes_the_id)
{
    json_t *id = json_string("r1");
    json_t *e = proto_error(id, PROTO_ROOM_FULL, "no seat");
    cr_assert_str_eq(json_string_value(json_object_get(e, "type")), "error");
    cr_assert_str_eq(json_string_value(json_object_get(e, "id")), "r1");
    cr_assert_str_eq(json_string_value(json_object_get(e, "code")), "room_full");
    json_decref(e);
    json_decref(id);
}

Test(proto_decode, a_replay_names_a_game_or_a_room_and_whose_view)
{
    proto_request q;
    cr_assert_eq(decode("{\"type\":\"replay\",\"game\":42}", &q), PROTO_OK);
    cr_assert_eq(q.verb, PROTO_REPLAY);
    cr_assert_eq(q.game_id, 42);
    cr_assert_null(q.room);
    cr_assert_eq(q.to, PROTO_ABSENT, "no place asked for");
    cr_assert_eq(q.view_seat, PROTO_ABSENT, "nor a view");
    proto_request_free(&q);
    cr_assert_eq(decode("{\"type\":\"replay\",\"room\":\"k7p2x\",\"to\":0,\"seat\":\"all\"}", &q),
                 PROTO_OK);
    cr_assert_str_eq(q.room, "k7p2x");
    cr_assert_eq(q.game_id, 0);
    cr_assert_eq(q.to, 0);
    cr_assert_eq(q.view_seat, PROTO_SEAT_ALL);
    proto_request_free(&q);
    cr_assert_eq(decode("{\"type\":\"replay_step\",\"by\":-3,\"seat\":-1}", &q), PROTO_OK);
    cr_assert_eq(q.verb, PROTO_REPLAY_STEP);
    cr_assert_eq(q.by, -3);
    cr_assert_eq(q.to, PROTO_ABSENT);
    cr_assert_eq(q.view_seat, -1, "a spectator's view");
    proto_request_free(&q);
    cr_assert_eq(decode("{\"type\":\"replay_step\",\"to\":2147483647,\"seat\":15}", &q), PROTO_OK);
    cr_assert_eq(q.to, 2147483647);
    cr_assert_eq(q.view_seat, 15);
    proto_request_free(&q);
}

Test(proto_decode, a_replay_out_of_range_or_of_the_wrong_kind_is_a_bad_message)
{
    const char *bad[] = {
        "{\"type\":\"replay\",\"game\":0}",
        "{\"type\":\"replay\",\"game\":-5}",
        "{\"type\":\"replay\",\"game\":\"42\"}",
        "{\"type\":\"replay\",\"game\":1e300}",
        "{\"type\":\"replay\",\"game\":4294967296}",
        "{\"type\":\"replay\",\"game\":1,\"seat\":\"everyone\"}",
        "{\"type\":\"replay\",\"game\":1,\"seat\":-2}",
        "{\"type\":\"replay\",\"game\":1,\"seat\":16}",
        "{\"type\":\"replay_step\",\"to\":-1}",
        "{\"type\":\"replay_step\",\"by\":1000000000000}",
        "{\"type\":\"replay_step\",\"by\":-2147483648}",
        "{\"type\":\"replay_step\",\"by\":1.5}",
        "{\"type\":\"replay_step\",\"to\":\"end\"}",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        proto_request q;
        char why[256];
        cr_assert_eq(proto_decode(bad[i], strlen(bad[i]), &q, why, sizeof why), PROTO_BAD_MESSAGE,
                     "for %s", bad[i]);
        cr_assert_gt(strlen(why), 10, "a sentence says why: %s", why);
        proto_request_free(&q);
    }
}
