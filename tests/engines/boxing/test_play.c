/* test_play.c: whole games: bots always act legally, games always end, and
 * a replay of the input log gives byte-identical views. */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

Test(boxing_bots, bots_of_every_level_always_act_legally_in_duels)
{
    const char *options[] = {NULL, "{\"size\": 6}", "{\"size\": 16}", "{\"free_centre\": true}",
                             "{\"size\": 11, \"turn_limit\": 60}"};
    int games = 0;
    for (int a = 0; a < 3; a++) {
        for (int b = 0; b < 3; b++) {
            for (int k = 0; k < 5; k++) {
                replay_log log;
                int levels[2] = {a, b};
                game *g = bx_logged(&log, options[k], 2, (uint64_t)(a * 100 + b * 10 + k));
                bx_play_bots(&log, g, levels, 0, (uint64_t)games, NULL, NULL);
                cr_assert(boxing_engine.over(g));
                cr_assert(replay_check(&log, g), "%s", log.problem);
                boxing_engine.destroy(g);
                replay_free(&log);
                games++;
            }
        }
    }
    cr_assert_eq(games, 45);
}

Test(boxing_bots, bots_always_act_legally_in_free_for_alls)
{
    for (int k = 0; k < 24; k++) {
        int seats = 3 + k % 2;
        replay_log log;
        int levels[4] = {k % 3, (k + 1) % 3, (k + 2) % 3, -1};
        const char *options = k % 3 == 0 ? "{\"size\": 6}" : k % 3 == 1 ? NULL : "{\"size\": 12}";
        game *g = bx_logged(&log, options, seats, (uint64_t)k);
        bx_play_bots(&log, g, levels, 1u << 1, (uint64_t)k + 77, NULL, NULL);
        cr_assert(boxing_engine.over(g));
        json_t *res = boxing_engine.result(g);
        size_t decided = json_array_size(json_object_get(res, "winners")) + json_array_size(json_object_get(res, "drawn"));
        cr_assert_geq(decided, 1, "someone wins or draws");
        json_decref(res);
        cr_assert(replay_check(&log, g), "%s", log.problem);
        boxing_engine.destroy(g);
        replay_free(&log);
    }
}

Test(boxing_bots, a_bot_layout_is_always_legal)
{
    rng r;
    rng_seed(&r, 3);
    for (int level = 0; level < 3; level++) {
        for (int i = 0; i < 100; i++) {
            for (int free_centre = 0; free_centre < 2; free_centre++) {
                json_t *a = boxing_bot_layout(level, free_centre, &r);
                boxing_layout l;
                game_error err;
                cr_assert_eq(boxing_layout_from_json(a, free_centre, &l, &err), 0, "%s", err.message);
                json_decref(a);
            }
        }
    }
}

/* The layout a bot of `level` sends for seat 0 of a game of `seed`, given `salt`. */
static char *bot_layout_for(uint64_t seed, int level, uint64_t salt)
{
    game *g = bx_new(NULL, 2, seed);
    int64_t wake = GAME_NO_DEADLINE;
    json_t *a = boxing_engine.bot(g, 0, level, 0, salt, &wake, &game_no_cancel);
    cr_assert_not_null(a);
    char *text = bx_dump(a);
    json_decref(a);
    boxing_engine.destroy(g);
    return text;
}

/* A bot's layout is its secret: it follows the salt (the server's own
 * randomness) and nothing a player knows: not the game's seed, not the
 * level. Same seed, other salts: other layouts, at every level. */
Test(boxing_bots, a_bot_layout_follows_the_salt_not_the_seed_or_the_level)
{
    for (int level = 0; level < 3; level++) {
        char *seen[16];
        int distinct = 0;
        for (uint64_t salt = 1; salt <= 16; salt++) {
            char *l = bot_layout_for(42, level, salt * 0x9E3779B97F4A7C15ull);
            bool fresh = true;
            for (int k = 0; k < distinct && fresh; k++)
                fresh = strcmp(seen[k], l) != 0;
            if (fresh)
                seen[distinct++] = l;
            else
                free(l);
        }
        cr_assert_geq(distinct, 14, "level %d: 16 salts drew only %d layouts", level, distinct);
        for (int k = 0; k < distinct; k++)
            free(seen[k]);
        for (uint64_t seed = 1; seed <= 4; seed++) {
            char *a = bot_layout_for(seed, level, 99), *b = bot_layout_for(seed + 50, level, 99);
            cr_assert_str_eq(a, b, "the game's seed plays no part in a bot's layout");
            free(a);
            free(b);
        }
    }
}

Test(boxing_bots, a_bot_waits_when_it_has_nothing_to_do)
{
    const char *layouts[2] = {BX_CORNERS, BX_SIDES};
    game *g = bx_start(NULL, 2, layouts);
    json_decref(bx_ok(g, 0, "{\"kind\":\"orders\"}"));
    int64_t wake = GAME_NO_DEADLINE;
    cr_assert_null(boxing_engine.bot(g, 0, 2, bx_now, 1, &wake, &game_no_cancel), "its orders are in");
    json_t *a = boxing_engine.bot(g, 1, 2, bx_now, 1, &wake, &game_no_cancel);
    cr_assert_not_null(a, "seat 1 still has to write orders");
    json_decref(a);
    cr_assert_null(boxing_engine.bot(g, GAME_SEAT_SPECTATOR, 1, bx_now, 1, &wake, &game_no_cancel));
    boxing_engine.destroy(g);
}

