/*
 * roborally_bot.c: the RoboRally bots. They read only what their seat may know:
 * the public state (other robots' unrevealed registers are never read) and
 * their own hand.
 *
 * Every level aims at its next flag along a distance map (squares to the
 * flag, walking round walls and pits); normal and hard also count the cards
 * it would take from a square and facing (card_map). They differ in how
 * they foresee a program:
 *  - easy plans on a bare floor: its cards' own moves with walls, pits and
 *    the edge, blind to belts, gears, pushers and lasers, register by
 *    register, and now and then plays a card at random;
 *  - normal runs every register of a candidate program through the real
 *    rules (rr_phase_run) but keeps only the best few partial programs
 *    after each register (a beam search);
 *  - hard runs every distinct program (cards of one kind are alike to it)
 *    through the real rules, five registers deep, plus one register of the
 *    floor alone to see where the belts take it next.
 * In RoboBall (roborally_bot_ball.c) the one "flag" is the ball, or the team's home
 * while the bot drags the ball; a position is worth more with the ball near
 * the team's home and far from the others', the team holding it and no
 * other team (so the foresight pushes a rival carrier off, or blocks it);
 * normal and hard head for the rival nearest the ball while a teammate
 * drags it.
 * Every level declares a hitch in every register while its team holds
 * none; normal and hard then try unhitching in one register of the chosen
 * program (hitching again after it or not) and keep that where it pays.
 * Easy votes the ball inaccessible once it has stood still two turns;
 * normal and hard only if their team cannot walk up to it, or after four.
 * Other robots stand still in its foresight (their programs are secret),
 * but they are pushed, block and shoot as the rules say. A search checks
 * *cancel every few hundred programs and is bounded by counts: at most
 * 7^5 programs.
 */
#include "roborally_bot.h"

#include <string.h>

#include "util/rng.h"

enum { LEVEL_EASY, LEVEL_NORMAL, LEVEL_HARD, FAR = 1000, BEAM_WIDTH = 4 };

/* ---- distance maps ---- */

typedef struct dist_map {
    int16_t d[RR_MAX_CELLS];
} dist_map;

/* Squares to `goal` from every cell, stepping round walls, never through a
 * pit; FAR where the goal cannot be reached. */
static void dist_fill(const rr_course *c, int goal, dist_map *m)
{
    int n = c->width * c->height;
    int16_t queue[RR_MAX_CELLS];
    int head = 0, tail = 0;
    for (int i = 0; i < n; i++)
        m->d[i] = FAR;
    m->d[goal] = 0;
    queue[tail++] = (int16_t)goal;
    while (head < tail) {
        int cell = queue[head++];
        for (int d = 0; d < RR_DIRS; d++) {
            int next = rr_neighbour(c, cell, d);
            if (next == RR_OFF || rr_wall_between(c, cell, d) || c->cells[next].kind == RR_PIT ||
                m->d[next] != FAR)
                continue;
            m->d[next] = (int16_t)(m->d[cell] + 1);
            queue[tail++] = (int16_t)next;
        }
    }
}

/* Cards (registers) needed to reach `goal` from each cell and facing, on
 * the bare floor: a card moves 1 to 3 squares ahead (a wall stops it), one
 * back, or turns; a card that would end in a pit or off the floor is no
 * way. Found by relaxing every state until nothing improves (the longest
 * way on a course is a few dozen cards). */
typedef struct card_map {
    int16_t d[RR_MAX_CELLS][RR_DIRS];
} card_map;

/* Where a card of `steps` squares (negative: back) leaves a robot from
 * `cell` facing `facing`, or RR_OFF if it falls. */
static int bare_move(const rr_course *c, int cell, int facing, int steps)
{
    int d = steps < 0 ? rr_opposite(facing) : facing;
    for (int k = 0; k < (steps < 0 ? 1 : steps); k++) {
        if (rr_wall_between(c, cell, d))
            break;
        cell = rr_neighbour(c, cell, d);
        if (cell == RR_OFF || c->cells[cell].kind == RR_PIT)
            return RR_OFF;
    }
    return cell;
}

