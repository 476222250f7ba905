/* manoover_bot.c: easy (random), normal (greedy over the turn) and hard
 * (expectimax over the next throws and replies). */
#include "manoover_bot.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ evaluation */

/* What the evaluation looks at, for one seat ("me") against its strongest
 * rival (the other seat with most robots in its goal). */
enum feature {
    F_LEAD,           /* robots in my goal minus robots in the rival's */
    F_AIM_MINE,       /* my robots walking into my goal, decayed by distance */
    F_AIM_THEIRS,     /* the rival's robots walking into the rival's goal */
    F_AIM_AT_ME,      /* anyone else's robots walking into my goal */
    F_AIM_AT_THEM,    /* anyone else's robots walking into the rival's goal */
    F_PUSH_MINE,      /* robots in the way of a robot walking into my goal */
    F_PUSH_THEIRS,    /* the same for the rival's goal */
    F_TURN_MINE,      /* my robots one turn away from aiming at my goal */
    F_TURN_THEIRS,    /* the same for the rival */
    F_ALIVE_MINE,     /* my robots on the board */
    F_ALIVE_THEIRS,   /* the rival's */
    F_LEAVING_MINE,   /* my robots that walk off the edge at their next step */
    F_LEAVING_THEIRS, /* the rival's */
    F_LEAD_CLOSE,     /* the lead over the fewest robots left to anyone in play */
    F_SIGN,           /* -1, 0 or 1: who is ahead */
    F_SIGN_CLOSE,     /* the same over the fewest robots left */
    F_BIAS,           /* 1 */
    F_SIGN_MINE_LOW,  /* who is ahead, over my robots left */
    F_SIGN_THEIRS_LOW, /* who is ahead, over the rival's robots left */
    F_COUNT
};

/* An evaluation: feature weights for when the rival throws next ([0]) and
 * for when I do ([1]); a finished game is worth win, tie or -win, plus
 * margin a robot. */
typedef struct weights {
    double decay; /* per step still to go */
    double win, tie, margin;
    double w[MANOOVER_BOT_PHASES][2][F_COUNT]; /* by manoover_bot_phase */
} weights;

/* normal: set by hand, in robots-in-goal: goals, robots walking into goals,
 * and a lead that weighs more as robots run out. */
#define PLAIN_W {1, 0.7, -0.7, 0.35, -0.35, 0, 0, 0.2, -0.2, 0, 0, 0, 0, 0.3, 0, 0, 0, 0, 0}
static const weights plain = {
    0.85, 1000.0, 0.0, 1.0,
    {{PLAIN_W, PLAIN_W}, {PLAIN_W, PLAIN_W}, {PLAIN_W, PLAIN_W}, {PLAIN_W, PLAIN_W},
     {PLAIN_W, PLAIN_W}}};

/* hard: fitted by least squares, for each variant and phase of the game
 * (manoover_bot_phase), to the results of self-play games (normal against
 * normal, one action in ten random: see manoover_fit.c), a win counting 1, a
 * loss -1 and a tie -0.3 (hard plays to win), so that it reads as an
 * expected result. Fitting to -1 for a tie (the bench's idea of a win) lost
 * more games than it won from ties. three and plus have one set of weights,
 * the same in every phase. The alternate order uses its variant's weights. */
typedef struct variant_weights {
    const char *variant;
    weights w;
} variant_weights;

