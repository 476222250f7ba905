/*
 * boxing_bench.c: `botpit bench boxing [--games N] [--seed S] [--size N]
 * [--seats N] [--turn-limit N]`: bot against bot, every pairing of levels, seats swapped every
 * other game. Prints wins, draws and losses of the first level named, the
 * average number of turns, and the CPU time of bot calls per level (mean,
 * max). With more than two seats the first level holds one seat and the
 * second every other.
 * The only engine code that reads a clock or prints.
 */
#include "boxing_bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "games/boxing/boxing.h"

typedef struct bench_args {
    int games, size, seats, turn_limit;
    uint64_t seed;
} bench_args;

typedef struct level_time {
    double total_ms, max_ms;
    long calls;
} level_time;

typedef struct pairing {
    int wins, draws, losses, illegal;
    long turns;
} pairing;

/* CPU time of this thread: what a bot call costs, without the time the
 * machine spent on other work meanwhile. */
static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int parse_args(int argc, char **argv, bench_args *a)
{
    *a = (bench_args){.games = 100, .size = 8, .seats = 2, .turn_limit = 40, .seed = 1};
    for (int i = 1; i < argc; i++) {
        const char *flag = argv[i];
        if (i + 1 >= argc) {
            fprintf(stderr, "bench boxing: %s needs a value\n", flag);
            return -1;
        }
        const char *v = argv[++i];
        if (strcmp(flag, "--games") == 0)
            a->games = atoi(v);
        else if (strcmp(flag, "--seed") == 0)
            a->seed = strtoull(v, NULL, 10);
        else if (strcmp(flag, "--size") == 0)
            a->size = atoi(v);
        else if (strcmp(flag, "--seats") == 0)
            a->seats = atoi(v);
        else if (strcmp(flag, "--turn-limit") == 0)
            a->turn_limit = atoi(v);
        else {
            fprintf(stderr, "usage: botpit bench boxing [--games N] [--seed S] [--size N] [--seats N] "
                            "[--turn-limit N]\n");
            return -1;
        }
    }
    if (a->games < 1 || a->size < BOXING_MIN_SIZE || a->size > BOXING_MAX_SIZE || a->seats < 2 ||
        a->seats > BOXING_MAX_SEATS || a->turn_limit < 1 || a->turn_limit > 200) {
        fprintf(stderr, "bench boxing: games >= 1, size 6 to 16, seats 2 to 4, turn limit 1 to 200\n");
        return -1;
    }
    return 0;
}

/* Plays one game of bots at `levels` (by seat) to the end. Returns the mask
 * of winners, or -1 if a bot's action was refused. */
static int play(const bench_args *a, const int *levels, uint64_t seed, level_time *times,
                int *turns)
{
    char options[96];
    snprintf(options, sizeof options, "{\"size\": %d, \"turn_limit\": %d}", a->size, a->turn_limit);
    game_error err;
    game *g = game_create_with(&boxing_engine, options, a->seats, seed, &err);
    if (!g)
        return -1;
    rng salts;
    rng_seed(&salts, seed ^ 0xb0c5);
    int64_t clock = 0;
    int refused = 0;
    while (!boxing_engine.over(g) && !refused) {
        bool acted = false;
        for (int s = 0; s < a->seats && !refused; s++) {
            int64_t wake = GAME_NO_DEADLINE;
            double t0 = now_ms();
            json_t *action = boxing_engine.bot(g, s, levels[s], clock, rng_next(&salts), &wake, &game_no_cancel);
            double dt = now_ms() - t0;
            level_time *lt = &times[levels[s]];
            lt->total_ms += dt;
            lt->max_ms = dt > lt->max_ms ? dt : lt->max_ms;
            lt->calls++;
            if (!action)
                continue;
            json_t *events = json_array();
            if (boxing_engine.act(g, s, action, ++clock, events, &err) < 0) {
                fprintf(stderr, "bench boxing: a %s bot was refused: %s\n", boxing_bot_levels[levels[s]],
                        err.message);
                refused = 1;
            }
            acted = true;
            json_decref(events);
            json_decref(action);
        }
        if (!acted && !boxing_engine.over(g)) {
            json_t *events = json_array();
            clock = boxing_engine.deadline(g);
            boxing_engine.tick(g, clock, events);
            json_decref(events);
        }
    }
    int winners = 0;
    if (!refused) {
        json_t *result = boxing_engine.result(g);
        size_t i;
        json_t *w;
        json_array_foreach(json_object_get(result, "winners"), i, w)
            winners |= 1 << json_integer_value(w);
        *turns = (int)json_integer_value(json_object_get(result, "turns"));
        json_decref(result);
    }
    boxing_engine.destroy(g);
    return refused ? -1 : winners;
}

/* `first` in seat 0 or 1 (every other game), `second` in every other seat. */
static void run_pairing(const bench_args *a, int first, int second, level_time *times, pairing *p)
{
    memset(p, 0, sizeof *p);
    for (int i = 0; i < a->games; i++) {
        int levels[BOXING_MAX_SEATS], me = i % 2;
        for (int s = 0; s < a->seats; s++)
            levels[s] = s == me ? first : second;
        int turns = 0;
        int w = play(a, levels, rng_mix(a->seed * 7919 + (uint64_t)(first * 16 + second) * 104729 + (uint64_t)i),
                     times, &turns);
        if (w < 0) {
            p->illegal++;
            continue;
        }
        p->turns += turns;
        if (w & (1 << me))
            p->wins++;
        else if (w == 0)
            p->draws++;
        else
            p->losses++;
    }
}

int boxing_bench(int argc, char **argv)
{
    bench_args a;
    if (parse_args(argc, argv, &a) < 0)
        return 2;
    int nlevels = 0;
    while (boxing_bot_levels[nlevels])
        nlevels++;
    level_time times[8] = {{0}};
    printf("Robot boxing bench: %d games per pairing, seed %llu, %dx%d ring, %d seats, turn limit %d\n",
           a.games, (unsigned long long)a.seed, a.size, a.size, a.seats, a.turn_limit);
    printf("%-16s %6s %6s %6s %8s\n", "pairing", "wins", "draws", "losses", "turns");
    int bad = 0;
    for (int first = 0; first < nlevels; first++) {
        for (int second = 0; second <= first; second++) {
            pairing p;
            run_pairing(&a, first, second, times, &p);
            int played = a.games - p.illegal;
            char name[40];
            snprintf(name, sizeof name, "%s-%s", boxing_bot_levels[first], boxing_bot_levels[second]);
            printf("%-16s %6d %6d %6d %8.1f%s\n", name, p.wins, p.draws, p.losses,
                   played ? (double)p.turns / played : 0.0,
                   p.illegal ? "  (games with refused bot actions!)" : "");
            bad += p.illegal;
        }
    }
    printf("bot call CPU time per level (ms): mean, max\n");
    for (int l = 0; l < nlevels; l++)
        printf("  %-8s %8.3f %8.3f  (%ld calls)\n", boxing_bot_levels[l],
               times[l].calls ? times[l].total_ms / times[l].calls : 0.0, times[l].max_ms, times[l].calls);
    return bad ? 1 : 0;
}