static void card_fill(const rr_course *c, int goal, card_map *m)
{
    int n = c->width * c->height;
    for (int i = 0; i < n; i++) {
        for (int f = 0; f < RR_DIRS; f++)
            m->d[i][f] = i == goal ? 0 : FAR;
    }
    static const int steps[] = {1, 2, 3, -1}, turns[] = {1, -1, 2};
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 0; i < n; i++) {
            if (i == goal || c->cells[i].kind == RR_PIT)
                continue;
            for (int f = 0; f < RR_DIRS; f++) {
                int best = m->d[i][f];
                for (int k = 0; k < 4; k++) {
                    int to = bare_move(c, i, f, steps[k]);
                    if (to != RR_OFF && m->d[to][f] + 1 < best)
                        best = m->d[to][f] + 1;
                }
                for (int k = 0; k < 3; k++) {
                    int g = rr_turned(f, turns[k]);
                    if (m->d[i][g] + 1 < best)
                        best = m->d[i][g] + 1;
                }
                if (best < m->d[i][f]) {
                    m->d[i][f] = (int16_t)best;
                    changed = true;
                }
            }
        }
    }
}

/* Squares to the nearest home of a team other than seat's. */
static void threat_fill(const rr_state *s, int seat, dist_map *m)
{
    const rr_course *c = s->floor.course;
    dist_map one;
    for (int i = 0; i < c->width * c->height; i++)
        m->d[i] = FAR;
    for (int t = 0; t < s->rb.nteams; t++) {
        if (t == s->rb.team[seat])
            continue;
        dist_fill(c, s->rb.home[t], &one);
        for (int i = 0; i < c->width * c->height; i++) {
            if (one.d[i] < m->d[i])
                m->d[i] = one.d[i];
        }
    }
}

typedef struct planner {
    const rr_state *start;
    int seat, level;
    int nflags;
    dist_map maps[RR_MAX_FLAGS];
    card_map cards[RR_MAX_FLAGS]; /* normal and hard only */
    bool roboball;
    dist_map home;                   /* roboball: squares to the team's home */
    dist_map threat;                 /* roboball: squares to the nearest other team's home */
    int counts[RR_CARD_KINDS];       /* cards of each kind in hand */
    int16_t best_card[RR_CARD_KINDS][RR_HAND_MAX]; /* by priority, highest first */
    const volatile int *cancel;
    long nodes;
    double best;
    int8_t best_kinds[RR_REGISTERS];
    int8_t kinds[RR_REGISTERS];
    rng dice;
} planner;

/* ---- scoring a position ---- */

static int dist_to_next(const planner *pl, const rr_state *s)
{
    const rr_robot *r = &s->robot[pl->seat];
    if (r->flags >= pl->nflags || !rr_robot_here(s, pl->seat))
        return 0;
    return pl->maps[r->flags].d[s->floor.piece[pl->seat].cell];
}

/* How good a position is for the planning robot: flags first, then being
 * alive, then distance, damage and a facing that leads on. */
static double score(const planner *pl, const rr_state *s)
{
    const rr_robot *r0 = &pl->start->robot[pl->seat], *r = &s->robot[pl->seat];
    double v = 1000.0 * (r->flags - r0->flags);
    if (s->finished & (1u << pl->seat))
        return 1e6;
    if (!rr_robot_here(s, pl->seat))
        return v - 5000.0 - 50.0 * r->flags;
    int cell = s->floor.piece[pl->seat].cell;
    int dist = dist_to_next(pl, s);
    v -= 12.0 * dist;
    if (pl->level > LEVEL_EASY && r->flags < pl->nflags)
        v -= 20.0 * pl->cards[r->flags].d[cell][s->floor.piece[pl->seat].facing];
    int damage = r->damage - r0->damage;
    v -= damage * (r->damage >= 5 ? 9.0 : 5.0);
    if (pl->roboball)
        v += rr_bot_ball_score(s, pl->seat, pl->home.d, pl->threat.d);
    if (r->flags < pl->nflags) {
        int ahead = rr_neighbour(s->floor.course, cell, s->floor.piece[pl->seat].facing);
        if (ahead != RR_OFF && !rr_wall_between(s->floor.course, cell, s->floor.piece[pl->seat].facing) &&
            pl->maps[r->flags].d[ahead] < dist)
            v += 4.0;
    }
    return v;
}