Test(boxing_bots, the_stronger_level_beats_the_weaker_more_often_than_not)
{
    /* a sanity check of the levels, not a benchmark: over 30 duels on the
     * default ring hard must win more than it loses against easy */
    int wins = 0, losses = 0;
    for (int i = 0; i < 30; i++) {
        replay_log log;
        int levels[2] = {i % 2 ? 2 : 0, i % 2 ? 0 : 2};
        int hard = i % 2 ? 0 : 1;
        game *g = bx_logged(&log, NULL, 2, (uint64_t)i + 1000);
        bx_play_bots(&log, g, levels, 0, (uint64_t)i, NULL, NULL);
        json_t *res = boxing_engine.result(g);
        json_t *w = json_object_get(res, "winners");
        if (json_array_size(w) == 1 && json_integer_value(json_array_get(w, 0)) == hard)
            wins++;
        else if (json_array_size(w) == 1)
            losses++;
        json_decref(res);
        boxing_engine.destroy(g);
        replay_free(&log);
    }
    cr_assert_gt(wins, losses, "hard won %d and lost %d against easy", wins, losses);
}

/* ---- the room's way of asking: over a clone, with a time budget ---- */

Test(boxing_bots, a_clone_is_an_equal_copy_that_shares_nothing)
{
    game *g = bx_start(NULL, 2, (const char *const[]){BX_CORNERS, BX_SIDES});
    json_decref(bx_ok(g, 0, "{\"kind\":\"orders\",\"fire\":\"d\",\"target\":\"a\"}"));
    json_decref(bx_ok(g, 1, "{\"kind\":\"orders\"}"));
    game *copy = boxing_engine.clone(g);
    cr_assert_not_null(copy);
    char *before = replay_views(&boxing_engine, g, 2), *copied = replay_views(&boxing_engine, copy, 2);
    cr_assert_str_eq(copied, before, "the copy shows what the original shows");
    json_decref(bx_ok(copy, 0, "{\"kind\":\"orders\"}"));
    json_decref(bx_ok(copy, 1, "{\"kind\":\"orders\"}"));
    char *after = replay_views(&boxing_engine, g, 2);
    cr_assert_str_eq(after, before, "the original did not move with the copy");
    boxing_engine.destroy(g);
    char *alone = replay_views(&boxing_engine, copy, 2);
    cr_assert_str_neq(alone, before, "the copy lives on after the original is gone");
    cr_assert_eq(boxing_record_count(copy), 2);
    boxing_engine.destroy(copy);
    free(before);
    free(copied);
    free(after);
    free(alone);
}

static const volatile int raised = 1;

/* A bot whose time is up sends the best orders it has: legal ones, at every
 * level, in a duel and a free-for-all. */
Test(boxing_bots, a_bot_whose_time_is_up_still_sends_legal_orders)
{
    for (int seats = 2; seats <= 4; seats++) {
        for (int level = 0; level < 3; level++) {
            game *g = bx_new("{\"size\": 12}", seats, (uint64_t)(seats * 10 + level));
            int64_t wake;
            for (int s = 0; s < seats; s++) {
                json_t *a = boxing_engine.bot(g, s, level, 0, (uint64_t)s, &wake, &raised);
                cr_assert_not_null(a, "a layout, whatever the time");
                json_t *ev = json_array();
                game_error err;
                cr_assert_eq(boxing_engine.act(g, s, a, 1, ev, &err), 0, "%s", err.message);
                json_decref(ev);
                json_decref(a);
            }
            for (int s = 0; s < seats; s++) {
                json_t *a = boxing_engine.bot(g, s, level, 2, 7, &wake, &raised);
                cr_assert_not_null(a);
                json_t *ev = json_array();
                game_error err;
                cr_assert_eq(boxing_engine.act(g, s, a, 2, ev, &err), 0, "level %d: %s", level,
                             err.message);
                json_decref(ev);
                json_decref(a);
            }
            boxing_engine.destroy(g);
        }
    }
}

/* ---- replay ---- */

Test(boxing_replay, random_legal_play_replays_to_byte_identical_views)
{
    const char *options[] = {"{\"order_s\": 2, \"layout_s\": 2}", "{\"size\": 6, \"free_centre\": true}",
                             "{\"size\": 9, \"turn_limit\": 12}"};
    for (int k = 0; k < 18; k++) {
        int levels[4] = {-1, k % 3, -1, 2};
        replay_log log;
        game *g = bx_logged(&log, options[k % 3], 2 + k % 3, rng_mix((uint64_t)k));
        log.trace = true; /* every view and event after every input is compared */
        bx_play_bots(&log, g, levels, 0x5, (uint64_t)k, NULL, NULL);
        cr_assert(replay_check(&log, g), "game %d: %s", k, log.problem);
        boxing_engine.destroy(g);
        replay_free(&log);
    }
}

Test(boxing_replay, deadlines_are_part_of_the_log)
{
    /* every seat asleep now and then: turns resolve at the deadline and the
     * replay resolves them at the same game time */
    replay_log log;
    int levels[2] = {1, -1};
    game *g = bx_logged(&log, "{\"order_s\": 3, \"layout_s\": 3}", 2, 42);
    bx_play_bots(&log, g, levels, 0x3, 9, NULL, NULL);
    int ticks = 0;
    for (size_t i = 0; i < log.n; i++)
        ticks += log.in[i].seat == REPLAY_TICK;
    cr_assert_gt(ticks, 0, "some deadline passed");
    cr_assert(replay_check(&log, g), "%s", log.problem);
    boxing_engine.destroy(g);
    replay_free(&log);
}

Test(boxing_bench, the_bench_plays_every_pairing)
{
    char *argv[] = {"boxing", "--games", "2", "--seed", "5", NULL};
    cr_assert_eq(boxing_bench(5, argv), 0, "a bot action was refused in the bench");
    char *bad[] = {"boxing", "--games", NULL};
    cr_assert_eq(boxing_bench(2, bad), 2);
}
