/*
 * robotwars_bot.c: the bots.
 *
 * Discs: each level has an order in which it raises capabilities; the
 * normal bot's is the rules' default allocation (rw_default_allocation),
 * which it reads rather than copies.
 *
 * Turns: every level plans the rest of its turn by a search over the
 * sequences of steps, attacks and turns it could still make (a depth-first
 * search over arena states, each state visited once), run on the rules'
 * look-ahead (no die is rolled: a roll due counts as its expected losses).
 * The plan's first action is played; the next call plans again from the new
 * state, so dice that fall meanwhile are taken into account.
 *   easy   looks one action ahead only, scoring it by the damage it deals
 *          (blind to the harm it takes: it charges through hazards) and the
 *          distance to the nearest opponent, and often does something else;
 *   normal scores it the same way, always picking the best;
 *   hard   also weighs what the next robot to move can do to it from there
 *          (its attacks, and pushes into penalty areas and the pit), its
 *          own standing near hazards, and the pit about to open.
 */
#include "robotwars_bot.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "robotwars_game.h"
#include "robotwars_json.h"
#include "robotwars_rules.h"

enum { LEVEL_EASY, LEVEL_NORMAL, LEVEL_HARD };

/* ---- discs ---- */

/* The order the easy and the hard bots raise capabilities in, one disc at
 * a time (rw_allocate_in_order); the normal bot places its discs as the
 * rules place those of a roboteer who let the set-up deadline pass. */
static const int easy_order[] = {RW_SPEED, RW_POWER, RW_MANOEUVRABILITY, RW_SPEED, RW_POWER,
                                 RW_MANOEUVRABILITY, RW_SPEED, RW_MANOEUVRABILITY, RW_SPEED, -1};
static const int hard_order[] = {RW_SPEED, RW_SPEED, RW_SPEED, RW_SPEED, RW_POWER, RW_POWER,
                                 RW_MANOEUVRABILITY, RW_MANOEUVRABILITY, RW_MANOEUVRABILITY, -1};

void rw_bot_allocation(int level, int discs, int weapon, int add[RW_CAPS])
{
    (void)weapon;
    if (level == LEVEL_EASY)
        rw_allocate_in_order(easy_order, discs, add);
    else if (level == LEVEL_HARD)
        rw_allocate_in_order(hard_order, discs, add);
    else
        rw_default_allocation(discs, add);
}

/* ---- scoring an end of turn ---- */

typedef struct weights {
    float capability; /* value of one capability step, in damage points */
    float out;        /* value of being immobilised */
    float distance;   /* per square to the nearest opponent */
    bool threat;      /* weigh the next mover's reply */
    bool hazards;     /* weigh standing next to hazards and the pit */
    bool careless;    /* counts only the harm it does, not the harm it takes */
} weights;

static const weights level_weights[3] = {
    {3.0f, 60.0f, 0.6f, false, false, true},
    {3.0f, 60.0f, 0.6f, false, false, false},
    {3.0f, 80.0f, 0.3f, true, true, false},
};

static int manhattan(int a, int b)
{
    return abs(rw_x(a) - rw_x(b)) + abs(rw_y(a) - rw_y(b));
}

/* How bad it is for a robot to land on `cell` (0 for the floor). */
static float landing_cost(const rw_arena *a, int cell, const weights *w, int speed)
{
    rw_tile t = rw_tile_at(cell);
    if (t == RW_PIT && a->pit_open)
        return w->out;
    if (!rw_is_penalty(t))
        return 0;
    float c = RW_PENALTY + w->capability * 0.5f;
    if (t == RW_CPZ)
        c += w->out / 6;
    if (speed <= 1)
        c += w->out / 6;
    return c;
}

/* What robot o can do to robot v on its next turn, from where they stand:
 * the most damage (in value) of attacking from some square touching v, or
 * of pushing v along a line into penalty areas or the open pit. A search
 * over o's squares and facings by the moves it needs (turns are free up to
 * its Manoeuvrability); other robots are obstacles. */
typedef struct reach_map {
    int8_t cost[RW_CELLS][4]; /* moves to stand on a square facing a way, -1 unreachable */
} reach_map;

