/*
 * roborally_board.h: the factory floor of RoboRally, the board model of the race
 * and of its variants: the movable pieces standing on a course (roborally_state.h),
 * and what every board element does to them, each in one function (a
 * square of movement with its push chain, express and normal belts,
 * pushers, gears, beams), written against a piece's traits, never against
 * what the piece is.
 *
 * The robots are pieces 0..7 by seat. A variant that puts another piece on
 * the floor gives it its traits and installs rr_floor_hooks: the floor
 * calls them where its own rules end (a piece that does not fall at the
 * brink of a pit or the edge, pieces that just moved, a piece taken off the
 * floor) and knows nothing else of the variant. A floor with hooks lives in
 * the rr_state that installed them.
 *
 * What happens is told to an optional rr_trace (roborally_trace.h): the game passes
 * one and turns it into events; a bot's search passes NULL and pays nothing.
 */
#ifndef BOTPIT_RR_BOARD_H
#define BOTPIT_RR_BOARD_H

#include <stdbool.h>
#include <stdint.h>

#include "roborally_course.h"
#include "roborally_state.h"

typedef struct rr_trace rr_trace; /* roborally_trace.h; NULL records nothing */

/* What a variant's pieces bring to the floor. Any member may be NULL. */
struct rr_floor_hooks {
    /* How events name the piece beyond the robots ({"piece": name}). */
    const char *piece_name;
    /* Piece i, which does not fall, was about to go into a pit or off the
     * edge: it stays where it is, and this says what becomes of it. */
    void (*brink)(rr_floor *f, int i, rr_trace *t);
    /* After a move of pieces (a square of movement, the belts): before[i]
     * is the cell piece i stood on. */
    void (*moved)(rr_floor *f, const int16_t before[RR_MAX_PIECES], rr_trace *t);
    /* Piece i has just been taken off the floor (rr_floor_take). */
    void (*taken)(rr_floor *f, int i, rr_trace *t);
};

static inline bool rr_on_floor(const rr_piece *p) { return p->gone == RR_HERE; }
static inline bool rr_has_trait(const rr_piece *p, int trait) { return p->traits & trait; }
/* Do floor elements (belts, pushers) move this piece now? Not one up in the air. */
bool rr_floor_moves(const rr_piece *p);
/* The real (not virtual) piece on a cell other than `except`, or -1. */
int rr_floor_real_at(const rr_floor *f, int cell, int except);
/* Any piece on a cell other than `except`, or -1. */
int rr_floor_any_at(const rr_floor *f, int cell, int except);
/* Takes piece i off the floor for `why` (rr_gone). */
void rr_floor_take(rr_floor *f, int i, int why, rr_trace *t);

/* ---- the elements (each its one function) ---- */

/* One square of movement of piece i in direction d, under its own power, a
 * pusher's or a pressor beam's: a real piece pushes the real pieces in its
 * way (pushed pieces keep their facing); a wall anywhere in the chain stops
 * the whole chain; a piece that falls into a pit or off the edge is gone
 * at once, and one that does not fall stays at the brink (hooks.brink)
 * and lets the pieces behind it pass under. Returns true if piece i moved.
 * *first_pushed (if not NULL) gets the first piece pushed or bumped, or -1. */
bool rr_push_step(rr_floor *f, int i, int d, rr_trace *t, int *first_pushed);

/* The belts move: only express belts (express_only) or all belts. Every
 * piece on a moving belt is carried one square at once; a wall leaves it in
 * place, pieces never push, two pieces carried into one square (or into each
 * other's) both stay, and a piece entering a curve turns with it (if curves
 * turn it: RR_TURNS). */
void rr_belts_move(rr_floor *f, bool express_only, rr_trace *t);

/* The pushers active in register `reg` (0..4) push the pieces standing on
 * them, each like one square of movement; which pieces are pushed is fixed
 * before any pusher acts. */
void rr_pushers_push(rr_floor *f, int reg, rr_trace *t);

/* Every piece on a gear that gears turn (RR_TURNS) turns 90 degrees its way. */
void rr_gears_turn(rr_floor *f, rr_trace *t);

/* A beam from cell `from` travelling in d (the first lit cell is `from`):
 * the cells lit, in order, and the pieces it hits. Walls stop it on the far
 * side of a lit cell; a real piece that stops beams ends it (and is hit if
 * it is shot). walls_through / pieces_through let a high-power laser pass
 * that many walls and pieces; a piece passed through is hit too. */
typedef struct rr_beam {
    int ncells;
    int16_t cells[RR_MAX_SIDE * 2];
    int nhits;
    int8_t hits[2];
} rr_beam;
void rr_beam_trace(const rr_floor *f, int from, int d, int walls_through, int pieces_through,
                   rr_beam *b);

#endif