static const variant_weights tuned[] = {
    /* botpit manoover-fit --variant standard --games 40000 (by phase) */
    {"standard", {0.85, 1.0, -0.3, 0.02,
     {{{0.2560, 0.3543, -0.2512, 0.2991, -0.1939, -0.0061, -0.1534, 0.0311, -0.1330, 0.0950,
        -0.0670, -0.0521, 0.0671, 0.0512, -1.0635, -0.2127, -0.3117, 2.9942, 3.4238},
       {0.2368, 0.2438, -0.3516, 0.1882, -0.3020, 0.1698, 0.0072, 0.1284, -0.0346, 0.0730,
        -0.0923, -0.0704, 0.0486, 0.0474, -1.0989, -0.2198, 0.1663, 3.0305, 3.7008}},
      {{0.2077, 0.2109, -0.1961, 0.2683, -0.1423, 0.0336, -0.1398, 0.0562, -0.1088, 0.0871,
        -0.0723, -0.0318, 0.0641, 0.0519, -0.3752, -0.0938, -0.2305, 1.1522, 1.6706},
       {0.1946, 0.1936, -0.2123, 0.1521, -0.2586, 0.1478, -0.0287, 0.1094, -0.0550, 0.0719,
        -0.0920, -0.0687, 0.0258, 0.0486, -0.3901, -0.0975, 0.1545, 1.1994, 1.7788}},
      {{0.1774, 0.2147, -0.2042, 0.2340, -0.1315, 0.0183, -0.1041, 0.0625, -0.1028, 0.0472,
        -0.0466, -0.0062, 0.0411, 0.0591, -0.1113, -0.0371, -0.1760, 0.5395, 1.0095},
       {0.1645, 0.1997, -0.2179, 0.1229, -0.2223, 0.1098, -0.0174, 0.1016, -0.0626, 0.0475,
        -0.0504, -0.0446, 0.0001, 0.0548, -0.1440, -0.0480, 0.0994, 0.8093, 0.9527}},
      {{0.1316, 0.2216, -0.2447, 0.1825, -0.0374, 0.0006, -0.0557, 0.0586, -0.1006, 0.0007,
        -0.0120, 0.0360, -0.0032, 0.0658, 0.0621, 0.0310, -0.1306, 0.2509, 0.5727},
       {0.1185, 0.2501, -0.2229, 0.0400, -0.1788, 0.0582, -0.0012, 0.1018, -0.0605, 0.0148,
        0.0025, 0.0012, -0.0413, 0.0593, 0.0546, 0.0273, 0.0279, 0.5019, 0.4424}},
      {{0.0604, 0.1724, -0.2248, 0.1201, -0.0807, -0.0099, -0.0275, 0.0639, -0.0939, -0.0461,
        0.0145, 0.0693, -0.0240, 0.0604, 0.2051, 0.2051, -0.0921, 0.0285, 0.1685},
       {0.0494, 0.2351, -0.1664, 0.0673, -0.1315, 0.0243, 0.0138, 0.1043, -0.0520, -0.0153,
        0.0426, 0.0237, -0.0739, 0.0494, 0.2242, 0.2242, 0.0043, 0.1600, 0.0820}}}}},
    /* botpit manoover-fit --variant three --games 12000 */
    {"three", {0.85, 1.0, -0.3, 0.02,
     {{{0.2519, 0.1642, -0.0664, 0.1631, -0.0744, 0.0240, -0.0291, 0.0942, -0.0177, 0.0887,
       -0.1360, -0.0775, 0.0491, -0.1046, -0.1035, 0.4751, -0.1822, 0.0191, 0.0882},
       {0.2441, 0.1742, -0.0988, 0.1373, -0.0851, 0.0694, -0.0125, 0.1437, -0.0154, 0.0721,
       -0.1408, -0.0871, 0.0466, -0.0869, -0.0714, 0.4599, -0.0356, 0.1505, -0.0035}},
      {{0.2519, 0.1642, -0.0664, 0.1631, -0.0744, 0.0240, -0.0291, 0.0942, -0.0177, 0.0887,
       -0.1360, -0.0775, 0.0491, -0.1046, -0.1035, 0.4751, -0.1822, 0.0191, 0.0882},
       {0.2441, 0.1742, -0.0988, 0.1373, -0.0851, 0.0694, -0.0125, 0.1437, -0.0154, 0.0721,
       -0.1408, -0.0871, 0.0466, -0.0869, -0.0714, 0.4599, -0.0356, 0.1505, -0.0035}},
      {{0.2519, 0.1642, -0.0664, 0.1631, -0.0744, 0.0240, -0.0291, 0.0942, -0.0177, 0.0887,
       -0.1360, -0.0775, 0.0491, -0.1046, -0.1035, 0.4751, -0.1822, 0.0191, 0.0882},
       {0.2441, 0.1742, -0.0988, 0.1373, -0.0851, 0.0694, -0.0125, 0.1437, -0.0154, 0.0721,
       -0.1408, -0.0871, 0.0466, -0.0869, -0.0714, 0.4599, -0.0356, 0.1505, -0.0035}},
      {{0.2519, 0.1642, -0.0664, 0.1631, -0.0744, 0.0240, -0.0291, 0.0942, -0.0177, 0.0887,
       -0.1360, -0.0775, 0.0491, -0.1046, -0.1035, 0.4751, -0.1822, 0.0191, 0.0882},
       {0.2441, 0.1742, -0.0988, 0.1373, -0.0851, 0.0694, -0.0125, 0.1437, -0.0154, 0.0721,
       -0.1408, -0.0871, 0.0466, -0.0869, -0.0714, 0.4599, -0.0356, 0.1505, -0.0035}},
      {{0.2519, 0.1642, -0.0664, 0.1631, -0.0744, 0.0240, -0.0291, 0.0942, -0.0177, 0.0887,
       -0.1360, -0.0775, 0.0491, -0.1046, -0.1035, 0.4751, -0.1822, 0.0191, 0.0882},
       {0.2441, 0.1742, -0.0988, 0.1373, -0.0851, 0.0694, -0.0125, 0.1437, -0.0154, 0.0721,
       -0.1408, -0.0871, 0.0466, -0.0869, -0.0714, 0.4599, -0.0356, 0.1505, -0.0035}}}}},
    /* botpit manoover-fit --variant plus --games 15000 */
    {"plus", {0.85, 1.0, -0.3, 0.02,
     {{{0.1870, 0.1809, -0.1703, 0.1534, -0.0952, 0.0422, -0.0975, 0.0478, -0.1130, 0.0278,
       -0.0281, -0.0311, 0.0414, -0.1126, 0.1556, 0.1752, -0.0826, 0.1483, 0.2518},
       {0.1835, 0.1703, -0.1836, 0.0976, -0.1494, 0.1019, -0.0404, 0.1118, -0.0506, 0.0266,
       -0.0282, -0.0427, 0.0279, -0.1205, 0.1577, 0.1895, 0.0279, 0.2265, 0.2101}},
      {{0.1870, 0.1809, -0.1703, 0.1534, -0.0952, 0.0422, -0.0975, 0.0478, -0.1130, 0.0278,
       -0.0281, -0.0311, 0.0414, -0.1126, 0.1556, 0.1752, -0.0826, 0.1483, 0.2518},
       {0.1835, 0.1703, -0.1836, 0.0976, -0.1494, 0.1019, -0.0404, 0.1118, -0.0506, 0.0266,
       -0.0282, -0.0427, 0.0279, -0.1205, 0.1577, 0.1895, 0.0279, 0.2265, 0.2101}},
      {{0.1870, 0.1809, -0.1703, 0.1534, -0.0952, 0.0422, -0.0975, 0.0478, -0.1130, 0.0278,
       -0.0281, -0.0311, 0.0414, -0.1126, 0.1556, 0.1752, -0.0826, 0.1483, 0.2518},
       {0.1835, 0.1703, -0.1836, 0.0976, -0.1494, 0.1019, -0.0404, 0.1118, -0.0506, 0.0266,
       -0.0282, -0.0427, 0.0279, -0.1205, 0.1577, 0.1895, 0.0279, 0.2265, 0.2101}},
      {{0.1870, 0.1809, -0.1703, 0.1534, -0.0952, 0.0422, -0.0975, 0.0478, -0.1130, 0.0278,
       -0.0281, -0.0311, 0.0414, -0.1126, 0.1556, 0.1752, -0.0826, 0.1483, 0.2518},
       {0.1835, 0.1703, -0.1836, 0.0976, -0.1494, 0.1019, -0.0404, 0.1118, -0.0506, 0.0266,
       -0.0282, -0.0427, 0.0279, -0.1205, 0.1577, 0.1895, 0.0279, 0.2265, 0.2101}},
      {{0.1870, 0.1809, -0.1703, 0.1534, -0.0952, 0.0422, -0.0975, 0.0478, -0.1130, 0.0278,
       -0.0281, -0.0311, 0.0414, -0.1126, 0.1556, 0.1752, -0.0826, 0.1483, 0.2518},
       {0.1835, 0.1703, -0.1836, 0.0976, -0.1494, 0.1019, -0.0404, 0.1118, -0.0506, 0.0266,
       -0.0282, -0.0427, 0.0279, -0.1205, 0.1577, 0.1895, 0.0279, 0.2265, 0.2101}}}}},
};