static void reach_from(const rw_arena *a, int o, int skip, reach_map *m)
{
    memset(m->cost, -1, sizeof m->cost);
    const rw_robot *r = &a->r[o];
    int turns = r->cap[RW_MANOEUVRABILITY] > 0 ? r->cap[RW_MANOEUVRABILITY] : 1;
    int speed = r->cap[RW_SPEED];
    /* turns used matter too: keep the fewest moves per (cell, facing) and
     * let turning be free within the allowance, which it is except that a
     * robot with Manoeuvrability 1 cannot turn around. */
    int queue[RW_CELLS * 4], head = 0, tail = 0;
    m->cost[r->cell][r->facing] = 0;
    queue[tail++] = r->cell * 4 + r->facing;
    /* Facings reachable by turning in place from the start. */
    for (int d = 0; d < 4; d++) {
        int need = d == r->facing ? 0 : (d + 2) % 4 == r->facing ? 2 : 1;
        if (need <= turns && d != r->facing) {
            m->cost[r->cell][d] = 0;
            queue[tail++] = r->cell * 4 + d;
        }
    }
    while (head < tail) {
        int s = queue[head++], cell = s / 4, f = s % 4, c = m->cost[cell][f];
        if (c >= speed)
            continue;
        for (int back = 0; back < 2; back++) {
            int dir = back ? (f + 2) % 4 : f;
            int next = rw_next(cell, dir);
            if (next < 0)
                continue;
            int who = rw_robot_at(a, next);
            if (who >= 0 && who != o && who != skip)
                continue;
            rw_tile t = rw_tile_at(next);
            if (rw_is_penalty(t) || (t == RW_PIT && a->pit_open))
                continue; /* nobody walks into harm to get there */
            for (int d = 0; d < 4; d++) {
                int need = d == f ? 0 : (d + 2) % 4 == f ? 2 : 1;
                if (need > turns || m->cost[next][d] >= 0)
                    continue;
                m->cost[next][d] = (int8_t)(c + 1);
                queue[tail++] = next * 4 + d;
            }
        }
    }
}

/* The value of pushing v (index) from `from` along dir, up to `pushes`
 * times (the pusher following). */
static float push_line_value(const rw_arena *a, int v, int dir, int pushes, const weights *w)
{
    int cell = a->r[v].cell;
    float value = 0;
    for (int k = 0; k < pushes; k++) {
        int next = rw_next(cell, dir);
        if (next < 0 || rw_robot_at(a, next) >= 0)
            break;
        float c = landing_cost(a, next, w, a->r[v].cap[RW_SPEED]);
        value += c;
        if (rw_tile_at(next) == RW_CPZ || c >= w->out)
            break; /* thrown out, or out of the battle */
        cell = next;
    }
    return value;
}

static float threat(const rw_arena *a, int o, int v, const reach_map *m, const weights *w)
{
    const rw_robot *att = &a->r[o], *vic = &a->r[v];
    int speed = att->cap[RW_SPEED];
    float best = 0;
    for (int d = 0; d < 4; d++) {
        /* o stands on the square on v's side d, facing v (direction d+2). */
        int at = rw_next(vic->cell, d);
        if (at < 0)
            continue;
        int face = (d + 2) % 4;
        int c = m->cost[at][face];
        if (c < 0 || c >= speed)
            continue;
        int left = speed - c;
        float hit = (float)(left * att->weapon);
        /* Each multiple of 5 passed is a roll against v. */
        int rolls = (vic->damage + left * att->weapon) / RW_DAMAGE_STEP - vic->damage / RW_DAMAGE_STEP;
        hit += rolls * w->capability * 0.5f;
        if (rw_power_pushes(att->cap[RW_POWER], rw_side_struck(vic, face)))
            hit = fmaxf(hit, push_line_value(a, v, face, left, w));
        best = fmaxf(best, hit);
    }
    return best;
}

/* ---- the search over one turn ---- */

typedef struct node {
    rw_arena a;
    rw_turn t;
    float risk[RW_MAX_IN_BATTLE], rip[RW_MAX_IN_BATTLE];
} node;

/* An end of turn the search found, with the action that leads to it. */
typedef struct leaf {
    float value;
    int first;
    node n;
} leaf;

#define SEEN_BITS 14
#define SEEN_SIZE (1u << SEEN_BITS)
#define TOP_K 6
/* Bounds on the states a search visits, so that a bot answers in well
 * under a second without needing the room's cancel: a turn rarely has more
 * than a few thousand distinct states, a long one (Speed 8, Manoeuvrability
 * 5, an opponent to push around) tens of thousands. */
