/*
 * roborally_trace.h: what happens on the floor, written down as the events a client
 * animates (see protocol/PROTOCOL.md, RoboRally, for their shapes).
 *
 * A step event ({"kind":"card",...} or {"kind":"board","step":"belts",...})
 * holds "frames": a list of frames played one after the other, each a list
 * of actions that happen at once ({"do":"move",...}, {"do":"beam",...}).
 * Every function accepts a NULL trace and then does nothing, so the rules
 * run silently inside a bot's search.
 */
#ifndef BOTPIT_RR_TRACE_H
#define BOTPIT_RR_TRACE_H

#include <jansson.h>
#include <stdbool.h>

#include "roborally_board.h"

struct rr_trace {
    const rr_course *course;
    const char *piece_name; /* the piece beyond the robots (the floor's hooks), or NULL */
    json_t *events; /* finished step events go here (borrowed) */
    json_t *step;   /* the step event being written, or NULL */
    json_t *frame;  /* its current frame, or NULL before the first action */
};

/* A trace of what happens on floor f, into `events`. */
void rr_trace_init(rr_trace *t, const rr_floor *f, json_t *events);

/* Opens a step event (takes the reference); actions go into its frames
 * until rr_trace_close, which appends it to the events if it holds any
 * action, or always when keep_empty. */
void rr_trace_open(rr_trace *t, json_t *event);
void rr_trace_close(rr_trace *t, bool keep_empty);
/* Actions after this form a new frame (they happen after those before). */
void rr_trace_frame(rr_trace *t);
/* Appends a finished event of its own (takes the reference). */
void rr_trace_event(rr_trace *t, json_t *event);

/* Names piece i in `obj`: "seat": i for a robot (pieces 0..7), else
 * "piece": the floor's name for it. Returns obj. */
json_t *rr_trace_named(const rr_trace *t, json_t *obj, int i);

/* Actions, each naming its piece as rr_trace_named does. */
void rr_trace_move(rr_trace *t, int piece, int from, int d);
/* A move pulled by a hitch ("dragged": true). */
void rr_trace_drag(rr_trace *t, int piece, int from, int d);
void rr_trace_turn(rr_trace *t, int piece, int from, int to);
void rr_trace_blocked(rr_trace *t, int piece, int at, int d, const char *why);
/* A piece taken off the floor; lives left, or -1 when lives are endless (null). */
void rr_trace_gone(rr_trace *t, int piece, int at, const char *why, int lives);
void rr_trace_beam(rr_trace *t, const char *source, int seat, int from, int d, int count,
                   const rr_beam *b);
/* {"do": what ("damage", "bonk"), "seat", ["at" unless RR_OFF], "amount", ...} */
void rr_trace_damage(rr_trace *t, const char *what, int seat, int at, int amount, int absorbed,
                     int total);
void rr_trace_seat_at(rr_trace *t, const char *what, int seat, int at);
void rr_trace_flag(rr_trace *t, int seat, int flag, int at);
void rr_trace_real(rr_trace *t, int seat);
/* Any other action: {"do": what} naming piece i (none when i < 0), plus
 * `fields` (taken). */
void rr_trace_action(rr_trace *t, const char *what, int i, json_t *fields);

#endif
