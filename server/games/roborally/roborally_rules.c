/*
 * roborally_rules.c: a turn's rules on the board model: the register phase as the
 * eight steps of RULINGS §5, damage and destruction, clean-up, re-entry.
 * Every step is written to the trace as one event (nothing when the trace
 * is NULL, as in a bot's search).
 */
#include "roborally_rules.h"

#include <stdlib.h>
#include <string.h>

void rr_state_init(rr_state *s, const rr_course *c, int nrobots, bool options_on,
                   const int8_t option_deck[RR_OPTIONS])
{
    memset(s, 0, sizeof *s);
    s->floor.course = c;
    s->floor.npieces = nrobots;
    s->nrobots = nrobots;
    s->options_on = options_on;
    for (int i = 0; i < nrobots; i++) {
        rr_piece *p = &s->floor.piece[i];
        p->traits = RR_ROBOT_TRAITS;
        p->cell = c->docks[i].cell;
        p->facing = c->docks[i].facing;
        s->robot[i].lives = RR_LIVES;
        s->robot[i].archive = c->docks[i].cell;
    }
    s->noptions = RR_OPTIONS;
    memcpy(s->option_deck, option_deck, sizeof s->option_deck);
}

bool rr_all_out(const rr_state *s)
{
    for (int i = 0; i < s->nrobots; i++) {
        if (!s->robot[i].out)
            return false;
    }
    return true;
}

/* ---- damage and destruction ---- */

static const char *const gone_names[] = {"", "pit", "edge", "damage", "away"};

static void discard_option(rr_state *s, rr_robot *r, int opt)
{
    r->options &= (uint16_t)~(1u << opt);
    s->option_deck[s->noptions++] = (int8_t)opt; /* to the bottom of the option deck */
}

void rr_destroy(rr_state *s, int seat, int why, rr_trace *t)
{
    rr_robot *r = &s->robot[seat];
    rr_piece *p = &s->floor.piece[seat];
    int at = why == RR_GONE_EDGE ? RR_OFF : p->cell;
    rr_floor_take(&s->floor, seat, why, t);
    r->destroyed = true;
    r->lost_facing = p->facing;
    bool endless = s->variant && s->variant->endless_lives;
    if (!endless && --r->lives <= 0) {
        r->lives = 0;
        r->out = true;
    }
    memset(r->reg, 0, sizeof r->reg);
    memset(r->hitch, 0, sizeof r->hitch);
    r->shown = 0;
    for (int o = 0; o < RR_OPTIONS; o++) {
        if (rr_has_option(r, o))
            discard_option(s, r, o);
    }
    r->coat = 0;
    rr_trace_gone(t, seat, at, gone_names[why], endless ? -1 : r->lives);
}

void rr_damage(rr_state *s, int seat, int amount, rr_trace *t)
{
    rr_damage_by(s, seat, amount, "damage", RR_OFF, t);
}

void rr_damage_by(rr_state *s, int seat, int amount, const char *what, int at, rr_trace *t)
{
    rr_robot *r = &s->robot[seat];
    if (amount <= 0 || !rr_robot_here(s, seat))
        return;
    int absorbed = amount < r->coat ? amount : r->coat;
    r->coat = (int8_t)(r->coat - absorbed);
    if (absorbed && !r->coat)
        discard_option(s, r, RR_OPT_ABLATIVE_COAT);
    int total = r->damage + amount - absorbed;
    r->damage = (int8_t)(total > RR_MAX_DAMAGE ? RR_MAX_DAMAGE : total);
    rr_trace_damage(t, what, seat, at, amount - absorbed, absorbed, r->damage);
    if (r->damage >= RR_MAX_DAMAGE)
        rr_destroy(s, seat, RR_GONE_DAMAGE, t);
}

void rr_settle(rr_state *s, rr_trace *t)
{
    for (int i = 0; i < s->nrobots; i++) {
        int gone = s->floor.piece[i].gone;
        if ((gone == RR_GONE_PIT || gone == RR_GONE_EDGE) && !s->robot[i].destroyed)
            rr_destroy(s, i, gone, t);
    }
}

