/*
 * robotwars_rules.c: one battle's mechanics (RULINGS §4), on an rw_arena.
 *
 * The same code runs the game and the bots' look-ahead: with dice in the
 * context every damage roll is rolled and every happening becomes an event;
 * without, nothing is rolled and each roll due adds its expected losses to
 * the context, so a search sees the risks without guessing the dice.
 */
#include "robotwars_rules.h"

#include <string.h>

#include "robotwars_json.h"

const char *const rw_act_names[RW_ACTS] = {"forward", "back", "attack", "left", "right", "end"};

/* ---- the war zone ---- */

int rw_offset(int cell, int dx, int dy)
{
    int x = rw_x(cell) + dx, y = rw_y(cell) + dy;
    if (x < 0 || y < 0 || x >= RW_SIZE || y >= RW_SIZE)
        return -1;
    return rw_cell(x, y);
}

int rw_next(int cell, int dir)
{
    return rw_offset(cell, rw_dx[dir], rw_dy[dir]);
}

rw_tile rw_tile_at(int cell)
{
    return rw_tile_of_letter(rw_board_rows[rw_y(cell)][rw_x(cell)]);
}

const rw_zone *rw_zone_of(int cell)
{
    int x = rw_x(cell), y = rw_y(cell);
    for (int z = 0; z < 4; z++) {
        const rw_zone *zone = &rw_zones[z];
        if (x >= zone->x0 && x <= zone->x1 && y >= zone->y0 && y <= zone->y1)
            return zone;
    }
    return NULL;
}

bool rw_is_penalty(rw_tile t)
{
    return t == RW_CPZ || t == RW_SPIKES || t == RW_SAW || t == RW_FLAME;
}

int rw_robot_at(const rw_arena *a, int cell)
{
    for (int i = 0; i < a->n; i++) {
        if (a->r[i].cell == cell)
            return i;
    }
    return -1;
}

int rw_roll(rw_dice *d)
{
    if (d->next_loaded < d->nloaded)
        return d->loaded[d->next_loaded++];
    return rng_range(&d->r, 1, 6);
}

/* ---- set-up ---- */

void rw_arena_start(rw_arena *a, int n, const int seats[], const int caps[][RW_CAPS],
                    const int weapons[])
{
    memset(a, 0, sizeof *a);
    a->n = n;
    a->out = -1;
    const rw_start *starts = n == 2 ? rw_starts_2 : rw_starts_3;
    for (int i = 0; i < n; i++) {
        rw_robot *r = &a->r[i];
        r->seat = seats[i];
        r->cell = rw_cell(starts[i].x, starts[i].y);
        r->facing = (int)starts[i].facing;
        memcpy(r->cap, caps[i], sizeof r->cap);
        r->weapon = weapons[i];
    }
}

void rw_turn_start(const rw_arena *a, int i, rw_turn *t)
{
    const rw_robot *r = &a->r[i];
    t->who = i;
    t->moves = r->cap[RW_SPEED];
    t->final_turn = r->cap[RW_MANOEUVRABILITY] == 0;
    t->turns = t->final_turn ? 1 : r->cap[RW_MANOEUVRABILITY];
}

/* ---- events ---- */

static void emit(rw_ctx *ctx, json_t *event)
{
    if (ctx->events)
        json_array_append_new(ctx->events, event);
    else
        json_decref(event);
}

static bool telling(const rw_ctx *ctx)
{
    return ctx->events != NULL;
}

/* ---- damage ---- */

/* The battle's end: the game's battle_over event says who and why. */
static void immobilise(rw_arena *a, int j, rw_out why)
{
    if (a->out >= 0)
        return;
    a->out = j;
    a->out_why = why;
}

/* One damage roll against robot j. */
static void damage_roll(rw_arena *a, int j, rw_die die, int multiple, rw_ctx *ctx)
{
    rw_robot *r = &a->r[j];
    if (!ctx->dice) {
        /* Look-ahead: three faces of six lower a capability; RIP is one of
         * six on the house die; a lost Speed point at 1 immobilises. */
        ctx->rolls[j]++;
        ctx->risk[j] += 0.5f;
        float out = die == RW_DIE_HOUSE ? 1.0f / 6 : 0;
        if (r->cap[RW_SPEED] <= 1)
            out += 1.0f / 6;
        ctx->rip[j] += out;
        return;
    }
    int roll = rw_roll(ctx->dice);
    int face = rw_die_faces[die][roll - 1];
    if (face < RW_CAPS && r->cap[face] > 0)
        r->cap[face]--;
    if (telling(ctx)) {
        json_t *e = json_pack("{s:s, s:i, s:s, s:i, s:s, s:i}", "kind", "damage_roll", "seat",
                              r->seat, "die", rw_die_names[die], "roll", roll, "face",
                              rw_face_names[face], "multiple", multiple);
        json_object_set_new(e, "value", face < RW_CAPS ? json_integer(r->cap[face]) : json_null());
        emit(ctx, e);
    }
    if (face == RW_FACE_RIP)
        immobilise(a, j, RW_OUT_RIP);
    else if (face == RW_SPEED && r->cap[RW_SPEED] == 0)
        immobilise(a, j, RW_OUT_SPEED);
}

