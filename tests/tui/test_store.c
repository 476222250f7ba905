/* The client's state, from server messages alone. */
#include <criterion/criterion.h>
#include <string.h>

#include "store.h"

static json_t *msg(const char *text)
{
    json_error_t err;
    json_t *m = json_loads(text, 0, &err);
    cr_assert_not_null(m, "bad test JSON: %s", err.text);
    return m;
}

static unsigned apply(store *s, const char *text, int64_t now)
{
    json_t *m = msg(text);
    unsigned changed = store_apply(s, m, now);
    json_decref(m);
    return changed;
}

#define ROOM_LOBBY                                                                                 \
    "{\"type\":\"room\",\"code\":\"K7P2X\",\"game\":\"testgame\",\"title\":\"Count\","            \
    "\"options\":{},\"private\":false,\"host\":\"p1\",\"status\":\"lobby\",\"min_players\":2,"      \
    "\"max_players\":3,\"seats\":[{\"seat\":0,\"player\":{\"id\":\"p1\",\"name\":\"Ada\"},"        \
    "\"bot\":null,\"connected\":true},{\"seat\":1,\"player\":null,\"bot\":\"hard\","               \
    "\"connected\":true},{\"seat\":2,\"player\":null,\"bot\":null,\"connected\":true}],"           \
    "\"spectators\":0}"

static void welcomed(store *s)
{
    store_init(s);
    cr_assert(apply(s, "{\"type\":\"welcome\",\"id\":1,\"you\":{\"id\":\"p1\",\"name\":\"Ada\"},"
                       "\"token\":\"0123456789abcdef0123456789abcdef\",\"room\":null,"
                       "\"server\":{\"version\":\"0.1.0\",\"time\":1}}", 0) & STORE_WELCOME);
}

Test(store, welcome_gives_the_player_and_the_token)
{
    store s;
    welcomed(&s);
    cr_assert_str_eq(s.my_id, "p1");
    cr_assert_str_eq(s.name, "Ada");
    cr_assert_str_eq(s.token, "0123456789abcdef0123456789abcdef");
    cr_assert_eq(s.link, STORE_ONLINE);
    store_free(&s);
}

Test(store, a_room_message_enters_the_room_and_names_the_seats)
{
    store s;
    welcomed(&s);
    unsigned changed = apply(&s, ROOM_LOBBY, 0);
    cr_assert(changed & STORE_ROOM);
    cr_assert(changed & STORE_NEW_ROOM);
    cr_assert_str_eq(s.room_code, "K7P2X");
    cr_assert(store_is_host(&s));
    cr_assert_eq(store_my_seat(&s), 0);
    cr_assert_eq(store_seat_count(&s), 3);
    char name[100];
    store_seat_name(&s, 1, name, sizeof name);
    cr_assert_str_eq(name, "Bot (hard)");
    store_seat_name(&s, 2, name, sizeof name);
    cr_assert_str_eq(name, "empty");
    cr_assert_str_eq(store_room_status(&s), "lobby");
    cr_assert_not(apply(&s, ROOM_LOBBY, 0) & STORE_NEW_ROOM, "the same room again is no new room");
    store_free(&s);
}

Test(store, a_state_maps_the_deadline_to_our_clock)
{
    store s;
    welcomed(&s);
    apply(&s, ROOM_LOBBY, 0);
    unsigned changed = apply(&s, "{\"type\":\"state\",\"room\":\"K7P2X\",\"seq\":3,\"seat\":0,"
                                 "\"view\":{\"total\":5,\"deadline\":180000},"
                                 "\"events\":[{\"kind\":\"added\",\"seat\":1}],"
                                 "\"deadline\":{\"at\":99,\"remaining_ms\":8500}}", 1000);
    cr_assert(changed & STORE_STATE);
    cr_assert_eq(s.seq, 3);
    cr_assert_eq(s.seat, 0);
    cr_assert_eq(store_ms_left(&s, 1000), 8500);
    cr_assert_eq(store_ms_left(&s, 3000), 6500, "it counts down on our clock");
    cr_assert_eq(store_ms_left(&s, 20000), 0, "never below zero");
    /* the view's game-clock deadline 180000 is 9500 on our clock */
    cr_assert_eq(store_game_ms_left(&s, 180000, 1000), 8500);
    cr_assert_eq(store_game_ms_left(&s, 170000, 1000), -1500);
    cr_assert_eq(json_array_size(s.events), 1);
    store_free(&s);
}