/* ---- reach: flags and repair sites ---- */

/* Does a variant put flag markers of its own in place of the flags? */
static bool own_markers(const rr_state *s)
{
    return s->variant && s->variant->marker;
}

/* A flag marker: the race's flags, or the variant's own markers. */
static bool flag_marker(const rr_state *s, int cell)
{
    return own_markers(s) ? s->variant->marker(s, cell) : s->floor.course->cells[cell].flag != 0;
}

static bool is_site(const rr_state *s, int cell)
{
    const rr_cell *k = &s->floor.course->cells[cell];
    return flag_marker(s, cell) || k->kind == RR_WRENCH || k->kind == RR_WRENCH_HAMMER;
}

/* One square on from `cell` in d, or RR_OFF if a wall or the edge is in the way. */
static int open_step(const rr_course *c, int cell, int d)
{
    return cell == RR_OFF || rr_wall_between(c, cell, d) ? RR_OFF : rr_neighbour(c, cell, d);
}

/* The cells a robot touches, in order of preference: its own, then with
 * the mechanical arm the four sides and the four diagonals (a diagonal
 * through either side, no wall on the way). Returns the count. */
static int reach_cells(const rr_state *s, int seat, int out[9])
{
    const rr_course *c = s->floor.course;
    int cell = s->floor.piece[seat].cell, n = 0;
    out[n++] = cell;
    if (!rr_has_option(&s->robot[seat], RR_OPT_MECHANICAL_ARM))
        return n;
    for (int d = 0; d < RR_DIRS; d++) {
        int to = open_step(c, cell, d);
        if (to != RR_OFF)
            out[n++] = to;
    }
    static const int diag[4][2] = {{RR_N, RR_E}, {RR_S, RR_E}, {RR_S, RR_W}, {RR_N, RR_W}};
    for (int k = 0; k < 4; k++) {
        int a = open_step(c, open_step(c, cell, diag[k][0]), diag[k][1]);
        int b = open_step(c, open_step(c, cell, diag[k][1]), diag[k][0]);
        int to = a != RR_OFF ? a : b;
        if (to != RR_OFF)
            out[n++] = to;
    }
    return n;
}

bool rr_reaches(const rr_state *s, int seat, int site)
{
    if (!rr_robot_here(s, seat))
        return false;
    int cells[9], n = reach_cells(s, seat, cells);
    for (int i = 0; i < n; i++) {
        if (cells[i] == site)
            return true;
    }
    return false;
}

/* ---- the register phase ---- */

static void open_step_event(const rr_state *s, rr_trace *t, int reg, const char *step)
{
    if (t)
        rr_trace_open(t, json_pack("{s:s, s:i, s:i, s:s}", "kind", "board", "turn", s->turn,
                                   "register", reg + 1, "step", step));
}

int rr_card_of(const rr_state *s, int i, int reg)
{
    if (i >= s->nrobots)
        return s->variant && s->variant->card ? s->variant->card(s, i, reg) : 0;
    const rr_robot *r = &s->robot[i];
    return rr_robot_here(s, i) && !r->powered_down ? r->reg[reg] : 0;
}

/* Pieces with a card to run in this register, highest priority first. */
static int program_order(const rr_state *s, int reg, int order[RR_MAX_PIECES])
{
    int n = 0;
    for (int i = 0; i < s->floor.npieces; i++) {
        int card = rr_card_of(s, i, reg);
        if (!card)
            continue;
        int k = n++;
        while (k > 0 && rr_card_of(s, order[k - 1], reg) < card) {
            order[k] = order[k - 1];
            k--;
        }
        order[k] = i;
    }
    return n;
}

