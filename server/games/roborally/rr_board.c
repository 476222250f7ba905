/* rr_board.c: geometry, pieces, and a square of movement with its push chain. */
#include "rr_board.h"

#include <string.h>

#include "rr_ball.h"
#include "rr_trace.h"

const char *const rr_dir_names[RR_DIRS] = {"N", "E", "S", "W"};

/* A robot falls, stops beams and is shot; the ball (RoboBall) stops beams
 * like a wall but is never hurt, never falls (it goes up instead), has no
 * laser and faces the way it last moved. */
const rr_traits rr_kind_traits[RR_PIECE_KINDS] = {
    [RR_PIECE_ROBOT] = {.falls = true, .stops_beams = true, .shot = true, .fires = true},
    [RR_PIECE_BALL] = {.falls = false, .stops_beams = true, .shot = false, .fires = false,
                       .faces_moves = true},
};

bool rr_floor_moves(const rr_piece *p)
{
    return rr_on_floor(p) && !(p->is_virtual && !rr_kind_traits[p->kind].falls);
}

const rr_course *rr_course_find(const char *id)
{
    for (int i = 0; id && i < rr_course_count; i++) {
        if (strcmp(rr_courses[i].id, id) == 0)
            return &rr_courses[i];
    }
    return NULL;
}

int rr_dir_parse(const char *s)
{
    for (int d = 0; s && d < RR_DIRS; d++) {
        if (strcmp(s, rr_dir_names[d]) == 0)
            return d;
    }
    return -1;
}

int rr_neighbour(const rr_course *c, int cell, int d)
{
    int x = cell % c->width, y = cell / c->width;
    switch (d) {
    case RR_N: y--; break;
    case RR_E: x++; break;
    case RR_S: y++; break;
    default: x--; break;
    }
    if (x < 0 || y < 0 || x >= c->width || y >= c->height)
        return RR_OFF;
    return y * c->width + x;
}

bool rr_wall_between(const rr_course *c, int cell, int d)
{
    if (c->cells[cell].walls & (1u << d))
        return true;
    int next = rr_neighbour(c, cell, d);
    return next != RR_OFF && (c->cells[next].walls & (1u << rr_opposite(d)));
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

/* Would piece p, stepping from `cell` in d, go where its kind may not? */
static bool refuses_fall(const rr_floor *f, const rr_piece *p, int cell, int d)
{
    if (rr_traits_of(p)->falls)
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
    if (rr_traits_of(p)->faces_moves)
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
        if (refuses_fall(f, last, cell, d)) {
            /* It goes up where it is, and the pieces behind pass under it. */
            if (last->kind == RR_PIECE_BALL)
                rr_ball_up(f, t);
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
    rr_ball_follow(f, before, t);
    return true;
}