static const weights *tuned_for(const manoover_layout *l)
{
    for (size_t k = 0; k < sizeof tuned / sizeof tuned[0]; k++) {
        if (strcmp(tuned[k].variant, l->variant) == 0)
            return &tuned[k].w;
    }
    return &tuned[0].w;
}

/* An evaluation ready for one board: its weights, and where each straight
 * line from a cell leads (a goal, or off the edge) and how far. */
typedef struct evaluator {
    const weights *w;
    bool alternate;
    int8_t goal[MANOOVER_GRID][MANOOVER_DIRS]; /* seat, or -1 off the edge */
    uint8_t len[MANOOVER_GRID][MANOOVER_DIRS]; /* steps to get there */
    float aim[MANOOVER_GRID][MANOOVER_DIRS];   /* decay^(len - 1) */
    float near[MANOOVER_GRID][MANOOVER_MAX_SEATS]; /* best aim toward each goal, 0 none */
    float decay_pow[2 * MANOOVER_MAX_RADIUS + 2];
} evaluator;

static void evaluator_init(evaluator *ev, const manoover_layout *l, const weights *w,
                           bool alternate)
{
    memset(ev, 0, sizeof *ev);
    ev->w = w;
    ev->alternate = alternate;
    for (int k = 0; k < 2 * MANOOVER_MAX_RADIUS + 2; k++)
        ev->decay_pow[k] = (float)pow(w->decay, k);
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
                ev->goal[ci][d] = (int8_t)g;
                ev->len[ci][d] = (uint8_t)k;
                ev->aim[ci][d] = ev->decay_pow[k - 1];
                if (g >= 0 && ev->aim[ci][d] > ev->near[ci][g])
                    ev->near[ci][g] = ev->aim[ci][d];
            }
        }
    }
}

/* What each seat has going for it on the board. */
typedef struct seat_terms {
    double aim_own, aim_in, push_in, turn, leaving;
} seat_terms;