Test(store, events_pile_up_until_shown_and_a_join_brings_none)
{
    store s;
    welcomed(&s);
    apply(&s, ROOM_LOBBY, 0);
    apply(&s, "{\"type\":\"state\",\"room\":\"K7P2X\",\"seq\":1,\"seat\":0,\"view\":{},"
              "\"events\":[{\"kind\":\"a\"}],\"deadline\":null}", 0);
    apply(&s, "{\"type\":\"state\",\"room\":\"K7P2X\",\"seq\":2,\"seat\":0,\"view\":{},"
              "\"events\":[{\"kind\":\"b\"},{\"kind\":\"c\"}],\"deadline\":null}", 0);
    cr_assert_eq(json_array_size(s.events), 3);
    cr_assert_eq(store_ms_left(&s, 0), -1, "no deadline runs");
    cr_assert_eq(store_game_ms_left(&s, 5, 0), INT64_MIN, "the game clock is unknown");
    store_free(&s);
}

Test(store, a_state_for_another_room_is_ignored)
{
    store s;
    welcomed(&s);
    apply(&s, ROOM_LOBBY, 0);
    cr_assert_eq(apply(&s, "{\"type\":\"state\",\"room\":\"ZZZZZ\",\"seq\":1,\"seat\":0,\"view\":{},"
                           "\"events\":[],\"deadline\":null}", 0), 0);
    cr_assert_null(s.view);
    store_free(&s);
}

Test(store, a_rematch_room_starts_a_new_game)
{
    store s;
    welcomed(&s);
    apply(&s, ROOM_LOBBY, 0);
    apply(&s, "{\"type\":\"state\",\"room\":\"K7P2X\",\"seq\":9,\"seat\":0,\"view\":{\"x\":1},"
              "\"events\":[],\"deadline\":null}", 0);
    apply(&s, "{\"type\":\"over\",\"room\":\"K7P2X\",\"result\":{\"winners\":[0],"
              "\"summary\":\"Seat 1 wins\"}}", 0);
    cr_assert_not_null(s.result);
    cr_assert_str_eq(s.status, "Game over: Ada wins", "seats get their names");
    char rematch[sizeof ROOM_LOBBY + 10];
    snprintf(rematch, sizeof rematch, "%s", ROOM_LOBBY);
    memcpy(strstr(rematch, "K7P2X"), "M8Q3Y", 5);
    cr_assert(apply(&s, rematch, 0) & STORE_NEW_ROOM);
    cr_assert_null(s.view, "the old game is gone");
    cr_assert_null(s.result);
    cr_assert_str_eq(s.room_code, "M8Q3Y");
    store_free(&s);
}

Test(store, the_end_of_a_game_logs_what_it_did_to_the_ratings)
{
    store s;
    welcomed(&s);
    apply(&s, ROOM_LOBBY, 0);
    apply(&s, "{\"type\":\"over\",\"room\":\"K7P2X\",\"result\":{\"winners\":[0],"
              "\"summary\":\"Seat 1 wins\"},\"rating\":{\"rated\":false,\"why\":\"one_human\","
              "\"seats\":[{\"seat\":1,\"bot\":\"hard\",\"rating\":1650}]}}", 0);
    const store_line *l = store_log_line(&s, s.log_count - 1);
    cr_assert_str_eq(l->text, "Not rated (a game needs two people to rate). Bot (hard) is 1650");
    store_free(&s);

    welcomed(&s);
    apply(&s, ROOM_LOBBY, 0);
    apply(&s, "{\"type\":\"over\",\"room\":\"K7P2X\",\"result\":{\"winners\":[0]},"
              "\"rating\":{\"rated\":true,\"seats\":[{\"seat\":0,\"id\":\"p1\",\"before\":1500,"
              "\"after\":1523,\"rd\":290},{\"seat\":1,\"bot\":\"hard\",\"rating\":1650}]}}", 0);
    l = store_log_line(&s, s.log_count - 1);
    cr_assert_str_eq(l->text, "Ratings: Ada 1500 -> 1523; Bot (hard) is 1650");
    store_free(&s);
}

