/*
 * ricochet_botbench.c: `botpit bench ricochet --bots [--rounds N] [--seed S]
 * [--levels easy,normal,hard] [--pace-ms MS] [--silver]`: bot levels at one
 * table, round after round, with the default options (so real thinking
 * times: a minute of sand timer, bots thinking at 100%), or with a fifth
 * robot (--silver: the bots' searches at their widest).
 *
 * The table runs on a simulated game clock, as a room would run it: the
 * solver's answer comes in at once (work_run in line), bots act at most once
 * per pace (800 ms, the server's default) and are asked again at the times
 * they give. Without --levels it plays four tables: all three levels, then
 * each pair head to head. For every level it prints the chips it won, how
 * often it bid, when (seconds after the reveal) and how far above the
 * optimum its final bid was, and how its demonstrations went; then when
 * each level first bid, by the round's optimum, which is what a person
 * playing against them races.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/ricochet/ricochet.h"
#include "games/tool.h"
#include "ricochet_cli.h"

#define MAX_ROUNDS 100000
#define BANDS 4

typedef struct round_note {
    int optimum;                    /* -1 when unknown */
    int first_bid_s[RICOCHET_MAX_SEATS]; /* tenths of seconds after the reveal, -1 none */
    int final_bid[RICOCHET_MAX_SEATS];
    int winner;
    bool no_bids;
} round_note;

typedef struct table_run {
    int seats;
    int levels[RICOCHET_MAX_SEATS];
    int64_t pace_ms;
    const char *options; /* NULL for the defaults */
    int rounds_wanted;
    uint64_t seed;
    round_note *notes;
    int nrounds;
    round_note cur; /* the round in progress */
    int chips[RICOCHET_MAX_SEATS];
    int demos[RICOCHET_MAX_SEATS], demos_ok[RICOCHET_MAX_SEATS];
    double call_ms_max[RICOCHET_MAX_SEATS], call_ms_sum[RICOCHET_MAX_SEATS];
    long calls[RICOCHET_MAX_SEATS];
    int games;
} table_run;

static const game_engine *E = &ricochet_engine;

static void note_reset(round_note *n)
{
    memset(n, 0, sizeof *n);
    n->optimum = n->winner = -1;
    for (int s = 0; s < RICOCHET_MAX_SEATS; s++)
        n->first_bid_s[s] = -1;
}

/* Reads the events of one input at game time `now` into the round notes. */
static void note_events(table_run *t, const game *g, json_t *events, int64_t now)
{
    size_t i;
    json_t *ev;
    json_array_foreach(events, i, ev) {
        const char *kind = json_string_value(json_object_get(ev, "kind"));
        int seat = (int)json_integer_value(json_object_get(ev, "seat"));
        round_note *n = &t->cur;
        if (strcmp(kind, "bid") == 0) {
            if (n->first_bid_s[seat] < 0)
                n->first_bid_s[seat] = (int)((now - ricochet_revealed_at(g)) / 100);
            n->final_bid[seat] = (int)json_integer_value(json_object_get(ev, "moves"));
        } else if (strcmp(kind, "demo_end") == 0) {
            t->demos[seat]++;
            t->demos_ok[seat] += json_is_true(json_object_get(ev, "success"));
        } else if (strcmp(kind, "round_end") == 0 && t->nrounds < t->rounds_wanted) {
            json_t *moves = json_object_get(json_object_get(ev, "optimal"), "moves");
            n->optimum = json_is_integer(moves) ? (int)json_integer_value(moves) : -1;
            json_t *w = json_object_get(ev, "winner");
            n->winner = json_is_integer(w) ? (int)json_integer_value(w) : -1;
            if (n->winner >= 0)
                t->chips[n->winner]++;
            n->no_bids = strcmp(json_string_value(json_object_get(ev, "outcome")), "no_bids") == 0;
            t->notes[t->nrounds++] = *n;
            note_reset(n);
        }
    }
}

/* Feeds the solver's answer if the game waits for one; true if it did. */
static bool solve_inline(game *g, int64_t now, json_t *events)
{
    json_t *req = E->work_request(g);
    if (!req)
        return false;
    static const volatile int never = 0;
    json_t *res = E->work_run(req, &never);
    json_t *action = json_pack("{s:s, s:O, s:o}", "kind", "work_done", "request", req, "result", res);
    game_error err;
    if (E->act(g, GAME_SEAT_SERVER, action, now, events, &err) < 0)
        fprintf(stderr, "bench: the solver's answer was refused: %s\n", err.message);
    json_decref(action);
    json_decref(req);
    return true;
}

