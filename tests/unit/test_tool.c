/* test_tool.c: the flag reader every bench and command uses (games/tool.h). */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "games/tool.h"

static const char usage[] = "usage: botpit bench test [--games N] ...\n";

typedef struct args {
    int games;
    uint64_t seed;
    double share;
    const char *course;
    bool quick, games_given;
    int pair[2];
} args;

/* --pair A,B */
static bool read_pair(const char *v, void *into)
{
    int *p = into, end = 0;
    return sscanf(v, "%d,%d%n", &p[0], &p[1], &end) == 2 && !v[end];
}

static int read_args(args *a, int argc, char **argv)
{
    const tool_flag flags[] = {
        {.name = "--games", .kind = TOOL_INT, .into = &a->games, .min = 1, .max = 500,
         .given = &a->games_given},
        TOOL_SEED_FLAG("--seed", &a->seed),
        TOOL_REAL_FLAG("--share", &a->share),
        TOOL_TEXT_FLAG("--course", &a->course),
        TOOL_SWITCH_FLAG("--quick", &a->quick),
        TOOL_OWN_FLAG("--pair", a->pair, read_pair, "two numbers, A,B"),
        TOOL_FLAGS_END,
    };
    return tool_flags_read("bench test", usage, flags, argc, argv);
}

static args defaults(void)
{
    return (args){.games = 100, .seed = 1, .share = 0.5, .course = "dizzy", .pair = {-1, -1}};
}

Test(tool_flags, no_flags_keep_the_defaults)
{
    args a = defaults();
    char *argv[] = {"test", NULL};
    cr_assert_eq(read_args(&a, 1, argv), 0);
    cr_assert_eq(a.games, 100);
    cr_assert_eq(a.seed, 1);
    cr_assert_str_eq(a.course, "dizzy");
    cr_assert(!a.quick && !a.games_given);
}

Test(tool_flags, every_kind_of_flag_is_read_into_its_place)
{
    args a = defaults();
    char *argv[] = {"test", "--quick", "--games", "7", "--seed", "18446744073709551615", "--share",
                    "0.25", "--course", "island_hop", "--pair", "3,4", NULL};
    cr_assert_eq(read_args(&a, 12, argv), 0);
    cr_assert(a.quick);
    cr_assert_eq(a.games, 7);
    cr_assert(a.games_given);
    cr_assert_eq(a.seed, UINT64_MAX);
    cr_assert_float_eq(a.share, 0.25, 1e-12);
    cr_assert_str_eq(a.course, "island_hop");
    cr_assert_eq(a.pair[0], 3);
    cr_assert_eq(a.pair[1], 4);
}

Test(tool_flags, a_flag_not_in_the_table_is_refused_with_the_usage, .init = cr_redirect_stderr)
{
    args a = defaults();
    char *argv[] = {"test", "--frobnicate", NULL};
    cr_assert_eq(read_args(&a, 2, argv), -1);
    fflush(stderr);
    cr_assert_stderr_eq_str("bench test: no flag --frobnicate\nusage: botpit bench test [--games N] ...\n");
}

Test(tool_flags, a_flag_without_its_value_is_refused, .init = cr_redirect_stderr)
{
    args a = defaults();
    char *argv[] = {"test", "--games", NULL};
    cr_assert_eq(read_args(&a, 2, argv), -1);
    cr_assert_eq(a.games, 100, "the default stays");
    fflush(stderr);
    cr_assert_stderr_eq_str("bench test: --games needs a value\nusage: botpit bench test [--games N] ...\n");
}

Test(tool_flags, a_number_out_of_range_or_not_a_number_is_refused_and_says_what_it_takes,
     .init = cr_redirect_stderr)
{
    args a = defaults();
    char *big[] = {"test", "--games", "501", NULL};
    cr_assert_eq(read_args(&a, 3, big), -1);
    char *word[] = {"test", "--games", "many", NULL};
    cr_assert_eq(read_args(&a, 3, word), -1);
    char *tail[] = {"test", "--games", "12x", NULL};
    cr_assert_eq(read_args(&a, 3, tail), -1);
    char *negative_seed[] = {"test", "--seed", "-1", NULL};
    cr_assert_eq(read_args(&a, 3, negative_seed), -1);
    char *share[] = {"test", "--share", "half", NULL};
    cr_assert_eq(read_args(&a, 3, share), -1);
    cr_assert_eq(a.games, 100);
    cr_assert_eq(a.seed, 1);
    fflush(stderr);
    char out[2048] = "";
    FILE *f = cr_get_redirected_stderr();
    size_t n = fread(out, 1, sizeof out - 1, f);
    out[n] = 0;
    cr_assert(strstr(out, "bench test: --games 501: a whole number from 1 to 500\n"), "%s", out);
    cr_assert(strstr(out, "bench test: --games many: a whole number from 1 to 500\n"), "%s", out);
    cr_assert(strstr(out, "bench test: --seed -1: a whole number from 0 to 18446744073709551615\n"), "%s", out);
    cr_assert(strstr(out, "bench test: --share half: a number\n"), "%s", out);
}

Test(tool_flags, a_value_the_flags_own_reader_refuses_says_what_it_wants, .init = cr_redirect_stderr)
{
    args a = defaults();
    char *argv[] = {"test", "--pair", "3;4", NULL};
    cr_assert_eq(read_args(&a, 3, argv), -1);
    fflush(stderr);
    cr_assert_stderr_eq_str("bench test: --pair 3;4: two numbers, A,B\nusage: botpit bench test [--games N] ...\n");
}

/* ---- bots' games ---- */

extern const game_engine testgame_engine;

Test(tool_play_bots, plays_a_game_to_its_end_and_times_each_level)
{
    game_error err;
    game *g = game_create_with(&testgame_engine, "{\"target\": 30}", 2, 7, &err);
    cr_assert_not_null(g);
    tool_level_time times[2] = {{0}};
    int levels[2] = {1, 0};
    cr_assert_eq(tool_play_bots("bench test", &testgame_engine, g, 2, levels, 7, times), 0);
    cr_assert(testgame_engine.over(g));
    cr_assert_gt(times[0].calls, 0);
    cr_assert_gt(times[1].calls, 0);
    cr_assert_geq(times[1].max_ms * (double)times[1].calls, times[1].total_ms - 1e-9);
    testgame_engine.destroy(g);
}

/* A game nobody can move: no bot acts and no deadline comes. */
static bool never_over(const game *g)
{
    (void)g;
    return false;
}

static int64_t no_deadline(const game *g)
{
    (void)g;
    return GAME_NO_DEADLINE;
}

static json_t *idle_bot(const game *g, int seat, int level, int64_t now, uint64_t salt, int64_t *wake,
                        const volatile int *cancel)
{
    (void)g, (void)seat, (void)level, (void)now, (void)salt, (void)wake, (void)cancel;
    return NULL;
}

Test(tool_play_bots, a_game_that_waits_for_nothing_is_said_stuck_not_played_forever,
     .init = cr_redirect_stderr)
{
    game_engine stuck = {.id = "stuck", .over = never_over, .deadline = no_deadline, .bot = idle_bot};
    tool_level_time times[1] = {{0}};
    int levels[2] = {0, 0};
    cr_assert_eq(tool_play_bots("bench stuck", &stuck, NULL, 2, levels, 1, times), -1);
    cr_assert_eq(times[0].calls, 2);
    fflush(stderr);
    cr_assert_stderr_eq_str("bench stuck: no bot acts and no deadline comes: the game is stuck\n");
}
