/* The ratings' rules (store/rating.h): places from every game's result,
 * the pairs and teams Glicko-2 is given, who is rated, and the rows a real
 * store keeps, which a rebuild from the results gives again. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store/rating.h"
#include "store/store.h"

static json_t *parse(const char *text)
{
    json_error_t err;
    json_t *j = json_loads(text, 0, &err);
    cr_assert_not_null(j, "%s: %s", text, err.text);
    return j;
}

static void places_of(const char *result, int n, int *place, int *team)
{
    json_t *r = parse(result);
    cr_assert_eq(rating_places(r, n, place, team), 0, "%s", result);
    json_decref(r);
}

static void assert_places(const char *result, int n, const int *want)
{
    int place[RATING_MAX_SEATS], team[RATING_MAX_SEATS];
    places_of(result, n, place, team);
    for (int i = 0; i < n; i++)
        cr_assert_eq(place[i], want[i], "%s: seat %d has place %d, not %d", result, i, place[i],
                     want[i]);
}

/* --- places --- */

Test(rating_places, ricochet_chip_counts_order_the_seats_and_equal_counts_tie)
{
    assert_places("{\"winners\":[1],\"scores\":[3,8,5,3]}", 4, (int[]){2, 0, 1, 2});
    /* a shared win: both first, whatever else */
    assert_places("{\"winners\":[0,2],\"scores\":[4,1,4]}", 3, (int[]){0, 2, 0});
}

Test(rating_places, a_roborally_race_orders_by_flags_and_the_winner_is_first)
{
    assert_places("{\"winners\":[2],\"scores\":[1,0,3,2],\"reason\":\"finish\"}", 4,
                  (int[]){2, 3, 0, 1});
}

Test(rating_places, a_robotwars_tournament_orders_by_battles_won_the_champion_first)
{
    assert_places("{\"winners\":[2],\"scores\":[1,0,3,1],\"champion\":2,\"format\":\"tournament\"}",
                  4, (int[]){1, 3, 0, 1});
}

Test(rating_places, boxing_orders_by_when_a_robot_was_knocked_out_not_by_parts_destroyed)
{
    /* Seat 2 destroyed the most parts but was knocked out first. */
    assert_places("{\"winners\":[0],\"drawn\":[],\"scores\":[1,2,9],"
                  "\"out\":[null,{\"turn\":12,\"why\":\"engines\"},{\"turn\":5,\"why\":\"lasers\"}]}",
                  3, (int[]){0, 1, 2});
    /* a draw: the drawn share the first place, the knocked out one is last */
    assert_places("{\"winners\":[],\"drawn\":[0,1],\"scores\":[3,12,0],"
                  "\"out\":[null,null,{\"turn\":32,\"why\":\"lasers\"}]}",
                  3, (int[]){0, 0, 2});
}

Test(rating_places, a_manoover_single_game_tie_is_a_draw)
{
    assert_places("{\"winners\":[],\"scores\":[2,2]}", 2, (int[]){0, 0});
}

Test(rating_places, roboball_teams_come_from_the_result)
{
    int place[4], team[4];
    places_of("{\"winners\":[0,2],\"scores\":[1,0,1,0],\"teams\":[[0,2],[1,3]],\"team\":0}", 4,
              place, team);
    cr_assert_arr_eq(team, ((int[]){0, 1, 0, 1}), 4 * sizeof(int));
    cr_assert_arr_eq(place, ((int[]){0, 2, 0, 2}), 4 * sizeof(int));
    places_of("{\"winners\":[],\"scores\":[1,0]}", 2, place, team);
    cr_assert_arr_eq(team, ((int[]){-1, -1}), 2 * sizeof(int), "no teams: each plays alone");
}

Test(rating_places, a_result_without_winners_names_no_places)
{
    int place[2], team[2];
    json_t *r = parse("{\"scores\":[1,2]}");
    cr_assert_eq(rating_places(r, 2, place, team), -1);
    json_decref(r);
}

/* --- who is rated --- */