Test(store, history_ratings_and_link_codes_are_kept_for_the_screens)
{
    store s;
    welcomed(&s);
    cr_assert(apply(&s, "{\"type\":\"history\",\"player\":{\"id\":\"p1\",\"name\":\"Ada\"},"
                        "\"games\":[],\"recent\":[]}", 0) & STORE_HISTORY);
    cr_assert_not_null(s.history);
    cr_assert(apply(&s, "{\"type\":\"ratings\",\"game\":\"testgame\",\"title\":\"Count\","
                        "\"established\":5,\"bots\":[],\"players\":[]}", 0) & STORE_RATINGS);
    cr_assert_not_null(s.ratings);
    cr_assert(apply(&s, "{\"type\":\"link_code\",\"code\":\"K7P2-X9QM\",\"expires_at\":1,"
                        "\"expires_in_ms\":600000}", 1000) & STORE_LINK);
    cr_assert_str_eq(s.link_code, "K7P2-X9QM");
    cr_assert_eq(s.link_until, 601000);
    store_free(&s);
}

Test(store, chat_goes_to_the_log)
{
    store s;
    welcomed(&s);
    apply(&s, ROOM_LOBBY, 0);
    cr_assert(apply(&s, "{\"type\":\"chat\",\"room\":\"K7P2X\",\"from\":{\"id\":\"p2\",\"name\":\"Bo\"},"
                        "\"text\":\"hello\",\"at\":1}", 0) & STORE_CHAT);
    const store_line *l = store_log_line(&s, s.log_count - 1);
    cr_assert_eq(l->kind, LOG_CHAT);
    cr_assert_str_eq(l->from, "Bo");
    cr_assert_str_eq(l->text, "hello");
    store_free(&s);
}

Test(store, the_log_keeps_the_newest_lines)
{
    store s;
    store_init(&s);
    for (int i = 0; i < STORE_LOG_MAX + 20; i++) {
        char text[16];
        snprintf(text, sizeof text, "line %d", i);
        store_log(&s, LOG_INFO, NULL, text);
    }
    cr_assert_eq(s.log_count, STORE_LOG_MAX);
    cr_assert_str_eq(store_log_line(&s, 0)->text, "line 20");
    char last[16];
    snprintf(last, sizeof last, "line %d", STORE_LOG_MAX + 19);
    cr_assert_str_eq(store_log_line(&s, STORE_LOG_MAX - 1)->text, last);
    cr_assert_null(store_log_line(&s, STORE_LOG_MAX));
    store_free(&s);
}

Test(store, every_error_is_shown_in_plain_words)
{
    store s;
    welcomed(&s);
    apply(&s, ROOM_LOBBY, 0);
    cr_assert(apply(&s, "{\"type\":\"error\",\"id\":4,\"code\":\"not_your_turn\","
                        "\"message\":\"it is Seat 2's turn\"}", 5) & STORE_ERROR);
    cr_assert(s.status_error);
    cr_assert_str_eq(s.status, "It is Bot (hard)'s turn.");
    cr_assert_eq(s.status_at, 5);
    apply(&s, "{\"type\":\"error\",\"code\":\"rate_limited\",\"message\":\"\"}", 6);
    cr_assert_str_eq(s.status, "Too many messages; slow down.", "a message-less error is put in words");
    apply(&s, "{\"type\":\"error\",\"code\":\"seat_taken\",\"message\":\"seat 1 is taken\"}", 7);
    cr_assert_str_eq(s.status, "Seat 1 is taken.", "the lobby's seat numbers are left alone");
    store_free(&s);
}

Test(store, being_kicked_leaves_the_room_and_says_so)
{
    store s;
    welcomed(&s);
    apply(&s, ROOM_LOBBY, 0);
    cr_assert(apply(&s, "{\"type\":\"left\",\"room\":\"K7P2X\",\"reason\":\"kicked\"}", 0) & STORE_LEFT);
    cr_assert_null(s.room);
    cr_assert_str_eq(s.room_code, "");
    cr_assert(strstr(s.status, "removed you"));
    cr_assert(s.status_error);
    store_free(&s);
}

Test(store, a_welcome_in_no_room_forgets_the_old_one)
{
    store s;
    welcomed(&s);
    apply(&s, ROOM_LOBBY, 0);
    cr_assert(apply(&s, "{\"type\":\"welcome\",\"you\":{\"id\":\"p1\",\"name\":\"Ada\"},"
                        "\"token\":\"0123456789abcdef0123456789abcdef\",\"room\":null,"
                        "\"server\":{\"version\":\"0.1.0\",\"time\":1}}", 0) & STORE_LEFT);
    cr_assert_null(s.room);
    store_free(&s);
}

