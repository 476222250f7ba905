/*
 * roborally_bench.c: `botpit bench roborally [--solo N] [--races N] [--duels N]
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
 * Races and duels are spread evenly over the courses.
 *
 * `botpit bench roborally --roboball [--games N] [--team-size K]
 * [--max-turns T] [--seed S] [--course ID]` plays RoboBall, two teams of K
 * bots (seat i on team i % 2), N games of each match-up spread over the
 * courses: hard v easy (the hard team's side alternated game by game, so a
 * side's advantage cancels) prints hard's wins, easy's and the draws, and
 * so does normal v easy; hard v hard prints how many games end by a goal rather than the turn limit and
 * each side's wins (the side balance); both print the turns on average.
 * --swap-seats seats team 0 on the odd seats instead, to tell whether a
 * side's advantage comes from its seats or its home. --homes tries every
 * square a home could take (as far from the ball as the course's homes,
 * plain floor): a lone hard bot there, N/10 games, prints the median turns
 * to its goal, to choose homes equally hard to score on; --pair X0,Y0,X1,Y1
 * plays the match-ups with these two homes instead of the course's.
 *
 * The CPU time of the bots' program calls is printed per level. The only
 * engine code that reads a clock or prints.
 */
#include "roborally.h"
#include "roborally_ball.h"
#include "roborally_bot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/tool.h"

typedef struct bench_args {
    int solo, races, duels, max_turns;
    uint64_t seed;
    const char *course;
    bool roboball;
    bool ball_teams;  /* --roboball: the team benchmark */
    bool turns_given;
    bool swap_seats; /* roboball: the odd seats play for team 0 (a diagnostic) */
    bool homes;      /* roboball: how fast a lone bot scores on each possible home */
    int pair[4];     /* roboball: two homes to try instead of the course's (x0,y0,x1,y1), or -1 */
    int games, team_size;
} bench_args;

static bench_args args;

static tool_level_time times[3];

/* --pair X0,Y0,X1,Y1, into an int[4]. */
static bool read_pair(const char *v, void *into)
{
    int *pair = into, end = 0;
    return sscanf(v, "%d,%d,%d,%d%n", &pair[0], &pair[1], &pair[2], &pair[3], &end) == 4 && !v[end];
}

/* --mode race|roboball, into a bool (roboball). */
static bool read_mode(const char *v, void *into)
{
    if (strcmp(v, "race") != 0 && strcmp(v, "roboball") != 0)
        return false;
    *(bool *)into = strcmp(v, "roboball") == 0;
    return true;
}

static int parse_args(int argc, char **argv, bench_args *a)
{
    *a = (bench_args){.solo = 15, .races = 200, .duels = 200, .max_turns = 60, .seed = 1,
                      .games = 200, .team_size = 2, .pair = {-1, -1, -1, -1}};
    enum { MANY = 1000000 };
    const tool_flag flags[] = {
        TOOL_SWITCH_FLAG("--roboball", &a->ball_teams),
        TOOL_SWITCH_FLAG("--swap-seats", &a->swap_seats),
        TOOL_SWITCH_FLAG("--homes", &a->homes),
        TOOL_INT_FLAG("--solo", &a->solo, 0, MANY),
        TOOL_INT_FLAG("--races", &a->races, 0, MANY),
        TOOL_INT_FLAG("--duels", &a->duels, 0, MANY),
        {.name = "--max-turns", .kind = TOOL_INT, .into = &a->max_turns, .min = 1, .max = MANY,
         .given = &a->turns_given},
        TOOL_OWN_FLAG("--pair", a->pair, read_pair, "X0,Y0,X1,Y1"),
        TOOL_INT_FLAG("--games", &a->games, 0, MANY),
        TOOL_INT_FLAG("--team-size", &a->team_size, 0, MANY),
        TOOL_SEED_FLAG("--seed", &a->seed),
        TOOL_TEXT_FLAG("--course", &a->course),
        TOOL_OWN_FLAG("--mode", &a->roboball, read_mode, "race or roboball"),
        TOOL_FLAGS_END,
    };
    if (tool_flags_read("bench roborally",
                        "usage: botpit bench roborally [--solo N] [--races N] [--duels N] "
                        "[--max-turns T] [--seed S] [--course ID] [--mode race|roboball]\n"
                        "       botpit bench roborally --roboball [--games N] [--team-size K] "
                        "[--max-turns T] [--seed S] [--course ID] [--swap-seats] [--homes]\n"
                        "           [--pair X0,Y0,X1,Y1]\n",
                        flags, argc, argv) < 0)
        return -1;
    if (a->ball_teams && !a->turns_given)
        a->max_turns = 30; /* the option's default */
    if (a->ball_teams && (a->team_size < 1 || a->team_size > RR_MAX_ROBOTS / 2)) {
        fprintf(stderr, "bench roborally: --team-size 1 to %d\n", RR_MAX_ROBOTS / 2);
        return -1;
    }
    if (a->course && !rr_course_find(a->course)) {
        fprintf(stderr, "bench roborally: no course %s\n", a->course);
        return -1;
    }
    return 0;
}

