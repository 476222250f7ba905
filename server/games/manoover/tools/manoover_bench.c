/* manoover_bench.c: `botpit bench manoover`: bots play each other through
 * the engine contract; prints win rates and the time of bot calls. The only
 * file of the engine that reads a clock or prints. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/manoover/manoover.h"
#include "games/manoover/manoover_state.h"
#include "games/tool.h"
#include "manoover_tools.h"

typedef struct level_time {
    long calls;
    double total_ms, max_ms;
    double total_evals;
    long max_evals, max_nodes;
} level_time;

typedef struct tally {
    int wins, draws, losses, limit_games;
} tally;

/* One game, bot level a in seat a_seat and level b elsewhere; 1 a wins, 0 a
 * draw (shared top), -1 a loses, -2 an engine or bot failure. */
static int play_one(const char *options, uint64_t seed, int a, int b, int a_seat,
                    level_time *times, tally *t)
{
    const game_engine *e = &manoover_engine;
    game_error err;
    game *g = game_create_with(e, options, 0, seed, &err);
    if (!g) {
        /* The seat count depends on the variant: try the sizes the engine allows. */
        for (int seats = e->min_players; seats <= e->max_players && !g; seats++)
            g = game_create_with(e, options, seats, seed, &err);
        if (!g) {
            fprintf(stderr, "bench: %s\n", err.message);
            return -2;
        }
    }
    int seats = g->layout->seats;
    int64_t clock_ms = 0;
    uint64_t salt = seed;
    int outcome = -2;
    for (int moves = 0; moves < 100000 && !e->over(g); moves++) {
        int seat = g->turn;
        int level = seat == a_seat ? a : b;
        salt = rng_mix(salt);
        /* What manoover_bot() does, with the search's counters kept. */
        double t0 = tool_cpu_ms();
        manoover_situation s;
        json_t *action = NULL;
        manoover_bot_stats stats = {0, 0};
        if (manoover_game_situation(g, &s) && s.seat == seat) {
            manoover_action a = manoover_bot_choose(&s, level, salt, NULL, &stats);
            action = manoover_action_json(&a);
        }
        double dt = tool_cpu_ms() - t0;
        level_time *lt = &times[level];
        lt->calls++;
        lt->total_ms += dt;
        lt->total_evals += (double)stats.evals;
        if (dt > lt->max_ms)
            lt->max_ms = dt;
        if (stats.evals > lt->max_evals)
            lt->max_evals = stats.evals;
        if (stats.nodes > lt->max_nodes)
            lt->max_nodes = stats.nodes;
        if (!action) {
            fprintf(stderr, "bench: the %s bot in seat %d did not act\n",
                    e->bot_levels[level], seat);
            goto done;
        }
        json_t *events = json_array();
        clock_ms += 1000;
        if (e->act(g, seat, action, clock_ms, events, &err) < 0) {
            char *text = json_dumps(action, JSON_COMPACT);
            fprintf(stderr, "bench: the %s bot played %s: %s\n", e->bot_levels[level], text,
                    err.message);
            free(text);
            json_decref(action);
            json_decref(events);
            goto done;
        }
        json_decref(action);
        json_decref(events);
    }
    if (!e->over(g))
        goto done;
    json_t *res = e->result(g);
    json_t *winners = json_object_get(res, "winners");
    bool a_wins = false;
    size_t i;
    json_t *w;
    json_array_foreach(winners, i, w) {
        a_wins |= json_integer_value(w) == a_seat;
    }
    size_t nw = json_array_size(winners);
    outcome = a_wins ? (nw == 1 ? 1 : 0) : -1;
    json_t *last = json_array_get(json_object_get(res, "games"), 0);
    const char *reason = json_string_value(json_object_get(last, "reason"));
    if (reason && strcmp(reason, "turn_limit") == 0)
        t->limit_games++;
    json_decref(res);
    (void)seats;
done:
    e->destroy(g);
    if (outcome == 1)
        t->wins++;
    else if (outcome == 0)
        t->draws++;
    else if (outcome == -1)
        t->losses++;
    return outcome;
}