Test(store, lists_replace_the_old_ones)
{
    store s;
    welcomed(&s);
    cr_assert(apply(&s, "{\"type\":\"rooms\",\"rooms\":[{\"code\":\"K7P2X\"},{\"code\":\"M8Q3Y\"}]}", 0) & STORE_ROOMS);
    cr_assert_eq(json_array_size(s.rooms), 2);
    apply(&s, "{\"type\":\"rooms\",\"rooms\":[]}", 0);
    cr_assert_eq(json_array_size(s.rooms), 0);
    cr_assert(apply(&s, "{\"type\":\"games\",\"games\":[{\"id\":\"ricochet\"}]}", 0) & STORE_GAMES);
    cr_assert_not_null(store_game(&s, "ricochet"));
    cr_assert_null(store_game(&s, "chess"));
    cr_assert_eq(apply(&s, "{\"type\":\"rooms\",\"rooms\":\"nope\"}", 0), 0, "a malformed list changes nothing");
    cr_assert_eq(apply(&s, "{\"type\":\"mystery\"}", 0), 0);
    store_free(&s);
}

/* Issue 27: "Bot (normal) hits Bot (normal) for 2". Two bots of one level
 * are told apart by their seat, as the browser does; a lone one is not. */
Test(store, two_bots_of_one_level_are_numbered_by_seat)
{
    store s;
    welcomed(&s);
    apply(&s, "{\"type\":\"room\",\"code\":\"K7P2X\",\"game\":\"ricochet\",\"title\":\"Ricochet Robots\",\"options\":{},"
              "\"private\":false,\"host\":\"p1\",\"status\":\"lobby\",\"min_players\":2,\"max_players\":8,\"spectators\":0,"
              "\"seats\":[{\"seat\":0,\"player\":{\"id\":\"p1\",\"name\":\"Ada\"},\"bot\":null,\"connected\":true},"
              "{\"seat\":1,\"player\":null,\"bot\":\"normal\",\"connected\":true},"
              "{\"seat\":2,\"player\":null,\"bot\":\"normal\",\"connected\":true},"
              "{\"seat\":3,\"player\":null,\"bot\":\"hard\",\"connected\":true},"
              "{\"seat\":4,\"player\":{\"id\":\"p2\",\"name\":\"Bo\"},\"bot\":\"normal\",\"connected\":false}]}",
          0);
    char name[100];
    store_seat_name(&s, 1, name, sizeof name);
    cr_assert_str_eq(name, "Bot 2 (normal)");
    store_seat_name(&s, 2, name, sizeof name);
    cr_assert_str_eq(name, "Bot 3 (normal)");
    store_seat_name(&s, 3, name, sizeof name);
    cr_assert_str_eq(name, "Bot (hard)", "the only bot of its level");
    store_seat_name(&s, 4, name, sizeof name);
    cr_assert_str_eq(name, "Bo", "a bot playing for a player who is away is the player");
    char said[200];
    store_humanize(&s, "Seat 2 hits Seat 3 for 2.", said, sizeof said);
    cr_assert_str_eq(said, "Bot 2 (normal) hits Bot 3 (normal) for 2.");
    store_free(&s);
}

/* Issue 27: our own rooms (rooms' "mine", private ones too) come first in
 * the lobby's list, and the public rooms among them are not listed twice. */
Test(store, our_rooms_come_first_in_the_lobby_and_once)
{
    store s;
    welcomed(&s);
    apply(&s, "{\"type\":\"rooms\",\"rooms\":[{\"code\":\"AAAAA\",\"title\":\"Robot Wars\"},"
              "{\"code\":\"BBBBB\",\"title\":\"Robot boxing\"}],"
              "\"mine\":[{\"code\":\"BBBBB\",\"title\":\"Robot boxing\",\"in\":false,\"made\":true},"
              "{\"code\":\"CCCCC\",\"title\":\"RoboRally\",\"private\":true,\"in\":false,\"made\":true}]}",
          0);
    cr_assert_eq(store_lobby_count(&s), 3);
    const char *want[] = {"BBBBB", "CCCCC", "AAAAA"};
    bool ours[] = {true, true, false};
    for (int i = 0; i < 3; i++) {
        bool mine;
        const json_t *r = store_lobby_room(&s, i, &mine);
        cr_assert_str_eq(json_string_value(json_object_get(r, "code")), want[i]);
        cr_assert_eq(mine, ours[i], "room %d", i);
    }
    bool mine;
    cr_assert_null(store_lobby_room(&s, 3, &mine));
    apply(&s, "{\"type\":\"rooms\",\"rooms\":[{\"code\":\"AAAAA\",\"title\":\"Robot Wars\"}]}", 0);
    cr_assert_null(s.mine, "a server that lists none of ours");
    cr_assert_eq(store_lobby_count(&s), 1);
    store_free(&s);
}
