/*
 * rr_bench.c: `botpit bench roborally [--solo N] [--races N] [--duels N]
 * [--max-turns T] [--seed S] [--course ID] [--mode race|roboball]`. For each
 * course (or the one named):
 *  - solo: each level races alone (the other seat's robot taken off the
 *    floor) N times; prints the median number of turns to touch the last
 *    flag and how many races finished within T turns;
 *  - races: 4-bot races, levels easy, normal, hard and a fourth cycling
 *    through the levels, seats rotated; prints each level's wins per race
 *    it took part in (a shared win counts for each);
 *  - duels: hard against easy, seats swapped every race; prints hard's wins.
 * In mode roboball (free-for-all, max_turns T) there is no solo, and a
 * win is bringing the ball home; a game at the turn limit is undecided.
 * Races and duels are spread evenly over the courses. The CPU time of the
 * bots' calls is printed per level. The only engine code that reads a clock
 * or prints.
 */
#include "roborally.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct bench_args {
    int solo, races, duels, max_turns;
    uint64_t seed;
    const char *course;
    bool roboball;
} bench_args;

static bench_args args;

typedef struct level_time {
    double total_ms, max_ms;
    long calls;
} level_time;

static level_time times[3];

static double cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int parse_args(int argc, char **argv, bench_args *a)
{
    *a = (bench_args){.solo = 15, .races = 200, .duels = 200, .max_turns = 60, .seed = 1};
    for (int i = 1; i < argc; i++) {
        const char *flag = argv[i];
        if (i + 1 >= argc) {
            fprintf(stderr, "bench roborally: %s needs a value\n", flag);
            return -1;
        }
        const char *v = argv[++i];
        if (strcmp(flag, "--solo") == 0)
            a->solo = atoi(v);
        else if (strcmp(flag, "--races") == 0)
            a->races = atoi(v);
        else if (strcmp(flag, "--duels") == 0)
            a->duels = atoi(v);
        else if (strcmp(flag, "--max-turns") == 0)
            a->max_turns = atoi(v);
        else if (strcmp(flag, "--seed") == 0)
            a->seed = strtoull(v, NULL, 10);
        else if (strcmp(flag, "--course") == 0)
            a->course = v;
        else if (strcmp(flag, "--mode") == 0 && (strcmp(v, "race") == 0 || strcmp(v, "roboball") == 0))
            a->roboball = strcmp(v, "roboball") == 0;
        else {
            fprintf(stderr, "usage: botpit bench roborally [--solo N] [--races N] [--duels N] "
                            "[--max-turns T] [--seed S] [--course ID] [--mode race|roboball]\n");
            return -1;
        }
    }
    if (a->course && !rr_course_find(a->course)) {
        fprintf(stderr, "bench roborally: no course %s\n", a->course);
        return -1;
    }
    return 0;
}

static game *new_game(const char *course, int seats, uint64_t seed)
{
    char options[160];
    if (args.roboball)
        snprintf(options, sizeof options, "{\"course\":\"%s\",\"mode\":\"roboball\",\"max_turns\":%d}",
                 course, args.max_turns < 1 ? 1 : args.max_turns > 200 ? 200 : args.max_turns);
    else
        snprintf(options, sizeof options, "{\"course\":\"%s\"}", course);
    game_error err;
    game *g = game_create_with(&roborally_engine, options, seats, seed, &err);
    if (!g)
        fprintf(stderr, "bench roborally: %s\n", err.message);
    return g;
}

/* Plays until the race ends or max_turns have been played; bots act at
 * once, and a deadline passes only when nobody acts. Returns the turns. */
static int play(game *g, const int *levels, int max_turns, uint64_t salt)
{
    int seats = roborally_seats(g);
    int64_t now = 0;
    json_t *events = json_array();
    while (!roborally_engine.over(g) && roborally_turn(g) <= max_turns) {
        bool acted = false;
        for (int s = 0; s < seats && !roborally_engine.over(g); s++) {
            if (levels[s] < 0 || roborally_needs(g, s) == ROBORALLY_NOTHING)
                continue;
            int64_t wake = GAME_NO_DEADLINE;
            double t0 = cpu_ms();
            json_t *a = roborally_engine.bot(g, s, levels[s], now, salt++ * 7919 + (uint64_t)s, &wake,
                                             &game_no_cancel);
            double dt = cpu_ms() - t0;
            if (roborally_needs(g, s) == ROBORALLY_NEED_PROGRAM) {
                level_time *lt = &times[levels[s]];
                lt->total_ms += dt;
                lt->calls++;
                if (dt > lt->max_ms)
                    lt->max_ms = dt;
            }
            if (!a)
                continue;
            game_error err;
            if (roborally_engine.act(g, s, a, now, events, &err) < 0)
                fprintf(stderr, "bench roborally: the level %d bot's action was refused: %s\n",
                        levels[s], err.message);
            else
                acted = true;
            json_decref(a);
            json_array_clear(events);
        }
        if (!acted) {
            now = roborally_engine.deadline(g);
            if (now == GAME_NO_DEADLINE)
                break;
            roborally_engine.tick(g, now, events);
            json_array_clear(events);
        }
        now++;
    }
    json_decref(events);
    return roborally_turn(g);
}