Test(rating_rules, a_game_needs_two_humans_and_no_chosen_seed)
{
    json_t *two = parse("[{\"seat\":0,\"id\":\"pa\"},{\"seat\":1,\"id\":\"pb\"},"
                        "{\"seat\":2,\"bot\":\"hard\"}]");
    json_t *one = parse("[{\"seat\":0,\"id\":\"pa\"},{\"seat\":1,\"bot\":\"hard\"}]");
    /* an away player whose seat a bot finished is still the seat's player */
    json_t *away = parse("[{\"seat\":0,\"id\":\"pa\"},{\"seat\":1,\"id\":\"pb\",\"bot\":\"normal\"}]");
    cr_assert_null(rating_unrated_why(two, false));
    cr_assert_null(rating_unrated_why(away, false));
    cr_assert_str_eq(rating_unrated_why(one, false), "one_human");
    cr_assert_str_eq(rating_unrated_why(two, true), "seeded");
    json_decref(two);
    json_decref(one);
    json_decref(away);
}

/* --- pairs and teams --- */

static glicko2_rating start(void)
{
    return glicko2_start();
}

Test(rating_compute, each_pair_of_seats_is_one_game_scored_by_places)
{
    rating_seat s[3] = {{true, 0, -1, start(), {0, 0, 0}}, {true, 1, -1, start(), {0, 0, 0}},
                        {true, 1, -1, start(), {0, 0, 0}}};
    rating_compute(s, 3);
    glicko2_game first[] = {{start(), 1.0}, {start(), 1.0}};
    glicko2_game second[] = {{start(), 0.0}, {start(), 0.5}};
    glicko2_rating want0 = glicko2_rate(start(), first, 2, GLICKO2_TAU);
    glicko2_rating want1 = glicko2_rate(start(), second, 2, GLICKO2_TAU);
    cr_assert_float_eq(s[0].after.rating, want0.rating, 1e-9);
    cr_assert_float_eq(s[1].after.rating, want1.rating, 1e-9);
    cr_assert_float_eq(s[2].after.rating, s[1].after.rating, 1e-9, "a tie moves both alike");
    cr_assert_gt(s[0].after.rating, 1500.0);
    cr_assert_lt(s[1].after.rating, 1500.0);
}

Test(rating_compute, a_bot_is_an_opponent_with_a_fixed_rating_that_never_moves)
{
    glicko2_rating hard = {rating_bot("ricochet", "hard"), RATING_BOT_RD, GLICKO2_START_VOL};
    cr_assert_float_eq(hard.rating, 1650.0, 1e-9);
    rating_seat s[3] = {{true, 0, -1, start(), {0, 0, 0}}, {true, 2, -1, start(), {0, 0, 0}},
                        {false, 1, -1, hard, {0, 0, 0}}};
    rating_compute(s, 3);
    cr_assert_eq(memcmp(&s[2].after, &hard, sizeof hard), 0, "the bot did not move");
    glicko2_game games[] = {{start(), 1.0}, {hard, 1.0}};
    cr_assert_float_eq(s[0].after.rating, glicko2_rate(start(), games, 2, GLICKO2_TAU).rating,
                       1e-9, "beating the bot counts as beating a 1650");
}

Test(rating_compute, a_team_plays_each_other_team_as_one_opponent_never_a_teammate)
{
    glicko2_rating a = {1700, 100, 0.06}, b = {1500, 200, 0.06}, c = {1400, 50, 0.06},
                   d = {1600, 150, 0.06};
    /* Team 0 (seats 0, 2) beat team 1 (seats 1, 3). */
    rating_seat s[4] = {{true, 0, 0, a, {0, 0, 0}}, {true, 2, 1, b, {0, 0, 0}}, {true, 0, 0, c, {0, 0, 0}},
                        {false, 2, 1, d, {0, 0, 0}}};
    rating_compute(s, 4);
    glicko2_rating other = {(1500.0 + 1600.0) / 2, sqrt((200.0 * 200 + 150.0 * 150) / 2), 0.06};
    glicko2_game won = {other, 1.0};
    cr_assert_float_eq(s[0].after.rating, glicko2_rate(a, &won, 1, GLICKO2_TAU).rating, 1e-9);
    cr_assert_float_eq(s[2].after.rating, glicko2_rate(c, &won, 1, GLICKO2_TAU).rating, 1e-9);
    glicko2_rating winners = {(1700.0 + 1400.0) / 2, sqrt((100.0 * 100 + 50.0 * 50) / 2), 0.06};
    glicko2_game lost = {winners, 0.0};
    cr_assert_float_eq(s[1].after.rating, glicko2_rate(b, &lost, 1, GLICKO2_TAU).rating, 1e-9);
}

