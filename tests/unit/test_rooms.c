/* Rooms through the lobby's own interface, with fake connections and a real
 * libuv loop: no network, so each step can be checked exactly. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "fake_conn.h"
#include "lobby/room.h"

static void setup(void)
{
    fake_lobby_start();
}

static void teardown(void)
{
    fake_lobby_stop();
}

/* Ada creates a testgame room and Bob joins it; returns the code. */
static const char *two_seated(fake *ada, fake *bob, const char *options)
{
    return fake_two_seated(ada, bob, "testgame", options);
}

TestSuite(rooms, .init = setup, .fini = teardown);

Test(rooms, the_creator_hosts_seat_zero_and_a_joiner_takes_the_next_seat)
{
    fake ada, bob;
    fake_init(&ada);
    fake_init(&bob);
    two_seated(&ada, &bob, "{}");
    json_t *room = fake_last(&bob, "room");
    json_t *seats = json_object_get(room, "seats");
    cr_assert_str_eq(fake_str(json_object_get(json_array_get(seats, 0), "player"), "name"), "Ada");
    cr_assert_str_eq(fake_str(json_object_get(json_array_get(seats, 1), "player"), "name"), "Bob");
    cr_assert_str_eq(fake_str(room, "host"), fake_str(json_object_get(fake_last(&ada, "welcome"), "you"), "id"));
    lobby_disconnect(fake_lobby, &ada.conn);
    lobby_disconnect(fake_lobby, &bob.conn);
    fake_free(&ada);
    fake_free(&bob);
}

Test(rooms, spectators_share_one_serialization_and_seats_get_their_own)
{
    fake ada, bob, s1, s2;
    fake_init(&ada);
    fake_init(&bob);
    fake_init(&s1);
    fake_init(&s2);
    const char *code = two_seated(&ada, &bob, "{}");
    char join[64];
    snprintf(join, sizeof join, "{\"type\":\"join\",\"room\":\"%s\",\"as\":\"spectator\"}", code);
    fake_hello(&s1, "S1");
    fake_hello(&s2, "S2");
    fake_say(&s1, join);
    fake_say(&s2, join);
    fake_say(&ada, "{\"type\":\"start\"}");
    fake_act(&ada, 2);
    cr_assert_eq(s1.last, s2.last, "both spectators were queued the same buffer");
    cr_assert_neq(ada.last, bob.last);
    json_t *va = json_object_get(fake_last(&ada, "state"), "view");
    json_t *vb = json_object_get(fake_last(&bob, "state"), "view");
    json_t *vs = json_object_get(fake_last(&s1, "state"), "view");
    cr_assert_not_null(json_object_get(va, "secret"));
    cr_assert_not_null(json_object_get(vb, "secret"));
    cr_assert_null(json_object_get(vs, "secret"), "spectators see no secret");
    cr_assert_eq(json_integer_value(json_object_get(vs, "total")), 2);
    fake *all[] = {&ada, &bob, &s1, &s2};
    for (int i = 0; i < 4; i++) {
        lobby_disconnect(fake_lobby, &all[i]->conn);
        fake_free(all[i]);
    }
}

/* A token sharing the lookup half of a real one but not the rest must not
 * reach that player's seat. */
Test(rooms, a_token_is_checked_whole_before_its_seat_is_touched)
{
    fake ada, bob, thief;
    fake_init(&ada);
    fake_init(&bob);
    fake_init(&thief);
    two_seated(&ada, &bob, "{}");
    const char *token = fake_str(fake_last(&bob, "welcome"), "token");
    char forged[40];
    snprintf(forged, sizeof forged, "%.16s%s", token, "0000000000000000");
    if (strcmp(forged, token) == 0)
        forged[31] = forged[31] == '1' ? '2' : '1';
    char text[128];
    snprintf(text, sizeof text, "{\"type\":\"hello\",\"name\":\"Eve\",\"token\":\"%s\"}", forged);
    fake_say(&thief, text);
    json_t *w = fake_last(&thief, "welcome");
    cr_assert(json_is_null(json_object_get(w, "room")), "the forged token got no room");
    cr_assert_str_neq(fake_str(json_object_get(w, "you"), "id"),
                      fake_str(json_object_get(fake_last(&bob, "welcome"), "you"), "id"));
    cr_assert_eq(bob.closed_code, 0, "the real owner was not disconnected");
    fake *all[] = {&ada, &bob, &thief};
    for (int i = 0; i < 3; i++) {
        lobby_disconnect(fake_lobby, &all[i]->conn);
        fake_free(all[i]);
    }
}

Test(rooms, the_real_token_takes_over_and_closes_the_old_connection)
{
    fake ada, bob, again;
    fake_init(&ada);
    fake_init(&bob);
    fake_init(&again);
    two_seated(&ada, &bob, "{}");
    char text[128];
    snprintf(text, sizeof text, "{\"type\":\"hello\",\"name\":\"Bob\",\"token\":\"%s\"}",
             fake_str(fake_last(&bob, "welcome"), "token"));
    fake_say(&again, text);
    cr_assert_eq(bob.closed_code, PROTO_CLOSE_REPLACED);
    cr_assert_not_null(fake_last(&again, "room"), "the new connection is back in the room");
    lobby_disconnect(fake_lobby, &ada.conn);
    lobby_disconnect(fake_lobby, &again.conn);
    fake *all[] = {&ada, &bob, &again};
    for (int i = 0; i < 3; i++)
        fake_free(all[i]);
}