/* ---- foresight ---- */

/* The state with only the planning robot holding a program: every other
 * robot (and the ball in an extraction turn) stands still in the bot's
 * foresight. */
static void quiet_others(rr_state *s, int seat)
{
    for (int i = 0; i < s->nrobots; i++) {
        if (i != seat) {
            memset(s->robot[i].reg, 0, sizeof s->robot[i].reg);
            memset(s->robot[i].hitch, 0, sizeof s->robot[i].hitch);
        }
    }
    if (s->roboball) {
        int8_t h[RR_REGISTERS];
        rr_bot_ball_hitches(s, seat, h);
        for (int r = 0; r < RR_REGISTERS; r++) {
            if (!rr_register_locked(s->robot[seat].damage, r)) /* a locked one keeps its declaration */
                s->robot[seat].hitch[r] = h[r];
        }
        /* The ball's extraction cards are dealt face down: it stands still too. */
        memset(s->rb.cards, 0, sizeof s->rb.cards);
    }
}

/* One register with `card` in it, by the real rules. */
static void run_register(rr_state *s, int seat, int reg, int card)
{
    s->robot[seat].reg[reg] = (int16_t)card;
    rr_phase_run(s, reg, NULL);
}

/* Easy's bare floor: only the card's own moves, walls, pits and the edge. */
static void run_bare(rr_state *s, int seat, int card)
{
    rr_piece *p = &s->floor.piece[seat];
    const rr_card_info *info = &rr_card_infos[rr_card_kind_of(card)];
    p->facing = (uint8_t)rr_turned(p->facing, info->quarters);
    int steps = info->steps < 0 ? 1 : info->steps;
    int d = info->steps < 0 ? rr_opposite(p->facing) : p->facing;
    for (int k = 0; k < steps && rr_on_floor(p); k++) {
        if (!rr_push_step(&s->floor, seat, d, NULL, NULL))
            break;
    }
    if (!rr_on_floor(p)) {
        rr_destroy(s, seat, p->gone, NULL);
    } else {
        const rr_course *c = s->floor.course;
        rr_robot *r = &s->robot[seat];
        if (!s->roboball && r->flags < c->nflags && c->flags[r->flags] == p->cell) {
            r->flags++;
            if (r->flags == c->nflags)
                s->finished |= (uint8_t)(1u << seat);
        }
    }
}

static int card_for(planner *pl, int kind, int used[RR_CARD_KINDS])
{
    return pl->best_card[kind][used[kind]];
}

/* ---- hard: every distinct program ---- */

/* The value of where a program of `reg` registers left the robot; after a
 * whole program, with one more register of the floor alone: where the
 * belts take it. */
static double final_value(const planner *pl, const rr_state *s, int reg)
{
    if (reg < RR_REGISTERS || !rr_robot_here(s, pl->seat) || (s->finished & (1u << pl->seat)) ||
        (s->roboball && s->rb.goal >= 0))
        return score(pl, s);
    rr_state next = *s;
    memset(next.robot[pl->seat].reg, 0, sizeof next.robot[pl->seat].reg);
    memset(next.robot[pl->seat].hitch, 0, sizeof next.robot[pl->seat].hitch);
    rr_phase_run(&next, 0, NULL);
    return 0.7 * score(pl, s) + 0.3 * score(pl, &next);
}

