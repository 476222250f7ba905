/* test_play.c: random legal play to the end for two to six roboteers, with
 * deadlines let pass now and then, replayed from its input log (and from a
 * clone) to byte-identical views; bots of every level always act legally,
 * off a clone as the room runs them; and the hostile fuzzer's kind of input
 * is refused without a change. */
#include "support.h"

#include <stdlib.h>
#include <string.h>

#include "replay.h"

/* A random allocation of `discs` within the maxima, placing all it can. */
static json_t *random_allocation(int discs, rng *r)
{
    int add[RW_CAPS] = {0};
    int room = 0;
    for (int c = 0; c < RW_CAPS; c++)
        room += rw_caps[c].max - rw_caps[c].base;
    int left = discs < room ? discs : room;
    while (left > 0) {
        int c = (int)rng_below(r, RW_CAPS);
        if (rw_caps[c].base + add[c] < rw_caps[c].max) {
            add[c]++;
            left--;
        }
    }
    json_t *a = rw_caps_json(add);
    json_object_set_new(a, "kind", json_string("allocate"));
    return a;
}

/* A random action among those the mover's view lists as legal. */
static json_t *random_move(const game *g, int seat, rng *r)
{
    json_t *legal = json_incref(rwt_view_get(g, seat, "battle.legal"));
    cr_assert(json_is_object(legal), "the robot to move sees its legal actions");
    const char *names[] = {"forward", "back", "attack", "left", "right"};
    const char *ok[6];
    int n = 0;
    for (int i = 0; i < 5; i++) {
        json_t *v = json_object_get(legal, names[i]);
        if (json_is_object(v) || json_is_true(v))
            ok[n++] = names[i];
    }
    json_decref(legal);
    if (n == 0 || rng_below(r, 10) == 0)
        return json_pack("{s:s}", "kind", "end");
    const char *pick = ok[rng_below(r, (uint32_t)n)];
    if (!strcmp(pick, "left") || !strcmp(pick, "right"))
        return json_pack("{s:s, s:s}", "kind", "turn", "to", pick);
    return json_pack("{s:s}", "kind", pick);
}

/* Plays a whole game at random; returns the number of inputs. */
static int random_game(int seats, uint64_t seed)
{
    replay_log log;
    game_error err;
    game *g = replay_start(&log, &robotwars_engine, "{\"setup_s\": 5, \"turn_s\": 5}", seats,
                           game_seeds_from(seed), &err);
    cr_assert_not_null(g, "%s", err.message);
    rng r;
    rng_seed(&r, seed * 31 + 7);
    int64_t now = 0;
    int inputs = 0;
    json_t *events = json_array();
    while (!robotwars_engine.over(g) && inputs < 20000) {
        now += 1;
        if (rng_below(&r, 40) == 0) {
            /* Someone dawdles: the deadline passes. */
            now = robotwars_engine.deadline(g);
            replay_tick(&log, g, now, events);
        } else if (rw_phase_of(g) == RW_PHASE_SETUP) {
            const rw_battle *bt = &rw_bracket_of(g)->b[rw_battle_index(g)];
            int seat = bt->seats[rng_below(&r, (uint32_t)bt->n)];
            if (!rw_allocated(g, seat)) {
                json_t *a = random_allocation(rw_discs(g, seat), &r);
                cr_assert_eq(replay_act(&log, g, seat, a, now, events, &err), 0, "%s", err.message);
                json_decref(a);
            }
        } else {
            int seat = rwt_mover(g);
            json_t *a = random_move(g, seat, &r);
            cr_assert_eq(replay_act(&log, g, seat, a, now, events, &err), 0, "%s", err.message);
            json_decref(a);
        }
        json_array_clear(events);
        cr_assert_eq(log.problem[0], 0, "%s", log.problem);
        inputs++;
        if (inputs % 700 == 0)
            cr_assert(replay_check(&log, g), "%s", log.problem);
    }
    cr_assert(robotwars_engine.over(g), "the wars end");
    cr_assert(replay_check(&log, g), "%s", log.problem);
    json_decref(events);
    robotwars_engine.destroy(g);
    replay_free(&log);
    return inputs;
}

Test(play, random_legal_play_to_the_end_of_a_match_replays_identically)
{
    for (uint64_t seed = 1; seed <= 3; seed++)
        cr_assert_gt(random_game(2, seed * 100 + 2), 10);
}

Test(play, random_legal_play_to_the_end_of_tournaments_of_3_to_6_replays_identically)
{
    for (int seats = 3; seats <= RW_MAX_SEATS; seats++) {
        for (uint64_t seed = 1; seed <= 2; seed++)
            cr_assert_gt(random_game(seats, seed * 100 + (uint64_t)seats), 10);
    }
}

