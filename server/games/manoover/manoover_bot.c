/* manoover_bot.c: easy (random), normal (greedy over the turn) and hard
 * (expectimax over the next player's dice and reply). */
#include "manoover_bot.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ evaluation */

/* Weights of the static evaluation, in robots-in-goal. */
#define W_GOAL 1.0         /* a robot in the goal */
#define W_AIMED_OWN 0.7    /* an own robot whose arrow leads into the own goal */
#define W_AIMED_OTHER 0.35 /* someone else's robot whose arrow leads into this goal */
#define W_TURNABLE 0.2     /* an own robot one turn away from aiming at the own goal */
#define W_CLOSE 0.3        /* a lead counts more as the game nears its end */
#define DECAY 0.85         /* per step still to go */
#define WIN 1000.0         /* a decided game */

/* Search bounds: node counts, never time. */
#define SEEN_BITS 15
#define ROOT_NODES 20000   /* positions a root search may generate */
#define HARD_CANDIDATES 8  /* end positions hard looks at more closely */
#define HARD_SAMPLES 12    /* throws of the next player it samples for each */

/* Where each straight line from a cell leads: a goal (its seat) or off the
 * edge (-1), and in how many steps. */
typedef struct rays {
    int8_t goal[MANOOVER_GRID][MANOOVER_DIRS];
    uint8_t len[MANOOVER_GRID][MANOOVER_DIRS];
    uint8_t best[MANOOVER_GRID][MANOOVER_MAX_SEATS]; /* fewest steps to each goal, 0 = none */
    float aim[MANOOVER_GRID][MANOOVER_DIRS];        /* DECAY^(len - 1) */
    float near[MANOOVER_GRID][MANOOVER_MAX_SEATS];  /* DECAY^(best - 1), 0 = none */
} rays;

static void rays_build(rays *rs, const manoover_layout *l)
{
    memset(rs, 0, sizeof *rs);
    int R = l->radius;
    for (int q = -R; q <= R; q++) {
        for (int r = -R; r <= R; r++) {
            manoover_cell c = {(int8_t)q, (int8_t)r};
            if (!manoover_on_board(l, c))
                continue;
            int ci = manoover_cell_index(c);
            for (int d = 0; d < MANOOVER_DIRS; d++) {
                manoover_cell x = manoover_neighbour(c, d);
                int k = 1;
                while (manoover_on_board(l, x) && manoover_goal_owner(l, x) < 0) {
                    x = manoover_neighbour(x, d);
                    k++;
                }
                int g = manoover_on_board(l, x) ? manoover_goal_owner(l, x) : -1;
                rs->goal[ci][d] = (int8_t)g;
                rs->len[ci][d] = (uint8_t)k;
                rs->aim[ci][d] = (float)pow(DECAY, k - 1);
                if (g >= 0 && (rs->best[ci][g] == 0 || k < rs->best[ci][g])) {
                    rs->best[ci][g] = (uint8_t)k;
                    rs->near[ci][g] = rs->aim[ci][d];
                }
            }
        }
    }
}

/* A finished game: a win or loss dwarfs everything, then the margin. */
static double evaluate_final(const manoover_pos *p, int me)
{
    int seats = p->layout->seats;
    int best_other = -1;
    for (int s = 0; s < seats; s++) {
        if (s != me && p->scored[s] > best_other)
            best_other = p->scored[s];
    }
    int margin = p->scored[me] - best_other;
    double base = margin > 0 ? WIN : margin < 0 ? -WIN : 0;
    return base + margin;
}