static void search(planner *pl, const rr_state *s, int reg, int used[RR_CARD_KINDS])
{
    if (*pl->cancel)
        return;
    pl->nodes++;
    const rr_robot *r = &s->robot[pl->seat];
    bool done = reg == RR_REGISTERS || !rr_robot_here(s, pl->seat) ||
                (s->finished & (1u << pl->seat)) || (s->roboball && s->rb.goal >= 0);
    if (done) {
        for (int k = reg; k < RR_REGISTERS; k++)
            pl->kinds[k] = -1; /* any card left: they never run */
        double v;
        v = final_value(pl, s, reg);
        if (v > pl->best) {
            pl->best = v;
            memcpy(pl->best_kinds, pl->kinds, sizeof pl->kinds);
        }
        return;
    }
    if (rr_register_locked(pl->start->robot[pl->seat].damage, reg)) {
        rr_state next = *s;
        run_register(&next, pl->seat, reg, r->reg[reg]);
        pl->kinds[reg] = -1;
        search(pl, &next, reg + 1, used);
        return;
    }
    for (int k = 0; k < RR_CARD_KINDS; k++) {
        if (used[k] >= pl->counts[k])
            continue;
        rr_state next = *s;
        run_register(&next, pl->seat, reg, card_for(pl, k, used));
        used[k]++;
        pl->kinds[reg] = (int8_t)k;
        search(pl, &next, reg + 1, used);
        used[k]--;
    }
}

/* ---- normal: a beam search over registers ---- */

typedef struct partial {
    rr_state s;
    double v;
    int8_t kinds[RR_REGISTERS];
    int used[RR_CARD_KINDS];
} partial;

static void keep_best(partial *beam, int *n, const partial *cand)
{
    if (*n < BEAM_WIDTH) {
        beam[(*n)++] = *cand;
        return;
    }
    int worst = 0;
    for (int i = 1; i < *n; i++) {
        if (beam[i].v < beam[worst].v)
            worst = i;
    }
    if (cand->v > beam[worst].v)
        beam[worst] = *cand;
}

static void beam_search(planner *pl)
{
    partial cur[BEAM_WIDTH], nxt[BEAM_WIDTH];
    int ncur = 1, nnxt;
    memset(&cur[0], 0, sizeof cur[0]);
    cur[0].s = *pl->start;
    quiet_others(&cur[0].s, pl->seat);
    for (int reg = 0; reg < RR_REGISTERS && !*pl->cancel; reg++) {
        nnxt = 0;
        bool locked = rr_register_locked(pl->start->robot[pl->seat].damage, reg);
        for (int b = 0; b < ncur; b++) {
            for (int k = 0; k < RR_CARD_KINDS; k++) {
                if (!locked && cur[b].used[k] >= pl->counts[k])
                    continue;
                partial cand = cur[b];
                int card = locked ? pl->start->robot[pl->seat].reg[reg] : card_for(pl, k, cand.used);
                bool alive = rr_robot_here(&cand.s, pl->seat);
                if (alive)
                    run_register(&cand.s, pl->seat, reg, card);
                if (!locked)
                    cand.used[k]++;
                cand.kinds[reg] = (int8_t)(locked ? -1 : k);
                cand.v = score(pl, &cand.s);
                pl->nodes++;
                keep_best(nxt, &nnxt, &cand);
                if (locked)
                    break;
            }
        }
        memcpy(cur, nxt, sizeof(partial) * (size_t)nnxt);
        ncur = nnxt;
    }
    for (int b = 0; b < ncur; b++) {
        if (cur[b].v > pl->best) {
            pl->best = cur[b].v;
            memcpy(pl->best_kinds, cur[b].kinds, sizeof pl->best_kinds);
        }
    }
}

/* ---- easy: register by register on a bare floor ---- */

