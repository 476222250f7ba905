/*
 * roborally_course.h: the geometry of a course, and the shipped courses.
 *
 * The courses are generated at build time from data/roborally/ by roborally_gen
 * (tools/roborally_gen.c writes roborally_courses.c); a test builds its own rr_course.
 * Geometry is roborally_state.h's: cells y*width + x, directions 0..3 clockwise
 * from north.
 */
#ifndef BOTPIT_RR_COURSE_H
#define BOTPIT_RR_COURSE_H

#include <jansson.h>
#include <stdbool.h>

#include "roborally_state.h"

/* The shipped courses (generated from data/roborally/), and their ids as a
 * NULL-terminated list for the room option. */
extern const rr_course rr_courses[];
extern const int rr_course_count;
extern const char *const rr_course_ids[];
/* Each course in words, in rr_course_ids' order: "Checkmate (5 to 8 players, short)". */
extern const char *const rr_course_labels[];
const rr_course *rr_course_find(const char *id);

extern const char *const rr_dir_names[RR_DIRS]; /* "N" "E" "S" "W" */
int rr_dir_parse(const char *s);                /* -1 if not a direction */
static inline int rr_opposite(int d) { return (d + 2) & 3; }
static inline int rr_turned(int d, int quarters) { return (d + quarters + 400) & 3; }

/* The cell next to `cell` in direction d, or RR_OFF past the edge. */
int rr_neighbour(const rr_course *c, int cell, int d);
/* Is there a wall between cell and its neighbour in direction d? (Only the
 * cell's own side counts at the edge of the course.) */
bool rr_wall_between(const rr_course *c, int cell, int d);
static inline const rr_cell *rr_cell_at(const rr_course *c, int cell) { return &c->cells[cell]; }
static inline bool rr_is_belt(const rr_cell *k) { return k->kind == RR_BELT || k->kind == RR_EXPRESS; }

/* [x, y] of a cell, as the wire has it (a new reference). */
json_t *rr_cell_json(const rr_course *c, int cell);

#endif