static game *new_game_with(const char *options, int seats, uint64_t seed)
{
    game_error err;
    game *g = game_create_with(&roborally_engine, options, seats, seed, &err);
    if (!g)
        fprintf(stderr, "bench roborally: %s\n", err.message);
    return g;
}

static game *new_game(const char *course, int seats, uint64_t seed)
{
    char options[160];
    if (args.roboball)
        snprintf(options, sizeof options, "{\"course\":\"%s\",\"mode\":\"roboball\",\"max_turns\":%d}",
                 course, args.max_turns < 1 ? 1 : args.max_turns > 200 ? 200 : args.max_turns);
    else
        snprintf(options, sizeof options, "{\"course\":\"%s\"}", course);
    return new_game_with(options, seats, seed);
}

/* Plays until the race ends or max_turns have been played; bots act at
 * once, and a deadline passes only when nobody acts. Returns the turns. */
static int play(game *g, const int *levels, int max_turns, uint64_t salt)
{
    int seats = rr_game_seats(g);
    int64_t now = 0;
    json_t *events = json_array();
    while (!roborally_engine.over(g) && rr_game_turn(g) <= max_turns) {
        bool acted = false;
        for (int s = 0; s < seats && !roborally_engine.over(g); s++) {
            if (levels[s] < 0 || rr_game_needs(g, s) == RR_NEED_NOTHING)
                continue;
            int64_t wake = GAME_NO_DEADLINE;
            double t0 = tool_cpu_ms();
            json_t *a = roborally_engine.bot(g, s, levels[s], now, salt++ * 7919 + (uint64_t)s, &wake,
                                             &game_no_cancel);
            double dt = tool_cpu_ms() - t0;
            if (rr_game_needs(g, s) == RR_NEED_PROGRAM)
                tool_level_time_add(&times[levels[s]], dt);
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
    return rr_game_turn(g);
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
            rr_state *s = rr_game_state_for_tests(g);
            rr_destroy(s, 1, RR_GONE_AWAY, NULL);
            s->robot[1].lives = 0;
            s->robot[1].out = true;
            int levels[2] = {level, -1};
            int t = play(g, levels, a->max_turns, a->seed + (uint64_t)k);
            bool finished = roborally_engine.over(g) && (rr_game_winners(g) & 1u);
            turns[k] = finished ? t : a->max_turns + 1;
            done += finished;
            roborally_engine.destroy(g);
        }
        qsort(turns, (size_t)a->solo, sizeof *turns, cmp_int);
        int median = turns[a->solo / 2];
        if (median > a->max_turns)
            printf("  %s >%d (%d/%d)", rr_bot_levels[level], a->max_turns, done, a->solo);
        else
            printf("  %s %d (%d/%d)", rr_bot_levels[level], median, done, a->solo);
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
    unsigned winners = roborally_engine.over(g) ? rr_game_winners(g) : 0;
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
            printf("  %s %.1f%% (%d/%d)", rr_bot_levels[l], 100.0 * t->wins[l] / t->entries[l],
                   t->wins[l], t->entries[l]);
    }
    printf("\n");
}

/* ---- RoboBall ---- */

/* One match-up's games: wins by level and by side (team 0 is seats 0, 2...). */
typedef struct ball_tally {
    int games, goals, draws;
    int level_wins[3], side_wins[2];
    long turns;
} ball_tally;

/* One RoboBall game, team 0 at level `l0` and team 1 at `l1`. Team t is
 * seats t, t + 2... (the room's rule), or with --swap-seats the others: if
 * a side's advantage follows the seats, it is the seat order (priority
 * ties, the order of the bots' calls); if it follows the team, its home. */
