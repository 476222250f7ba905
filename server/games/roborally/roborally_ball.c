/*
 * roborally_ball.c: RoboBall's ball on the floor (pogo, hitches, dragging) and its
 * rules (teams, homes, bonk, declarations, goal, extraction cards), through
 * the hooks of the floor and of the rules; see roborally_ball.h.
 */
#include "roborally_ball.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

static const char ball_name[] = "ball";

/* Stops beams like a wall, never shot, never falls, no laser, faces the
 * way it last moved; gears and the curves of belts turn it only during
 * extraction (rr_ball_extract adds RR_TURNS then). */
enum { BALL_TRAITS = RR_STOPS_BEAMS | RR_FACES_MOVES };

/* ---- on the floor ---- */

/* The position a floor belongs to: the floor hooks below are installed by
 * rr_ball_put, on the floor of an rr_state. */
static rr_state *state_of(rr_floor *f)
{
    return (rr_state *)((char *)f - offsetof(rr_state, floor));
}

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

bool rr_ball_touching(const rr_state *s, int seat)
{
    const rr_piece *ball = &s->floor.piece[RR_BALL], *p = &s->floor.piece[seat];
    return rr_on_floor(ball) && rr_on_floor(p) && touching(s->floor.course, p->cell, ball->cell);
}

static bool is_hitched(const rr_state *s, int seat)
{
    return s->rb.hitched & (1u << seat);
}

/* The ball loses robot `seat`'s hitch, for `why` ("declared", "separated"...). */
static void unhitch(rr_state *s, int seat, const char *why, rr_trace *t)
{
    if (!is_hitched(s, seat))
        return;
    s->rb.hitched &= (uint8_t)~(1u << seat);
    if (t)
        rr_trace_action(t, "unhitch", seat, json_pack("{s:s}", "why", why));
}

static void unhitch_all(rr_state *s, uint8_t mask, const char *why, rr_trace *t)
{
    for (int seat = 0; seat < RR_MAX_ROBOTS; seat++) {
        if (mask & (1u << seat))
            unhitch(s, seat, why, t);
    }
}

/* The ball would fall: it goes up (pogo) where it stands, losing every hitch. */
static void ball_up(rr_floor *f, int i, rr_trace *t)
{
    (void)i;
    rr_state *s = state_of(f);
    rr_piece *ball = &f->piece[RR_BALL];
    unhitch_all(s, s->rb.hitched, "pogo", t);
    if (ball->is_virtual)
        return;
    ball->is_virtual = true;
    if (t)
        rr_trace_action(t, "pogo", -1,
                        json_pack("{s:o, s:b}", "at", rr_cell_json(f->course, ball->cell), "up", true));
}

/* Is a real piece (other than `except`) on the cell? */
static bool taken(const rr_floor *f, int cell, int except)
{
    return rr_floor_real_at(f, cell, except) >= 0;
}

/* A hitched robot moved away from a ball that stayed: the ball follows
 * into the square it left, unless that square has been taken. */