/* --- the rows --- */

static char dir[] = "/tmp/botpit-rating-XXXXXX";
static char db[sizeof dir + 16];
static store *st;

static void setup(void)
{
    cr_assert_not_null(mkdtemp(dir));
    snprintf(db, sizeof db, "%s/botpit.db", dir);
    char err[256];
    st = store_open(db, err, sizeof err);
    cr_assert_not_null(st, "%s", err);
}

static void teardown(void)
{
    store_close(st);
    unlink(db);
    char wal[sizeof db + 8];
    snprintf(wal, sizeof wal, "%s-wal", db);
    unlink(wal);
    snprintf(wal, sizeof wal, "%s-shm", db);
    unlink(wal);
    rmdir(dir);
}

/* Stores a result and rates it, as the lobby does; its rating block. */
static json_t *finish(const char *game, const char *players, const char *result, bool seeded,
                      bool is_private)
{
    json_t *p = parse(players), *r = parse(result), *summary = NULL;
    store_result row = {.code = "ABCDE", .game = game, .players = p, .result = r,
                        .finished_at_ms = 1, .is_private = is_private, .seeded = seeded};
    int64_t id = 0;
    cr_assert_eq(store_begin(st), 0);
    cr_assert_eq(store_result_add(st, &row, &id), 0);
    cr_assert_eq(rating_record(st, id, &row, &summary), 0);
    cr_assert_eq(store_commit(st), 0);
    json_decref(p);
    json_decref(r);
    cr_assert_not_null(summary);
    return summary;
}

static store_standing standing(const char *player, const char *game)
{
    store_standing s;
    cr_assert_eq(store_standing_get(st, player, game, &s), 1, "%s has a standing", player);
    return s;
}

#define ADA_BOB_BOT "[{\"seat\":0,\"id\":\"pada\",\"name\":\"Ada\"},{\"seat\":1,\"id\":\"pbob\"," \
                    "\"name\":\"Bob\"},{\"seat\":2,\"bot\":\"hard\"}]"

Test(rating_rows, a_lone_human_against_bots_plays_and_wins_but_is_not_rated, .init = setup,
     .fini = teardown)
{
    json_t *s = finish("ricochet", "[{\"seat\":0,\"id\":\"pada\"},{\"seat\":1,\"bot\":\"hard\"}]",
                       "{\"winners\":[0],\"scores\":[5,2]}", false, false);
    cr_assert(json_is_false(json_object_get(s, "rated")));
    cr_assert_str_eq(json_string_value(json_object_get(s, "why")), "one_human");
    const json_t *bot = json_array_get(json_object_get(s, "seats"), 0);
    cr_assert_str_eq(json_string_value(json_object_get(bot, "bot")), "hard");
    cr_assert_eq(json_integer_value(json_object_get(bot, "rating")), 1650, "you beat Hard (1650)");
    store_standing ada = standing("pada", "ricochet");
    cr_assert_eq(ada.played, 1);
    cr_assert_eq(ada.won, 1);
    cr_assert_eq(ada.rated, 0);
    json_decref(s);
}