static void ball_game(const bench_args *a, const rr_course *c, int k, int l0, int l1, ball_tally *t)
{
    int seats = 2 * a->team_size, levels[RR_MAX_ROBOTS];
    int8_t team[RR_MAX_ROBOTS] = {0};
    for (int s = 0; s < seats; s++) {
        team[s] = (int8_t)((s + a->swap_seats) % 2);
        levels[s] = team[s] ? l1 : l0;
    }
    char options[160];
    snprintf(options, sizeof options,
             "{\"course\":\"%s\",\"mode\":\"roboball\",\"teams\":2,\"max_turns\":%d}", c->id,
             a->max_turns);
    game *g = new_game_with(options, seats, a->seed * 1000003 + (uint64_t)k * 17 + (uint64_t)l0 * 5 + (uint64_t)l1);
    if (!g)
        return;
    rr_state *st = rr_game_state_for_tests(g);
    if (a->pair[0] >= 0) {
        /* The floor reads a copy of the course with the homes tried (only
         * the trace reads the game's own). */
        static rr_course tried;
        tried = *c;
        tried.homes[0][0] = (int16_t)(a->pair[1] * c->width + a->pair[0]);
        tried.homes[0][1] = (int16_t)(a->pair[3] * c->width + a->pair[2]);
        st->floor.course = &tried;
    }
    if (a->swap_seats || a->pair[0] >= 0)
        rr_ball_setup(st, 2, team);
    t->turns += play(g, levels, a->max_turns, a->seed + (uint64_t)k * 101);
    t->games++;
    unsigned winners = roborally_engine.over(g) ? rr_game_winners(g) : 0;
    if (!winners) {
        t->draws++;
    } else {
        int side = team[__builtin_ctz(winners)];
        t->goals++;
        t->side_wins[side]++;
        t->level_wins[side ? l1 : l0]++;
    }
    roborally_engine.destroy(g);
}

static double pct(int n, int of)
{
    return of ? 100.0 * n / of : 0.0;
}

/* A match-up of level `strong` against level `weak`. */
static void print_versus(const char *what, const ball_tally *t, int strong, int weak)
{
    printf("%s: %d games, %s won %.1f%% (%d), %s %.1f%% (%d), draws %d; "
           "%.1f turns on average\n",
           what, t->games, rr_bot_levels[strong], pct(t->level_wins[strong], t->games),
           t->level_wins[strong], rr_bot_levels[weak], pct(t->level_wins[weak], t->games),
           t->level_wins[weak], t->draws, t->games ? (double)t->turns / t->games : 0.0);
}

static void print_mirror(const char *what, const ball_tally *t)
{
    printf("%s: %d games, %.1f%% end by a goal (%d), %d at the turn limit; side wins: "
           "team 0 %d, team 1 %d; %.1f turns on average\n",
           what, t->games, pct(t->goals, t->games), t->goals, t->draws, t->side_wins[0],
           t->side_wins[1], t->games ? (double)t->turns / t->games : 0.0);
}

static void add_tally(ball_tally *to, const ball_tally *from)
{
    to->games += from->games, to->goals += from->goals, to->draws += from->draws;
    to->turns += from->turns;
    for (int l = 0; l < 3; l++)
        to->level_wins[l] += from->level_wins[l];
    for (int side = 0; side < 2; side++)
        to->side_wins[side] += from->side_wins[side];
}

/* Could `cell` be a home? Plain floor, no pusher, flag, dock or laser. */
static bool home_square(const rr_course *c, int cell)
{
    const rr_cell *k = &c->cells[cell];
    if (k->kind != RR_PLAIN || k->push >= 0 || k->flag || k->dock)
        return false;
    for (int i = 0; i < c->nlasers; i++) {
        if (c->lasers[i].cell == cell)
            return false;
    }
    return true;
}

static int manhattan(const rr_course *c, int a, int b)
{
    return abs(a % c->width - b % c->width) + abs(a / c->width - b / c->width);
}

/* A lone hard bot (seat 0) whose team's home is `home`: turns to its goal,
 * or max_turns + 1. */
static int lone_goal(const bench_args *a, const rr_course *c, int home, int k)
{
    char options[160];
    snprintf(options, sizeof options,
             "{\"course\":\"%s\",\"mode\":\"roboball\",\"max_turns\":%d}", c->id, a->max_turns);
    game *g = new_game_with(options, 2, a->seed * 7777 + (uint64_t)k * 31 + (uint64_t)home);
    if (!g)
        return a->max_turns + 1;
    rr_state *s = rr_game_state_for_tests(g);
    for (int t = 0; t < s->rb.nteams; t++)
        s->rb.home[t] = (int16_t)home; /* no other home to score on by mistake */
    s->floor.piece[0].cell = (int16_t)home;
    s->floor.piece[0].is_virtual = false;
    s->robot[0].archive = (int16_t)home;
    rr_destroy(s, 1, RR_GONE_AWAY, NULL);
    s->robot[1].out = true;
    int levels[2] = {2, -1};
    int turns = play(g, levels, a->max_turns, a->seed + (uint64_t)k);
    bool goal = roborally_engine.over(g) && (rr_game_winners(g) & 1u);
    roborally_engine.destroy(g);
    return goal ? turns : a->max_turns + 1;
}