#define TURN_NODES 50000
#define REPLY_NODES 15000

typedef struct search {
    int me;
    const weights *w;
    int round;      /* the battle's round */
    uint64_t *seen; /* SEEN_SIZE hashes of states visited, 0 = empty (shared by a plan's searches) */
    long nodes, limit;
    const volatile int *cancel;
    leaf best;
    leaf top[TOP_K]; /* the best ends, distinct, when asked for */
    int ntop;
    bool keep_top;
    /* where the next robot to move could reach, from where it stands */
    int next_mover;
    reach_map reach;
    int reach_of; /* its cell*4+facing when the map was made, -1 none */
} search;

static uint64_t state_hash(const node *n)
{
    uint64_t h = 0x9e3779b97f4a7c15ULL;
    for (int i = 0; i < n->a.n; i++) {
        const rw_robot *r = &n->a.r[i];
        h = rng_mix(h ^ ((uint64_t)r->cell | (uint64_t)r->facing << 8 | (uint64_t)r->damage << 10 |
                         (uint64_t)(r->cap[0] | r->cap[1] << 4 | r->cap[2] << 8) << 20));
    }
    h = rng_mix(h ^ ((uint64_t)n->t.moves | (uint64_t)n->t.turns << 8 | (uint64_t)(n->a.out + 1) << 16));
    return h ? h : 1;
}

/* True the first time a state is seen. */
static bool first_visit(search *s, const node *n)
{
    uint64_t h = state_hash(n);
    for (uint32_t i = (uint32_t)h & (SEEN_SIZE - 1), k = 0; k < 64; k++, i = (i + 1) & (SEEN_SIZE - 1)) {
        if (s->seen[i] == h)
            return false;
        if (!s->seen[i]) {
            s->seen[i] = h;
            return true;
        }
    }
    return true; /* a crowded neighbourhood: search it again rather than miss it */
}

static float robot_loss(const node *n, int i, const weights *w)
{
    const rw_robot *r = &n->a.r[i];
    return (float)r->damage + n->risk[i] * w->capability + n->rip[i] * w->out;
}

/* Damage and its risks: the others' against mine. With three robots the
 * most damaged one goes, so what counts most is the worst off of the others.
 * A battle over is won or lost outright. */
static float material(const node *n, int me, const weights *w)
{
    const rw_arena *a = &n->a;
    if (a->out >= 0)
        return a->out == me ? -1000.0f : 1000.0f;
    float mine = w->careless ? 0 : robot_loss(n, me, w), worst = -1e9f, sum = 0;
    int others = 0;
    for (int i = 0; i < a->n; i++) {
        if (i == me)
            continue;
        float l = robot_loss(n, i, w);
        worst = fmaxf(worst, l);
        sum += l;
        others++;
    }
    return 0.7f * worst + 0.3f * sum / (float)others - mine;
}

static int nearest_opponent(const rw_arena *a, int me)
{
    int nearest = 99;
    for (int i = 0; i < a->n; i++) {
        int d = manhattan(a->r[i].cell, a->r[me].cell);
        if (i != me && d < nearest)
            nearest = d;
    }
    return nearest;
}

/* What robot o can do to robot v from here (reach map cached by o's square). */
static float threat_of(search *s, const rw_arena *a, int o, int v)
{
    const rw_robot *r = &a->r[o];
    int key = r->cell * 4 + r->facing;
    if (s->reach_of != key || s->next_mover != o) {
        reach_from(a, o, v, &s->reach);
        s->reach_of = key;
        s->next_mover = o;
    }
    return threat(a, o, v, &s->reach, s->w);
}

static float evaluate(search *s, const node *n)
{
    const rw_arena *a = &n->a;
    const weights *w = s->w;
    int me = s->me;
    float v = material(n, me, w);
    if (a->out >= 0)
        return v;
    v -= w->distance * (float)nearest_opponent(a, me);
    if (!w->threat)
        return v;
    /* What the next robot to move can do to me, and what standing here
     * risks when the pit opens. */
    int o = (n->t.who + 1) % a->n;
    if (o != me)
        v -= 0.9f * threat_of(s, a, o, me);
    if (w->hazards && rw_tile_at(a->r[me].cell) == RW_PIT && !a->pit_open &&
        s->round >= RW_PIT_AFTER)
        v -= w->out;
    return v;
}

