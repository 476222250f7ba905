/* roborally_board.c: pieces on the floor, and a square of movement with its push chain (roborally_board.h). */
#include "roborally_board.h"

#include "roborally_trace.h"

bool rr_floor_moves(const rr_piece *p)
{
    return rr_on_floor(p) && !(p->is_virtual && !rr_has_trait(p, RR_FALLS));
}

int rr_floor_real_at(const rr_floor *f, int cell, int except)
{
    for (int i = 0; i < f->npieces; i++) {
        const rr_piece *p = &f->piece[i];
        if (i != except && rr_on_floor(p) && p->cell == cell && !p->is_virtual)
            return i;
    }
    return -1;
}

int rr_floor_any_at(const rr_floor *f, int cell, int except)
{
    for (int i = 0; i < f->npieces; i++) {
        const rr_piece *p = &f->piece[i];
        if (i != except && rr_on_floor(p) && p->cell == cell)
            return i;
    }
    return -1;
}

void rr_floor_take(rr_floor *f, int i, int why, rr_trace *t)
{
    rr_piece *p = &f->piece[i];
    p->gone = (uint8_t)why;
    p->cell = RR_OFF;
    p->is_virtual = false;
    if (f->hooks && f->hooks->taken)
        f->hooks->taken(f, i, t);
}

/* Would piece p, stepping from `cell` in d, go where it may not (it does not fall)? */
static bool at_brink(const rr_floor *f, const rr_piece *p, int cell, int d)
{
    if (rr_has_trait(p, RR_FALLS))
        return false;
    int next = rr_neighbour(f->course, cell, d);
    return next == RR_OFF || f->course->cells[next].kind == RR_PIT;
}

/* Puts piece i one square on in d; marks it gone if it fell. */
static void shift(rr_floor *f, int i, int d, rr_trace *t)
{
    rr_piece *p = &f->piece[i];
    rr_trace_move(t, i, p->cell, d);
    p->cell = (int16_t)rr_neighbour(f->course, p->cell, d);
    if (rr_has_trait(p, RR_FACES_MOVES))
        p->facing = (uint8_t)d;
    if (p->cell == RR_OFF)
        p->gone = RR_GONE_EDGE;
    else if (f->course->cells[p->cell].kind == RR_PIT)
        p->gone = RR_GONE_PIT;
}

bool rr_push_step(rr_floor *f, int i, int d, rr_trace *t, int *first_pushed)
{
    const rr_course *c = f->course;
    int chain[RR_MAX_PIECES], n = 0;
    chain[n++] = i;
    if (first_pushed)
        *first_pushed = -1;
    /* A virtual piece neither pushes nor is stopped by other pieces. */
    bool alone = f->piece[i].is_virtual;
    for (int cell = f->piece[i].cell;;) {
        const rr_piece *last = &f->piece[chain[n - 1]];
        if (rr_wall_between(c, cell, d)) {
            rr_trace_blocked(t, i, f->piece[i].cell, d, "wall");
            return false;
        }
        if (at_brink(f, last, cell, d)) {
            /* It stays where it is, and the pieces behind pass under it. */
            if (f->hooks && f->hooks->brink)
                f->hooks->brink(f, chain[n - 1], t);
            if (--n == 0)
                return false;
            break;
        }
        int next = rr_neighbour(c, cell, d);
        int j = next == RR_OFF || alone ? -1 : rr_floor_real_at(f, next, -1);
        if (j < 0)
            break;
        if (first_pushed && n == 1)
            *first_pushed = j;
        chain[n++] = j;
        cell = next;
    }
    int16_t before[RR_MAX_PIECES];
    for (int k = 0; k < f->npieces; k++)
        before[k] = f->piece[k].cell;
    for (int k = n - 1; k >= 0; k--)
        shift(f, chain[k], d, t);
    if (f->hooks && f->hooks->moved)
        f->hooks->moved(f, before, t);
    return true;
}