void rw_score(rw_arena *a, int j, int points, rw_die die, rw_ctx *ctx)
{
    rw_robot *r = &a->r[j];
    int before = r->damage / RW_DAMAGE_STEP;
    r->damage += points;
    int after = r->damage / RW_DAMAGE_STEP;
    /* Once it is immobilised the battle is over: the rest are not rolled. */
    for (int m = before + 1; m <= after && a->out < 0; m++)
        damage_roll(a, j, die, m * RW_DAMAGE_STEP, ctx);
}

/* ---- penalty areas, house robots, the pit ---- */

/* A square's own effect on robot j that has just arrived on it (no throw). */
static void square_acts(rw_arena *a, int j, rw_die die, rw_ctx *ctx)
{
    int cell = a->r[j].cell;
    rw_tile t = rw_tile_at(cell);
    if (t == RW_PIT && a->pit_open) {
        immobilise(a, j, RW_OUT_PIT);
        return;
    }
    if (!rw_is_penalty(t))
        return;
    if (telling(ctx))
        emit(ctx, json_pack("{s:s, s:i, s:s, s:o, s:i, s:i}", "kind", "penalty", "seat",
                            a->r[j].seat, "hazard", rw_tile_names[t], "cell", rw_cell_json(cell),
                            "points", RW_PENALTY, "damage", a->r[j].damage + RW_PENALTY));
    rw_score(a, j, RW_PENALTY, die, ctx);
}

/* The house robot throws robot j diagonally out of its zone, square by
 * square, stopping short of a robot (or the edge). */
static void house_throw(rw_arena *a, int j, const rw_zone *zone, rw_ctx *ctx)
{
    rw_robot *r = &a->r[j];
    int from = r->cell, to = from;
    for (int k = 0; k < rw_throw_squares; k++) {
        int next = rw_offset(to, zone->dx, zone->dy);
        if (next < 0 || rw_robot_at(a, next) >= 0)
            break;
        to = next;
    }
    int want = rw_offset(from, zone->dx * rw_throw_squares, zone->dy * rw_throw_squares);
    if (telling(ctx))
        emit(ctx, json_pack("{s:s, s:i, s:o, s:o, s:b}", "kind", "house_throw", "seat", r->seat,
                            "from", rw_cell_json(from), "to", rw_cell_json(to), "short",
                            to != want));
    r->cell = to;
    /* Only the landing square acts; stopping short inside the zone is no
     * new entry. */
    if (to != from && rw_zone_of(to) != zone)
        square_acts(a, j, RW_DIE_ATTACK, ctx);
}

void rw_enter(rw_arena *a, int j, rw_ctx *ctx)
{
    const rw_zone *zone = rw_zone_of(a->r[j].cell);
    if (!zone) {
        square_acts(a, j, RW_DIE_ATTACK, ctx);
        return;
    }
    /* A house-robot attack: the 5 points roll the house robot die, then
     * the throw. */
    square_acts(a, j, RW_DIE_HOUSE, ctx);
    if (a->out < 0)
        house_throw(a, j, zone, ctx);
}

void rw_open_pit(rw_arena *a, rw_ctx *ctx)
{
    a->pit_open = true;
    if (telling(ctx))
        emit(ctx, json_pack("{s:s}", "kind", "pit_open"));
    for (int i = 0; i < a->n && a->out < 0; i++) {
        if (rw_tile_at(a->r[i].cell) == RW_PIT)
            immobilise(a, i, RW_OUT_PIT);
    }
}

/* ---- steps and pushes ---- */

rw_side rw_side_struck(const rw_robot *j, int dir)
{
    if (j->facing == (dir + 2) % 4)
        return RW_SIDE_FRONT;
    if (j->facing == dir)
        return RW_SIDE_BACK;
    return RW_SIDE_SIDE;
}

