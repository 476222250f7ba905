/* protocol/client.c builds what the server's own decoder accepts. */
#include <criterion/criterion.h>
#include <string.h>

#include "client.h"
#include "proto.h"

/* Encodes msg as the client sends it and decodes it as the server does. */
static proto_request round_trip(json_t *msg)
{
    cr_assert_not_null(msg);
    char *text = proto_client_encode(msg, 42);
    json_decref(msg);
    proto_request r;
    char why[300] = "";
    proto_code code = proto_decode(text, strlen(text), &r, why, sizeof why);
    cr_assert_eq(code, PROTO_OK, "%s: %s", text, why);
    cr_assert_eq(json_integer_value(r.id), 42);
    free(text);
    return r;
}

Test(client, every_request_is_one_the_server_decodes)
{
    proto_request r = round_trip(proto_client_hello("Ada", "0123456789abcdef0123456789abcdef"));
    cr_assert_eq(r.verb, PROTO_HELLO);
    cr_assert_str_eq(r.name, "Ada");
    cr_assert_str_eq(r.token, "0123456789abcdef0123456789abcdef");
    proto_request_free(&r);

    r = round_trip(proto_client_hello("Ada", ""));
    cr_assert_null(r.token, "an empty token is left out");
    proto_request_free(&r);

    json_t *options = json_pack("{s:i}", "timer_s", 30);
    r = round_trip(proto_client_create("ricochet", options, true));
    cr_assert_eq(r.verb, PROTO_CREATE);
    cr_assert_str_eq(r.game, "ricochet");
    cr_assert(r.is_private);
    cr_assert_eq(json_integer_value(json_object_get(r.options, "timer_s")), 30);
    json_decref(options);
    proto_request_free(&r);

    r = round_trip(proto_client_join("K7P2X", "spectator"));
    cr_assert_eq(r.verb, PROTO_JOIN);
    cr_assert_str_eq(r.as, "spectator");
    proto_request_free(&r);

    r = round_trip(proto_client_bot(1, "hard"));
    cr_assert_eq(r.verb, PROTO_BOT);
    cr_assert_eq(r.seat, 1);
    cr_assert_str_eq(r.level, "hard");
    proto_request_free(&r);

    r = round_trip(proto_client_rooms(true));
    cr_assert(r.watch);
    proto_request_free(&r);

    json_t *action = json_pack("{s:s, s:i}", "kind", "bid", "moves", 7);
    r = round_trip(proto_client_act(action));
    cr_assert_eq(r.verb, PROTO_ACT);
    cr_assert_eq(json_integer_value(json_object_get(r.action, "moves")), 7);
    json_decref(action);
    proto_request_free(&r);

    proto_verb plain[] = {PROTO_GAMES, PROTO_LEAVE, PROTO_STAND, PROTO_START, PROTO_REMATCH, PROTO_PING};
    for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++) {
        r = round_trip(proto_client_verb(plain[i]));
        cr_assert_eq(r.verb, plain[i]);
        proto_request_free(&r);
    }
    r = round_trip(proto_client_sit(2));
    cr_assert_eq(r.seat, 2);
    proto_request_free(&r);
    r = round_trip(proto_client_kick(0));
    cr_assert_eq(r.verb, PROTO_KICK);
    proto_request_free(&r);
    r = round_trip(proto_client_kick_player("pabcdefghjk"));
    cr_assert_eq(r.verb, PROTO_KICK);
    cr_assert_eq(r.seat, -1);
    cr_assert_str_eq(r.player, "pabcdefghjk");
    proto_request_free(&r);
    r = round_trip(proto_client_mute("pabcdefghjk", false));
    cr_assert_eq(r.verb, PROTO_MUTE);
    cr_assert_str_eq(r.player, "pabcdefghjk");
    cr_assert_not(r.muted);
    proto_request_free(&r);
    r = round_trip(proto_client_chat("hi"));
    cr_assert_str_eq(r.text, "hi");
    proto_request_free(&r);
}

Test(client, impossible_requests_are_not_built)
{
    cr_assert_null(proto_client_hello(NULL, NULL));
    cr_assert_null(proto_client_sit(-1));
    cr_assert_null(proto_client_kick_player(NULL));
    cr_assert_null(proto_client_mute(NULL, true));
    cr_assert_null(proto_client_act(NULL));
    json_t *not_object = json_integer(3);
    cr_assert_null(proto_client_act(not_object));
    json_decref(not_object);
    cr_assert_null(proto_client_encode(NULL, 1));
}

Test(client, server_messages_are_read_by_type)
{
    char why[200];
    const char *text = "{\"type\":\"pong\",\"id\":7,\"time\":5}";
    json_t *m = proto_client_decode(text, strlen(text), why, sizeof why);
    cr_assert_eq(proto_client_type(m), PROTO_S_PONG);
    cr_assert_eq(proto_client_reply_id(m), 7);
    json_decref(m);
    cr_assert_null(proto_client_decode("garbage", 7, why, sizeof why));
    cr_assert(strstr(why, "not JSON"));
    cr_assert_null(proto_client_decode("[1,2]", 5, why, sizeof why));
    cr_assert(strstr(why, "not a message"));
    text = "{\"type\":\"surprise\"}";
    m = proto_client_decode(text, strlen(text), why, sizeof why);
    cr_assert_eq(proto_client_type(m), PROTO_S_UNKNOWN);
    cr_assert_eq(proto_client_reply_id(m), -1);
    json_decref(m);
}

Test(client, room_codes_are_checked_and_upper_cased)
{
    char code[6];
    cr_assert(proto_client_room_code(" k7p2x ", code));
    cr_assert_str_eq(code, "K7P2X");
    cr_assert_not(proto_client_room_code("K7P2", code));
    cr_assert_not(proto_client_room_code("K7P2XX", code));
    cr_assert_not(proto_client_room_code("O0IL1", code));
    cr_assert_not(proto_client_room_code(NULL, code));
}

Test(client, replay_requests_name_the_game_the_input_and_the_eyes)
{
    json_t *m = proto_client_replay(42, PROTO_ABSENT, PROTO_ABSENT);
    char *text = json_dumps(m, JSON_COMPACT | JSON_SORT_KEYS);
    cr_assert_str_eq(text, "{\"game\":42,\"type\":\"replay\"}");
    free(text);
    json_decref(m);
    m = proto_client_replay(42, 7, PROTO_SEAT_ALL);
    text = json_dumps(m, JSON_COMPACT | JSON_SORT_KEYS);
    cr_assert_str_eq(text, "{\"game\":42,\"seat\":\"all\",\"to\":7,\"type\":\"replay\"}");
    free(text);
    json_decref(m);
    cr_assert_null(proto_client_replay(0, PROTO_ABSENT, PROTO_ABSENT), "no game 0");
    m = proto_client_replay_step(PROTO_ABSENT, -1, -1);
    text = json_dumps(m, JSON_COMPACT | JSON_SORT_KEYS);
    cr_assert_str_eq(text, "{\"by\":-1,\"seat\":-1,\"type\":\"replay_step\"}");
    free(text);
    json_decref(m);
    m = proto_client_replay_step(3, PROTO_ABSENT, PROTO_ABSENT);
    text = json_dumps(m, JSON_COMPACT | JSON_SORT_KEYS);
    cr_assert_str_eq(text, "{\"to\":3,\"type\":\"replay_step\"}");
    free(text);
    json_decref(m);
}
