/*
 * course.c: the course the view names, from the course file the browser
 * draws too, compiled in (courses.c.in): its squares (floor, pits, belts
 * and express belts with their exits, gears, repair sites, docks, flags,
 * pushers), its walls and its board lasers.
 */
#include <stdio.h>
#include <string.h>

#include "roborally.h"

extern const char rl_courses_json[];

static int dirs_mask(const char *s)
{
    int m = 0;
    for (; s && *s; s++) {
        char d[2] = {*s, 0};
        int k = kit_side_parse(d);
        if (k >= 0)
            m |= 1 << k;
    }
    return m;
}

static rl_kind kind_parse(const char *k)
{
    static const char *const names[] = {"floor", "pit", "belt", "express", "gear_cw", "gear_ccw", "wrench", "wrench_hammer"};
    for (int i = 0; i < (int)(sizeof names / sizeof names[0]); i++) {
        if (strcmp(k, names[i]) == 0)
            return (rl_kind)i;
    }
    return SQ_FLOOR;
}

static void read_square(rl_course *c, const json_t *cell)
{
    int x = int_of(cell, "x", -1), y = int_of(cell, "y", -1);
    if (x < 0 || y < 0 || x >= c->w || y >= c->h)
        return;
    rl_square *s = &c->sq[y][x];
    s->kind = (unsigned char)kind_parse(str_of(cell, "kind"));
    s->out = (signed char)kit_side_parse(json_string_value(json_object_get(cell, "out")));
    s->walls = (unsigned char)dirs_mask(json_string_value(json_object_get(cell, "walls")));
    s->dock = (unsigned char)int_of(cell, "dock", 0);
    s->flag = (unsigned char)int_of(cell, "flag", 0);
    const json_t *pusher = json_object_get(cell, "pusher");
    if (json_is_object(pusher))
        s->pusher = (signed char)kit_side_parse(json_string_value(json_object_get(pusher, "dir")));
}

static void read_laser(rl_course *c, const json_t *laser)
{
    int d = kit_side_parse(json_string_value(json_object_get(laser, "dir")));
    size_t i;
    const json_t *at;
    json_array_foreach(json_object_get(laser, "cells"), i, at) {
        int x = rl_cell_x(at), y = rl_cell_y(at);
        if (d < 0 || x < 0 || y < 0 || x >= c->w || y >= c->h)
            continue;
        c->sq[y][x].beam |= (unsigned char)(d % 2 ? 2 : 1);
        c->sq[y][x].beams = (unsigned char)int_of(laser, "count", 1);
    }
}

/* Reads course id from the compiled-in file; false when it is not there. */
bool rl_load_course(rl_course *c, const char *id)
{
    memset(c, 0, sizeof *c);
    json_t *doc = json_loads(rl_courses_json, 0, NULL);
    size_t i, j;
    const json_t *course, *v;
    bool found = false;
    json_array_foreach(json_object_get(doc, "courses"), i, course) {
        if (strcmp(str_of(course, "id"), id) != 0)
            continue;
        c->w = int_of(course, "width", 0);
        c->h = int_of(course, "height", 0);
        if (c->w <= 0 || c->h <= 0 || c->w > RL_MAX || c->h > RL_MAX)
            break;
        snprintf(c->id, sizeof c->id, "%s", id);
        snprintf(c->name, sizeof c->name, "%s", str_of(course, "name"));
        for (int y = 0; y < c->h; y++)
            for (int x = 0; x < c->w; x++)
                c->sq[y][x].out = c->sq[y][x].pusher = -1;
        json_array_foreach(json_object_get(course, "cells"), j, v)
            read_square(c, v);
        json_array_foreach(json_object_get(course, "lasers"), j, v)
            read_laser(c, v);
        json_array_foreach(json_object_get(course, "flags"), j, v) {
            if (c->nflags < RL_FLAGS) {
                c->flag_x[c->nflags] = rl_cell_x(v);
                c->flag_y[c->nflags] = rl_cell_y(v);
                c->nflags++;
            }
        }
        found = true;
        break;
    }
    json_decref(doc);
    return found;
}

/* A game with no flags to touch (RoboBall: homes are its markers, the
 * mode draws them) shows none, as the browser does. */
static void without_flags(rl_course *c)
{
    for (int y = 0; y < c->h; y++) {
        for (int x = 0; x < c->w; x++)
            c->sq[y][x].flag = 0;
    }
    c->nflags = 0;
}

bool rl_course_ready(roborally *r, const table *t)
{
    const char *id = str_of(t->view, "course");
    if (!*id)
        return false;
    if (strcmp(r->course.id, id) != 0 && !r->missing) {
        r->loaded = rl_load_course(&r->course, id);
        r->missing = !r->loaded;
        if (r->missing)
            snprintf(r->course.id, sizeof r->course.id, "%s", id);
        else if (int_of(t->view, "flags", -1) == 0)
            without_flags(&r->course);
    }
    return r->loaded;
}

/* Is there a wall between (x, y) and its neighbour towards d? */
bool rl_wall_between(const rl_course *c, int x, int y, int d)
{
    int nx = x + kit_dx[kit_side_dir(d)], ny = y + kit_dy[kit_side_dir(d)];
    bool here = x >= 0 && y >= 0 && x < c->w && y < c->h && (c->sq[y][x].walls & (1 << d));
    bool there = nx >= 0 && ny >= 0 && nx < c->w && ny < c->h && (c->sq[ny][nx].walls & (1 << ((d + 2) % 4)));
    return here || there;
}