bool rw_power_pushes(int power, rw_side side)
{
    switch (side) {
    case RW_SIDE_FRONT: return power >= 1;
    case RW_SIDE_BACK: return power >= 2;
    default: return power >= 3;
    }
}

int rw_step_plan(const rw_arena *a, int i, bool back, rw_step *s, game_error *err)
{
    const rw_robot *r = &a->r[i];
    s->dir = back ? (r->facing + 2) % 4 : r->facing;
    s->from = r->cell;
    s->to = rw_next(r->cell, s->dir);
    s->pushed = -1;
    s->side = RW_SIDE_FRONT;
    s->push_to = -1;
    s->blocked = false;
    const char *way = back ? "back" : "forward";
    if (s->to < 0)
        return game_fail(err, "illegal", "%s's robot cannot step %s (%s): the wall of the war zone",
                         rw_seat_names[r->seat], way, rw_dir_names[s->dir]);
    s->pushed = rw_robot_at(a, s->to);
    if (s->pushed < 0)
        return 0;
    const rw_robot *p = &a->r[s->pushed];
    s->side = rw_side_struck(p, s->dir);
    if (!rw_power_pushes(r->cap[RW_POWER], s->side))
        return game_fail(err, "illegal",
                         "%s's robot cannot push %s's robot on its %s: Power %d pushes %s",
                         rw_seat_names[r->seat], rw_seat_names[p->seat], rw_side_names[s->side],
                         r->cap[RW_POWER],
                         r->cap[RW_POWER] == 0   ? "nothing"
                         : r->cap[RW_POWER] == 1 ? "only a front"
                                                 : "only a front or a back");
    s->push_to = rw_next(s->to, s->dir);
    s->blocked = s->push_to < 0 || rw_robot_at(a, s->push_to) >= 0;
    return 0;
}

int rw_attack_target(const rw_arena *a, int i)
{
    int front = rw_next(a->r[i].cell, a->r[i].facing);
    return front < 0 ? -1 : rw_robot_at(a, front);
}

static void do_step(rw_arena *a, int i, bool back, rw_ctx *ctx)
{
    rw_step s;
    rw_step_plan(a, i, back, &s, NULL);
    rw_robot *r = &a->r[i];
    const char *move = back ? "back" : "forward";
    if (s.pushed >= 0 && s.blocked) {
        if (telling(ctx))
            emit(ctx, json_pack("{s:s, s:i, s:s, s:i, s:s, s:o, s:s}", "kind", "blocked", "seat",
                                r->seat, "move", move, "target", a->r[s.pushed].seat, "side",
                                rw_side_names[s.side], "at", rw_cell_json(s.to), "by",
                                s.push_to < 0 ? "wall" : "robot"));
        return;
    }
    if (s.pushed >= 0) {
        /* The pushed robot's square first; the pusher follows. */
        rw_robot *p = &a->r[s.pushed];
        if (telling(ctx))
            emit(ctx, json_pack("{s:s, s:i, s:i, s:s, s:s, s:o, s:o}", "kind", "push", "seat",
                                r->seat, "target", p->seat, "side", rw_side_names[s.side], "dir",
                                rw_dir_names[s.dir], "from", rw_cell_json(s.to), "to",
                                rw_cell_json(s.push_to)));
        p->cell = s.push_to;
        rw_enter(a, s.pushed, ctx);
        if (a->out >= 0)
            return;
    }
    if (telling(ctx))
        emit(ctx, json_pack("{s:s, s:i, s:s, s:o, s:o, s:s}", "kind", "step", "seat", r->seat,
                            "move", move, "from", rw_cell_json(s.from), "to", rw_cell_json(s.to),
                            "facing", rw_dir_names[r->facing]));
    r->cell = s.to;
    rw_enter(a, i, ctx);
}

static void do_attack(rw_arena *a, int i, rw_ctx *ctx)
{
    int j = rw_attack_target(a, i);
    rw_robot *r = &a->r[i];
    if (telling(ctx))
        emit(ctx, json_pack("{s:s, s:i, s:i, s:i, s:i}", "kind", "attack", "seat", r->seat,
                            "target", a->r[j].seat, "points", r->weapon, "damage",
                            a->r[j].damage + r->weapon));
    rw_score(a, j, r->weapon, RW_DIE_ATTACK, ctx);
}

/* ---- the turn ---- */

static bool step_ok(const rw_arena *a, int i, bool back)
{
    rw_step s;
    return rw_step_plan(a, i, back, &s, NULL) == 0;
}