static void ball_follows(rr_state *s, int seat, const int16_t before[], rr_trace *t)
{
    rr_floor *f = &s->floor;
    rr_piece *ball = &f->piece[RR_BALL];
    int to = before[seat], d = step_dir(f->course, ball->cell, to);
    if (d < 0 || rr_wall_between(f->course, ball->cell, d)) {
        unhitch(s, seat, "separated", t);
        return;
    }
    if (taken(f, to, RR_BALL)) {
        unhitch(s, seat, "blocked", t);
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
static void robots_follow(rr_state *s, int from, int leader, const int16_t before[], rr_trace *t)
{
    rr_floor *f = &s->floor;
    const rr_course *c = f->course;
    uint8_t pulled = 0;
    for (int seat = 0; seat < RR_MAX_ROBOTS; seat++) {
        const rr_piece *p = &f->piece[seat];
        if (!is_hitched(s, seat) || seat == leader || p->cell != before[seat] ||
            rr_ball_touching(s, seat))
            continue;
        if (touching(c, p->cell, from))
            pulled |= (uint8_t)(1u << seat);
    }
    if (!pulled)
        return;
    if (__builtin_popcount(pulled) > 1) {
        unhitch_all(s, pulled, "collision", t);
        return;
    }
    int seat = __builtin_ctz(pulled);
    if (taken(f, from, seat)) {
        unhitch(s, seat, "blocked", t);
        return;
    }
    rr_piece *p = &f->piece[seat];
    rr_trace_drag(t, seat, p->cell, step_dir(c, p->cell, from));
    p->cell = (int16_t)from;
}

/* After a step of movement: robots that fell lose their hitch (the ball
 * stays at the edge); a hitched robot that moved away drags the ball into
 * the square it left, and a ball that moved away drags its hitched robot
 * into the square the ball left; a trailing square already taken breaks
 * that hitch, several robots dragged into one square all lose theirs; any
 * hitched robot left not touching the ball loses its hitch. */
static void drag(rr_floor *f, const int16_t before[RR_MAX_PIECES], rr_trace *t)
{
    rr_state *s = state_of(f);
    if (!s->rb.hitched)
        return;
    rr_piece *ball = &f->piece[RR_BALL];
    for (int seat = 0; seat < RR_MAX_ROBOTS; seat++) {
        if (is_hitched(s, seat) && !rr_on_floor(&f->piece[seat]))
            unhitch(s, seat, "edge", t);
    }
    int leader = -1;
    if (ball->cell == before[RR_BALL]) {
        uint8_t movers = 0;
        for (int seat = 0; seat < RR_MAX_ROBOTS; seat++) {
            if (is_hitched(s, seat) && f->piece[seat].cell != before[seat] && !rr_ball_touching(s, seat))
                movers |= (uint8_t)(1u << seat);
        }
        if (__builtin_popcount(movers) > 1)
            unhitch_all(s, movers, "separated", t); /* it cannot follow two ways at once */
        else if (movers) {
            leader = __builtin_ctz(movers);
            ball_follows(s, leader, before, t);
        }
    }
    if (ball->cell != before[RR_BALL])
        robots_follow(s, before[RR_BALL], leader, before, t);
    for (int seat = 0; seat < RR_MAX_ROBOTS; seat++) {
        if (is_hitched(s, seat) && !rr_ball_touching(s, seat))
            unhitch(s, seat, "separated", t);
    }
}

/* After a step of movement: the hitches drag (drag), and the ball keeps
 * the way it moved, one square at most, for its next extraction. */
static void follow(rr_floor *f, const int16_t before[RR_MAX_PIECES], rr_trace *t)
{
    drag(f, before, t);
    const rr_piece *ball = &f->piece[RR_BALL];
    int d = ball->cell == before[RR_BALL] ? -1 : step_dir(f->course, before[RR_BALL], ball->cell);
    if (d >= 0)
        state_of(f)->rb.moved = (uint8_t)d;
}

/* A destroyed robot lets go. */
static void robot_taken(rr_floor *f, int seat, rr_trace *t)
{
    unhitch(state_of(f), seat, "destroyed", t);
}

static const rr_floor_hooks floor_hooks = {
    .piece_name = ball_name,
    .brink = ball_up,
    .moved = follow,
    .taken = robot_taken,
};

/* ---- teams and homes ---- */

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
        if (is_hitched(s, i) && s->rb.team[i] == team)
            return true;
    }
    return false;
}

/* ---- extraction: the ball's own cards ---- */

void rr_ball_extract(rr_state *s, bool on)
{
    rr_piece *ball = &s->floor.piece[RR_BALL];
    if (!(on && s->rb.extraction))
        ball->facing = s->rb.moved;
    s->rb.extraction = on;
    ball->traits = (uint8_t)(on ? BALL_TRAITS | RR_TURNS : BALL_TRAITS);
}

static int ball_card(const rr_state *s, int piece, int reg)
{
    return piece == RR_BALL && s->rb.extraction ? s->rb.cards[reg] : 0;
}

