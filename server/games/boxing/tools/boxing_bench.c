/*
 * boxing_bench.c: `botpit bench boxing [--games N] [--seed S] [--size N]
 * [--seats N] [--turn-limit N]`: bot against bot, every pairing of levels, seats swapped every
 * other game. Prints wins, draws and losses of the first level named, the
 * average number of turns, and the CPU time of bot calls per level (mean,
 * max). With more than two seats the first level holds one seat and the
 * second every other.
 * The only engine code that reads a clock (tool_cpu_ms) or prints.
 */
#include "boxing_bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/boxing/boxing.h"
#include "games/tool.h"

typedef struct bench_args {
    int games, size, seats, turn_limit;
    uint64_t seed;
} bench_args;

typedef struct pairing {
    int wins, draws, losses, illegal;
    long turns;
} pairing;

static int parse_args(int argc, char **argv, bench_args *a)
{
    *a = (bench_args){.games = 100, .size = 8, .seats = 2, .turn_limit = 40, .seed = 1};
    const tool_flag flags[] = {
        TOOL_INT_FLAG("--games", &a->games, 1, 1000000),
        TOOL_SEED_FLAG("--seed", &a->seed),
        TOOL_INT_FLAG("--size", &a->size, BOXING_MIN_SIZE, BOXING_MAX_SIZE),
        TOOL_INT_FLAG("--seats", &a->seats, 2, BOXING_MAX_SEATS),
        TOOL_INT_FLAG("--turn-limit", &a->turn_limit, 1, 200),
        TOOL_FLAGS_END,
    };
    return tool_flags_read("bench boxing",
                           "usage: botpit bench boxing [--games N] [--seed S] [--size N] [--seats N] "
                           "[--turn-limit N]\n",
                           flags, argc, argv);
}

/* Plays one game of bots at `levels` (by seat) to the end. Returns the mask
 * of winners, or -1 if a bot's action was refused. */
static int play(const bench_args *a, const int *levels, uint64_t seed, tool_level_time *times,
                int *turns)
{
    char options[96];
    snprintf(options, sizeof options, "{\"size\": %d, \"turn_limit\": %d}", a->size, a->turn_limit);
    game_error err;
    game *g = game_create_with(&boxing_engine, options, a->seats, seed, &err);
    if (!g)
        return -1;
    int refused = tool_play_bots("bench boxing", &boxing_engine, g, a->seats, levels, seed ^ 0xb0c5,
                                 times) < 0;
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
static void run_pairing(const bench_args *a, int first, int second, tool_level_time *times, pairing *p)
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
    tool_level_time times[8] = {{0}};
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
