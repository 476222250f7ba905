/*
 * rr_ball.c: RoboBall's ball on the floor (hitches, dragging, pogo) and its
 * rules (teams, homes, bonk, declarations, goal, extraction cards); see
 * rr_ball.h.
 */
#include "rr_ball.h"

#include <stdlib.h>
#include <string.h>

#include "rr_rules.h"
#include "rr_trace.h"

/* ---- the floor's part ---- */

/* The direction from cell a to the adjacent cell b, or -1 if not adjacent. */
static int step_dir(const rr_course *c, int a, int b)
{
    for (int d = 0; d < RR_DIRS; d++) {
        if (rr_neighbour(c, a, d) == b)
            return d;
    }
    return -1;
}

/* Are cells a and b side by side with no wall between? */
static bool touching(const rr_course *c, int a, int b)
{
    int d = a == RR_OFF || b == RR_OFF ? -1 : step_dir(c, a, b);
    return d >= 0 && !rr_wall_between(c, a, d);
}

bool rr_ball_touching(const rr_floor *f, int seat)
{
    const rr_piece *ball = &f->piece[RR_BALL], *p = &f->piece[seat];
    return rr_floor_has_ball(f) && rr_on_floor(ball) && rr_on_floor(p) &&
           touching(f->course, p->cell, ball->cell);
}

void rr_ball_unhitch(rr_floor *f, int seat, const char *why, rr_trace *t)
{
    if (!(f->hitched & (1u << seat)))
        return;
    f->hitched &= (uint8_t)~(1u << seat);
    if (t)
        rr_trace_action(t, "unhitch", seat, json_pack("{s:s}", "why", why));
}

static void unhitch_all(rr_floor *f, uint8_t mask, const char *why, rr_trace *t)
{
    for (int s = 0; s < RR_MAX_ROBOTS; s++) {
        if (mask & (1u << s))
            rr_ball_unhitch(f, s, why, t);
    }
}

void rr_ball_up(rr_floor *f, rr_trace *t)
{
    rr_piece *ball = &f->piece[RR_BALL];
    unhitch_all(f, f->hitched, "pogo", t);
    if (ball->is_virtual)
        return;
    ball->is_virtual = true;
    if (t)
        rr_trace_ball(t, "pogo", false,
                      json_pack("{s:o, s:b}", "at", rr_cell_json(f->course, ball->cell), "up", true));
}

/* Is a real piece (other than `except`) on the cell? */
static bool taken(const rr_floor *f, int cell, int except)
{
    return rr_floor_real_at(f, cell, except) >= 0;
}

/* A hitched robot moved away from a ball that stayed: the ball follows
 * into the square it left, unless that square has been taken. */
static void ball_follows(rr_floor *f, int seat, const int16_t before[], rr_trace *t)
{
    rr_piece *ball = &f->piece[RR_BALL];
    int to = before[seat], d = step_dir(f->course, ball->cell, to);
    if (d < 0 || rr_wall_between(f->course, ball->cell, d)) {
        rr_ball_unhitch(f, seat, "separated", t);
        return;
    }
    if (taken(f, to, RR_BALL)) {
        rr_ball_unhitch(f, seat, "blocked", t);
        return;
    }
    rr_trace_drag(t, RR_BALL, ball->cell, d);
    ball->cell = (int16_t)to;
    ball->facing = (uint8_t)d;
}

/* The ball moved away from hitched robots that stayed: one follows it into
 * the square it left; several would collide there, and all lose the hitch;
 * a taken square breaks the hitch. `leader` (a robot that dragged the ball,
 * or -1) keeps its hitch. */
static void robots_follow(rr_floor *f, int from, int leader, const int16_t before[], rr_trace *t)
{
    const rr_course *c = f->course;
    uint8_t pulled = 0;
    for (int s = 0; s < RR_MAX_ROBOTS; s++) {
        const rr_piece *p = &f->piece[s];
        if (!(f->hitched & (1u << s)) || s == leader || p->cell != before[s] ||
            rr_ball_touching(f, s))
            continue;
        if (touching(c, p->cell, from))
            pulled |= (uint8_t)(1u << s);
    }
    if (!pulled)
        return;
    if (__builtin_popcount(pulled) > 1) {
        unhitch_all(f, pulled, "collision", t);
        return;
    }
    int s = __builtin_ctz(pulled);
    if (taken(f, from, s)) {
        rr_ball_unhitch(f, s, "blocked", t);
        return;
    }
    rr_piece *p = &f->piece[s];
    rr_trace_drag(t, s, p->cell, step_dir(c, p->cell, from));
    p->cell = (int16_t)from;
}