Test(rooms, after_the_grace_period_a_bot_takes_an_away_seat_and_plays)
{
    fake ada, bob;
    fake_init(&ada);
    fake_init(&bob);
    two_seated(&ada, &bob, "{\"target\":50}");
    fake_say(&ada, "{\"type\":\"start\"}");
    fake_act(&ada, 1);
    lobby_disconnect(fake_lobby, &bob.conn);
    json_t *away = json_array_get(json_object_get(fake_last(&ada, "room"), "seats"), 1);
    cr_assert(json_is_false(json_object_get(away, "connected")));
    cr_assert(json_is_null(json_object_get(away, "bot")), "no bot during the grace period");
    fake_run_for(600);
    json_t *seat = json_array_get(json_object_get(fake_last(&ada, "room"), "seats"), 1);
    cr_assert_str_eq(fake_str(seat, "bot"), "normal");
    cr_assert_str_eq(fake_str(json_object_get(seat, "player"), "name"), "Bob");
    json_t *view = json_object_get(fake_last(&ada, "state"), "view");
    cr_assert_eq(json_integer_value(json_object_get(view, "turn")), 0, "the bot played seat 1");
    lobby_disconnect(fake_lobby, &ada.conn);
    fake_free(&ada);
    fake_free(&bob);
}

Test(rooms, a_room_with_no_one_connected_closes_after_its_grace)
{
    fake ada, late;
    fake_init(&ada);
    fake_init(&late);
    fake_hello(&ada, "Ada");
    fake_say(&ada, "{\"type\":\"create\",\"game\":\"testgame\"}");
    char code[8];
    snprintf(code, sizeof code, "%s", fake_str(fake_last(&ada, "room"), "code"));
    lobby_disconnect(fake_lobby, &ada.conn);
    json_t *rooms = lobby_rooms_json(fake_lobby);
    cr_assert_eq(json_array_size(rooms), 1);
    json_decref(rooms);
    fake_run_for(600);
    rooms = lobby_rooms_json(fake_lobby);
    cr_assert_eq(json_array_size(rooms), 0);
    json_decref(rooms);
    fake_hello(&late, "Late");
    fake_join(&late, code);
    cr_assert_str_eq(fake_str(fake_last(&late, "error"), "code"), "no_such_room");
    lobby_disconnect(fake_lobby, &late.conn);
    fake_free(&ada);
    fake_free(&late);
}

Test(rooms, a_refused_action_sends_one_error_and_changes_nothing)
{
    fake ada, bob;
    fake_init(&ada);
    fake_init(&bob);
    two_seated(&ada, &bob, "{}");
    fake_say(&ada, "{\"type\":\"start\"}");
    size_t before_bob = json_array_size(bob.inbox);
    char *view_before = json_dumps(json_object_get(fake_last(&ada, "state"), "view"), JSON_SORT_KEYS);
    fake_say(&bob, "{\"type\":\"act\",\"id\":9,\"action\":{\"kind\":\"add\",\"n\":1}}");
    json_t *e = fake_last(&bob, "error");
    cr_assert_str_eq(fake_str(e, "code"), "not_your_turn");
    cr_assert_eq(json_integer_value(json_object_get(e, "id")), 9);
    cr_assert_eq(json_array_size(bob.inbox), before_bob + 1, "only the error");
    char *view_after = json_dumps(json_object_get(fake_last(&ada, "state"), "view"), JSON_SORT_KEYS);
    cr_assert_str_eq(view_before, view_after);
    free(view_before);
    free(view_after);
    lobby_disconnect(fake_lobby, &ada.conn);
    lobby_disconnect(fake_lobby, &bob.conn);
    fake_free(&ada);
    fake_free(&bob);
}

Test(rooms, a_newcomer_gets_the_last_fifty_chat_lines_in_order)
{
    fake ada, late;
    fake_init(&ada);
    fake_init(&late);
    fake_hello(&ada, "Ada");
    fake_say(&ada, "{\"type\":\"create\",\"game\":\"testgame\"}");
    char text[96];
    for (int i = 0; i < 60; i++) {
        snprintf(text, sizeof text, "{\"type\":\"chat\",\"text\":\"line %d\"}", i);
        fake_say(&ada, text);
    }
    fake_hello(&late, "Late");
    fake_join(&late, fake_str(fake_last(&ada, "room"), "code"));
    int seen = 0;
    for (size_t i = 0; i < json_array_size(late.inbox); i++) {
        json_t *m = json_array_get(late.inbox, i);
        if (strcmp(fake_str(m, "type"), "chat") != 0)
            continue;
        char want[24];
        snprintf(want, sizeof want, "line %d", 10 + seen);
        cr_assert_str_eq(fake_str(m, "text"), want);
        seen++;
    }
    cr_assert_eq(seen, 50);
    lobby_disconnect(fake_lobby, &ada.conn);
    lobby_disconnect(fake_lobby, &late.conn);
    fake_free(&ada);
    fake_free(&late);
}

