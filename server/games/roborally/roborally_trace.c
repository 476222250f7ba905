/* roborally_trace.c: floor happenings as event JSON (see roborally_trace.h). */
#include "roborally_trace.h"

void rr_trace_init(rr_trace *t, const rr_floor *f, json_t *events)
{
    t->course = f->course;
    t->piece_name = f->hooks ? f->hooks->piece_name : NULL;
    t->events = events;
    t->step = NULL;
    t->frame = NULL;
}

/* [x, y] one square past `cell` in direction d, even off the course. */
static json_t *beyond_json(const rr_course *c, int cell, int d)
{
    static const int dx[RR_DIRS] = {0, 1, 0, -1}, dy[RR_DIRS] = {-1, 0, 1, 0};
    return json_pack("[i,i]", cell % c->width + dx[d], cell / c->width + dy[d]);
}

void rr_trace_open(rr_trace *t, json_t *event)
{
    if (!t) {
        json_decref(event);
        return;
    }
    json_decref(t->step);
    t->step = event;
    json_object_set_new(t->step, "frames", json_array());
    t->frame = NULL;
}

void rr_trace_close(rr_trace *t, bool keep_empty)
{
    if (!t || !t->step)
        return;
    if (keep_empty || json_array_size(json_object_get(t->step, "frames")))
        json_array_append(t->events, t->step);
    json_decref(t->step);
    t->step = NULL;
    t->frame = NULL;
}

void rr_trace_frame(rr_trace *t)
{
    if (t)
        t->frame = NULL;
}

void rr_trace_event(rr_trace *t, json_t *event)
{
    if (t)
        json_array_append(t->events, event);
    json_decref(event);
}

/* Adds an action to the current frame, opening one if needed; outside a
 * step it becomes an event of its own. */
static void add(rr_trace *t, json_t *action)
{
    if (!t->step) {
        json_array_append_new(t->events, action);
        return;
    }
    if (!t->frame) {
        t->frame = json_array();
        json_array_append_new(json_object_get(t->step, "frames"), t->frame);
    }
    json_array_append_new(t->frame, action);
}

json_t *rr_trace_named(const rr_trace *t, json_t *obj, int i)
{
    if (i < RR_MAX_ROBOTS)
        json_object_set_new(obj, "seat", json_integer(i));
    else
        json_object_set_new(obj, "piece", json_string(t->piece_name ? t->piece_name : "piece"));
    return obj;
}

static json_t *action(const rr_trace *t, const char *what, int i)
{
    json_t *a = json_pack("{s:s}", "do", what);
    return i < 0 ? a : rr_trace_named(t, a, i);
}

void rr_trace_move(rr_trace *t, int piece, int from, int d)
{
    if (!t)
        return;
    json_t *a = action(t, "move", piece);
    json_object_set_new(a, "from", rr_cell_json(t->course, from));
    json_object_set_new(a, "to", beyond_json(t->course, from, d));
    json_object_set_new(a, "dir", json_string(rr_dir_names[d]));
    add(t, a);
}

void rr_trace_drag(rr_trace *t, int piece, int from, int d)
{
    if (!t)
        return;
    rr_trace_move(t, piece, from, d);
    json_t *frame = t->step ? t->frame : t->events;
    json_object_set_new(json_array_get(frame, json_array_size(frame) - 1), "dragged", json_true());
}

void rr_trace_turn(rr_trace *t, int piece, int from, int to)
{
    if (!t)
        return;
    json_t *a = action(t, "turn", piece);
    json_object_set_new(a, "from", json_string(rr_dir_names[from]));
    json_object_set_new(a, "to", json_string(rr_dir_names[to]));
    add(t, a);
}

void rr_trace_blocked(rr_trace *t, int piece, int at, int d, const char *why)
{
    if (!t)
        return;
    json_t *a = action(t, "blocked", piece);
    json_object_set_new(a, "at", rr_cell_json(t->course, at));
    json_object_set_new(a, "dir", json_string(rr_dir_names[d]));
    json_object_set_new(a, "why", json_string(why));
    add(t, a);
}

void rr_trace_gone(rr_trace *t, int piece, int at, const char *why, int lives)
{
    if (!t)
        return;
    json_t *a = action(t, "destroyed", piece);
    json_object_set_new(a, "at", at == RR_OFF ? json_null() : rr_cell_json(t->course, at));
    json_object_set_new(a, "why", json_string(why));
    json_object_set_new(a, "lives", lives < 0 ? json_null() : json_integer(lives));
    add(t, a);
}

void rr_trace_beam(rr_trace *t, const char *source, int seat, int from, int d, int count,
                   const rr_beam *b)
{
    if (!t)
        return;
    json_t *cells = json_array(), *hits = json_array();
    for (int i = 0; i < b->ncells; i++)
        json_array_append_new(cells, rr_cell_json(t->course, b->cells[i]));
    for (int i = 0; i < b->nhits; i++)
        json_array_append_new(hits, json_integer(b->hits[i]));
    json_t *a = json_pack("{s:s, s:s, s:o, s:o, s:s, s:i, s:o, s:o}", "do", "beam", "source", source,
                          "seat", seat >= 0 ? json_integer(seat) : json_null(), "from",
                          rr_cell_json(t->course, from), "dir", rr_dir_names[d], "count", count,
                          "cells", cells, "hits", hits);
    add(t, a);
}

void rr_trace_damage(rr_trace *t, const char *what, int seat, int at, int amount, int absorbed,
                     int total)
{
    if (!t)
        return;
    json_t *a = json_pack("{s:s, s:i}", "do", what, "seat", seat);
    if (at != RR_OFF)
        json_object_set_new(a, "at", rr_cell_json(t->course, at));
    json_object_set_new(a, "amount", json_integer(amount));
    json_object_set_new(a, "absorbed", json_integer(absorbed));
    json_object_set_new(a, "total", json_integer(total));
    add(t, a);
}

void rr_trace_seat_at(rr_trace *t, const char *what, int seat, int at)
{
    if (!t)
        return;
    add(t, json_pack("{s:s, s:i, s:o}", "do", what, "seat", seat, "at", rr_cell_json(t->course, at)));
}

void rr_trace_flag(rr_trace *t, int seat, int flag, int at)
{
    if (!t)
        return;
    add(t, json_pack("{s:s, s:i, s:i, s:o}", "do", "flag", "seat", seat, "flag", flag, "at",
                     rr_cell_json(t->course, at)));
}

void rr_trace_real(rr_trace *t, int seat)
{
    if (t)
        add(t, json_pack("{s:s, s:i}", "do", "real", "seat", seat));
}

void rr_trace_action(rr_trace *t, const char *what, int i, json_t *fields)
{
    if (!t) {
        json_decref(fields);
        return;
    }
    json_t *a = action(t, what, i);
    if (fields)
        json_object_update(a, fields);
    json_decref(fields);
    add(t, a);
}