static void board_terms(const evaluator *ev, const manoover_pos *p, seat_terms *t)
{
    const manoover_layout *l = p->layout;
    memset(t, 0, sizeof *t * (size_t)l->seats);
    for (int i = 0; i < l->seats * l->robots; i++) {
        const manoover_robot *r = &p->robot[i];
        if (r->where != MANOOVER_ON_BOARD)
            continue;
        int o = manoover_robot_seat(l, i);
        int ci = manoover_cell_index(r->cell);
        int g = ev->goal[ci][r->dir];
        int k = ev->len[ci][r->dir];
        if (g == o)
            t[g].aim_own += ev->aim[ci][r->dir];
        else if (g >= 0)
            t[g].aim_in += ev->aim[ci][r->dir];
        else if (k == 1)
            t[o].leaving += 1;
        if (g != o)
            t[o].turn += ev->near[ci][o];
        if (g < 0)
            continue;
        /* Robots in its way are pushed into that goal before it. */
        manoover_cell c = r->cell;
        for (int j = 1; j < k; j++) {
            c = manoover_neighbour(c, r->dir);
            if (p->occupant[manoover_cell_index(c)] >= 0)
                t[g].push_in += ev->decay_pow[k - j - 1];
        }
    }
}

/* The rival of `me`: the other seat with most robots in its goal. */
static int rival_of(const manoover_pos *p, int me)
{
    int rival = -1;
    for (int k = 1; k < p->layout->seats; k++) {
        int s = (me + k) % p->layout->seats;
        if (rival < 0 || p->scored[s] > p->scored[rival])
            rival = s;
    }
    return rival;
}

int manoover_bot_phase(const manoover_pos *p)
{
    int fewest = 0;
    for (int s = 0; s < p->layout->seats; s++) {
        if (p->alive[s] > 0 && (fewest == 0 || p->alive[s] < fewest))
            fewest = p->alive[s];
    }
    return fewest >= 5 ? 0 : MANOOVER_BOT_PHASES - fewest;
}

static void features(const evaluator *ev, const manoover_pos *p, int me, double *f)
{
    seat_terms t[MANOOVER_MAX_SEATS];
    board_terms(ev, p, t);
    int o = rival_of(p, me);
    int fewest = 0;
    for (int s = 0; s < p->layout->seats; s++) {
        if (p->alive[s] > 0 && (fewest == 0 || p->alive[s] < fewest))
            fewest = p->alive[s];
    }
    if (fewest == 0)
        fewest = 1;
    double lead = p->scored[me] - p->scored[o];
    double sign = lead > 0 ? 1 : lead < 0 ? -1 : 0;
    f[F_LEAD] = lead;
    f[F_AIM_MINE] = t[me].aim_own;
    f[F_AIM_THEIRS] = t[o].aim_own;
    f[F_AIM_AT_ME] = t[me].aim_in;
    f[F_AIM_AT_THEM] = t[o].aim_in;
    f[F_PUSH_MINE] = t[me].push_in;
    f[F_PUSH_THEIRS] = t[o].push_in;
    f[F_TURN_MINE] = t[me].turn;
    f[F_TURN_THEIRS] = t[o].turn;
    f[F_ALIVE_MINE] = p->alive[me];
    f[F_ALIVE_THEIRS] = p->alive[o];
    f[F_LEAVING_MINE] = t[me].leaving;
    f[F_LEAVING_THEIRS] = t[o].leaving;
    f[F_LEAD_CLOSE] = lead / fewest;
    f[F_SIGN] = sign;
    f[F_SIGN_CLOSE] = sign / fewest;
    f[F_BIAS] = 1;
    f[F_SIGN_MINE_LOW] = p->alive[me] ? sign / p->alive[me] : 0;
    f[F_SIGN_THEIRS_LOW] = p->alive[o] ? sign / p->alive[o] : 0;
}

/* The position for `me`, just before `next` throws (-1: the game is over). */
static double evaluate(const evaluator *ev, const manoover_pos *p, int me, int next)
{
    const weights *w = ev->w;
    if (p->over) {
        int margin = p->scored[me] - p->scored[rival_of(p, me)];
        return (margin > 0 ? w->win : margin < 0 ? -w->win : w->tie) + w->margin * margin;
    }
    double f[F_COUNT];
    features(ev, p, me, f);
    const double *wk = w->w[manoover_bot_phase(p)][next == me];
    double v = 0;
    for (int k = 0; k < F_COUNT; k++)
        v += wk[k] * f[k];
    return v;
}

_Static_assert(F_COUNT == MANOOVER_BOT_FEATURES, "the header's feature count is stale");