unsigned rw_legal(const rw_arena *a, const rw_turn *t)
{
    if (a->out >= 0)
        return 0;
    unsigned m = 1u << RW_ACT_END;
    if (t->moves > 0) {
        if (step_ok(a, t->who, false))
            m |= 1u << RW_ACT_FORWARD;
        if (step_ok(a, t->who, true))
            m |= 1u << RW_ACT_BACK;
        if (rw_attack_target(a, t->who) >= 0)
            m |= 1u << RW_ACT_ATTACK;
    }
    if (t->turns > 0)
        m |= 1u << RW_ACT_LEFT | 1u << RW_ACT_RIGHT;
    return m;
}

int rw_check(const rw_arena *a, const rw_turn *t, rw_act act, game_error *err)
{
    const rw_robot *r = &a->r[t->who];
    const char *who = rw_seat_names[r->seat];
    if (a->out >= 0)
        return game_fail(err, "illegal", "the battle is over");
    switch (act) {
    case RW_ACT_FORWARD:
    case RW_ACT_BACK:
    case RW_ACT_ATTACK:
        if (t->moves <= 0)
            return game_fail(err, "illegal", "%s has no moves left this turn (Speed %d)", who,
                             r->cap[RW_SPEED]);
        if (act == RW_ACT_ATTACK) {
            if (rw_attack_target(a, t->who) < 0)
                return game_fail(err, "illegal",
                                 "%s's robot cannot attack: no opponent touches its front", who);
            return 0;
        }
        rw_step s;
        return rw_step_plan(a, t->who, act == RW_ACT_BACK, &s, err);
    case RW_ACT_LEFT:
    case RW_ACT_RIGHT:
        if (t->turns <= 0)
            return game_fail(err, "illegal", "%s has no turns left this turn (Manoeuvrability %d)",
                             who, r->cap[RW_MANOEUVRABILITY]);
        return 0;
    case RW_ACT_END: return 0;
    default: return game_fail(err, "bad_action", "unknown action");
    }
}

bool rw_do(rw_arena *a, rw_turn *t, rw_act act, rw_ctx *ctx)
{
    rw_robot *r = &a->r[t->who];
    switch (act) {
    case RW_ACT_FORWARD:
    case RW_ACT_BACK:
        t->moves--;
        do_step(a, t->who, act == RW_ACT_BACK, ctx);
        break;
    case RW_ACT_ATTACK:
        t->moves--;
        do_attack(a, t->who, ctx);
        break;
    case RW_ACT_LEFT:
    case RW_ACT_RIGHT:
        t->turns--;
        r->facing = (r->facing + (act == RW_ACT_RIGHT ? 1 : 3)) % 4;
        if (telling(ctx))
            emit(ctx, json_pack("{s:s, s:i, s:s, s:s}", "kind", "turned", "seat", r->seat, "to",
                                rw_act_names[act], "facing", rw_dir_names[r->facing]));
        if (t->final_turn) {
            t->moves = 0; /* Manoeuvrability 0: the one turn ends the turn */
            return true;
        }
        break;
    default: return true;
    }
    if (a->out >= 0)
        return true;
    /* Nothing left to do but end. */
    return rw_legal(a, t) == 1u << RW_ACT_END;
}

/* ---- discs ---- */

int rw_discs_to_place(int discs)
{
    int room = 0;
    for (int c = 0; c < RW_CAPS; c++)
        room += rw_caps[c].max - rw_caps[c].base;
    return discs < room ? discs : room;
}

void rw_allocate_in_order(const int *order, int discs, int add[RW_CAPS])
{
    memset(add, 0, sizeof(int) * RW_CAPS);
    for (int i = 0; discs > 0 && order[i] >= 0; i++) {
        int c = order[i];
        if (rw_caps[c].base + add[c] < rw_caps[c].max) {
            add[c]++;
            discs--;
        }
    }
    for (int c = 0; c < RW_CAPS && discs > 0; c++) {
        while (discs > 0 && rw_caps[c].base + add[c] < rw_caps[c].max) {
            add[c]++;
            discs--;
        }
    }
}

void rw_default_allocation(int discs, int add[RW_CAPS])
{
    static const int order[] = {RW_SPEED, RW_SPEED, RW_POWER, RW_SPEED, RW_SPEED, RW_POWER,
                                RW_MANOEUVRABILITY, RW_MANOEUVRABILITY, RW_MANOEUVRABILITY, -1};
    rw_allocate_in_order(order, discs, add);
}