/* (1) Every program card of this register turns face up. */
static void reveal(rr_state *s, int reg, const int *order, int n, rr_trace *t)
{
    json_t *cards = t ? json_array() : NULL;
    for (int k = 0; k < n; k++) {
        int i = order[k], card = rr_card_of(s, i, reg);
        if (i >= s->nrobots)
            s->variant->reveal(s, i, reg);
        else
            s->robot[i].shown |= (uint8_t)(1u << reg);
        if (cards) {
            json_t *c = rr_trace_named(t, json_object(), i);
            json_object_set_new(c, "card", json_integer(card));
            json_object_set_new(c, "type", json_string(rr_card_infos[rr_card_kind_of(card)].id));
            json_array_append_new(cards, c);
        }
    }
    if (t)
        rr_trace_event(t, json_pack("{s:s, s:i, s:i, s:o}", "kind", "reveal", "turn", s->turn,
                                    "register", reg + 1, "cards", cards));
}

/* (2) One robot runs its card: turns, or moves square by square, pushing;
 * a blocked square or a fall ends the card. Ramming gear hurts the first
 * robot pushed or bumped, once per card. */
static void run_card(rr_state *s, int seat, int reg, rr_trace *t)
{
    rr_robot *r = &s->robot[seat];
    rr_piece *p = &s->floor.piece[seat];
    int card = r->reg[reg];
    const rr_card_info *info = &rr_card_infos[rr_card_kind_of(card)];
    if (t)
        rr_trace_open(t, json_pack("{s:s, s:i, s:i, s:i, s:i, s:s}", "kind", "card", "turn", s->turn,
                                   "register", reg + 1, "seat", seat, "card", card, "type", info->id));

    if (info->quarters) {
        int to = rr_turned(p->facing, info->quarters);
        rr_trace_turn(t, seat, p->facing, to);
        p->facing = (uint8_t)to;
    }
    int steps = abs(info->steps);
    int d = info->steps < 0 ? rr_opposite(p->facing) : p->facing;
    uint8_t rammed = 0;
    for (int k = 0; k < steps && rr_robot_here(s, seat); k++) {
        rr_trace_frame(t);
        int bumped;
        bool moved = rr_push_step(&s->floor, seat, d, t, &bumped);
        if (rr_has_option(r, RR_OPT_RAMMING_GEAR) && bumped >= 0 && bumped < s->nrobots &&
            !(rammed & (1u << bumped))) {
            rammed |= (uint8_t)(1u << bumped);
            rr_damage(s, bumped, 1, t);
        }
        rr_settle(s, t);
        if (!moved)
            break;
    }
    rr_trace_close(t, true);
}

/* (3) and (4): the belts. */
static void belts(rr_state *s, int reg, bool express_only, rr_trace *t)
{
    open_step_event(s, t, reg, express_only ? "express" : "belts");
    rr_belts_move(&s->floor, express_only, t);
    rr_trace_frame(t);
    rr_settle(s, t);
    rr_trace_close(t, false);
}

/* (5) Pushers of this register. */
static void pushers(rr_state *s, int reg, rr_trace *t)
{
    open_step_event(s, t, reg, "pushers");
    rr_pushers_push(&s->floor, reg, t);
    rr_trace_frame(t);
    rr_settle(s, t);
    rr_trace_close(t, false);
}

/* (6) Gears. */
static void gears(rr_state *s, int reg, rr_trace *t)
{
    open_step_event(s, t, reg, "gears");
    rr_gears_turn(&s->floor, t);
    rr_trace_close(t, false);
}

/* A beam moving its target instead of hurting it, applied after the damage. */
typedef struct beam_push {
    int shooter, target, dir;
} beam_push;

/* Can this robot fire its lasers now? */
static bool fires(const rr_state *s, int i)
{
    const rr_piece *p = &s->floor.piece[i];
    return rr_robot_here(s, i) && !p->is_virtual && !s->robot[i].powered_down &&
           rr_has_trait(p, RR_FIRES);
}

/* A robot's beam in direction d: from the square it faces, unless a wall on
 * that side of its own square stops it (a high-power laser passes one). */