static const char usage[] = "usage: botpit bench manoover [--games N] [--seed S] "
                            "[--variant standard|three|plus] [--alternate] [--only LEVEL:LEVEL]\n";

int manoover_bench(int argc, char **argv)
{
    int games = 200;
    uint64_t seed = 1;
    const char *variant = "standard";
    bool alternate = false;
    const char *only = NULL; /* one pairing, "hard:normal", instead of all three */
    const tool_flag flags[] = {
        TOOL_INT_FLAG("--games", &games, 1, 1000000),
        TOOL_SEED_FLAG("--seed", &seed),
        TOOL_TEXT_FLAG("--variant", &variant),
        TOOL_TEXT_FLAG("--only", &only),
        TOOL_SWITCH_FLAG("--alternate", &alternate),
        TOOL_FLAGS_END,
    };
    if (tool_flags_read("bench manoover", usage, flags, argc, argv) < 0)
        return 2;
    const manoover_layout *l = manoover_layout_find(variant);
    if (!l) {
        fprintf(stderr, "bench manoover: no variant %s\n%s", variant, usage);
        return 2;
    }
    char options[128];
    snprintf(options, sizeof options, "{\"variant\":\"%s\",\"alternate\":%s,\"match_to\":0}",
             variant, alternate ? "true" : "false");

    static const int pairs[][2] = {
        {MANOOVER_BOT_HARD, MANOOVER_BOT_EASY},
        {MANOOVER_BOT_HARD, MANOOVER_BOT_NORMAL},
        {MANOOVER_BOT_NORMAL, MANOOVER_BOT_EASY},
    };
    const char *const *names = manoover_engine.bot_levels;
    level_time times[3] = {{0}};
    printf("manoover bench: variant %s%s, %d single games per pairing, seed %llu\n", variant,
           alternate ? " (alternate order)" : "", games, (unsigned long long)seed);
    if (l->seats == 3)
        printf("(the first level takes seats 0, 1 and 2 in turn, two of the second level the "
               "others; a draw is a shared top score)\n");
    else
        printf("(the first level plays seat 0 in half the games and seat 1 in the rest)\n");
    int failures = 0;
    for (int p = 0; p < 3; p++) {
        int a = pairs[p][0], b = pairs[p][1];
        char pair_name[32];
        snprintf(pair_name, sizeof pair_name, "%s:%s", names[a], names[b]);
        if (only && strcmp(only, pair_name) != 0)
            continue;
        tally t = {0};
        double t0 = tool_cpu_ms();
        for (int i = 0; i < games; i++) {
            uint64_t game_seed = rng_mix(seed * 1000003u + (uint64_t)(p * 100000 + i));
            int a_seat = i % l->seats;
            if (play_one(options, game_seed, a, b, a_seat, times, &t) == -2)
                failures++;
        }
        double n = games;
        printf("%-6s vs %-6s  win %5.1f%%  draw %5.1f%%  loss %5.1f%%  (%d-%d-%d%s, %.1f s)\n",
               names[a], names[b], 100 * t.wins / n, 100 * t.draws / n, 100 * t.losses / n,
               t.wins, t.draws, t.losses, t.limit_games ? ", some at the turn limit" : "",
               (tool_cpu_ms() - t0) / 1e3);
    }
    printf("per bot call: CPU ms of the calling thread, positions evaluated and generated\n");
    for (int level = 0; level < 3; level++) {
        const level_time *lt = &times[level];
        if (lt->calls)
            printf("  %-6s  calls %7ld  ms mean %7.3f max %7.3f  evaluations mean %8.0f max %7ld"
                   "  generated max %7ld\n",
                   names[level], lt->calls, lt->total_ms / lt->calls, lt->max_ms,
                   lt->total_evals / lt->calls, lt->max_evals, lt->max_nodes);
    }
    if (failures)
        printf("FAILURES: %d games ended with a refused or missing bot action\n", failures);
    return failures ? 1 : 0;
}