static void easy_plan(planner *pl)
{
    rr_state s = *pl->start;
    int used[RR_CARD_KINDS] = {0};
    for (int reg = 0; reg < RR_REGISTERS; reg++) {
        if (rr_register_locked(pl->start->robot[pl->seat].damage, reg)) {
            if (rr_robot_here(&s, pl->seat))
                run_bare(&s, pl->seat, s.robot[pl->seat].reg[reg]);
            pl->best_kinds[reg] = -1;
            continue;
        }
        int pick = -1;
        bool careless = rng_below(&pl->dice, 5) == 0;
        if (careless) {
            /* A careless moment: any card left. */
            int left = 0;
            for (int k = 0; k < RR_CARD_KINDS; k++)
                left += pl->counts[k] - used[k];
            int n = (int)rng_below(&pl->dice, (uint32_t)left);
            for (int k = 0; k < RR_CARD_KINDS && pick < 0; k++) {
                n -= pl->counts[k] - used[k];
                if (n < 0)
                    pick = k;
            }
        }
        double best = -1e18;
        for (int k = 0; k < RR_CARD_KINDS && !careless; k++) {
            if (used[k] >= pl->counts[k])
                continue;
            rr_state next = s;
            if (rr_robot_here(&next, pl->seat))
                run_bare(&next, pl->seat, card_for(pl, k, used));
            double v = score(pl, &next) + (double)rng_below(&pl->dice, 100) / 100.0;
            if (v > best) {
                best = v;
                pick = k;
            }
        }
        if (rr_robot_here(&s, pl->seat))
            run_bare(&s, pl->seat, card_for(pl, pick, used));
        used[pick]++;
        pl->best_kinds[reg] = (int8_t)pick;
    }
    pl->best = score(pl, &s);
}

/* ---- RoboBall: the declarations of the chosen program ---- */

/* Runs the program in the bot's foresight with these declarations;
 * returns the value of where it ends. */
static double run_program(const planner *pl, const int16_t regs[RR_REGISTERS], const int8_t h[RR_REGISTERS])
{
    rr_state s = *pl->start;
    quiet_others(&s, pl->seat);
    memcpy(s.robot[pl->seat].hitch, h, RR_REGISTERS);
    int reg = 0;
    for (; reg < RR_REGISTERS && rr_robot_here(&s, pl->seat) && s.rb.goal < 0; reg++)
        run_register(&s, pl->seat, reg, regs[reg]);
    return final_value(pl, &s, reg);
}

/* The search ran the program with easy's declarations (hitch in every
 * register while the team holds none); unhitching in one register, then
 * hitching again or not, is kept where it pays: say the hitched robot must
 * turn back without dragging the ball away from home. Locked registers
 * keep their declarations. */
static void plan_hitches(const planner *pl, const int16_t regs[RR_REGISTERS], int8_t out[RR_REGISTERS])
{
    const rr_robot *r = &pl->start->robot[pl->seat];
    rr_bot_ball_hitches(pl->start, pl->seat, out);
    for (int k = 0; k < RR_REGISTERS; k++) {
        if (rr_register_locked(r->damage, k))
            out[k] = r->hitch[k];
    }
    double best = run_program(pl, regs, out);
    int8_t base[RR_REGISTERS];
    memcpy(base, out, sizeof base);
    for (int at = 0; at < RR_REGISTERS && !rr_register_locked(r->damage, at); at++) {
        for (int after = RR_HITCH_NONE; after <= RR_HITCH_ON; after++) {
            int8_t h[RR_REGISTERS];
            memcpy(h, base, sizeof h);
            h[at] = RR_HITCH_OFF;
            for (int k = at + 1; k < RR_REGISTERS && !rr_register_locked(r->damage, k); k++)
                h[k] = (int8_t)after;
            double v = run_program(pl, regs, h);
            if (v > best + 2.0) {
                best = v;
                memcpy(out, h, sizeof h);
            }
        }
    }
}

/* ---- planning ---- */