static double evaluate(const rays *rs, const manoover_pos *p, int me)
{
    if (p->over)
        return evaluate_final(p, me);
    const manoover_layout *l = p->layout;
    int seats = l->seats;
    double v[MANOOVER_MAX_SEATS] = {0};
    for (int s = 0; s < seats; s++)
        v[s] = W_GOAL * p->scored[s];
    for (int i = 0; i < seats * l->robots; i++) {
        const manoover_robot *r = &p->robot[i];
        if (r->where != MANOOVER_ON_BOARD)
            continue;
        int o = manoover_robot_seat(l, i);
        int ci = manoover_cell_index(r->cell);
        int g = rs->goal[ci][r->dir];
        if (g >= 0)
            v[g] += (g == o ? W_AIMED_OWN : W_AIMED_OTHER) * rs->aim[ci][r->dir];
        if (g != o)
            v[o] += W_TURNABLE * rs->near[ci][o];
    }
    if (seats == 2) {
        int other = 1 - me;
        int fewest = p->alive[0] < p->alive[1] ? p->alive[0] : p->alive[1];
        double lead = p->scored[me] - p->scored[other];
        return v[me] - v[other] + W_CLOSE * lead / (fewest > 0 ? fewest : 1);
    }
    double best_other = -1e9;
    for (int s = 0; s < seats; s++) {
        if (s != me && v[s] > best_other)
            best_other = v[s];
    }
    return v[me] - best_other;
}

double manoover_bot_evaluate(const manoover_pos *p, int seat)
{
    rays rs;
    rays_build(&rs, p->layout);
    return evaluate(&rs, p, seat);
}

/* ------------------------------------------------------------ simulation */

/* What follows the end of `seat`'s control phase up to the next throw: its
 * automatic phase, or in the alternate order the next player's (not on that
 * player's first turn). Returns the seat that throws next, or -1 if the game
 * ended. Mirrors settle() and begin_turn() in manoover_game.c. */
static int finish_control(manoover_pos *p, int seat, bool alternate)
{
    if (!alternate)
        manoover_automatic(p, seat, NULL, NULL);
    if (p->over)
        return -1;
    int next = manoover_next_seat(p, seat);
    bool first_of_seat = p->turns_taken[next] == 0;
    p->turns++;
    p->turns_taken[next]++;
    if (alternate && !first_of_seat)
        manoover_automatic(p, next, NULL, NULL);
    return p->over ? -1 : next;
}

/* ------------------------------------------------------------ bot state */

typedef struct bot {
    rays rs;
    bool alternate;
    uint64_t *keys;  /* the seen-position set of the current search */
    uint32_t *stamp; /* slot is live when stamp == current */
    uint32_t current;
    long seen_count;
    manoover_bot_stats stats;
    long node_limit;
} bot;

static int bot_init(bot *b, const manoover_situation *s)
{
    memset(b, 0, sizeof *b);
    rays_build(&b->rs, s->pos.layout);
    b->alternate = s->alternate;
    b->keys = malloc(sizeof(uint64_t) << SEEN_BITS);
    b->stamp = calloc((size_t)1 << SEEN_BITS, sizeof(uint32_t));
    if (!b->keys || !b->stamp) {
        free(b->keys);
        free(b->stamp);
        return -1;
    }
    return 0;
}

static void bot_free(bot *b)
{
    free(b->keys);
    free(b->stamp);
}

static void seen_reset(bot *b)
{
    b->current++;
    b->seen_count = 0;
}

/* Marks key seen; true if it already was. When the table fills up it stops
 * remembering, and the node limit bounds the search instead. */
static bool seen_check(bot *b, uint64_t key)
{
    uint32_t mask = (1u << SEEN_BITS) - 1;
    if (b->seen_count * 2 > (long)mask)
        return false;
    for (uint32_t i = (uint32_t)key & mask;; i = (i + 1) & mask) {
        if (b->stamp[i] != b->current) {
            b->stamp[i] = b->current;
            b->keys[i] = key;
            b->seen_count++;
            return false;
        }
        if (b->keys[i] == key)
            return true;
    }
}

static uint64_t pos_hash(const manoover_pos *p, const uint8_t *dice, int ndice)
{
    const manoover_layout *l = p->layout;
    uint64_t h = 0x6d616e6f6f766572ULL;
    for (int i = 0; i < l->seats * l->robots; i++) {
        const manoover_robot *r = &p->robot[i];
        uint64_t x = r->where == MANOOVER_ON_BOARD
                         ? (uint64_t)(uint8_t)r->cell.q | (uint64_t)(uint8_t)r->cell.r << 8 |
                               (uint64_t)r->dir << 16
                         : (uint64_t)(r->where + 1) << 24 | (uint64_t)(uint8_t)(r->goal + 1) << 28;
        h = rng_mix(h ^ x);
    }
    /* The dice as a multiset: counts per face. */
    uint64_t counts = 0;
    for (int d = 0; d < ndice; d++)
        counts += 1ULL << (4 * dice[d]);
    return rng_mix(h ^ counts);
}

