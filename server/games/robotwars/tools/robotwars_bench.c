/*
 * robotwars_bench.c: `botpit bench robotwars [--games N] [--seed S]
 * [--best-of 3|5|7] [--pairs hard-easy,hard-normal,...]`: bot against bot in
 * two-roboteer matches, for each pairing (by default every pair of different
 * levels), the first level named in seat 1 every other match. Prints the
 * command line, the first level's wins and win rate per pairing, the mean
 * battles per match, and the CPU time of bot calls per level.
 * The only engine code that reads a clock or prints.
 */
#include "robotwars_bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "games/robotwars/robotwars.h"

typedef struct bench_args {
    int games, best_of;
    uint64_t seed;
    int pairs[16][2];
    int npairs;
} bench_args;

typedef struct level_time {
    double total_ms, max_ms;
    long calls;
} level_time;

/* CPU time of this thread: what a bot call costs. */
static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int level_of(const char *name, size_t len)
{
    for (int l = 0; rw_bot_levels[l]; l++) {
        if (strlen(rw_bot_levels[l]) == len && strncmp(rw_bot_levels[l], name, len) == 0)
            return l;
    }
    return -1;
}

/* "hard-easy,hard-normal" */
static int parse_pairs(const char *v, bench_args *a)
{
    a->npairs = 0;
    while (*v && a->npairs < 16) {
        const char *dash = strchr(v, '-');
        if (!dash)
            return -1;
        const char *end = strchr(dash, ',');
        size_t second_len = end ? (size_t)(end - dash - 1) : strlen(dash + 1);
        int first = level_of(v, (size_t)(dash - v)), second = level_of(dash + 1, second_len);
        if (first < 0 || second < 0)
            return -1;
        a->pairs[a->npairs][0] = first;
        a->pairs[a->npairs][1] = second;
        a->npairs++;
        v = end ? end + 1 : dash + 1 + second_len;
    }
    return a->npairs ? 0 : -1;
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
    for (int i = 1; i < argc; i++) {
        const char *flag = argv[i];
        if (i + 1 >= argc) {
            fprintf(stderr, "bench robotwars: %s needs a value\n", flag);
            return -1;
        }
        const char *v = argv[++i];
        if (strcmp(flag, "--games") == 0)
            a->games = atoi(v);
        else if (strcmp(flag, "--seed") == 0)
            a->seed = strtoull(v, NULL, 10);
        else if (strcmp(flag, "--best-of") == 0)
            a->best_of = atoi(v);
        else if (strcmp(flag, "--pairs") == 0) {
            if (parse_pairs(v, a) < 0) {
                fprintf(stderr, "bench robotwars: --pairs takes level-level,... (easy, normal, hard)\n");
                return -1;
            }
        } else {
            fprintf(stderr, "usage: botpit bench robotwars [--games N] [--seed S] [--best-of 3|5|7] "
                            "[--pairs hard-easy,hard-normal]\n");
            return -1;
        }
    }
    if (a->games < 1 || (a->best_of != 3 && a->best_of != 5 && a->best_of != 7)) {
        fprintf(stderr, "bench robotwars: games >= 1, best-of 3, 5 or 7\n");
        return -1;
    }
    return 0;
}

/* Plays one match of bots at `levels` (by seat) to the end. Returns the
 * winning seat, or -1 if a bot's action was refused. */
static int play(const bench_args *a, const int *levels, uint64_t seed, level_time *times,
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
    rng salts;
    rng_seed(&salts, seed ^ 0x7a75);
    int64_t clock = 0;
    int refused = 0;
    while (!robotwars_engine.over(g) && !refused) {
        bool acted = false;
        for (int s = 0; s < 2 && !refused; s++) {
            int64_t wake = GAME_NO_DEADLINE;
            double t0 = now_ms();
            json_t *action = robotwars_engine.bot(g, s, levels[s], clock, rng_next(&salts), &wake,
                                                  &game_no_cancel);
            double dt = now_ms() - t0;
            level_time *lt = &times[levels[s]];
            lt->total_ms += dt;
            lt->max_ms = dt > lt->max_ms ? dt : lt->max_ms;
            lt->calls++;
            if (!action)
                continue;
            json_t *events = json_array();
            if (robotwars_engine.act(g, s, action, ++clock, events, &err) < 0) {
                fprintf(stderr, "bench robotwars: a %s bot was refused: %s\n",
                        rw_bot_levels[levels[s]], err.message);
                refused = 1;
            }
            acted = true;
            json_decref(events);
            json_decref(action);
        }
        if (!acted && !robotwars_engine.over(g)) {
            json_t *events = json_array();
            clock = robotwars_engine.deadline(g);
            robotwars_engine.tick(g, clock, events);
            json_decref(events);
        }
    }
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
    level_time times[8] = {{0}};
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