static double plan(const rr_state *s, int seat, const int16_t *hand, int nhand, int level, uint64_t salt,
                   const volatile int *cancel, int16_t registers[RR_REGISTERS], int8_t hitches[RR_REGISTERS])
{
    static const volatile int never = 0;
    planner *pl = &(planner){0};
    pl->start = s;
    pl->seat = seat;
    pl->level = level;
    pl->cancel = cancel ? cancel : &never;
    pl->best = -1e18;
    rng_seed(&pl->dice, salt);
    const rr_course *c = s->floor.course;
    pl->nflags = c->nflags;
    if (s->roboball) {
        int target = rr_bot_ball_target(s, seat, level > LEVEL_EASY);
        pl->roboball = true;
        pl->nflags = 1;
        dist_fill(c, target, &pl->maps[0]);
        if (level > LEVEL_EASY)
            card_fill(c, target, &pl->cards[0]);
        dist_fill(c, rr_bot_ball_home(s, seat), &pl->home);
        threat_fill(s, seat, &pl->threat);
    }
    for (int f = 0; f < c->nflags && !s->roboball; f++) {
        dist_fill(c, c->flags[f], &pl->maps[f]);
        if (level > LEVEL_EASY && f >= s->robot[seat].flags)
            card_fill(c, c->flags[f], &pl->cards[f]);
    }
    /* Cards by kind, highest priority first (it moves earlier). */
    int16_t sorted[RR_HAND_MAX];
    memcpy(sorted, hand, (size_t)nhand * sizeof sorted[0]);
    for (int i = 1; i < nhand; i++) {
        for (int j = i; j > 0 && sorted[j] > sorted[j - 1]; j--) {
            int16_t t = sorted[j];
            sorted[j] = sorted[j - 1];
            sorted[j - 1] = t;
        }
    }
    for (int i = 0; i < nhand; i++) {
        int k = rr_card_kind_of(sorted[i]);
        pl->best_card[k][pl->counts[k]++] = sorted[i];
    }
    for (int r = 0; r < RR_REGISTERS; r++)
        pl->best_kinds[r] = -1;
    if (level <= LEVEL_EASY) {
        easy_plan(pl);
    } else if (level == LEVEL_NORMAL) {
        beam_search(pl);
    } else {
        rr_state start = *s;
        quiet_others(&start, seat);
        int used[RR_CARD_KINDS] = {0};
        search(pl, &start, 0, used);
    }
    int used[RR_CARD_KINDS] = {0};
    for (int r = 0; r < RR_REGISTERS; r++) {
        int k = pl->best_kinds[r];
        if (rr_register_locked(s->robot[seat].damage, r)) {
            registers[r] = s->robot[seat].reg[r];
            continue;
        }
        if (k < 0) {
            /* No card chosen here (the search was cancelled, or the robot
             * is gone or home before this register): any card left. */
            for (k = 0; k < RR_CARD_KINDS && used[k] >= pl->counts[k]; k++)
                ;
        }
        registers[r] = pl->best_card[k][used[k]++];
    }
    if (s->roboball && level > LEVEL_EASY)
        plan_hitches(pl, registers, hitches);
    else if (s->roboball)
        rr_bot_ball_hitches(s, seat, hitches);
    return pl->best;
}

double rr_bot_plan(const rr_state *s, int seat, const int16_t *hand, int nhand, int level,
                      uint64_t salt, const volatile int *cancel, int16_t registers[RR_REGISTERS])
{
    int8_t hitches[RR_REGISTERS];
    return plan(s, seat, hand, nhand, level, salt, cancel, registers, hitches);
}

/* ---- the bot's answers ---- */

/* Damage a robot would take sitting a turn out powered down where it is
 * (the others standing still): 10 if it would not survive it. */
static int idle_damage(const rr_state *s, int seat)
{
    rr_state t = *s;
    quiet_others(&t, seat);
    memset(t.robot[seat].reg, 0, sizeof t.robot[seat].reg);
    t.robot[seat].powered_down = true;
    t.robot[seat].damage = 0;
    for (int reg = 0; reg < RR_REGISTERS && rr_robot_here(&t, seat); reg++)
        rr_phase_run(&t, reg, NULL);
    return rr_robot_here(&t, seat) ? t.robot[seat].damage : RR_MAX_DAMAGE;
}

/* Another turn powered down pays only if it repairs more than the floor
 * would hurt: a robot parked in a laser's beam gets up and moves on. */
static bool stays_down(const rr_state *s, int seat)
{
    int damage = s->robot[seat].damage;
    return damage >= 4 && idle_damage(s, seat) + 2 < damage;
}

