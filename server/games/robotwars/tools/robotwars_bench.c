/*
 * robotwars_bench.c: `botpit bench robotwars [--games N] [--seed S]
 * [--best-of 3|5|7] [--pairs hard-easy,hard-normal,...]`: bot against bot in
 * two-roboteer matches, for each pairing (by default every pair of different
 * levels), the first level named in seat 1 every other match. Prints the
 * command line, the first level's wins and win rate per pairing, the mean
 * battles per match, and the CPU time of bot calls per level.
 * The only engine code that reads a clock (tool_cpu_ms) or prints.
 */
#include "robotwars_bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/robotwars/robotwars.h"
#include "games/tool.h"

typedef struct bench_args {
    int games, best_of;
    uint64_t seed;
    int pairs[16][2];
    int npairs;
} bench_args;

static int level_of(const char *name, size_t len)
{
    for (int l = 0; rw_bot_levels[l]; l++) {
        if (strlen(rw_bot_levels[l]) == len && strncmp(rw_bot_levels[l], name, len) == 0)
            return l;
    }
    return -1;
}

/* "hard-easy,hard-normal": --pairs, into a bench_args. */
static bool read_pairs(const char *v, void *into)
{
    bench_args *a = into;
    a->npairs = 0;
    while (*v && a->npairs < 16) {
        const char *dash = strchr(v, '-');
        if (!dash)
            return false;
        const char *end = strchr(dash, ',');
        size_t second_len = end ? (size_t)(end - dash - 1) : strlen(dash + 1);
        int first = level_of(v, (size_t)(dash - v)), second = level_of(dash + 1, second_len);
        if (first < 0 || second < 0)
            return false;
        a->pairs[a->npairs][0] = first;
        a->pairs[a->npairs][1] = second;
        a->npairs++;
        v = end ? end + 1 : dash + 1 + second_len;
    }
    return a->npairs > 0;
}

static int parse_args(int argc, char **argv, bench_args *a)
{
    *a = (bench_args){.games = 400, .best_of = 3, .seed = 1};
    static const int defaults[3][2] = {{2, 0}, {2, 1}, {1, 0}};
    for (int i = 0; i < 3; i++) {
        a->pairs[i][0] = defaults[i][0];
        a->pairs[i][1] = defaults[i][1];
    }
    a->npairs = 3;
    const tool_flag flags[] = {
        TOOL_INT_FLAG("--games", &a->games, 1, 1000000),
        TOOL_SEED_FLAG("--seed", &a->seed),
        TOOL_INT_FLAG("--best-of", &a->best_of, 3, 7),
        TOOL_OWN_FLAG("--pairs", a, read_pairs, "level-level,... (easy, normal, hard)"),
        TOOL_FLAGS_END,
    };
    if (tool_flags_read("bench robotwars",
                        "usage: botpit bench robotwars [--games N] [--seed S] [--best-of 3|5|7] "
                        "[--pairs hard-easy,hard-normal]\n",
                        flags, argc, argv) < 0)
        return -1;
    if (a->best_of % 2 == 0) {
        fprintf(stderr, "bench robotwars: best-of 3, 5 or 7\n");
        return -1;
    }
    return 0;
}

/* Plays one match of bots at `levels` (by seat) to the end. Returns the
 * winning seat, or -1 if a bot's action was refused. */
static int play(const bench_args *a, const int *levels, uint64_t seed, tool_level_time *times,
                int *battles)
{
    char options[64];
    snprintf(options, sizeof options, "{\"best_of\": \"%d\"}", a->best_of);
    game_error err;
    game *g = game_create_with(&robotwars_engine, options, 2, seed, &err);
    if (!g) {
        fprintf(stderr, "bench robotwars: %s\n", err.message);
        return -1;
    }
    int refused = tool_play_bots("bench robotwars", &robotwars_engine, g, 2, levels, seed ^ 0x7a75,
                                 times) < 0;
    int winner = refused ? -1 : rw_bracket_of(g)->champion;
    *battles = rw_bracket_of(g)->nbattles;
    robotwars_engine.destroy(g);
    return winner;
}

int rw_bench(int argc, char **argv)
{
    bench_args a;
    if (parse_args(argc, argv, &a) < 0)
        return 2;
    printf("command: botpit bench robotwars");
    for (int i = 1; i < argc; i++)
        printf(" %s", argv[i]);
    printf("\nRobot Wars bench: %d two-roboteer matches (best of %d) per pairing, seed %llu\n",
           a.games, a.best_of, (unsigned long long)a.seed);
    printf("%-14s %6s %6s %8s %8s\n", "pairing", "wins", "losses", "win rate", "battles");
    tool_level_time times[8] = {{0}};
    int bad = 0;
    for (int p = 0; p < a.npairs; p++) {
        int first = a.pairs[p][0], second = a.pairs[p][1];
        int wins = 0, losses = 0, illegal = 0;
        long battles = 0;
        for (int i = 0; i < a.games; i++) {
            int levels[2], me = i % 2;
            levels[me] = first;
            levels[1 - me] = second;
            int nb = 0;
            int w = play(&a, levels, rng_mix(a.seed * 7919 + (uint64_t)i), times, &nb);
            if (w < 0) {
                illegal++;
                continue;
            }
            battles += nb;
            if (w == me)
                wins++;
            else
                losses++;
        }
        char name[32];
        snprintf(name, sizeof name, "%s-%s", rw_bot_levels[first], rw_bot_levels[second]);
        int played = wins + losses;
        printf("%-14s %6d %6d %7.1f%% %8.2f%s\n", name, wins, losses,
               played ? 100.0 * wins / played : 0.0, played ? (double)battles / played : 0.0,
               illegal ? "  (matches with refused bot actions!)" : "");
        fflush(stdout);
        bad += illegal;
    }
    printf("bot call CPU time per level (ms): mean, max\n");
    for (int l = 0; rw_bot_levels[l]; l++)
        printf("  %-8s %8.3f %8.3f  (%ld calls)\n", rw_bot_levels[l],
               times[l].calls ? times[l].total_ms / times[l].calls : 0.0, times[l].max_ms,
               times[l].calls);
    return bad ? 1 : 0;
}
