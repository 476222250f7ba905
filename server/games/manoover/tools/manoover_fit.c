/* manoover_fit.c: `botpit manoover-fit`, which refits the weights of the
 * hard bot's evaluation: normal plays normal (with a share of random
 * actions, for variety), every turn records the features of each seat, and
 * least squares fits them to how the game ended for that seat (1 win, -1
 * loss, the --tie value for a shared top), one fit per phase of the game
 * (manoover_bot_phase) and per who throws next. Prints the weights as the C
 * initializer of a row of the table in manoover_bot.c. CLI code: it prints. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/manoover/manoover.h"
#include "games/manoover/manoover_state.h"
#include "games/tool.h"
#include "manoover_tools.h"

#define NF MANOOVER_BOT_FEATURES
#define NP MANOOVER_BOT_PHASES

typedef struct sample_row {
    double f[NF];
    int seat;
    int to_move; /* 1 if this seat throws next */
    int phase;   /* manoover_bot_phase */
} sample_row;

/* Normal equations, one system per phase and to_move. */
typedef struct normal_eq {
    double xtx[NP][2][NF][NF], xty[NP][2][NF];
    long rows[NP][2];
} normal_eq;

static void add_row(normal_eq *q, const sample_row *r, double y)
{
    int t = r->to_move, ph = r->phase;
    q->rows[ph][t]++;
    for (int i = 0; i < NF; i++) {
        q->xty[ph][t][i] += r->f[i] * y;
        for (int j = 0; j < NF; j++)
            q->xtx[ph][t][i][j] += r->f[i] * r->f[j];
    }
}

/* Solves (A + ridge) x = b by Gauss-Jordan with partial pivoting. */
static int solve(const double a[NF][NF], const double *b, double *x)
{
    double m[NF][NF + 1];
    for (int i = 0; i < NF; i++) {
        for (int j = 0; j < NF; j++)
            m[i][j] = a[i][j] + (i == j ? 1e-3 : 0);
        m[i][NF] = b[i];
    }
    for (int c = 0; c < NF; c++) {
        int p = c;
        for (int r = c + 1; r < NF; r++) {
            if (fabs(m[r][c]) > fabs(m[p][c]))
                p = r;
        }
        for (int k = 0; k <= NF; k++) {
            double t = m[c][k];
            m[c][k] = m[p][k];
            m[p][k] = t;
        }
        if (fabs(m[c][c]) < 1e-12)
            return -1;
        for (int r = 0; r < NF; r++) {
            if (r == c)
                continue;
            double f = m[r][c] / m[c][c];
            for (int k = c; k <= NF; k++)
                m[r][k] -= f * m[c][k];
        }
    }
    for (int i = 0; i < NF; i++)
        x[i] = m[i][NF] / m[i][i];
    return 0;
}

/* Plays one game, adding its rows; returns 0, or -1 if an action was refused. */
static int play_game(const char *options, int seats, rng *r, double random_share, double tie,
                     normal_eq *q)
{
    game_error err;
    game *g = game_create_with(&manoover_engine, options, seats, rng_next(r), &err);
    if (!g) {
        fprintf(stderr, "manoover-fit: %s\n", err.message);
        return -1;
    }
    sample_row *rows = NULL;
    size_t nrows = 0, cap = 0;
    int last_turn = -1;
    while (!manoover_engine.over(g)) {
        if (g->pos.turns != last_turn) {
            last_turn = g->pos.turns;
            for (int s = 0; s < seats; s++) {
                if (nrows == cap) {
                    cap = cap ? cap * 2 : 256;
                    rows = realloc(rows, cap * sizeof *rows);
                }
                manoover_bot_features(&g->pos, s, rows[nrows].f);
                rows[nrows].seat = s;
                rows[nrows].phase = manoover_bot_phase(&g->pos);
                rows[nrows++].to_move = g->turn == s;
            }
        }
        manoover_situation st;
        manoover_game_situation(g, &st);
        manoover_action a;
        if ((double)rng_below(r, 1000000) < random_share * 1e6) {
            manoover_action acts[MANOOVER_MAX_DICE * MANOOVER_DIRS + 1];
            a = acts[rng_below(r, (uint32_t)manoover_bot_legal(&st, acts))];
        } else {
            a = manoover_bot_choose(&st, MANOOVER_BOT_NORMAL, rng_next(r), NULL, NULL);
        }
        json_t *action = manoover_action_json(&a), *events = json_array();
        int rc = manoover_engine.act(g, g->turn, action, 0, events, &err);
        json_decref(action);
        json_decref(events);
        if (rc < 0) {
            fprintf(stderr, "manoover-fit: a bot action was refused: %s\n", err.message);
            free(rows);
            manoover_engine.destroy(g);
            return -1;
        }
    }
    for (size_t k = 0; k < nrows; k++) {
        int me = rows[k].seat, best_other = -1;
        for (int s = 0; s < seats; s++) {
            if (s != me && g->pos.scored[s] > best_other)
                best_other = g->pos.scored[s];
        }
        int margin = g->pos.scored[me] - best_other;
        add_row(q, &rows[k], margin > 0 ? 1 : margin < 0 ? -1 : tie);
    }
    free(rows);
    manoover_engine.destroy(g);
    return 0;
}