/* One bot action if one is due; returns true if a bot acted. */
static bool bots_act(table_run *t, game *g, int64_t now, uint64_t salt, json_t *events,
                     int64_t *wake)
{
    for (int s = 0; s < t->seats; s++) {
        int64_t w = GAME_NO_DEADLINE;
        double t0 = tool_cpu_ms();
        json_t *a = E->bot(g, s, t->levels[s], now, salt + (uint64_t)s, &w, &game_no_cancel);
        double took = tool_cpu_ms() - t0;
        t->calls[s]++;
        t->call_ms_sum[s] += took;
        t->call_ms_max[s] = took > t->call_ms_max[s] ? took : t->call_ms_max[s];
        *wake = w < *wake ? w : *wake;
        if (!a)
            continue;
        game_error err;
        int rc = E->act(g, s, a, now, events, &err);
        if (rc < 0)
            fprintf(stderr, "bench: seat %d's bot tried an illegal action: %s\n", s, err.message);
        json_decref(a);
        if (rc == 0)
            return true;
    }
    return false;
}

/* One game, paced as a room paces it: after every input the bots are
 * asked again one pace later, and then at the times they give. */
static void play_game(table_run *t, uint64_t seed)
{
    game_error err;
    game *g = game_create_with(E, t->options, t->seats, seed, &err);
    if (!g) {
        fprintf(stderr, "bench: %s\n", err.message);
        exit(2);
    }
    t->games++;
    int64_t now = 0, ask_at = 0;
    note_reset(&t->cur);
    json_t *events = json_array();
    while (!E->over(g) && t->nrounds < t->rounds_wanted) {
        if (solve_inline(g, now, events))
            ask_at = now + t->pace_ms;
        int64_t wake = GAME_NO_DEADLINE, next_ask = ask_at;
        if (now >= ask_at) {
            if (bots_act(t, g, now, seed ^ (uint64_t)now, events, &wake))
                next_ask = ask_at = now + t->pace_ms;
            else
                next_ask = wake == GAME_NO_DEADLINE ? wake : wake > ask_at ? wake : ask_at;
        }
        note_events(t, g, events, now);
        json_array_clear(events);
        int64_t next = E->deadline(g);
        next = next_ask < next ? next_ask : next;
        if (next == GAME_NO_DEADLINE)
            break;
        now = next > now ? next : now;
        if (E->deadline(g) <= now) {
            E->tick(g, now, events);
            ask_at = now + t->pace_ms;
        }
        note_events(t, g, events, now);
        json_array_clear(events);
    }
    json_decref(events);
    E->destroy(g);
}