static void ball_reveal(rr_state *s, int piece, int reg)
{
    (void)piece;
    s->rb.shown |= (uint8_t)(1u << reg);
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

/* (2) In an extraction turn the ball runs its card like a robot that
 * never falls: a card that would take it into a pit or off the course is
 * skipped (it balks). */
static void run_ball_card(rr_state *s, int piece, int reg, rr_trace *t)
{
    (void)piece;
    rr_piece *p = &s->floor.piece[RR_BALL];
    int card = s->rb.cards[reg];
    const rr_card_info *info = &rr_card_infos[rr_card_kind_of(card)];
    if (t)
        rr_trace_open(t, json_pack("{s:s, s:i, s:i, s:n, s:s, s:i, s:s}", "kind", "card", "turn",
                                   s->turn, "register", reg + 1, "seat", "piece", ball_name, "card", card,
                                   "type", info->id));
    if (rr_ball_balks(s, card)) {
        int facing = rr_turned(p->facing, info->quarters);
        if (t)
            rr_trace_action(t, "balk", RR_BALL,
                            json_pack("{s:o, s:s}", "at", rr_cell_json(s->floor.course, p->cell), "dir",
                                      rr_dir_names[info->steps < 0 ? rr_opposite(facing) : facing]));
        rr_trace_close(t, true);
        return;
    }
    if (info->quarters) {
        int to = rr_turned(p->facing, info->quarters);
        rr_trace_turn(t, RR_BALL, p->facing, to);
        p->facing = (uint8_t)to;
    }
    int d = info->steps < 0 ? rr_opposite(p->facing) : p->facing;
    for (int k = 0; k < abs(info->steps); k++) {
        rr_trace_frame(t);
        bool moved = rr_push_step(&s->floor, RR_BALL, d, t, NULL);
        rr_settle(s, t);
        if (!moved)
            break;
    }
    rr_trace_close(t, true);
}

/* ---- the steps of a register phase ---- */

/* Right after the lasers: a ball up in the air bonks the robot below it
 * for 1 damage; then, if nothing is below, it drops back. */
static void bonk(rr_state *s, int reg, rr_trace *t)
{
    rr_piece *ball = &s->floor.piece[RR_BALL];
    if (!ball->is_virtual)
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
            rr_trace_action(t, "pogo", -1,
                            json_pack("{s:o, s:b}", "at", rr_cell_json(s->floor.course, ball->cell),
                                      "up", false));
    }
    rr_trace_close(t, false);
}

/* At the checkpoints (8): the ball on a team's home, that team scores (s->rb.goal). */
static void goal(rr_state *s, rr_trace *t)
{
    const rr_piece *ball = &s->floor.piece[RR_BALL];
    int team = rr_ball_home_team(s, ball->cell);
    if (team < 0 || s->rb.goal >= 0)
        return;
    s->rb.goal = (int8_t)team;
    if (t)
        rr_trace_action(t, "goal", -1,
                        json_pack("{s:i, s:o}", "team", team, "at", rr_cell_json(s->floor.course, ball->cell)));
}

/* Why robot i's hitch would fail now, or NULL if it takes. */
static const char *hitch_refusal(const rr_state *s, int i)
{
    if (s->robot[i].powered_down)
        return "powered_down";
    if (!rr_ball_touching(s, i))
        return "far";
    if (s->floor.piece[RR_BALL].is_virtual)
        return "pogo";
    if (rr_ball_team_hitched(s, s->rb.team[i]))
        return "team";
    return NULL;
}

/* After the checkpoints: the declarations of register reg, in the order of
 * the register's cards (highest first), each team's unhitch before its
 * hitch. */
static void hitches(rr_state *s, int reg, rr_trace *t)
{
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
            unhitch(s, i, "declared", t);
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
        s->rb.hitched |= (uint8_t)(1u << i);
        if (t)
            rr_trace_action(t, "hitch", i, json_pack("{s:i}", "team", s->rb.team[i]));
    }
    rr_trace_close(t, false);
}

static const rr_variant variant = {
    .endless_lives = true,
    .marker = rr_ball_is_home,
    .card = ball_card,
    .reveal = ball_reveal,
    .run_card = run_ball_card,
    .after_lasers = bonk,
    .checkpoints = goal,
    .after_checkpoints = hitches,
};

/* ---- setting up ---- */

void rr_ball_put(rr_state *s, int cell)
{
    s->roboball = true;
    s->variant = &variant;
    s->floor.hooks = &floor_hooks;
    for (int i = s->nrobots; i < RR_BALL; i++) {
        s->floor.piece[i].gone = RR_GONE_AWAY;
        s->floor.piece[i].cell = RR_OFF;
    }
    s->floor.npieces = RR_BALL + 1;
    s->floor.piece[RR_BALL] = (rr_piece){.traits = BALL_TRAITS, .facing = RR_N, .gone = RR_HERE,
                                         .cell = (int16_t)cell};
    s->rb.hitched = 0;
    s->rb.goal = -1;
    s->rb.moved = RR_N;
}

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
    memset(rb, 0, sizeof *rb);
    rb->nteams = nteams;
    for (int t = 0; t < nteams; t++)
        rb->home[t] = c->homes[nteams - RR_MIN_TEAMS][t];
    rr_ball_put(s, c->ball);
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