Test(rating_rows, two_humans_and_a_bot_move_both_humans_from_their_ratings_before,
     .init = setup, .fini = teardown)
{
    json_t *s = finish("ricochet", ADA_BOB_BOT, "{\"winners\":[0],\"scores\":[8,1,3]}", false,
                       true);
    cr_assert(json_is_true(json_object_get(s, "rated")));
    const json_t *seats = json_object_get(s, "seats");
    cr_assert_eq(json_array_size(seats), 3);
    const json_t *ada = json_array_get(seats, 0), *bob = json_array_get(seats, 1);
    cr_assert_eq(json_integer_value(json_object_get(ada, "before")), 1500);
    cr_assert_gt(json_integer_value(json_object_get(ada, "after")), 1500);
    cr_assert_lt(json_integer_value(json_object_get(bob, "after")), 1500);
    store_standing a = standing("pada", "ricochet"), b = standing("pbob", "ricochet");
    cr_assert_eq(a.rated, 1);
    cr_assert_eq(a.public_played, 0, "a private game counts in the public record of nobody");
    cr_assert_eq(b.won, 0);
    json_decref(s);

    /* The next game starts from the ratings after the first. */
    json_t *t = finish("ricochet", ADA_BOB_BOT, "{\"winners\":[1],\"scores\":[1,8,3]}", false,
                       false);
    const json_t *ada2 = json_array_get(json_object_get(t, "seats"), 0);
    cr_assert_eq(json_integer_value(json_object_get(ada2, "before")), (json_int_t)lround(a.rating));
    cr_assert_eq(standing("pada", "ricochet").public_played, 1);
    json_decref(t);
}

Test(rating_rows, a_seeded_game_counts_as_played_and_moves_no_rating, .init = setup,
     .fini = teardown)
{
    json_t *s = finish("boxing", ADA_BOB_BOT, "{\"winners\":[1],\"scores\":[0,3,0]}", true, false);
    cr_assert(json_is_false(json_object_get(s, "rated")));
    cr_assert_str_eq(json_string_value(json_object_get(s, "why")), "seeded");
    cr_assert_eq(standing("pbob", "boxing").won, 1);
    cr_assert_eq(standing("pbob", "boxing").rated, 0);
    json_decref(s);
}

Test(rating_rows, a_rebuild_from_the_results_gives_the_same_table, .init = setup,
     .fini = teardown)
{
    const char *results[] = {
        "{\"winners\":[0],\"scores\":[8,1,3]}", "{\"winners\":[1],\"scores\":[2,5,3]}",
        "{\"winners\":[2],\"scores\":[2,1,3]}", "{\"winners\":[0,1],\"scores\":[4,4,0]}",
    };
    for (int i = 0; i < 12; i++)
        json_decref(finish(i % 2 ? "ricochet" : "manoover", ADA_BOB_BOT, results[i % 4], i == 5,
                           i % 3 == 0));
    json_t *before = store_ratings_table(st);
    cr_assert_not_null(before);
    /* What the table holds is thrown away, even spoilt, and computed again. */
    store_standing junk = {.played = 1, .rated = 1, .rating = 9999, .rd = 1, .vol = 1};
    cr_assert_eq(store_standing_put(st, "pada", "ricochet", &junk), 0);
    cr_assert_eq(rating_rebuild(st), 12);
    json_t *after = store_ratings_table(st);
    cr_assert(json_equal(before, after), "the rebuilt table is the same, exactly");
    cr_assert_eq(store_ratings_version(st), RATING_VERSION);
    cr_assert_eq(rating_check(st), 0, "a table of this version is left alone");
    json_decref(before);
    json_decref(after);
}

Test(rating_rows, the_leaderboard_lists_established_players_first, .init = setup,
     .fini = teardown)
{
    /* Ada and Bob play 5 games (Bob wins 4): both established. Cy beats
     * Ada once: provisional, however high. */
    for (int i = 0; i < 5; i++)
        json_decref(finish("ricochet", ADA_BOB_BOT,
                           i ? "{\"winners\":[1],\"scores\":[1,5,0]}"
                             : "{\"winners\":[0],\"scores\":[5,1,0]}",
                           false, false));
    json_decref(finish("ricochet",
                       "[{\"seat\":0,\"id\":\"pcy\"},{\"seat\":1,\"id\":\"pada\"}]",
                       "{\"winners\":[0],\"scores\":[5,0]}", false, false));
    json_t *board = store_leaderboard(st, "ricochet", RATING_ESTABLISHED_GAMES, 10);
    cr_assert_eq(json_array_size(board), 3);
    const char *order[] = {"pbob", "pada", "pcy"};
    for (int i = 0; i < 3; i++)
        cr_assert_str_eq(json_string_value(json_object_get(json_array_get(board, (size_t)i), "id")),
                         order[i]);
    cr_assert_gt(standing("pcy", "ricochet").rating, standing("pada", "ricochet").rating);
    json_decref(board);
}