/* ------------------------------------------------------------ actions */

int manoover_bot_legal(const manoover_situation *s, manoover_action *out)
{
    const manoover_layout *l = s->pos.layout;
    int n = 0;
    bool done[MANOOVER_MAX_ROBOTS_PER_SEAT + 1] = {false};
    for (int d = 0; d < s->ndice; d++) {
        int v = s->dice[d];
        if (v < 1 || v > l->robots || done[v] || !manoover_robot_on_board(&s->pos, s->seat, v))
            continue;
        done[v] = true;
        int dir = s->pos.robot[manoover_robot_index(l, s->seat, v)].dir;
        out[n++] = (manoover_action){MANOOVER_ACT_STEP, (uint8_t)v, 0};
        for (int x = 0; x < MANOOVER_DIRS; x++) {
            if (x != dir)
                out[n++] = (manoover_action){MANOOVER_ACT_TURN, (uint8_t)v, (uint8_t)x};
        }
    }
    out[n++] = (manoover_action){MANOOVER_ACT_PASS, 0, 0};
    return n;
}

static void take_die(uint8_t *dice, int *ndice, int value)
{
    for (int d = 0; d < *ndice; d++) {
        if (dice[d] == value) {
            dice[d] = dice[--*ndice];
            return;
        }
    }
}

/* Applies a (non-pass) action to p and removes its die from dice. */
static void apply(manoover_pos *p, int seat, uint8_t *dice, int *ndice, const manoover_action *a)
{
    int i = manoover_robot_index(p->layout, seat, a->robot);
    if (a->kind == MANOOVER_ACT_STEP) {
        manoover_move m;
        manoover_step(p, i, &m);
    } else {
        manoover_turn(p, i, a->dir);
    }
    take_die(dice, ndice, a->robot);
}

/* The dice of a throw that still name robots on the board. */
static int usable_dice(const manoover_pos *p, int seat, const uint8_t *dice, int ndice,
                       uint8_t *out)
{
    int n = 0;
    for (int d = 0; d < ndice; d++) {
        if (manoover_robot_on_board(p, seat, dice[d]))
            out[n++] = dice[d];
    }
    return n;
}

/* ------------------------------------------------------------ search */

/* An end of the control phase: its first action, and the position at the
 * next throw. */
typedef struct candidate {
    manoover_action first;
    manoover_pos after;
    int next;
    double score;
} candidate;

typedef struct search {
    bot *b;
    int seat;  /* who acts */
    int me;    /* whose evaluation */
    candidate *best; /* the k best, best first */
    int k, n;
} search;

static void offer(search *s, const manoover_action *first, const manoover_pos *after, int next,
                  double score)
{
    if (s->n == s->k && score <= s->best[s->n - 1].score)
        return;
    int at = s->n < s->k ? s->n++ : s->n - 1;
    while (at > 0 && s->best[at - 1].score < score) {
        s->best[at] = s->best[at - 1];
        at--;
    }
    s->best[at] = (candidate){*first, *after, next, score};
}

/* Every sequence of actions from p with these dice (duplicates of a position
 * and its dice are looked at once). `last_turned` is a robot just turned: a
 * second turn straight after it would only waste a die. */