/* Bots of the given levels (by seat) play the game to the end, each asked
 * on a clone as the room does, every action logged and replayed. */
static void bot_game(int seats, const int *levels, uint64_t seed)
{
    replay_log log;
    game_error err;
    game *g = replay_start(&log, &robotwars_engine, NULL, seats, game_seeds_from(seed), &err);
    cr_assert_not_null(g);
    rng salts;
    rng_seed(&salts, seed);
    int64_t now = 0;
    json_t *events = json_array();
    int steps = 0;
    while (!robotwars_engine.over(g) && steps++ < 30000) {
        bool acted = false;
        for (int s = 0; s < seats && !acted; s++) {
            game *copy = robotwars_engine.clone(g);
            int64_t wake = GAME_NO_DEADLINE;
            json_t *a = robotwars_engine.bot(copy, s, levels[s], now, rng_next(&salts), &wake,
                                             &game_no_cancel);
            robotwars_engine.destroy(copy);
            if (!a)
                continue;
            cr_assert_eq(replay_act(&log, g, s, a, ++now, events, &err), 0,
                         "the %s bot in seat %d acts legally: %s (%s)",
                         rw_bot_levels[levels[s]], s, err.message, json_dumps(a, 0));
            json_decref(a);
            acted = true;
        }
        cr_assert(acted, "some bot always has something to do");
        json_array_clear(events);
    }
    cr_assert(robotwars_engine.over(g));
    cr_assert(replay_check(&log, g), "%s", log.problem);
    json_decref(events);
    robotwars_engine.destroy(g);
    replay_free(&log);
}

Test(play, bots_of_every_level_play_a_match_legally_to_the_end)
{
    static const int pairs[4][2] = {{0, 1}, {1, 2}, {2, 0}, {2, 2}};
    for (int p = 0; p < 4; p++)
        bot_game(2, pairs[p], 40 + (uint64_t)p);
}

Test(play, bots_play_tournaments_of_3_to_6_legally_to_the_end)
{
    for (int seats = 3; seats <= RW_MAX_SEATS; seats++) {
        int levels[RW_MAX_SEATS];
        for (int s = 0; s < seats; s++)
            levels[s] = s % 3;
        bot_game(seats, levels, 70 + (uint64_t)seats);
    }
}

Test(play, a_bot_not_in_the_battle_or_not_to_move_waits)
{
    game *g = rwt_new(NULL, 4, 9);
    const rw_battle *bt = &rw_bracket_of(g)->b[0];
    int out = -1;
    for (int s = 0; s < 4; s++) {
        if (s != bt->seats[0] && s != bt->seats[1])
            out = s;
    }
    int64_t wake = GAME_NO_DEADLINE;
    cr_assert_null(robotwars_engine.bot(g, out, 2, 1, 1, &wake, &game_no_cancel));
    json_decref(rwt_allocate_all(g));
    int mover = rwt_mover(g);
    int other = bt->seats[0] == mover ? bt->seats[1] : bt->seats[0];
    cr_assert_null(robotwars_engine.bot(g, other, 2, 1, 1, &wake, &game_no_cancel));
    json_t *a = robotwars_engine.bot(g, mover, 2, 1, 1, &wake, &game_no_cancel);
    cr_assert_not_null(a);
    json_decref(a);
    robotwars_engine.destroy(g);
}

Test(play, a_clone_shares_nothing_with_its_game)
{
    game *g = rwt_duel(3);
    game *copy = robotwars_engine.clone(g);
    char *before = rwt_all_views(g);
    json_decref(rwt_ok(copy, rwt_mover(copy), "{\"kind\":\"end\"}"));
    char *after = rwt_all_views(g);
    cr_assert_str_eq(before, after, "acting on the clone leaves the game as it was");
    free(before);
    free(after);
    robotwars_engine.destroy(copy);
    robotwars_engine.destroy(g);
}

Test(bench, the_bench_plays_its_pairings_and_refuses_a_flag_it_does_not_take)
{
    char *argv[] = {"robotwars", "--games", "2", "--pairs", "normal-easy", NULL};
    cr_assert_eq(rw_bench(5, argv), 0, "a bot action was refused in the bench");
    char *even[] = {"robotwars", "--best-of", "4", NULL};
    cr_assert_eq(rw_bench(3, even), 2);
    char *pairs[] = {"robotwars", "--pairs", "hard", NULL};
    cr_assert_eq(rw_bench(3, pairs), 2);
}
