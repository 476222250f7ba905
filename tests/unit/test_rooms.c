/* Rooms through the lobby's own interface, with fake connections and a real
 * libuv loop: no network, so each step can be checked exactly. */
#include <criterion/criterion.h>
#include <string.h>

#include "lobby/lobby.h"

typedef struct fake {
    lobby_conn conn;
    json_t *inbox;     /* every message received, parsed */
    msg *last;         /* the last buffer received, held (to see sharing) */
    int closed_code;
} fake;

static void fake_send(lobby_conn *c, msg *m)
{
    fake *f = (fake *)c;
    json_array_append_new(f->inbox, json_loads(msg_text(m), 0, NULL));
    /* Holding the buffer keeps its address from being reused by the next
     * allocation, so equal pointers really mean one shared buffer. */
    msg_unref(f->last);
    f->last = msg_ref(m);
}

static void fake_close(lobby_conn *c, int code, const char *reason)
{
    (void)reason;
    ((fake *)c)->closed_code = code;
}

static const lobby_conn_ops fake_ops = {fake_send, fake_close};

static uv_loop_t loop;
static lobby *lob;

static void setup(void)
{
    uv_loop_init(&loop);
    lobby_config cfg = lobby_config_defaults();
    cfg.grace_ms = 200;
    cfg.room_grace_ms = 300;
    cfg.bot_pace_ms = 10;
    cfg.chat_per_10s = 1000;
    lob = lobby_new(&loop, &cfg);
}

static void teardown(void)
{
    lobby_free(lob);
    uv_run(&loop, UV_RUN_DEFAULT);
    cr_assert_eq(uv_loop_close(&loop), 0, "every handle was closed");
}

static void fake_init(fake *f)
{
    memset(f, 0, sizeof *f);
    f->conn.ops = &fake_ops;
    f->inbox = json_array();
}

static void fake_free(fake *f)
{
    msg_unref(f->last);
    json_decref(f->inbox);
}

static void say(fake *f, const char *text)
{
    lobby_receive(lob, &f->conn, text, strlen(text));
}

/* The last message of `type` f received (borrowed), or NULL. */
static json_t *last_of(fake *f, const char *type)
{
    for (size_t i = json_array_size(f->inbox); i-- > 0;) {
        json_t *m = json_array_get(f->inbox, i);
        if (strcmp(json_string_value(json_object_get(m, "type")), type) == 0)
            return m;
    }
    return NULL;
}

static const char *str(json_t *m, const char *key)
{
    return json_string_value(json_object_get(m, key));
}

static void hello(fake *f, const char *name)
{
    char text[128];
    snprintf(text, sizeof text, "{\"type\":\"hello\",\"name\":\"%s\"}", name);
    say(f, text);
    cr_assert_not_null(last_of(f, "welcome"));
}

/* Ada creates a testgame room and Bob joins it; returns the code. */
static const char *two_seated(fake *ada, fake *bob, const char *options)
{
    static char code[8];
    hello(ada, "Ada");
    hello(bob, "Bob");
    char text[256];
    snprintf(text, sizeof text, "{\"type\":\"create\",\"game\":\"testgame\",\"options\":%s}", options);
    say(ada, text);
    snprintf(code, sizeof code, "%s", str(last_of(ada, "room"), "code"));
    snprintf(text, sizeof text, "{\"type\":\"join\",\"room\":\"%s\"}", code);
    say(bob, text);
    return code;
}

static void run_for(uint64_t ms)
{
    uint64_t until = uv_now(&loop) + ms;
    while (uv_now(&loop) < until) {
        uv_run(&loop, UV_RUN_NOWAIT);
        uv_sleep(5);
        uv_update_time(&loop);
    }
}

TestSuite(rooms, .init = setup, .fini = teardown);