static bool robot_beam(const rr_state *s, int i, int d, bool high_power, rr_beam *b)
{
    const rr_course *c = s->floor.course;
    int cell = s->floor.piece[i].cell, walls = high_power ? 1 : 0;
    if (rr_wall_between(c, cell, d) && walls-- == 0)
        return false;
    int from = rr_neighbour(c, cell, d);
    if (from == RR_OFF)
        return false;
    rr_beam_trace(&s->floor, from, d, walls, high_power ? 1 : 0, b);
    return true;
}

static void add_hits(const rr_state *s, const rr_beam *b, int from_hit, int count, int damage[])
{
    for (int h = from_hit; h < b->nhits; h++) {
        if (b->hits[h] < s->nrobots)
            damage[b->hits[h]] += count;
    }
}

/* A robot's main laser, and its rear laser if it has one. */
static void robot_lasers(const rr_state *s, int i, int damage[], beam_push *pushes, int *npushes,
                         rr_trace *t)
{
    const rr_robot *r = &s->robot[i];
    const rr_piece *p = &s->floor.piece[i];
    rr_beam b;
    bool hp = rr_has_option(r, RR_OPT_HIGH_POWER_LASER);
    int count = rr_has_option(r, RR_OPT_DOUBLE_BARRELED_LASER) ? 2 : 1;
    if (robot_beam(s, i, p->facing, hp, &b)) {
        rr_trace_beam(t, "robot", i, b.cells[0], p->facing, count, &b);
        int mode = r->beam_mode;
        bool can_move = b.nhits > 0 && b.hits[0] < s->nrobots &&
                        ((mode == RR_BEAM_TRACTOR && rr_has_option(r, RR_OPT_TRACTOR_BEAM) &&
                          b.cells[0] != s->floor.piece[b.hits[0]].cell) ||
                         (mode == RR_BEAM_PRESSOR && rr_has_option(r, RR_OPT_PRESSOR_BEAM)));
        if (can_move) {
            int dir = mode == RR_BEAM_TRACTOR ? rr_opposite(p->facing) : p->facing;
            pushes[(*npushes)++] = (beam_push){i, b.hits[0], dir};
        }
        add_hits(s, &b, can_move ? 1 : 0, count, damage);
    }
    if (rr_has_option(r, RR_OPT_REAR_FIRING_LASER) && robot_beam(s, i, rr_opposite(p->facing), false, &b)) {
        rr_trace_beam(t, "rear", i, b.cells[0], rr_opposite(p->facing), 1, &b);
        add_hits(s, &b, 0, 1, damage);
    }
}

/* (7) Board and robot lasers fire at once; all their damage lands
 * together, then tractor and pressor beams move their targets in the order
 * of their shooters' cards in this register. */
static void lasers(rr_state *s, int reg, rr_trace *t)
{
    open_step_event(s, t, reg, "lasers");
    const rr_course *c = s->floor.course;
    int damage[RR_MAX_ROBOTS] = {0};
    beam_push pushes[RR_MAX_ROBOTS];
    int npushes = 0;
    for (int l = 0; l < c->nlasers; l++) {
        rr_beam b;
        rr_beam_trace(&s->floor, c->lasers[l].cell, c->lasers[l].dir, 0, 0, &b);
        rr_trace_beam(t, "board", -1, c->lasers[l].cell, c->lasers[l].dir, c->lasers[l].count, &b);
        add_hits(s, &b, 0, c->lasers[l].count, damage);
    }
    for (int i = 0; i < s->nrobots; i++) {
        if (fires(s, i))
            robot_lasers(s, i, damage, pushes, &npushes, t);
    }
    rr_trace_frame(t);
    for (int i = 0; i < s->nrobots; i++)
        rr_damage(s, i, damage[i], t);
    /* Shooters come in seat order; their beams move in card order. */
    for (int j = 1; j < npushes; j++) {
        for (int k = j; k > 0 && s->robot[pushes[k].shooter].reg[reg] > s->robot[pushes[k - 1].shooter].reg[reg]; k--) {
            beam_push tmp = pushes[k];
            pushes[k] = pushes[k - 1];
            pushes[k - 1] = tmp;
        }
    }
    for (int j = 0; j < npushes; j++) {
        const beam_push *bp = &pushes[j];
        if (!rr_robot_here(s, bp->target) || !rr_robot_here(s, bp->shooter))
            continue;
        rr_trace_frame(t);
        rr_push_step(&s->floor, bp->target, bp->dir, t, NULL);
        rr_settle(s, t);
    }
    rr_trace_close(t, false);
}

