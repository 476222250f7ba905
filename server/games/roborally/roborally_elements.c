/*
 * roborally_elements.c: what each board element does to the pieces on it, one
 * function per element: belts (express and normal), pushers, gears, beams.
 * A square of movement under a piece's own power is rr_push_step
 * (roborally_board.c).
 */
#include "roborally_board.h"
#include "roborally_trace.h"

/* ---- belts ---- */

/* The turn a piece makes when a belt carries it in direction `travel` into
 * cell k: a curve or a merge turns it toward k's exit (+1 clockwise, -1
 * counter-clockwise); a straight piece, or anything not a belt, does not. */
static int belt_turn(const rr_cell *k, int travel)
{
    int side = rr_opposite(travel);
    if (!rr_is_belt(k) || !(k->in & (1u << side)) || k->out == travel)
        return 0;
    return rr_turned(k->out, -travel) == 1 ? 1 : -1;
}

typedef struct carry {
    bool moving;
    int16_t to;
} carry;

/* Where the belts would take each piece; a wall leaves it in place, and so
 * does a pit or the edge a piece that does not fall (the floor's hooks say
 * what becomes of it, or the move is blocked). */
static void belt_targets(rr_floor *f, bool express_only, carry *cy, rr_trace *t)
{
    const rr_course *c = f->course;
    for (int i = 0; i < f->npieces; i++) {
        rr_piece *p = &f->piece[i];
        cy[i].moving = false;
        if (!rr_floor_moves(p))
            continue;
        const rr_cell *k = &c->cells[p->cell];
        if (!rr_is_belt(k) || (express_only && k->kind != RR_EXPRESS))
            continue;
        int to = rr_neighbour(c, p->cell, k->out);
        bool refused = !rr_has_trait(p, RR_FALLS) && (to == RR_OFF || c->cells[to].kind == RR_PIT);
        if (refused && f->hooks && f->hooks->brink) {
            f->hooks->brink(f, i, t);
            continue;
        }
        if (rr_wall_between(c, p->cell, k->out) || refused) {
            rr_trace_blocked(t, i, p->cell, k->out, refused ? "edge" : "wall");
            continue;
        }
        cy[i].moving = true;
        cy[i].to = (int16_t)to;
    }
}

/* Can pieces i and j get in each other's way on the belts? Virtual pieces
 * and pieces carried off the course take no part. */
static bool belt_rivals(const rr_floor *f, const carry *cy, int i, int j)
{
    const rr_piece *p = &f->piece[i], *q = &f->piece[j];
    return i != j && rr_on_floor(q) && !p->is_virtual && !q->is_virtual &&
           !(cy[i].moving && cy[i].to == RR_OFF);
}

static void belt_stop(rr_floor *f, carry *cy, int i, const char *why, rr_trace *t)
{
    rr_trace_blocked(t, i, f->piece[i].cell, f->course->cells[f->piece[i].cell].out, why);
    cy[i].moving = false;
}

/* Belts never push. Two pieces carried into one square, or into each
 * other's squares, both stay; then a piece whose square-to-be holds a piece
 * that stays stays too, which can stop the piece behind it, and so on. */
static void belt_conflicts(rr_floor *f, carry *cy, rr_trace *t)
{
    bool clash[RR_MAX_PIECES] = {false};
    for (int i = 0; i < f->npieces; i++) {
        for (int j = 0; cy[i].moving && j < f->npieces; j++) {
            if (!belt_rivals(f, cy, i, j) || !cy[j].moving)
                continue;
            clash[i] |= cy[j].to == cy[i].to ||
                        (cy[j].to == f->piece[i].cell && f->piece[j].cell == cy[i].to);
        }
    }
    for (int i = 0; i < f->npieces; i++) {
        if (clash[i])
            belt_stop(f, cy, i, "conflict", t);
    }
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 0; i < f->npieces; i++) {
            for (int j = 0; cy[i].moving && j < f->npieces; j++) {
                if (belt_rivals(f, cy, i, j) && !cy[j].moving && f->piece[j].cell == cy[i].to) {
                    belt_stop(f, cy, i, "occupied", t);
                    changed = true;
                }
            }
        }
    }
}