Test(rooms, the_creator_hosts_seat_zero_and_a_joiner_takes_the_next_seat)
{
    fake ada, bob;
    fake_init(&ada);
    fake_init(&bob);
    two_seated(&ada, &bob, "{}");
    json_t *room = last_of(&bob, "room");
    json_t *seats = json_object_get(room, "seats");
    cr_assert_str_eq(str(json_object_get(json_array_get(seats, 0), "player"), "name"), "Ada");
    cr_assert_str_eq(str(json_object_get(json_array_get(seats, 1), "player"), "name"), "Bob");
    cr_assert_str_eq(str(room, "host"), str(json_object_get(last_of(&ada, "welcome"), "you"), "id"));
    lobby_disconnect(lob, &ada.conn);
    lobby_disconnect(lob, &bob.conn);
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
    hello(&s1, "S1");
    hello(&s2, "S2");
    say(&s1, join);
    say(&s2, join);
    say(&ada, "{\"type\":\"start\"}");
    say(&ada, "{\"type\":\"act\",\"action\":{\"kind\":\"add\",\"n\":2}}");
    cr_assert_eq(s1.last, s2.last, "both spectators were queued the same buffer");
    cr_assert_neq(ada.last, bob.last);
    json_t *va = json_object_get(last_of(&ada, "state"), "view");
    json_t *vb = json_object_get(last_of(&bob, "state"), "view");
    json_t *vs = json_object_get(last_of(&s1, "state"), "view");
    cr_assert_not_null(json_object_get(va, "secret"));
    cr_assert_not_null(json_object_get(vb, "secret"));
    cr_assert_null(json_object_get(vs, "secret"), "spectators see no secret");
    cr_assert_eq(json_integer_value(json_object_get(vs, "total")), 2);
    fake *all[] = {&ada, &bob, &s1, &s2};
    for (int i = 0; i < 4; i++) {
        lobby_disconnect(lob, &all[i]->conn);
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
    const char *token = str(last_of(&bob, "welcome"), "token");
    char forged[40];
    snprintf(forged, sizeof forged, "%.16s%s", token, "0000000000000000");
    if (strcmp(forged, token) == 0)
        forged[31] = forged[31] == '1' ? '2' : '1';
    char text[128];
    snprintf(text, sizeof text, "{\"type\":\"hello\",\"name\":\"Eve\",\"token\":\"%s\"}", forged);
    say(&thief, text);
    json_t *w = last_of(&thief, "welcome");
    cr_assert(json_is_null(json_object_get(w, "room")), "the forged token got no room");
    cr_assert_str_neq(str(json_object_get(w, "you"), "id"),
                      str(json_object_get(last_of(&bob, "welcome"), "you"), "id"));
    cr_assert_eq(bob.closed_code, 0, "the real owner was not disconnected");
    fake *all[] = {&ada, &bob, &thief};
    for (int i = 0; i < 3; i++) {
        lobby_disconnect(lob, &all[i]->conn);
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
             str(last_of(&bob, "welcome"), "token"));
    say(&again, text);
    cr_assert_eq(bob.closed_code, PROTO_CLOSE_REPLACED);
    cr_assert_not_null(last_of(&again, "room"), "the new connection is back in the room");
    lobby_disconnect(lob, &ada.conn);
    lobby_disconnect(lob, &again.conn);
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
    say(&ada, "{\"type\":\"start\"}");
    say(&ada, "{\"type\":\"act\",\"action\":{\"kind\":\"add\",\"n\":1}}");
    lobby_disconnect(lob, &bob.conn);
    json_t *away = json_array_get(json_object_get(last_of(&ada, "room"), "seats"), 1);
    cr_assert(json_is_false(json_object_get(away, "connected")));
    cr_assert(json_is_null(json_object_get(away, "bot")), "no bot during the grace period");
    run_for(600);
    json_t *seat = json_array_get(json_object_get(last_of(&ada, "room"), "seats"), 1);
    cr_assert_str_eq(str(seat, "bot"), "normal");
    cr_assert_str_eq(str(json_object_get(seat, "player"), "name"), "Bob");
    json_t *view = json_object_get(last_of(&ada, "state"), "view");
    cr_assert_eq(json_integer_value(json_object_get(view, "turn")), 0, "the bot played seat 1");
    lobby_disconnect(lob, &ada.conn);
    fake_free(&ada);
    fake_free(&bob);
}

Test(rooms, a_room_with_no_one_connected_closes_after_its_grace)
{
    fake ada, late;
    fake_init(&ada);
    fake_init(&late);
    hello(&ada, "Ada");
    say(&ada, "{\"type\":\"create\",\"game\":\"testgame\"}");
    char code[8];
    snprintf(code, sizeof code, "%s", str(last_of(&ada, "room"), "code"));
    lobby_disconnect(lob, &ada.conn);
    json_t *rooms = lobby_rooms_json(lob);
    cr_assert_eq(json_array_size(rooms), 1);
    json_decref(rooms);
    run_for(600);
    rooms = lobby_rooms_json(lob);
    cr_assert_eq(json_array_size(rooms), 0);
    json_decref(rooms);
    hello(&late, "Late");
    char text[64];
    snprintf(text, sizeof text, "{\"type\":\"join\",\"room\":\"%s\"}", code);
    say(&late, text);
    cr_assert_str_eq(str(last_of(&late, "error"), "code"), "no_such_room");
    lobby_disconnect(lob, &late.conn);
    fake_free(&ada);
    fake_free(&late);
}

Test(rooms, a_refused_action_sends_one_error_and_changes_nothing)
{
    fake ada, bob;
    fake_init(&ada);
    fake_init(&bob);
    two_seated(&ada, &bob, "{}");
    say(&ada, "{\"type\":\"start\"}");
    size_t before_bob = json_array_size(bob.inbox);
    char *view_before = json_dumps(json_object_get(last_of(&ada, "state"), "view"), JSON_SORT_KEYS);
    say(&bob, "{\"type\":\"act\",\"id\":9,\"action\":{\"kind\":\"add\",\"n\":1}}");
    json_t *e = last_of(&bob, "error");
    cr_assert_str_eq(str(e, "code"), "not_your_turn");
    cr_assert_eq(json_integer_value(json_object_get(e, "id")), 9);
    cr_assert_eq(json_array_size(bob.inbox), before_bob + 1, "only the error");
    char *view_after = json_dumps(json_object_get(last_of(&ada, "state"), "view"), JSON_SORT_KEYS);
    cr_assert_str_eq(view_before, view_after);
    free(view_before);
    free(view_after);
    lobby_disconnect(lob, &ada.conn);
    lobby_disconnect(lob, &bob.conn);
    fake_free(&ada);
    fake_free(&bob);
}

Test(rooms, a_newcomer_gets_the_last_fifty_chat_lines_in_order)
{
    fake ada, late;
    fake_init(&ada);
    fake_init(&late);
    hello(&ada, "Ada");
    say(&ada, "{\"type\":\"create\",\"game\":\"testgame\"}");
    char text[96];
    for (int i = 0; i < 60; i++) {
        snprintf(text, sizeof text, "{\"type\":\"chat\",\"text\":\"line %d\"}", i);
        say(&ada, text);
    }
    hello(&late, "Late");
    snprintf(text, sizeof text, "{\"type\":\"join\",\"room\":\"%s\"}",
             str(last_of(&ada, "room"), "code"));
    say(&late, text);
    int seen = 0;
    for (size_t i = 0; i < json_array_size(late.inbox); i++) {
        json_t *m = json_array_get(late.inbox, i);
        if (strcmp(str(m, "type"), "chat") != 0)
            continue;
        char want[24];
        snprintf(want, sizeof want, "line %d", 10 + seen);
        cr_assert_str_eq(str(m, "text"), want);
        seen++;
    }
    cr_assert_eq(seen, 50);
    lobby_disconnect(lob, &ada.conn);
    lobby_disconnect(lob, &late.conn);
    fake_free(&ada);
    fake_free(&late);
}