void rr_ball_follow(rr_floor *f, const int16_t before[RR_MAX_PIECES], rr_trace *t)
{
    if (!rr_floor_has_ball(f) || !f->hitched)
        return;
    rr_piece *ball = &f->piece[RR_BALL];
    /* A robot that went into a pit or off the course leaves the ball at the edge. */
    for (int s = 0; s < RR_MAX_ROBOTS; s++) {
        if ((f->hitched & (1u << s)) && !rr_on_floor(&f->piece[s]))
            rr_ball_unhitch(f, s, "edge", t);
    }
    int leader = -1;
    if (ball->cell == before[RR_BALL]) {
        uint8_t movers = 0;
        for (int s = 0; s < RR_MAX_ROBOTS; s++) {
            if ((f->hitched & (1u << s)) && f->piece[s].cell != before[s] && !rr_ball_touching(f, s))
                movers |= (uint8_t)(1u << s);
        }
        if (__builtin_popcount(movers) > 1)
            unhitch_all(f, movers, "separated", t); /* it cannot follow two ways at once */
        else if (movers) {
            leader = __builtin_ctz(movers);
            ball_follows(f, leader, before, t);
        }
    }
    if (ball->cell != before[RR_BALL])
        robots_follow(f, before[RR_BALL], leader, before, t);
    for (int s = 0; s < RR_MAX_ROBOTS; s++) {
        if ((f->hitched & (1u << s)) && !rr_ball_touching(f, s))
            rr_ball_unhitch(f, s, "separated", t);
    }
}

/* ---- the rules' part ---- */

/* The direction from `from` that closes most on `to` (north when equal). */
static int facing_to(const rr_course *c, int from, int to)
{
    int dx = to % c->width - from % c->width, dy = to / c->width - from / c->width;
    if (abs(dx) > abs(dy))
        return dx > 0 ? RR_E : RR_W;
    return dy > 0 ? RR_S : RR_N;
}

void rr_ball_setup(rr_state *s, int nteams, const int8_t team[RR_MAX_ROBOTS])
{
    const rr_course *c = s->floor.course;
    rr_roboball *rb = &s->rb;
    s->roboball = true;
    memset(rb, 0, sizeof *rb);
    rb->nteams = nteams;
    rb->goal = -1;
    for (int t = 0; t < nteams; t++)
        rb->home[t] = c->homes[nteams - RR_MIN_TEAMS][t];
    for (int i = s->nrobots; i < RR_BALL; i++) {
        s->floor.piece[i].gone = RR_GONE_AWAY;
        s->floor.piece[i].cell = RR_OFF;
    }
    s->floor.npieces = RR_BALL + 1;
    s->floor.hitched = 0;
    rr_piece *ball = &s->floor.piece[RR_BALL];
    *ball = (rr_piece){.kind = RR_PIECE_BALL, .facing = RR_N, .gone = RR_HERE, .cell = c->ball};
    for (int i = 0; i < s->nrobots; i++) {
        rb->team[i] = team[i];
        rr_piece *p = &s->floor.piece[i];
        p->cell = rb->home[team[i]];
        p->facing = (uint8_t)facing_to(c, p->cell, c->ball);
        s->robot[i].archive = p->cell;
    }
    for (int i = 0; i < s->nrobots; i++)
        s->floor.piece[i].is_virtual = rr_floor_any_at(&s->floor, s->floor.piece[i].cell, i) >= 0;
}

int rr_ball_home_team(const rr_state *s, int cell)
{
    for (int t = 0; s->roboball && t < s->rb.nteams; t++) {
        if (s->rb.home[t] == cell)
            return t;
    }
    return -1;
}

bool rr_ball_is_home(const rr_state *s, int cell)
{
    return rr_ball_home_team(s, cell) >= 0;
}

bool rr_ball_team_hitched(const rr_state *s, int team)
{
    for (int i = 0; i < s->nrobots; i++) {
        if ((s->floor.hitched & (1u << i)) && s->rb.team[i] == team)
            return true;
    }
    return false;
}