static int cmp_int(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

/* One level alone on a course: the other seat's robot leaves the floor. */
static void solo(const bench_args *a, const rr_course *c)
{
    printf("  alone (median turns to finish, finished within %d turns):", a->max_turns);
    for (int level = 0; level < 3; level++) {
        int *turns = calloc((size_t)a->solo, sizeof *turns), done = 0;
        for (int k = 0; k < a->solo; k++) {
            game *g = new_game(c->id, 2, a->seed + (uint64_t)k * 31);
            rr_state *s = roborally_state_for_tests(g);
            rr_destroy(s, 1, RR_GONE_AWAY, NULL);
            s->robot[1].lives = 0;
            s->robot[1].out = true;
            int levels[2] = {level, -1};
            int t = play(g, levels, a->max_turns, a->seed + (uint64_t)k);
            bool finished = roborally_engine.over(g) && (roborally_winners(g) & 1u);
            turns[k] = finished ? t : a->max_turns + 1;
            done += finished;
            roborally_engine.destroy(g);
        }
        qsort(turns, (size_t)a->solo, sizeof *turns, cmp_int);
        int median = turns[a->solo / 2];
        if (median > a->max_turns)
            printf("  %s >%d (%d/%d)", roborally_bot_levels[level], a->max_turns, done, a->solo);
        else
            printf("  %s %d (%d/%d)", roborally_bot_levels[level], median, done, a->solo);
        free(turns);
    }
    printf("\n");
}

typedef struct tally {
    int wins[3], entries[3], games, undecided;
    long turns;
} tally;

static void race(const bench_args *a, const rr_course *c, int k, int seats, const int *lineup,
                 tally *t)
{
    int levels[4];
    for (int s = 0; s < seats; s++)
        levels[s] = lineup[(s + k) % seats];
    game *g = new_game(c->id, seats, a->seed * 1000003 + (uint64_t)k * 17 + (uint64_t)seats);
    t->turns += play(g, levels, a->max_turns, a->seed + (uint64_t)k * 101);
    t->games++;
    unsigned winners = roborally_engine.over(g) ? roborally_winners(g) : 0;
    if (!winners)
        t->undecided++;
    for (int s = 0; s < seats; s++) {
        t->entries[levels[s]]++;
        if (winners & (1u << s))
            t->wins[levels[s]]++;
    }
    roborally_engine.destroy(g);
}

static void print_tally(const char *what, const tally *t)
{
    printf("%s: %d races, %.1f turns on average, %d undecided after the turn cap;", what, t->games,
           t->games ? (double)t->turns / t->games : 0.0, t->undecided);
    for (int l = 0; l < 3; l++) {
        if (t->entries[l])
            printf("  %s %.1f%% (%d/%d)", roborally_bot_levels[l], 100.0 * t->wins[l] / t->entries[l],
                   t->wins[l], t->entries[l]);
    }
    printf("\n");
}

int roborally_bench(int argc, char **argv)
{
    bench_args a;
    if (parse_args(argc, argv, &a) < 0)
        return 2;
    args = a;
    const rr_course *only = a.course ? rr_course_find(a.course) : NULL;
    int ncourses = only ? 1 : rr_course_count;
    tally races = {0}, duels = {0};
    for (int i = 0; i < ncourses; i++) {
        const rr_course *c = only ? only : &rr_courses[i];
        if (a.roboball)
            printf("%s (roboball)\n", c->id);
        else
            printf("%s (%d flags)\n", c->id, c->nflags);
        if (a.solo > 0 && !a.roboball)
            solo(&a, c);
        fflush(stdout);
        tally here = {0}, here_duels = {0};
        int nraces = a.races / ncourses + (i < a.races % ncourses);
        for (int k = 0; k < nraces; k++) {
            int lineup[4] = {0, 1, 2, k % 3};
            race(&a, c, k, 4, lineup, &here);
        }
        int nduels = a.duels / ncourses + (i < a.duels % ncourses);
        for (int k = 0; k < nduels; k++) {
            int lineup[2] = {2, 0};
            race(&a, c, k, 2, lineup, &here_duels);
        }
        if (nraces)
            print_tally("  4-bot races", &here);
        if (nduels)
            print_tally("  hard v easy", &here_duels);
        fflush(stdout);
        for (int l = 0; l < 3; l++) {
            races.wins[l] += here.wins[l], races.entries[l] += here.entries[l];
            duels.wins[l] += here_duels.wins[l], duels.entries[l] += here_duels.entries[l];
        }
        races.games += here.games, races.turns += here.turns, races.undecided += here.undecided;
        duels.games += here_duels.games, duels.turns += here_duels.turns, duels.undecided += here_duels.undecided;
    }
    printf("all courses\n");
    if (races.games)
        print_tally("  4-bot races", &races);
    if (duels.games)
        print_tally("  hard v easy", &duels);
    printf("bot CPU time per program:");
    for (int l = 0; l < 3; l++) {
        if (times[l].calls)
            printf("  %s %.2f ms mean, %.1f ms max", roborally_bot_levels[l],
                   times[l].total_ms / times[l].calls, times[l].max_ms);
    }
    printf("\n");
    return 0;
}