void manoover_bot_features(const manoover_pos *p, int seat, double *out)
{
    evaluator ev;
    evaluator_init(&ev, p->layout, tuned_for(p->layout), false);
    features(&ev, p, seat, out);
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

/* Legal actions of `seat` with these dice, pass last; returns how many. */
static int list_actions(const manoover_pos *p, int seat, const uint8_t *dice, int ndice,
                        manoover_action *out)
{
    const manoover_layout *l = p->layout;
    int n = 0;
    bool done[MANOOVER_MAX_ROBOTS_PER_SEAT + 1] = {false};
    for (int d = 0; d < ndice; d++) {
        int v = dice[d];
        if (v < 1 || v > l->robots || done[v] || !manoover_robot_on_board(p, seat, v))
            continue;
        done[v] = true;
        int dir = p->robot[manoover_robot_index(l, seat, v)].dir;
        out[n++] = (manoover_action){MANOOVER_ACT_STEP, (uint8_t)v, 0};
        for (int x = 0; x < MANOOVER_DIRS; x++) {
            if (x != dir)
                out[n++] = (manoover_action){MANOOVER_ACT_TURN, (uint8_t)v, (uint8_t)x};
        }
    }
    out[n++] = (manoover_action){MANOOVER_ACT_PASS, 0, 0};
    return n;
}

int manoover_bot_legal(const manoover_situation *s, manoover_action *out)
{
    return list_actions(&s->pos, s->seat, s->dice, s->ndice, out);
}

/* Applies a (non-pass) action and spends its die; dice naming robots that
 * left the board are dropped. */
static void apply(manoover_pos *p, int seat, uint8_t *dice, int *ndice, const manoover_action *a)
{
    int i = manoover_robot_index(p->layout, seat, a->robot);
    if (a->kind == MANOOVER_ACT_STEP) {
        manoover_move m;
        manoover_step(p, i, &m);
    } else {
        manoover_turn(p, i, a->dir);
    }
    bool spent = false;
    int n = 0;
    for (int d = 0; d < *ndice; d++) {
        if (!spent && dice[d] == a->robot)
            spent = true;
        else if (manoover_robot_on_board(p, seat, dice[d]))
            dice[n++] = dice[d];
    }
    *ndice = n;
}

/* ------------------------------------------------------------ bot state */

/* Search bounds: node counts, never time, so that a choice depends only on
 * the position and the salt (unless the room cancels the call first). The
 * evaluation budgets split a call between the outlook and the playouts, so
 * that both run within HARD_WORK; on this machine a hard call then takes at
 * most about 125 ms of CPU (it took 210 ms, at 340 000 evaluations, with
 * budgets of 300 000 and 200 000), and hard still beats normal 61% to 31%
 * (66% to 23% before) over 80 standard games: `botpit bench manoover`. */
#define SEEN_BITS 15
#define ROOT_NODES 20000   /* positions the search over one turn may generate */
#define HARD_CANDIDATES 12 /* ends of its turn hard looks at further */
#define HARD_EXACT_THROWS 84 /* a rival's throws it weighs one by one, at most */
#define HARD_SAMPLES 10    /* else: sampled throws of the next players it tries */
#define HARD_EVALS 120000  /* it looks at no more ends once another would pass this */
#define HARD_PLAYOUT_TOP 4 /* the best of those it plays out to the end */
#define HARD_PLAYOUTS 64   /* games it plays out from each */
#define HARD_PLAYOUT_TURNS 12 /* turns a playout runs at most before it evaluates */
#define HARD_PLAYOUT_EVALS 80000 /* it plays out no more ends once another would pass this */
#define HARD_WORK MANOOVER_BOT_MAX_NODES /* positions a call may generate in all */
#define NORMAL_WORK ROOT_NODES
_Static_assert(NORMAL_WORK <= MANOOVER_BOT_MAX_NODES, "normal's search outgrows the bound");

typedef struct bot {
    evaluator ev;    /* its own evaluation */
    evaluator model; /* normal's, to predict the others' turns (hard) */
    uint64_t *keys;  /* the seen-position set of the current search */
    uint32_t *stamp; /* a slot is in the set when its stamp is current */
    uint32_t current;
    long seen_count;
    long node_limit;            /* of the search under way */
    long work_limit;            /* of the whole call */
    const volatile int *cancel; /* the room's time budget, or NULL */
    bool halted;                /* out of work or cancelled: every search unwinds */
    manoover_bot_stats stats;
} bot;

/* Has this call spent its work or been cancelled? Once it has, every search
 * returns at once and the bot plays the best it has found. */
static bool halted(bot *b)
{
    if (!b->halted && (b->stats.nodes >= b->work_limit || (b->cancel && *b->cancel)))
        b->halted = true;
    return b->halted;
}

static bot *bot_new(const manoover_situation *s, const weights *w)
{
    bot *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    evaluator_init(&b->ev, s->pos.layout, w, s->alternate);
    evaluator_init(&b->model, s->pos.layout, &plain, s->alternate);
    b->keys = malloc(sizeof(uint64_t) << SEEN_BITS);
    b->stamp = calloc((size_t)1 << SEEN_BITS, sizeof(uint32_t));
    if (!b->keys || !b->stamp) {
        free(b->keys);
        free(b->stamp);
        free(b);
        return NULL;
    }
    return b;
}

static void bot_free(bot *b)
{
    free(b->keys);
    free(b->stamp);
    free(b);
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

/* One robot folded into a position hash: a multiply and a shift, inline,
 * since the search hashes every position it meets (a full rng_mix per robot
 * was a third of hard's time). */
static inline uint64_t fold(uint64_t h, uint64_t x)
{
    h = (h ^ x) * 0x9E3779B97F4A7C15ULL;
    return h ^ (h >> 31);
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
        h = fold(h, x | (uint64_t)i << 32);
    }
    /* The dice as a multiset: counts per face. */
    uint64_t counts = 0;
    for (int d = 0; d < ndice; d++)
        counts += 1ULL << (4 * dice[d]);
    return rng_mix(h ^ counts);
}

/* ------------------------------------------------------------ one turn */

/* An end of a control phase: its first action, and the position at the
 * next throw. */
typedef struct candidate {
    manoover_action first;
    manoover_pos after;
    int next;
    double score;
} candidate;

typedef struct search {
    bot *b;
    const evaluator *ev;
    int seat;        /* who acts */
    candidate *best; /* the k best for seat, best first */
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

/* Every sequence of actions from p with these dice, each position (with its
 * dice) looked at once. `last_turned` is a robot just turned: turning it
 * again straight away would only waste a die. */
static void explore(search *s, const manoover_pos *p, const uint8_t *dice, int ndice,
                    const manoover_action *first, int last_turned)
{
    bot *b = s->b;
    if (halted(b))
        return;
    b->stats.nodes++;
    if (seen_check(b, pos_hash(p, dice, ndice)))
        return;

    manoover_pos after = *p;
    int next = finish_control(&after, s->seat, s->ev->alternate);
    b->stats.evals++;
    offer(s, first, &after, next, evaluate(s->ev, &after, s->seat, next));

    if (p->over || b->stats.nodes >= b->node_limit)
        return;
    manoover_action acts[MANOOVER_MAX_DICE * MANOOVER_DIRS + 1];
    int nacts = list_actions(p, s->seat, dice, ndice, acts) - 1; /* pass: the leaf above */
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

/* The k best ends of `seat`'s control phase, for seat; returns how many. */
static int best_turns(bot *b, const evaluator *ev, const manoover_pos *p, int seat,
                      const uint8_t *dice, int ndice, candidate *best, int k)
{
    search s = {b, ev, seat, best, k, 0};
    seen_reset(b);
    b->node_limit = b->stats.nodes + ROOT_NODES;
    manoover_action pass = {MANOOVER_ACT_PASS, 0, 0};
    explore(&s, p, dice, ndice, &pass, -1);
    return s.n;
}

/* ------------------------------------------------------------ lookahead */

/* One way a player's throw can come out once the re-roll rule has been
 * applied: the dice it keeps (robot numbers) and how likely it is. */
typedef struct throw_outcome {
    uint8_t dice[MANOOVER_MAX_DICE];
    int ndice;
    double prob;
} throw_outcome;

#define MAX_OUTCOMES 512 /* C(8 + 4, 4) = 495 for four d8 and eight robots */

typedef struct outcome_walk {
    throw_outcome *out;
    int n;
    int ncat;          /* categories: 0 = no action, then each robot on board */
    uint8_t robot[MANOOVER_MAX_ROBOTS_PER_SEAT + 1];
    double p[MANOOVER_MAX_ROBOTS_PER_SEAT + 1];
    int dice;
    int count[MANOOVER_MAX_ROBOTS_PER_SEAT + 1];
} outcome_walk;

/* Multisets of categories in nondecreasing order, each weighed by its
 * multinomial probability. */
static void outcome_rec(outcome_walk *w, int from, int left)
{
    if (left == 0) {
        throw_outcome *o = &w->out[w->n++];
        double prob = 1;
        int placed = 0;
        o->ndice = 0;
        for (int c = 0; c < w->ncat; c++) {
            for (int k = 0; k < w->count[c]; k++) {
                placed++;
                prob *= w->p[c] * placed / (k + 1); /* builds dice! / prod count! */
                if (w->robot[c] > 0)
                    o->dice[o->ndice++] = w->robot[c];
            }
        }
        o->prob = prob;
        return;
    }
    for (int c = from; c < w->ncat; c++) {
        w->count[c]++;
        outcome_rec(w, c, left - 1);
        w->count[c]--;
    }
}

/* Every distinct throw `seat` can get in p (dice naming robots off the board
 * are thrown once more), with its probability; returns how many. */
static int throw_outcomes(const manoover_pos *p, int seat, throw_outcome *out)
{
    const manoover_layout *l = p->layout;
    outcome_walk w = {.out = out, .dice = l->dice};
    double f = l->faces;
    int alive = 0;
    for (int v = 1; v <= l->faces; v++)
        alive += v <= l->robots && manoover_robot_on_board(p, seat, v);
    double miss = (f - alive) / f;
    /* Category 0 (no action) only when some die can miss. */
    w.robot[0] = 0;
    w.p[0] = miss * miss;
    w.ncat = miss > 0 ? 1 : 0;
    for (int v = 1; v <= l->robots; v++) {
        if (!manoover_robot_on_board(p, seat, v))
            continue;
        w.robot[w.ncat] = (uint8_t)v;
        w.p[w.ncat++] = 1 / f + miss / f;
    }
    outcome_rec(&w, 0, l->dice);
    return w.n;
}

/* Raw faces of a throw and of its re-throw, resolved against a position
 * later so that every candidate meets the same luck. */
typedef struct throw_sample {
    uint8_t first[MANOOVER_MAX_DICE], second[MANOOVER_MAX_DICE];
} throw_sample;

static void throw_random(throw_sample *t, int faces, rng *r)
{
    for (int d = 0; d < MANOOVER_MAX_DICE; d++) {
        t->first[d] = (uint8_t)rng_range(r, 1, faces);
        t->second[d] = (uint8_t)rng_range(r, 1, faces);
    }
}

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

/* What hard expects of the others: normal's turn, exactly as normal would
 * play it (its whole control phase searched with its own weights). Returns
 * the position at the next throw; *next is who throws it. */
static manoover_pos normal_turn(bot *b, const manoover_pos *start, int seat, const uint8_t *dice,
                                int ndice, int *next)
{
    candidate best;
    if (best_turns(b, &b->model, start, seat, dice, ndice, &best, 1) < 1) {
        manoover_pos p = *start;
        *next = finish_control(&p, seat, b->ev.alternate);
        return p;
    }
    *next = best.next;
    return best.after;
}

/* Whether the rival's throws are weighed one by one on this board (two
 * players, few enough throws): the playouts are affordable only then.
 * C(robots + dice, dice) bounds the distinct throws. */
static bool throws_weighed(const manoover_layout *l)
{
    double n = 1;
    for (int k = 1; k <= l->dice; k++)
        n = n * (l->robots + k) / k;
    return l->seats == 2 && n <= HARD_EXACT_THROWS;
}

/* The value for `me` of a position where `next` is about to throw: the
 * evaluation there, or, while other players are to move, their throws and
 * replies first. Two players: every throw of the rival, weighed by its
 * probability, unless there are more than HARD_EXACT_THROWS of them; else
 * (and with three players) each of `nsamples` sampled throws, whose
 * players after the first meet one sampled throw each. */
static double outlook(bot *b, const manoover_pos *p, int next, int me, int depth,
                      const throw_sample *samples, int nsamples)
{
    if (next < 0 || next == me || depth >= p->layout->seats - 1)
        return evaluate(&b->ev, p, me, next);
    throw_outcome outs[MAX_OUTCOMES];
    int n = p->layout->seats == 2 ? throw_outcomes(p, next, outs) : 0;
    double sum = 0;
    if (n > 0 && n <= HARD_EXACT_THROWS) {
        for (int k = 0; k < n; k++) {
            int after_next;
            manoover_pos q = normal_turn(b, p, next, outs[k].dice, outs[k].ndice, &after_next);
            sum += outs[k].prob * outlook(b, &q, after_next, me, depth + 1, samples, 1);
        }
        return sum;
    }
    for (int k = 0; k < nsamples; k++) {
        const throw_sample *mine = samples + k * (MANOOVER_MAX_SEATS - 1);
        uint8_t dice[MANOOVER_MAX_DICE];
        int nd = resolve_throw(p, next, &mine[depth], dice);
        int after_next;
        manoover_pos q = normal_turn(b, p, next, dice, nd, &after_next);
        sum += outlook(b, &q, after_next, me, depth + 1, mine, 1);
    }
    return sum / nsamples;
}

/* A playout: the game played on from p, the others as normal plays and me
 * as my own one-turn search (the first stage of hard), each turn with the
 * next throw of `stream`, for at most HARD_PLAYOUT_TURNS turns; the result
 * of the game (win, tie or loss, as the evaluation counts them), or the
 * evaluation where it stopped. */
static double playout(bot *b, const manoover_pos *start, int next, int me,
                      const throw_sample *stream)
{
    manoover_pos p = *start;
    for (int k = 0; k < HARD_PLAYOUT_TURNS && next >= 0; k++) {
        uint8_t dice[MANOOVER_MAX_DICE];
        int nd = resolve_throw(&p, next, &stream[k], dice);
        if (next != me) {
            p = normal_turn(b, &p, next, dice, nd, &next);
            continue;
        }
        candidate best;
        if (best_turns(b, &b->ev, &p, me, dice, nd, &best, 1) < 1) {
            next = finish_control(&p, me, b->ev.alternate);
        } else {
            p = best.after;
            next = best.next;
        }
    }
    return evaluate(&b->ev, &p, me, next);
}

/* Ranks the first `n` values, best first, into order. */
static void rank(const double *value, int n, int *order)
{
    for (int c = 0; c < n; c++) {
        int at = c;
        while (at > 0 && value[order[at - 1]] < value[c]) {
            order[at] = order[at - 1];
            at--;
        }
        order[at] = c;
    }
}

/* Hard: the best few ends of this turn, each scored by its outlook; stops
 * early, keeping the best so far, when one more end (as costly as the
 * costliest so far) would overrun the evaluation budget. Where the rival's
 * throws were weighed one by one, the best HARD_PLAYOUT_TOP of those are
 * played out HARD_PLAYOUTS times each to the end of the game, every end
 * meeting the same throws (so that luck cancels out of the comparison), and
 * the best average result wins: it counts what the game counts, where the
 * evaluation only guesses. */
static int pick_by_outlook(bot *b, const candidate *cands, int n, int me, rng *r)
{
    throw_sample samples[HARD_SAMPLES * (MANOOVER_MAX_SEATS - 1)];
    int faces = cands[0].after.layout->faces;
    for (int k = 0; k < HARD_SAMPLES * (MANOOVER_MAX_SEATS - 1); k++)
        throw_random(&samples[k], faces, r);
    double value[HARD_CANDIDATES];
    int scored = 0;
    long cost = 0; /* evaluations the costliest candidate took */
    for (int c = 0; c < n && (c == 0 || b->stats.evals + cost <= HARD_EVALS); c++) {
        long before = b->stats.evals;
        value[c] = cands[c].next < 0 ? cands[c].score
                                     : outlook(b, &cands[c].after, cands[c].next, me, 0,
                                               samples, HARD_SAMPLES);
        if (halted(b))
            break; /* that outlook is unfinished: rank those before it */
        if (b->stats.evals - before > cost)
            cost = b->stats.evals - before;
        scored++;
    }
    int order[HARD_CANDIDATES] = {0};
    rank(value, scored, order);
    if (!throws_weighed(cands[0].after.layout) || scored < 2 || halted(b))
        return order[0];

    throw_sample(*stream)[HARD_PLAYOUT_TURNS] = malloc(sizeof *stream * HARD_PLAYOUTS);
    if (!stream)
        return order[0];
    for (int i = 0; i < HARD_PLAYOUTS; i++) {
        for (int k = 0; k < HARD_PLAYOUT_TURNS; k++)
            throw_random(&stream[i][k], faces, r);
    }
    int pick = order[0];
    double top = -1e18;
    long budget = b->stats.evals + HARD_PLAYOUT_EVALS;
    cost = 0;
    for (int k = 0; k < scored && k < HARD_PLAYOUT_TOP && (k == 0 || b->stats.evals + cost <= budget);
         k++) {
        const candidate *c = &cands[order[k]];
        long before = b->stats.evals;
        double sum = 0;
        for (int i = 0; i < HARD_PLAYOUTS; i++)
            sum += c->next < 0 ? c->score : playout(b, &c->after, c->next, me, stream[i]);
        if (halted(b))
            break; /* its playouts are unfinished: keep the best of those before */
        if (b->stats.evals - before > cost)
            cost = b->stats.evals - before;
        if (sum / HARD_PLAYOUTS > top) {
            top = sum / HARD_PLAYOUTS;
            pick = order[k];
        }
    }
    free(stream);
    return pick;
}

static manoover_action choose_random(const manoover_situation *s, rng *r)
{
    manoover_action acts[MANOOVER_MAX_DICE * MANOOVER_DIRS + 1];
    int n = manoover_bot_legal(s, acts);
    return acts[rng_below(r, (uint32_t)n)];
}

manoover_action manoover_bot_choose(const manoover_situation *s, int level, uint64_t salt,
                                    const volatile int *cancel, manoover_bot_stats *stats)
{
    rng r;
    rng_seed(&r, salt);
    if (stats)
        *stats = (manoover_bot_stats){0, 0};
    if (level <= MANOOVER_BOT_EASY)
        return choose_random(s, &r);

    bool hard = level >= MANOOVER_BOT_HARD;
    int k = hard ? HARD_CANDIDATES : 1;
    bot *b = bot_new(s, hard ? tuned_for(s->pos.layout) : &plain);
    candidate *cands = malloc(sizeof *cands * (size_t)k);
    if (!b || !cands) {
        free(cands);
        if (b)
            bot_free(b);
        return choose_random(s, &r);
    }
    b->cancel = cancel;
    b->work_limit = hard ? HARD_WORK : NORMAL_WORK;
    manoover_action chosen = {MANOOVER_ACT_PASS, 0, 0};
    int n = best_turns(b, &b->ev, &s->pos, s->seat, s->dice, s->ndice, cands, k);
    if (n > 0)
        chosen = cands[hard && n > 1 ? pick_by_outlook(b, cands, n, s->seat, &r) : 0].first;
    if (stats)
        *stats = b->stats;
    free(cands);
    bot_free(b);
    return chosen;
}

/* ------------------------------------------------------------ the contract */

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
                     int64_t *wake_ms, const volatile int *cancel)
{
    (void)now_ms;
    (void)wake_ms;
    manoover_situation s;
    if (!manoover_game_situation(g, &s) || s.seat != seat)
        return NULL;
    manoover_action a = manoover_bot_choose(&s, level, salt, cancel, NULL);
    return manoover_action_json(&a);
}
