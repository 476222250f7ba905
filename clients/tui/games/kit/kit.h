/*
 * kit.h: what the renderers share, so that each game's folder holds only
 * that game: reading a view's fields, the seat's own robot, squares named
 * as the boards label them ("H7"), the compass (parsing a direction, its
 * words and arrow) and the list of keys for the footer.
 */
#ifndef BOTPIT_TUI_KIT_H
#define BOTPIT_TUI_KIT_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "game_ui.h"

/* ---- a view's fields ---- */

/* o[key] as an int, or def when it is missing or not an integer. */
static inline int int_of(const json_t *o, const char *key, int def)
{
    const json_t *v = json_object_get(o, key);
    return json_is_integer(v) ? (int)json_integer_value(v) : def;
}

/* o[key] as a string, or "" when it is missing or not a string. */
static inline const char *str_of(const json_t *o, const char *key)
{
    const char *s = json_string_value(json_object_get(o, key));
    return s ? s : "";
}

/* Whether o[key] is the string value. */
bool kit_is(const json_t *o, const char *key, const char *value);
/* Whether the view's "phase" is phase. */
bool kit_phase_is(const table *t, const char *phase);

/* ---- seats ---- */

/* The item of the array whose "seat" is seat (a robot, a bid), or NULL. */
const json_t *kit_of_seat(const json_t *items, int seat);
/* Ours among them: NULL for a spectator. */
const json_t *kit_mine(const table *t, const json_t *items);

/* ---- squares ---- */

/* A square written [x, y]; false when at is not one. */
bool kit_xy(const json_t *at, int *x, int *y);
/* "H7": the column's letter and the row counted from 1, as boards label them. */
void kit_square_name(int x, int y, char *buf, size_t len);
/* kit_square_name of [x, y], or "off the board". */
void kit_square_of(const json_t *at, char *buf, size_t len);

/* ---- the compass: eight ways clockwise from north, as the canvas's arrows ---- */

enum { KIT_N, KIT_NE, KIT_E, KIT_SE, KIT_S, KIT_SW, KIT_W, KIT_NW, KIT_DIRS };
extern const int kit_dx[KIT_DIRS], kit_dy[KIT_DIRS]; /* y grows southwards */
const char *kit_dir_name(int d);  /* "NE" */
const char *kit_dir_word(int d);  /* "north-east" */
cv_glyph kit_dir_arrow(int d);
/* A direction by its name or word, in any case ("ne", "North-East"); -1. */
int kit_dir_parse(const char *word);

/* The four sides of a square board, 0 N, 1 E, 2 S, 3 W: the compass's even
 * ways (kit_side_dir), parsed from the same names and words. */
static inline int kit_side_dir(int side) { return 2 * (side & 3); }
int kit_side_parse(const char *word);

/* ---- words ---- */

/* 1 for yes, y, on; 0 for no, n, off (any case); -1 for anything else. */
int kit_yes_no(const char *word);

/* ---- the footer's keys (game_ui.hints) ---- */

typedef struct kit_hints {
    game_hint *out;
    int n, max;
} kit_hints;

/* Adds a key while there is room (the footer keeps the first that fit). */
void kit_hint(kit_hints *h, const char *key, const char *what, const char *command);

#endif
