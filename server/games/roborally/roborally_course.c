/* roborally_course.c: directions, neighbours and walls of a course (roborally_course.h). */
#include "roborally_course.h"

#include <string.h>

const char *const rr_dir_names[RR_DIRS] = {"N", "E", "S", "W"};

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

json_t *rr_cell_json(const rr_course *c, int cell)
{
    return json_pack("[i,i]", cell % c->width, cell / c->width);
}
