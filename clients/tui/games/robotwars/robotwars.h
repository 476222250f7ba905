/*
 * robotwars.h: the parts of the Robot Wars renderer (robotwars.c has its
 * table), one file a concern: the view's readers and the new state
 * (robotwars.c), the disc allocation (discs.c), the war zone (board.c), the
 * panel (panel.c), keys and commands (keys.c), the log (log.c).
 */
#ifndef BOTPIT_TUI_ROBOTWARS_H
#define BOTPIT_TUI_ROBOTWARS_H

#include "kit/kit.h"

#define RW_SIZE 12
#define RW_CAPS 3

typedef struct robotwars {
    int battle;          /* the battle the allocation is for, +1 (0: none yet) */
    int add[RW_CAPS];    /* discs placed on each capability */
    int cursor;          /* the capability selected */
} robotwars;

/* ---- the view (robotwars.c) ---- */
extern const char *const rw_cap_keys[RW_CAPS];  /* "speed": the view's keys */
extern const char *const rw_cap_names[RW_CAPS]; /* "Speed": for people */
const json_t *rw_battle(const table *t);
const json_t *rw_my_robot(const table *t);
/* The seat to move in the battle, or -1. */
int rw_turn_seat(const table *t);
bool rw_my_turn(const table *t);
/* In the set-up, with discs of ours to place. */
bool rw_allocating(const table *t);
int rw_cap_max(const table *t, int cap);
int rw_cap_level(const json_t *r, int cap);
void rw_update(void *self, table *t);
void rw_moment(void *self, table *t, char *buf, size_t len);
/* How a robot went out, in the browser's words ("in the pit"). */
const char *rw_how_words(const char *how);

/* ---- the disc allocation (discs.c) ---- */
int rw_room_left(const table *t, const robotwars *w);
int rw_send_allocation(robotwars *w, table *t);
int rw_draw_allocation(robotwars *w, const table *t, canvas p, int y);
bool rw_allocation_key(robotwars *w, table *t, int key);

/* ---- drawing (board.c, panel.c) ---- */
void rw_draw_zone(const table *t, canvas c, int oy, int ox);
void rw_draw(void *self, table *t, canvas c);

/* ---- keys and commands (keys.c), the log (log.c) ---- */
/* One line per word command, for the help. */
extern const char *const rw_commands[];
bool rw_key(void *self, table *t, int key);
int rw_command(void *self, table *t, int argc, char **argv, const char *rest);
int rw_hints(void *self, table *t, game_hint *out, int max);
int rw_status(void *self, table *t, char *text, size_t len, int *seats);
bool rw_describe(void *self, table *t, const json_t *ev, char *buf, size_t len);

#endif