static void explore(search *s, const manoover_pos *p, const uint8_t *dice, int ndice,
                    const manoover_action *first, int last_turned)
{
    bot *b = s->b;
    b->stats.nodes++;
    if (seen_check(b, pos_hash(p, dice, ndice)))
        return;

    manoover_pos after = *p;
    int next = finish_control(&after, s->seat, b->alternate);
    b->stats.evals++;
    offer(s, first, &after, next, evaluate(&b->rs, &after, s->me));

    if (p->over || b->stats.nodes >= b->node_limit)
        return;
    manoover_situation here = {.pos = *p, .seat = s->seat, .ndice = ndice};
    memcpy(here.dice, dice, (size_t)ndice);
    manoover_action acts[MANOOVER_MAX_DICE * MANOOVER_DIRS + 1];
    int nacts = manoover_bot_legal(&here, acts) - 1; /* not pass: that is the leaf above */
    for (int k = 0; k < nacts; k++) {
        if (acts[k].kind == MANOOVER_ACT_TURN && acts[k].robot == last_turned)
            continue;
        manoover_pos child = *p;
        uint8_t left[MANOOVER_MAX_DICE];
        int nleft = ndice;
        memcpy(left, dice, (size_t)ndice);
        apply(&child, s->seat, left, &nleft, &acts[k]);
        explore(s, &child, left, nleft, first->kind == MANOOVER_ACT_PASS ? &acts[k] : first,
                acts[k].kind == MANOOVER_ACT_TURN ? acts[k].robot : -1);
    }
}

/* The k best ends of `seat`'s control phase for `me`; returns how many. */
static int search_ends(bot *b, const manoover_pos *p, int seat, int me, const uint8_t *dice,
                       int ndice, candidate *best, int k)
{
    search s = {b, seat, me, best, k, 0};
    seen_reset(b);
    manoover_action pass = {MANOOVER_ACT_PASS, 0, 0};
    explore(&s, p, dice, ndice, &pass, -1);
    return s.n;
}

/* A cheaper reply, for the players a hard bot imagines: one action at a
 * time, each the best for `seat` on its own, until nothing improves.
 * Returns the position at the next throw. */
static manoover_pos greedy_reply(bot *b, const manoover_pos *start, int seat, uint8_t *dice,
                                 int ndice)
{
    manoover_pos cur = *start;
    manoover_pos best_after = cur;
    finish_control(&best_after, seat, b->alternate);
    double best = evaluate(&b->rs, &best_after, seat);
    b->stats.evals++;
    while (ndice > 0 && !cur.over) {
        manoover_situation here = {.pos = cur, .seat = seat, .ndice = ndice};
        memcpy(here.dice, dice, (size_t)ndice);
        manoover_action acts[MANOOVER_MAX_DICE * MANOOVER_DIRS + 1];
        int nacts = manoover_bot_legal(&here, acts) - 1;
        int chosen = -1;
        manoover_pos chosen_pos = cur;
        for (int k = 0; k < nacts; k++) {
            manoover_pos child = cur;
            uint8_t left[MANOOVER_MAX_DICE];
            int nleft = ndice;
            memcpy(left, dice, (size_t)ndice);
            apply(&child, seat, left, &nleft, &acts[k]);
            manoover_pos after = child;
            finish_control(&after, seat, b->alternate);
            double v = evaluate(&b->rs, &after, seat);
            b->stats.nodes++;
            b->stats.evals++;
            if (v > best + 1e-9) {
                best = v;
                best_after = after;
                chosen = k;
                chosen_pos = child;
            }
        }
        if (chosen < 0)
            break;
        cur = chosen_pos;
        take_die(dice, &ndice, acts[chosen].robot);
        ndice = usable_dice(&cur, seat, dice, ndice, dice);
    }
    return best_after;
}

/* Raw faces of a throw and its re-throw; resolved against a position later so
 * that every candidate meets the same luck. */
typedef struct throw_sample {
    uint8_t first[MANOOVER_MAX_DICE], second[MANOOVER_MAX_DICE];
} throw_sample;

static int resolve_throw(const manoover_pos *p, int seat, const throw_sample *t, uint8_t *out)
{
    const manoover_layout *l = p->layout;
    int n = 0;
    for (int d = 0; d < l->dice; d++) {
        if (manoover_robot_on_board(p, seat, t->first[d]))
            out[n++] = t->first[d];
        else if (manoover_robot_on_board(p, seat, t->second[d]))
            out[n++] = t->second[d];
    }
    return n;
}

/* Expected evaluation for `me` of a candidate: the next player throws (the
 * samples), replies greedily and plays on to the throw after. */
