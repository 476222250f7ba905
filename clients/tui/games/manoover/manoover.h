/*
 * manoover.h: the parts of the MANOOVER renderer (manoover.c has its
 * table), one file a concern: the hex directions and the view's readers
 * (manoover.c), the board (board.c), the panel (panel.c), keys and
 * commands (keys.c), the log (log.c).
 */
#ifndef BOTPIT_TUI_MANOOVER_H
#define BOTPIT_TUI_MANOOVER_H

#include "kit/kit.h"

#define MV_DIRS 6
#define MV_MAX_RADIUS 4

typedef struct manoover {
    int selected;          /* the robot number picked, 0 for none */
    bool pass_armed;
    int moved_owner[8], moved_number[8], nmoved; /* robots that moved in the last update */
} manoover;

/* ---- the hex directions (manoover.c) ---- */
/* The six ways of a flat-topped hex, N NE SE S SW NW, as the compass's
 * (kit.h), and the axial step each takes. */
extern const int mv_compass[MV_DIRS];
extern const int mv_dq[MV_DIRS], mv_dr[MV_DIRS];
/* A hex direction by its name or word ("NE", "north-east"); -1. */
int mv_dir_parse(const char *word);

/* ---- the view (manoover.c) ---- */
cv_color mv_owner_color(const table *t, int owner);
const char *mv_owner_colour_name(const table *t, int owner);
/* Our control phase, with the legal moves in the view. */
bool mv_my_control(const table *t);
/* The legal entry for robot `number` of ours, or NULL. */
const json_t *mv_legal_robot(const table *t, int number);
bool mv_may_turn(const json_t *legal, int d);
const json_t *mv_robot_on(const table *t, int q, int r);
const json_t *mv_my_robot(const table *t, int number);
void mv_update(void *self, table *t);
void mv_refused(void *self, table *t, const char *code, const char *message);
/* What p says before a second p passes (taken back when the moment passes). */
extern const char mv_pass_prompt[];

/* ---- drawing (board.c, panel.c) ---- */
/* Where the board is drawn. */
typedef struct hexes {
    int radius;
    int ox, oy; /* the top-left of the drawing */
} hexes;
void mv_draw_board(manoover *m, table *t, canvas c, const hexes *h);
void mv_draw(void *self, table *t, canvas c);

/* ---- keys and commands (keys.c), the log (log.c) ---- */
/* One line per word command, for the help. */
extern const char *const mv_commands[];
int mv_command(void *self, table *t, int argc, char **argv, const char *rest);
bool mv_key(void *self, table *t, int key);
int mv_hints(void *self, table *t, game_hint *out, int max);
int mv_status(void *self, table *t, char *text, size_t len, int *seats);
bool mv_describe(void *self, table *t, const json_t *ev, char *buf, size_t len);

#endif