static int cmp_int(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

/* Median of the first-bid times (tenths of a second) of `seat` in rounds
 * whose optimum lies in [lo, hi]; also how many of those rounds it bid in. */
static double median_first_bid(const table_run *t, int seat, int lo, int hi, int *bid, int *rounds)
{
    int *v = malloc(sizeof(int) * (size_t)(t->nrounds + 1)), n = 0;
    *bid = *rounds = 0;
    for (int r = 0; r < t->nrounds; r++) {
        const round_note *note = &t->notes[r];
        if (note->optimum < lo || note->optimum > hi)
            continue;
        (*rounds)++;
        if (note->first_bid_s[seat] >= 0)
            v[n++] = note->first_bid_s[seat];
    }
    *bid = n;
    qsort(v, (size_t)n, sizeof *v, cmp_int);
    double m = n ? v[n / 2] / 10.0 : -1;
    free(v);
    return m;
}

static void print_table(const table_run *t)
{
    printf("\n%d rounds (%d game%s), seats:", t->nrounds, t->games, t->games == 1 ? "" : "s");
    for (int s = 0; s < t->seats; s++)
        printf(" %s", ricochet_bot_levels[t->levels[s]]);
    int no_bids = 0;
    for (int r = 0; r < t->nrounds; r++)
        no_bids += t->notes[r].no_bids;
    printf("; %d rounds without a bid\n", no_bids);
    printf("%-8s %6s %6s %7s %14s %14s %9s %20s\n", "seat", "chips", "share", "bid in",
           "first bid (s)", "bid - optimum", "demos ok", "bot() cpu ms mean/max");
    for (int s = 0; s < t->seats; s++) {
        int bid, rounds, over = 0, counted = 0;
        double med = median_first_bid(t, s, 0, 1000, &bid, &rounds);
        for (int r = 0; r < t->nrounds; r++) {
            const round_note *n = &t->notes[r];
            if (n->final_bid[s] > 0 && n->optimum > 0) {
                over += n->final_bid[s] - n->optimum;
                counted++;
            }
        }
        char demos[24];
        snprintf(demos, sizeof demos, "%d/%d", t->demos_ok[s], t->demos[s]);
        char cost[32];
        snprintf(cost, sizeof cost, "%.2f/%.1f", t->calls[s] ? t->call_ms_sum[s] / (double)t->calls[s] : 0,
                 t->call_ms_max[s]);
        printf("%-8s %6d %5.0f%% %6.0f%% %14.1f %14.2f %9s %20s\n", ricochet_bot_levels[t->levels[s]],
               t->chips[s], t->nrounds ? 100.0 * t->chips[s] / t->nrounds : 0,
               t->nrounds ? 100.0 * bid / t->nrounds : 0, med, counted ? (double)over / counted : 0,
               demos, cost);
    }
    static const int band_lo[BANDS] = {2, 5, 7, 9}, band_hi[BANDS] = {4, 6, 8, 60};
    printf("first bid by the optimum: median seconds after the reveal (share of rounds bid in)\n");
    printf("%-8s", "optimum");
    for (int b = 0; b < BANDS; b++) {
        char head[16];
        snprintf(head, sizeof head, b == BANDS - 1 ? "%d+" : "%d-%d", band_lo[b], band_hi[b]);
        printf(" %16s", head);
    }
    printf("\n");
    for (int s = 0; s < t->seats; s++) {
        printf("%-8s", ricochet_bot_levels[t->levels[s]]);
        for (int b = 0; b < BANDS; b++) {
            int bid, rounds;
            double med = median_first_bid(t, s, band_lo[b], band_hi[b], &bid, &rounds);
            char cell[32];
            if (!rounds)
                snprintf(cell, sizeof cell, "-");
            else if (!bid)
                snprintf(cell, sizeof cell, "never (0/%d)", rounds);
            else
                snprintf(cell, sizeof cell, "%.0f (%d/%d)", med, bid, rounds);
            printf(" %16s", cell);
        }
        printf("\n");
    }
}

static void run_table(int seats, const int *levels, int rounds, uint64_t seed, int64_t pace,
                      const char *options)
{
    table_run t = {.seats = seats, .pace_ms = pace, .options = options, .rounds_wanted = rounds,
                   .seed = seed};
    memcpy(t.levels, levels, sizeof(int) * (size_t)seats);
    t.notes = calloc((size_t)rounds, sizeof *t.notes);
    for (uint64_t game_no = 0; t.nrounds < rounds; game_no++)
        play_game(&t, seed * 1000003 + game_no);
    print_table(&t);
    free(t.notes);
}

/* The seats' levels of --levels easy,normal,hard. */
typedef struct seat_levels {
    int level[RICOCHET_MAX_SEATS];
    int n;
} seat_levels;

static bool read_levels(const char *list, void *into)
{
    seat_levels *l = into;
    char buf[128];
    snprintf(buf, sizeof buf, "%s", list);
    l->n = 0;
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        int level = game_bot_level(E, tok);
        if (level < 0 || l->n == RICOCHET_MAX_SEATS)
            return false;
        l->level[l->n++] = level;
    }
    return l->n >= RICOCHET_MIN_SEATS;
}

static const char usage[] =
    "usage: botpit bench ricochet --bots [--rounds N] [--seed S] [--levels easy,normal,hard]\n"
    "                                    [--pace-ms MS] [--silver]\n";

int ricochet_bench_bots(int argc, char **argv)
{
    int rounds = 300, seed = 1, pace = 800;
    seat_levels levels = {.n = 0};
    bool bots = false, silver = false;
    const tool_flag flags[] = {
        TOOL_SWITCH_FLAG("--bots", &bots),
        TOOL_SWITCH_FLAG("--silver", &silver),
        TOOL_OWN_FLAG("--levels", &levels, read_levels, "2 to 8 of easy, normal, hard"),
        TOOL_INT_FLAG("--rounds", &rounds, 1, MAX_ROUNDS),
        TOOL_INT_FLAG("--seed", &seed, 0, INT_MAX),
        TOOL_INT_FLAG("--pace-ms", &pace, 0, INT_MAX),
        TOOL_FLAGS_END,
    };
    if (tool_flags_read("bench ricochet", usage, flags, argc, argv) < 0)
        return 2;
    const char *options = silver ? "{\"silver\": true}" : NULL;
    printf("ricochet bot bench: %d rounds a table, seed %d, bots act at most every %d ms,\n"
           "default options%s (60 s sand timer, bots thinking at 100%%)\n", rounds, seed, pace,
           options ? " and a silver robot" : "");
    if (levels.n) {
        run_table(levels.n, levels.level, rounds, (uint64_t)seed, pace, options);
        return 0;
    }
    static const int tables[4][3] = {{0, 1, 2}, {0, 1, -1}, {1, 2, -1}, {0, 2, -1}};
    for (int i = 0; i < 4; i++)
        run_table(tables[i][2] < 0 ? 2 : 3, tables[i], rounds, (uint64_t)seed, pace, options);
    return 0;
}