bool rr_ball_balks(const rr_state *s, int card)
{
    const rr_card_info *info = &rr_card_infos[rr_card_kind_of(card)];
    const rr_piece *ball = &s->floor.piece[RR_BALL];
    const rr_course *c = s->floor.course;
    int facing = rr_turned(ball->facing, info->quarters);
    int d = info->steps < 0 ? rr_opposite(facing) : facing;
    int cell = ball->cell;
    for (int k = 0; k < abs(info->steps); k++) {
        if (rr_wall_between(c, cell, d))
            return false;
        cell = rr_neighbour(c, cell, d);
        if (cell == RR_OFF || c->cells[cell].kind == RR_PIT)
            return true;
    }
    return false;
}

void rr_ball_bonk(rr_state *s, int reg, rr_trace *t)
{
    rr_piece *ball = &s->floor.piece[RR_BALL];
    if (!s->roboball || !ball->is_virtual)
        return;
    if (t)
        rr_trace_open(t, json_pack("{s:s, s:i, s:i, s:s}", "kind", "board", "turn", s->turn,
                                   "register", reg + 1, "step", "bonk"));
    for (int i = 0; i < s->nrobots; i++) {
        if (rr_robot_here(s, i) && s->floor.piece[i].cell == ball->cell)
            rr_damage_by(s, i, 1, "bonk", ball->cell, t);
    }
    rr_trace_frame(t);
    if (rr_floor_any_at(&s->floor, ball->cell, RR_BALL) < 0) {
        ball->is_virtual = false;
        if (t)
            rr_trace_ball(t, "pogo", false,
                          json_pack("{s:o, s:b}", "at", rr_cell_json(s->floor.course, ball->cell),
                                    "up", false));
    }
    rr_trace_close(t, false);
}

void rr_ball_goal(rr_state *s, rr_trace *t)
{
    const rr_piece *ball = &s->floor.piece[RR_BALL];
    int team = rr_ball_home_team(s, ball->cell);
    if (team < 0 || s->rb.goal >= 0)
        return;
    s->rb.goal = (int8_t)team;
    if (t)
        rr_trace_ball(t, "goal", false,
                      json_pack("{s:i, s:o}", "team", team, "at", rr_cell_json(s->floor.course, ball->cell)));
}

/* Why robot i's hitch would fail now, or NULL if it takes. */
static const char *hitch_refusal(const rr_state *s, int i)
{
    if (s->robot[i].powered_down)
        return "powered_down";
    if (!rr_ball_touching(&s->floor, i))
        return "far";
    if (s->floor.piece[RR_BALL].is_virtual)
        return "pogo";
    if (rr_ball_team_hitched(s, s->rb.team[i]))
        return "team";
    return NULL;
}

void rr_ball_hitches(rr_state *s, int reg, rr_trace *t)
{
    if (!s->roboball)
        return;
    /* Robots that declare, by this register's card, highest first. */
    int order[RR_MAX_ROBOTS], n = 0;
    for (int i = 0; i < s->nrobots; i++) {
        if (!rr_robot_here(s, i) || s->robot[i].hitch[reg] == RR_HITCH_NONE)
            continue;
        int k = n++;
        while (k > 0 && s->robot[order[k - 1]].reg[reg] < s->robot[i].reg[reg]) {
            order[k] = order[k - 1];
            k--;
        }
        order[k] = i;
    }
    if (!n)
        return;
    if (t)
        rr_trace_open(t, json_pack("{s:s, s:i, s:i, s:s}", "kind", "board", "turn", s->turn,
                                   "register", reg + 1, "step", "hitches"));
    for (int k = 0; k < n; k++) {
        int i = order[k];
        if (s->robot[i].hitch[reg] == RR_HITCH_OFF && !s->robot[i].powered_down)
            rr_ball_unhitch(&s->floor, i, "declared", t);
    }
    for (int k = 0; k < n; k++) {
        int i = order[k];
        if (s->robot[i].hitch[reg] != RR_HITCH_ON)
            continue;
        const char *why = hitch_refusal(s, i);
        if (why) {
            if (t)
                rr_trace_action(t, "hitch_failed", i, json_pack("{s:s}", "why", why));
            continue;
        }
        s->floor.hitched |= (uint8_t)(1u << i);
        if (t)
            rr_trace_action(t, "hitch", i, json_pack("{s:i}", "team", s->rb.team[i]));
    }
    rr_trace_close(t, false);
}