/* (8) Flags and archive markers, then virtual robots that stand alone
 * become real. */
static void checkpoints(rr_state *s, int reg, rr_trace *t)
{
    open_step_event(s, t, reg, "checkpoints");
    const rr_course *c = s->floor.course;
    for (int i = 0; i < s->nrobots; i++) {
        rr_robot *r = &s->robot[i];
        if (!rr_robot_here(s, i))
            continue;
        int touched = RR_OFF;
        if (!own_markers(s) && r->flags < c->nflags && rr_reaches(s, i, c->flags[r->flags])) {
            touched = c->flags[r->flags];
            r->flags++;
            rr_trace_flag(t, i, r->flags, touched);
            if (r->flags == c->nflags)
                s->finished |= (uint8_t)(1u << i);
        }
        /* The archive goes to the site the robot stands on, else the flag it
         * just touched, else (the arm) the first site in reach. */
        int cells[9], nreach = reach_cells(s, i, cells);
        int archive = is_site(s, cells[0]) ? cells[0] : touched;
        for (int k = 1; k < nreach && archive == RR_OFF; k++) {
            if (is_site(s, cells[k]))
                archive = cells[k];
        }
        if (archive != RR_OFF && archive != r->archive) {
            r->archive = (int16_t)archive;
            rr_trace_seat_at(t, "archive", i, archive);
        }
    }
    if (s->variant && s->variant->checkpoints)
        s->variant->checkpoints(s, t);
    rr_trace_frame(t);
    for (int i = 0; i < s->nrobots; i++) {
        rr_piece *p = &s->floor.piece[i];
        if (rr_on_floor(p) && p->is_virtual && rr_floor_any_at(&s->floor, p->cell, i) < 0) {
            p->is_virtual = false;
            rr_trace_real(t, i);
        }
    }
    rr_trace_close(t, false);
}

void rr_phase_run(rr_state *s, int reg, rr_trace *t)
{
    const rr_variant *v = s->variant;
    int order[RR_MAX_PIECES];
    int n = program_order(s, reg, order);
    s->running = (int8_t)(reg + 1);
    reveal(s, reg, order, n, t);          /* (1) */
    for (int k = 0; k < n; k++) {         /* (2) */
        if (order[k] >= s->nrobots)
            v->run_card(s, order[k], reg, t);
        else if (rr_robot_here(s, order[k]))
            run_card(s, order[k], reg, t);
    }
    belts(s, reg, true, t);               /* (3) */
    belts(s, reg, false, t);              /* (4) */
    pushers(s, reg, t);                   /* (5) */
    gears(s, reg, t);                     /* (6) */
    lasers(s, reg, t);                    /* (7) */
    if (v && v->after_lasers)
        v->after_lasers(s, reg, t);
    checkpoints(s, reg, t);               /* (8) */
    if (v && v->after_checkpoints)
        v->after_checkpoints(s, reg, t);
}

/* ---- clean-up and re-entry ---- */

/* What the best site in reach gives: repairs and an option card. A flag on
 * a repair site gives the larger amount once. */