void rr_belts_move(rr_floor *f, bool express_only, rr_trace *t)
{
    carry cy[RR_MAX_PIECES];
    int16_t before[RR_MAX_PIECES];
    for (int i = 0; i < f->npieces; i++)
        before[i] = f->piece[i].cell;
    belt_targets(f, express_only, cy, t);
    belt_conflicts(f, cy, t);
    int turn[RR_MAX_PIECES] = {0};
    for (int i = 0; i < f->npieces; i++) {
        rr_piece *p = &f->piece[i];
        if (!cy[i].moving)
            continue;
        int travel = f->course->cells[p->cell].out;
        rr_trace_move(t, i, p->cell, travel);
        p->cell = cy[i].to;
        if (rr_has_trait(p, RR_FACES_MOVES))
            p->facing = (uint8_t)travel;
        if (p->cell == RR_OFF) {
            p->gone = RR_GONE_EDGE;
            continue;
        }
        const rr_cell *k = &f->course->cells[p->cell];
        if (k->kind == RR_PIT)
            p->gone = RR_GONE_PIT;
        if (rr_has_trait(p, RR_TURNS))
            turn[i] = belt_turn(k, travel);
    }
    for (int i = 0; i < f->npieces; i++) {
        rr_piece *p = &f->piece[i];
        if (!turn[i] || !rr_on_floor(p))
            continue;
        int to = rr_turned(p->facing, turn[i]);
        rr_trace_turn(t, i, p->facing, to);
        p->facing = (uint8_t)to;
    }
    if (f->hooks && f->hooks->moved)
        f->hooks->moved(f, before, t);
}

/* ---- pushers ---- */

void rr_pushers_push(rr_floor *f, int reg, rr_trace *t)
{
    const rr_course *c = f->course;
    int who[RR_MAX_PIECES], at[RR_MAX_PIECES], n = 0;
    /* Fixed first: the pieces standing on an active pusher now, in cell order. */
    for (int cell = 0; cell < c->width * c->height; cell++) {
        const rr_cell *k = &c->cells[cell];
        if (k->push < 0 || !(k->push_regs & (1u << reg)))
            continue;
        for (int i = 0; i < f->npieces; i++) {
            if (rr_floor_moves(&f->piece[i]) && f->piece[i].cell == cell) {
                who[n] = i;
                at[n++] = cell;
            }
        }
    }
    for (int k = 0; k < n; k++) {
        const rr_piece *p = &f->piece[who[k]];
        if (rr_on_floor(p) && p->cell == at[k])
            rr_push_step(f, who[k], c->cells[at[k]].push, t, NULL);
    }
}

/* ---- gears ---- */

void rr_gears_turn(rr_floor *f, rr_trace *t)
{
    for (int i = 0; i < f->npieces; i++) {
        rr_piece *p = &f->piece[i];
        if (!rr_on_floor(p) || !rr_has_trait(p, RR_TURNS))
            continue;
        int kind = f->course->cells[p->cell].kind;
        if (kind != RR_GEAR_CW && kind != RR_GEAR_CCW)
            continue;
        int to = rr_turned(p->facing, kind == RR_GEAR_CW ? 1 : -1);
        rr_trace_turn(t, i, p->facing, to);
        p->facing = (uint8_t)to;
    }
}

/* ---- beams ---- */

void rr_beam_trace(const rr_floor *f, int from, int d, int walls_through, int pieces_through,
                   rr_beam *b)
{
    b->ncells = 0;
    b->nhits = 0;
    for (int cell = from; cell != RR_OFF && b->ncells < (int)(sizeof b->cells / sizeof b->cells[0]);) {
        b->cells[b->ncells++] = (int16_t)cell;
        int j = rr_floor_real_at(f, cell, -1);
        int tr = j >= 0 ? f->piece[j].traits : 0;
        if ((tr & RR_STOPS_BEAMS) && !(tr & RR_SHOT)) {
            /* A piece never hurt stops the beam like a wall, and a beam
             * that passes walls passes it. */
            if (walls_through <= 0)
                return;
            walls_through--;
        } else if (tr & RR_STOPS_BEAMS) {
            bool through = pieces_through > 0;
            if (b->nhits < 2)
                b->hits[b->nhits++] = (int8_t)j;
            if (!through)
                return;
            pieces_through--;
        }
        if (rr_wall_between(f->course, cell, d)) {
            if (walls_through <= 0)
                return;
            walls_through--;
        }
        cell = rr_neighbour(f->course, cell, d);
    }
}