/* RoboBall's teams come with the room (game_engine.seat_team): each seat
 * shows the team it would play on, counting the filled seats ahead of it,
 * and once the seats close up at start, the game's own. */
static int team_at(json_t *room, int seat)
{
    json_t *t = json_object_get(json_array_get(json_object_get(room, "seats"), (size_t)seat), "team");
    return t ? (int)json_integer_value(t) : -1;
}

Test(rooms, each_seat_shows_its_team_before_and_after_the_seats_close_up)
{
    fake ada, bob;
    fake_init(&ada);
    fake_init(&bob);
    fake_two_seated(&ada, &bob, "roborally", "{\"mode\":\"roboball\",\"teams\":2}");
    fake_say(&bob, "{\"type\":\"sit\",\"seat\":3}");
    json_t *room = fake_last(&ada, "room");
    /* Ada in seat 0; seats 1 and 2 empty; Bob in seat 3 */
    cr_assert_eq(team_at(room, 0), 0);
    cr_assert_eq(team_at(room, 1), 1, "an empty seat: the team of whoever sat there now");
    cr_assert_eq(team_at(room, 3), 1, "Bob is the second filled seat");
    cr_assert_eq(team_at(room, 4), 0, "the third filled seat: team 0 again");
    fake_say(&ada, "{\"type\":\"bot\",\"seat\":1}");
    room = fake_last(&ada, "room");
    cr_assert_eq(team_at(room, 1), 1);
    cr_assert_eq(team_at(room, 3), 0, "a bot ahead of Bob puts him on team 0");
    fake_say(&ada, "{\"type\":\"bot\",\"seat\":6}");
    fake_say(&ada, "{\"type\":\"start\"}");
    room = fake_last(&ada, "room");
    cr_assert_str_eq(fake_str(room, "status"), "playing");
    cr_assert_eq(json_array_size(json_object_get(room, "seats")), 4);
    for (int seat = 0; seat < 4; seat++)
        cr_assert_eq(team_at(room, seat), seat % 2, "game seat %d", seat);
    fake_say(&ada, "{\"type\":\"create\",\"game\":\"roborally\",\"options\":{\"mode\":\"race\",\"teams\":2}}");
    cr_assert_eq(team_at(fake_last(&ada, "room"), 0), -1, "the race has no teams");
    lobby_disconnect(fake_lobby, &ada.conn);
    lobby_disconnect(fake_lobby, &bob.conn);
    fake_free(&ada);
    fake_free(&bob);
}

/* A reconnection or a join resends the chat history: the newest lines that
 * fit in ROOM_BACKLOG_BYTES, oldest first, not all fifty whatever their
 * size. */
Test(rooms, the_chat_history_a_joiner_gets_is_bounded_in_bytes)
{
    fake ada, late;
    fake_init(&ada);
    fake_init(&late);
    fake_hello(&ada, "Ada");
    fake_say(&ada, "{\"type\":\"create\",\"game\":\"testgame\"}");
    /* 50 lines of 500 characters of 4 bytes: about 100 KB in all. */
    char text[4 * 500 + 64];
    for (int i = 0; i < 50; i++) {
        int n = snprintf(text, sizeof text, "{\"type\":\"chat\",\"text\":\"%02d", i);
        for (int k = 2; k < 500; k++)
            n += snprintf(text + n, sizeof text - (size_t)n, "\xF0\x9F\x98\x80");
        snprintf(text + n, sizeof text - (size_t)n, "\"}");
        fake_say(&ada, text);
    }
    fake_hello(&late, "Late");
    fake_join(&late, fake_str(fake_last(&ada, "room"), "code"));
    size_t bytes = 0;
    int first = -1, seen = 0;
    for (size_t i = 0; i < json_array_size(late.inbox); i++) {
        json_t *m = json_array_get(late.inbox, i);
        if (strcmp(fake_str(m, "type"), "chat") != 0)
            continue;
        char *line = json_dumps(m, JSON_COMPACT);
        bytes += strlen(line);
        free(line);
        int n = atoi(fake_str(m, "text"));
        if (first < 0)
            first = n;
        cr_assert_eq(n, first + seen, "in order, none skipped");
        seen++;
    }
    cr_assert_leq(bytes, ROOM_BACKLOG_BYTES, "%zu bytes of history", bytes);
    cr_assert_eq(first + seen, 50, "the newest lines, up to the last");
    cr_assert_geq(seen, 7, "as many as fit: %d lines", seen);
    lobby_disconnect(fake_lobby, &ada.conn);
    lobby_disconnect(fake_lobby, &late.conn);
    fake_free(&ada);
    fake_free(&late);
}