static void keep_top(search *s, const leaf *l)
{
    /* Distinct ends only: the same end reached another way is no new
     * choice. */
    uint64_t h = state_hash(&l->n);
    int worst = 0;
    for (int i = 0; i < s->ntop; i++) {
        if (state_hash(&s->top[i].n) == h) {
            if (l->value > s->top[i].value)
                s->top[i] = *l;
            return;
        }
        if (s->top[i].value < s->top[worst].value)
            worst = i;
    }
    if (s->ntop < TOP_K)
        s->top[s->ntop++] = *l;
    else if (l->value > s->top[worst].value)
        s->top[worst] = *l;
}

static void consider(search *s, const node *n, int first)
{
    float value = evaluate(s, n);
    if (value > s->best.value) {
        s->best.value = value;
        s->best.first = first;
        s->best.n = *n;
    }
    if (s->keep_top) {
        leaf l = {value, first, *n};
        keep_top(s, &l);
    }
}

static void dfs(search *s, const node *n, int first)
{
    if (s->nodes++ > s->limit || *s->cancel)
        return;
    /* Ending the turn here. */
    consider(s, n, first < 0 ? RW_ACT_END : first);
    unsigned legal = rw_legal(&n->a, &n->t);
    for (int act = 0; act < RW_ACT_END; act++) {
        if (!(legal & 1u << act))
            continue;
        node child = *n;
        rw_ctx ctx = {0};
        bool over = rw_do(&child.a, &child.t, (rw_act)act, &ctx);
        for (int i = 0; i < child.a.n; i++) {
            child.risk[i] += ctx.risk[i];
            child.rip[i] += ctx.rip[i];
        }
        if (!first_visit(s, &child))
            continue;
        int f = first < 0 ? act : first;
        if (over)
            consider(s, &child, f);
        else
            dfs(s, &child, f);
    }
}

/* Searches the turn in progress in `root` for the robot to move, by the
 * weights given; the best end is in s->best (and the top ends in s->top if
 * keep). s is the caller's (it is large). */
static void search_turn(search *s, const node *root, int round, const weights *w, bool keep,
                        long limit, const volatile int *cancel)
{
    memset(s->seen, 0, SEEN_SIZE * sizeof *s->seen);
    s->me = root->t.who;
    s->w = w;
    s->round = round;
    s->nodes = 0;
    s->limit = limit;
    s->cancel = cancel;
    s->best.value = -1e30f;
    s->best.first = RW_ACT_END;
    s->best.n = *root;
    s->ntop = 0;
    s->keep_top = keep;
    s->reach_of = -1;
    s->next_mover = -1;
    first_visit(s, root);
    dfs(s, root, -1);
}

/* ---- hard: the reply ---- */

/* After the robot to move ends its turn in `n`: the round's end (the pit,
 * the turn limit) and the next robot's turn set up. Returns false when the
 * battle would be over by the turn limit. */
static bool next_turn(node *n, int round, int turn_limit)
{
    rw_arena *a = &n->a;
    int next = n->t.who + 1;
    if (next == a->n) {
        if (round == turn_limit)
            return false;
        if (round == RW_PIT_AFTER) {
            rw_ctx ctx = {0};
            rw_open_pit(a, &ctx);
        }
        next = 0;
    }
    rw_turn_start(a, next, &n->t);
    return a->out < 0;
}

/* The value for `me` of an end of its turn, once the next robot has
 * replied as the normal bot would; plus what `me` could then do to it. */
static float after_reply(search *scratch, const leaf *mine, int me, int round, int turn_limit,
                         const volatile int *cancel)
{
    const weights *hw = &level_weights[LEVEL_HARD];
    node n = mine->n;
    if (n.a.out >= 0)
        return material(&n, me, hw);
    int next_round = n.t.who + 1 == n.a.n ? round + 1 : round;
    if (!next_turn(&n, round, turn_limit)) {
        /* The turn limit: the most damaged robot goes. */
        float m = material(&n, me, hw);
        return m > 0 ? 500.0f + m : m < 0 ? -500.0f + m : m;
    }
    if (n.a.out >= 0)
        return material(&n, me, hw);
    search_turn(scratch, &n, next_round, &level_weights[LEVEL_NORMAL], false, REPLY_NODES, cancel);
    node end = scratch->best.n;
    float v = material(&end, me, hw);
    if (end.a.out >= 0)
        return v;
    /* The replier ended: what can I do to it now? */
    scratch->w = hw;
    scratch->reach_of = -1;
    int o = end.t.who;
    v += 0.5f * threat_of(scratch, &end.a, me, o);
    v -= 0.1f * (float)nearest_opponent(&end.a, me);
    return v;
}