static void print_row(const double *w)
{
    printf("{");
    for (int i = 0; i < NF; i++)
        printf("%.4f%s", w[i], i + 1 < NF ? ", " : "}");
}

int manoover_fit_main(int argc, char **argv)
{
    const char *variant = "standard";
    int games = 20000;
    uint64_t seed = 12345;
    double random_share = 0.1, tie = -0.3;
    bool alternate = false;
    static const char usage[] = "usage: botpit manoover-fit [--variant standard|three|plus] [--games N] "
                                "[--seed S] [--random SHARE] [--tie VALUE] [--alternate]\n";
    const tool_flag flags[] = {
        TOOL_TEXT_FLAG("--variant", &variant),
        TOOL_INT_FLAG("--games", &games, 1, 100000000),
        TOOL_SEED_FLAG("--seed", &seed),
        TOOL_REAL_FLAG("--random", &random_share),
        TOOL_REAL_FLAG("--tie", &tie),
        TOOL_SWITCH_FLAG("--alternate", &alternate),
        TOOL_FLAGS_END,
    };
    if (tool_flags_read("manoover-fit", usage, flags, argc, argv) < 0)
        return 2;
    const manoover_layout *l = manoover_layout_find(variant);
    if (!l) {
        fprintf(stderr, "manoover-fit: no variant %s\n%s", variant, usage);
        return 2;
    }
    char options[128];
    snprintf(options, sizeof options, "{\"variant\":\"%s\",\"alternate\":%s,\"match_to\":0}",
             variant, alternate ? "true" : "false");
    normal_eq *q = calloc(1, sizeof *q);
    if (!q)
        return 1;
    rng r;
    rng_seed(&r, seed);
    for (int k = 0; k < games; k++) {
        if (play_game(options, l->seats, &r, random_share, tie, q) < 0) {
            free(q);
            return 1;
        }
    }
    double w[NP][2][NF];
    for (int ph = 0; ph < NP; ph++) {
        for (int t = 0; t < 2; t++) {
            if (solve((const double(*)[NF])q->xtx[ph][t], q->xty[ph][t], w[ph][t]) < 0) {
                fprintf(stderr, "manoover-fit: the features are degenerate; play more games\n");
                free(q);
                return 1;
            }
        }
    }
    printf("/* %s: %d games, tie %.2f; positions by phase:", variant, games, tie);
    for (int ph = 0; ph < NP; ph++)
        printf(" %ld + %ld", q->rows[ph][0], q->rows[ph][1]);
    printf(" */\n{\"%s\", {0.85, 1.0, %.1f, 0.02,\n {", variant, tie);
    for (int ph = 0; ph < NP; ph++) {
        printf("%s{", ph ? ",\n  " : "");
        print_row(w[ph][0]);
        printf(",\n   ");
        print_row(w[ph][1]);
        printf("}");
    }
    printf("}}},\n");
    free(q);
    return 0;
}