static double expectimax(bot *b, const candidate *c, int me, const throw_sample *samples, int ns)
{
    if (c->after.over || c->next < 0)
        return c->score;
    double sum = 0;
    for (int k = 0; k < ns; k++) {
        uint8_t dice[MANOOVER_MAX_DICE];
        int nd = resolve_throw(&c->after, c->next, &samples[k], dice);
        manoover_pos end = greedy_reply(b, &c->after, c->next, dice, nd);
        sum += evaluate(&b->rs, &end, me);
        b->stats.evals++;
    }
    return sum / ns;
}

static manoover_action choose_random(const manoover_situation *s, rng *r)
{
    manoover_action acts[MANOOVER_MAX_DICE * MANOOVER_DIRS + 1];
    int n = manoover_bot_legal(s, acts);
    return acts[rng_below(r, (uint32_t)n)];
}

manoover_action manoover_bot_choose(const manoover_situation *s, int level, uint64_t salt,
                                    manoover_bot_stats *stats)
{
    rng r;
    rng_seed(&r, salt);
    manoover_action pass = {MANOOVER_ACT_PASS, 0, 0};
    if (level <= MANOOVER_BOT_EASY)
        return choose_random(s, &r);

    bot *b = malloc(sizeof *b);
    if (!b || bot_init(b, s) < 0) {
        free(b);
        return choose_random(s, &r);
    }
    b->node_limit = ROOT_NODES;
    int k = level >= MANOOVER_BOT_HARD ? HARD_CANDIDATES : 1;
    candidate *best = malloc(sizeof *best * (size_t)k);
    manoover_action chosen = pass;
    if (best) {
        int n = search_ends(b, &s->pos, s->seat, s->seat, s->dice, s->ndice, best, k);
        int pick = 0;
        if (level >= MANOOVER_BOT_HARD && n > 1) {
            throw_sample samples[HARD_SAMPLES];
            int faces = s->pos.layout->faces;
            for (int t = 0; t < HARD_SAMPLES; t++) {
                for (int d = 0; d < MANOOVER_MAX_DICE; d++) {
                    samples[t].first[d] = (uint8_t)rng_range(&r, 1, faces);
                    samples[t].second[d] = (uint8_t)rng_range(&r, 1, faces);
                }
            }
            double top = -1e18;
            for (int c = 0; c < n; c++) {
                double v = expectimax(b, &best[c], s->seat, samples, HARD_SAMPLES);
                if (v > top) {
                    top = v;
                    pick = c;
                }
            }
        }
        if (n > 0)
            chosen = best[pick].first;
        free(best);
    }
    if (stats)
        *stats = b->stats;
    bot_free(b);
    free(b);
    return chosen;
}

/* ------------------------------------------------------------ the contract */

bool manoover_bot_situation(const game *g, manoover_situation *out)
{
    if (g->phase != MANOOVER_PHASE_CONTROL || g->pos.over)
        return false;
    memset(out, 0, sizeof *out);
    out->pos = g->pos;
    out->seat = g->turn;
    out->alternate = g->alternate;
    out->ndice = manoover_game_usable_dice(g, out->dice);
    return true;
}

json_t *manoover_action_json(const manoover_action *a)
{
    switch (a->kind) {
    case MANOOVER_ACT_TURN:
        return json_pack("{sssiss}", "kind", "turn", "robot", a->robot, "dir",
                         manoover_dir_name(a->dir));
    case MANOOVER_ACT_STEP:
        return json_pack("{sssi}", "kind", "step", "robot", a->robot);
    default:
        return json_pack("{ss}", "kind", "pass");
    }
}

json_t *manoover_bot(const game *g, int seat, int level, int64_t now_ms, uint64_t salt,
                     int64_t *wake_ms)
{
    (void)now_ms;
    (void)wake_ms;
    manoover_situation s;
    if (!manoover_bot_situation(g, &s) || s.seat != seat)
        return NULL;
    manoover_action a = manoover_bot_choose(&s, level, salt, NULL);
    return manoover_action_json(&a);
}