/* ---- the bot ---- */

static json_t *action_json(int act)
{
    if (act == RW_ACT_LEFT || act == RW_ACT_RIGHT)
        return json_pack("{s:s, s:s}", "kind", "turn", "to", rw_act_names[act]);
    return json_pack("{s:s}", "kind", rw_act_names[act]);
}

/* Easy: one action at a time, the best by the normal scoring of where it
 * leads (not looking further into the turn), often something else. */
static int easy_pick(search *s, const node *root, rng *noise)
{
    s->me = root->t.who;
    s->w = &level_weights[LEVEL_EASY];
    s->reach_of = -1;
    unsigned legal = rw_legal(&root->a, &root->t);
    int options[RW_ACTS], n = 0, best = RW_ACT_END;
    float best_value = -1e30f;
    for (int act = 0; act < RW_ACTS; act++) {
        if (!(legal & 1u << act))
            continue;
        options[n++] = act;
        node child = *root;
        rw_ctx ctx = {0};
        if (act != RW_ACT_END)
            rw_do(&child.a, &child.t, (rw_act)act, &ctx);
        for (int i = 0; i < child.a.n; i++)
            child.risk[i] += ctx.risk[i];
        float v = evaluate(s, &child);
        if (v > best_value) {
            best_value = v;
            best = act;
        }
    }
    if (n > 1 && rng_below(noise, 10) < 3) {
        /* Something else: any action but ending, mostly. */
        int pick = options[rng_below(noise, (uint32_t)n)];
        if (pick != RW_ACT_END || rng_below(noise, 2) == 0)
            return pick;
    }
    return best;
}

static int plan(const game *g, int level, rng *noise, const volatile int *cancel)
{
    search s = {0}, scratch = {0};
    node root = {.a = *rw_arena_of(g), .t = *rw_turn_of(g)};
    int round = rw_round(g);
    if (level == LEVEL_EASY)
        return easy_pick(&s, &root, noise);
    s.seen = scratch.seen = malloc(SEEN_SIZE * sizeof *s.seen);
    if (!s.seen)
        return RW_ACT_END;
    search_turn(&s, &root, round, &level_weights[level], level == LEVEL_HARD, TURN_NODES, cancel);
    int act = s.best.first;
    if (level == LEVEL_HARD && s.ntop > 1) {
        /* Weigh the best few ends by the reply they leave the next robot
         * (the replies reuse the table of states seen: this search is done). */
        int limit = rw_turn_limit(g);
        float best = -1e30f;
        for (int i = 0; i < s.ntop && !*cancel; i++) {
            float v = after_reply(&scratch, &s.top[i], root.t.who, round, limit, cancel) +
                      0.05f * s.top[i].value;
            if (v > best) {
                best = v;
                act = s.top[i].first;
            }
        }
    }
    free(s.seen);
    return act;
}

json_t *rw_bot(const game *g, int seat, int level, int64_t now_ms, uint64_t salt,
                      int64_t *wake_ms, const volatile int *cancel)
{
    (void)now_ms;
    (void)wake_ms;
    if (seat < 0 || seat >= rw_seats(g))
        return NULL;
    if (level < LEVEL_EASY || level > LEVEL_HARD)
        level = LEVEL_NORMAL;
    rw_phase phase = rw_phase_of(g);
    if (phase == RW_PHASE_SETUP) {
        int discs = rw_discs(g, seat);
        if (discs < 0 || rw_allocated(g, seat))
            return NULL;
        int add[RW_CAPS];
        rw_bot_allocation(level, discs, rw_weapon_of(g, seat), add);
        json_t *a = rw_caps_json(add);
        json_object_set_new(a, "kind", json_string("allocate"));
        return a;
    }
    const rw_turn *t = rw_turn_of(g);
    if (phase != RW_PHASE_BATTLE || !t || rw_arena_of(g)->r[t->who].seat != seat)
        return NULL;
    rng noise;
    rng_seed(&noise, salt);
    return action_json(plan(g, level, &noise, cancel));
}