/* The facing that leads on toward the next flag from `cell`. */
static int facing_toward(const rr_state *s, int seat, int cell)
{
    const rr_course *c = s->floor.course;
    int flag = s->robot[seat].flags;
    if (!s->roboball && flag >= c->nflags)
        return RR_N;
    dist_map m;
    dist_fill(c, s->roboball ? rr_bot_ball_target(s, seat, true) : c->flags[flag], &m);
    int best = RR_N, bestd = FAR + 1;
    for (int d = 0; d < RR_DIRS; d++) {
        int next = rr_neighbour(c, cell, d);
        if (next == RR_OFF || rr_wall_between(c, cell, d))
            continue;
        if (m.d[next] < bestd) {
            bestd = m.d[next];
            best = d;
        }
    }
    return best;
}

/* The program as an action; locked registers are sent as null. */
static json_t *program_json(const game *g, int seat, const int16_t regs[RR_REGISTERS],
                            const int8_t h[RR_REGISTERS], bool down, bool submit)
{
    int damage = rr_game_state(g)->robot[seat].damage;
    json_t *list = json_array();
    for (int r = 0; r < RR_REGISTERS; r++)
        json_array_append_new(list, rr_register_locked(damage, r) ? json_null() : json_integer(regs[r]));
    json_t *a = json_pack("{s:s, s:i, s:o, s:b, s:b}", "kind", "program", "turn", rr_game_turn(g),
                          "registers", list, "power_down", down, "submit", submit);
    const rr_state *s = rr_game_state(g);
    if (s->roboball) {
        static const char *const names[] = {NULL, "hitch", "unhitch"};
        json_t *hitches = json_array();
        for (int r = 0; r < RR_REGISTERS; r++)
            json_array_append_new(hitches, h[r] ? json_string(names[h[r]]) : json_null());
        json_object_set_new(a, "hitches", hitches);
    }
    return a;
}

/* Easy writes a draft first and locks it in when asked again, as a person
 * might; the others lock their program in at once. */
static json_t *program_action(const game *g, int seat, int level, uint64_t salt,
                              const volatile int *cancel)
{
    const rr_state *s = rr_game_state(g);
    int damage = s->robot[seat].damage;
    bool down = level > LEVEL_EASY ? damage >= 6 : damage >= 8;
    int16_t hand[RR_HAND_MAX], regs[RR_REGISTERS];
    int8_t hitches[RR_REGISTERS] = {0};
    int unlocked = RR_REGISTERS - rr_locked_count(damage);
    if (level <= LEVEL_EASY && unlocked > 0 && rr_game_draft(g, seat, regs) == unlocked) {
        rr_bot_ball_hitches(s, seat, hitches);
        return program_json(g, seat, regs, hitches, down, true);
    }
    int n = rr_game_hand(g, seat, hand);
    plan(s, seat, hand, n, level, salt, cancel, regs, hitches);
    return program_json(g, seat, regs, hitches, down, level > LEVEL_EASY || unlocked == 0);
}

json_t *rr_bot(const game *g, int seat, int level, int64_t now_ms, uint64_t salt,
                      int64_t *wake_ms, const volatile int *cancel)
{
    (void)now_ms;
    (void)wake_ms;
    const rr_state *s = rr_game_state(g);
    if (s->roboball && rr_game_phase(g) == RR_PHASE_PROGRAM) {
        bool held = rr_game_votes(g) & (1u << seat), vote = rr_bot_ball_votes(s, seat, level > LEVEL_EASY);
        if (vote != held)
            return json_pack("{s:s, s:i, s:b}", "kind", "extract", "turn", rr_game_turn(g), "vote", vote);
    }
    switch (rr_game_needs(g, seat)) {
    case RR_NEED_PROGRAM: return program_action(g, seat, level, salt, cancel);
    case RR_NEED_REENTER: {
        int facing = level == LEVEL_EASY ? (int)(salt % RR_DIRS)
                                         : facing_toward(s, seat, s->robot[seat].archive);
        return json_pack("{s:s, s:i, s:s}", "kind", "reenter", "turn", rr_game_turn(g), "facing",
                         rr_dir_names[facing]);
    }
    case RR_NEED_STAY:
        return json_pack("{s:s, s:i, s:b}", "kind", "stay_down", "turn", rr_game_turn(g), "stay",
                         level > LEVEL_EASY && stays_down(s, seat));
    default: return NULL;
    }
}