static void homes_bench(const bench_args *a, const rr_course *c)
{
    int ring = manhattan(c, c->ball, c->homes[0][0]), n = a->games / 10 > 0 ? a->games / 10 : 1;
    printf("%s: squares %d from the ball (x,y: median turns for a lone hard bot, goals/%d; * a home of 2 teams)\n",
           c->id, ring, n);
    int *turns = calloc((size_t)n, sizeof *turns);
    for (int cell = 0; cell < c->width * c->height; cell++) {
        if (manhattan(c, cell, c->ball) != ring || !home_square(c, cell))
            continue;
        int goals = 0;
        for (int k = 0; k < n; k++) {
            turns[k] = lone_goal(a, c, cell, k);
            goals += turns[k] <= a->max_turns;
        }
        qsort(turns, (size_t)n, sizeof *turns, cmp_int);
        bool home = cell == c->homes[0][0] || cell == c->homes[0][1];
        printf("  %d,%d%s: %d, %d/%d\n", cell % c->width, cell / c->width, home ? "*" : "", turns[n / 2], goals, n);
        fflush(stdout);
    }
    free(turns);
}

static int roboball_bench(const bench_args *a)
{
    const rr_course *only = a->course ? rr_course_find(a->course) : NULL;
    if (a->pair[0] >= 0 && (!only || a->pair[0] >= only->width || a->pair[2] >= only->width ||
                            a->pair[1] >= only->height || a->pair[3] >= only->height)) {
        fprintf(stderr, "bench roborally: --pair needs --course and squares on it\n");
        return 2;
    }
    if (only && !only->roboball) {
        fprintf(stderr, "bench roborally: %s has no RoboBall squares\n", only->id);
        return 2;
    }
    int ncourses = only ? 1 : rr_course_count;
    for (int i = 0; a->homes && i < ncourses; i++)
        homes_bench(a, only ? only : &rr_courses[i]);
    if (a->homes)
        return 0;
    printf("RoboBall: teams of %d, %d games of each match-up, draw after %d turns\n", a->team_size,
           a->games, a->max_turns);
    ball_tally all_he = {0}, all_hh = {0}, all_ne = {0};
    int hard_side[2] = {0}, hard_side_games[2] = {0};
    for (int i = 0; i < ncourses; i++) {
        const rr_course *c = only ? only : &rr_courses[i];
        if (!c->roboball)
            continue;
        printf("%s\n", c->id);
        ball_tally he = {0}, hh = {0}, ne = {0};
        int n = a->games / ncourses + (i < a->games % ncourses);
        for (int k = 0; k < n; k++) {
            int side = k % 2, before = he.level_wins[2];
            ball_game(a, c, k, side ? 0 : 2, side ? 2 : 0, &he);
            hard_side_games[side]++;
            hard_side[side] += he.level_wins[2] - before;
        }
        print_versus("  hard v easy", &he, 2, 0);
        fflush(stdout);
        for (int k = 0; k < n; k++)
            ball_game(a, c, k, k % 2 ? 0 : 1, k % 2 ? 1 : 0, &ne);
        print_versus("  normal v easy", &ne, 1, 0);
        for (int k = 0; k < n; k++)
            ball_game(a, c, k, 2, 2, &hh);
        print_mirror("  hard v hard", &hh);
        fflush(stdout);
        add_tally(&all_he, &he);
        add_tally(&all_hh, &hh);
        add_tally(&all_ne, &ne);
    }
    printf("all courses\n");
    print_versus("  hard v easy", &all_he, 2, 0);
    printf("  hard v easy by the hard team's side: team 0 won %d/%d, team 1 won %d/%d\n", hard_side[0],
           hard_side_games[0], hard_side[1], hard_side_games[1]);
    print_mirror("  hard v hard", &all_hh);
    print_versus("  normal v easy", &all_ne, 1, 0);
    return 0;
}

static void print_times(void)
{
    printf("bot CPU time per program:");
    for (int l = 0; l < 3; l++) {
        if (times[l].calls)
            printf("  %s %.2f ms mean, %.1f ms max (%ld calls)", rr_bot_levels[l],
                   times[l].total_ms / times[l].calls, times[l].max_ms, times[l].calls);
    }
    printf("\n");
}

int rr_bench(int argc, char **argv)
{
    bench_args a;
    if (parse_args(argc, argv, &a) < 0)
        return 2;
    args = a;
    if (a.ball_teams) {
        int rc = roboball_bench(&a);
        print_times();
        return rc;
    }
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
    print_times();
    return 0;
}