static void site_gift(const rr_state *s, int seat, int *repair, bool *option)
{
    const rr_course *c = s->floor.course;
    int cells[9], n = reach_cells(s, seat, cells);
    *repair = 0;
    *option = false;
    for (int k = 0; k < n; k++) {
        const rr_cell *cell = &c->cells[cells[k]];
        int amount = flag_marker(s, cells[k]) ? 1 : 0;
        bool opt = false;
        if (cell->kind == RR_WRENCH)
            amount = 1;
        else if (cell->kind == RR_WRENCH_HAMMER && s->options_on)
            amount = 1, opt = true;
        else if (cell->kind == RR_WRENCH_HAMMER)
            amount = 2;
        if (amount * 2 + opt > *repair * 2 + *option) {
            *repair = amount;
            *option = opt;
        }
    }
}

void rr_cleanup(rr_state *s, rr_trace *t)
{
    if (t)
        rr_trace_open(t, json_pack("{s:s, s:i}", "kind", "cleanup", "turn", s->turn));
    for (int i = 0; i < s->nrobots; i++) {
        rr_robot *r = &s->robot[i];
        int repair;
        bool option;
        if (!rr_robot_here(s, i))
            continue;
        site_gift(s, i, &repair, &option);
        int repaired = repair < r->damage ? repair : r->damage;
        if (repaired) {
            r->damage = (int8_t)(r->damage - repaired);
            rr_trace_action(t, "repair", i, json_pack("{s:i, s:i}", "amount", repaired, "total", r->damage));
        }
        if (option && s->noptions > 0) {
            int o = s->option_deck[0];
            memmove(s->option_deck, s->option_deck + 1, (size_t)--s->noptions);
            r->options |= (uint16_t)(1u << o);
            if (o == RR_OPT_ABLATIVE_COAT)
                r->coat = RR_ABLATIVE_POINTS;
            rr_trace_action(t, "option", i, json_pack("{s:s}", "option", rr_option_infos[o].id));
        }
    }
    rr_trace_frame(t);
    for (int i = 0; i < s->nrobots; i++) {
        rr_robot *r = &s->robot[i];
        for (int k = 0; k < RR_REGISTERS; k++) {
            if (!rr_register_locked(r->damage, k)) {
                r->reg[k] = 0;
                r->hitch[k] = RR_HITCH_NONE;
                r->shown &= (uint8_t)~(1u << k);
            }
        }
    }
    rr_trace_close(t, false);
}

void rr_reenter(rr_state *s, const int facing[RR_MAX_ROBOTS], rr_trace *t)
{
    bool coming[RR_MAX_ROBOTS] = {false}, shared[RR_MAX_ROBOTS] = {false};
    for (int i = 0; i < s->nrobots; i++)
        coming[i] = s->robot[i].destroyed && !s->robot[i].out;
    for (int i = 0; i < s->nrobots; i++) {
        for (int j = 0; coming[i] && j < s->nrobots; j++) {
            if (j == i)
                continue;
            int at = coming[j] ? s->robot[j].archive : rr_robot_here(s, j) ? s->floor.piece[j].cell : RR_OFF;
            shared[i] |= at == s->robot[i].archive;
        }
        /* A variant's piece on the archive marker counts as another piece there. */
        for (int j = s->nrobots; coming[i] && j < s->floor.npieces; j++) {
            const rr_piece *p = &s->floor.piece[j];
            shared[i] |= rr_on_floor(p) && p->cell == s->robot[i].archive;
        }
    }
    for (int i = 0; i < s->nrobots; i++) {
        rr_robot *r = &s->robot[i];
        if (r->out)
            r->destroyed = false;
        if (!coming[i])
            continue;
        rr_piece *p = &s->floor.piece[i];
        p->gone = RR_HERE;
        p->cell = r->archive;
        p->facing = (uint8_t)(facing[i] & 3);
        p->is_virtual = shared[i];
        r->damage = 2;
        r->destroyed = false;
        r->powered_down = false;
        rr_trace_action(t, "reenter", i,
                        json_pack("{s:o, s:s, s:b}", "at", rr_cell_json(s->floor.course, r->archive),
                                  "facing", rr_dir_names[p->facing], "virtual", shared[i]));
    }
}
