/*
 * boxing.h: the parts of the Robot boxing renderer (boxing.c has its
 * table), one file a concern: the view's readers (boxing.c), a robot's 3x3
 * and what it can do (robot.c), the layout editor (editor.c), the order
 * composer (orders.c), the ring (ring.c), the panel (panel.c), keys and
 * commands (keys.c), the log (log.c). Directions are the compass's (kit.h).
 */
#ifndef BOTPIT_TUI_BOXING_H
#define BOTPIT_TUI_BOXING_H

#include "kit/kit.h"

#define BX_SLOTS 9
#define BX_CENTRE 4
#define BX_MAX_STEPS 8

enum { PART_LASER, PART_ENGINE, PART_BOOSTER };
enum { BOOST_NONE, BOOST_MOVE, BOOST_SHOOT };

typedef enum mode { MODE_NONE, MODE_FIRE, MODE_TARGET } mode;

typedef struct boxing {
    /* the layout editor */
    int letters[BX_SLOTS];   /* 0..8 for a..i */
    int parts[BX_SLOTS];
    int cursor;
    bool dealt;
    unsigned rng;
    /* the orders being written */
    int turn;                /* the turn they are for */
    int path[BX_MAX_STEPS];
    int steps;
    int boost;
    int fire;                /* letter, -1 holds fire */
    int target;              /* letter, -1 none */
    int target_robot;        /* seat, -1 none */
    mode mode;
} boxing;

/* ---- the view (boxing.c) ---- */
const json_t *bx_robot(const table *t, int seat);
const json_t *bx_me(const table *t);
/* 'a'..'i' as 0..8, else -1. */
int bx_letter_of(int c);
bool bx_cell_of(const json_t *r, int *x, int *y);
bool bx_editing_layout(const table *t);
bool bx_writing_orders(const table *t);
void bx_update(void *self, table *t);

/* ---- a robot (robot.c) ---- */
/* The way each slot faces (-1 for the centre). */
extern const int bx_slot_dir[BX_SLOTS];
extern const char *const bx_boost_names[3];
void bx_slot_text(int letter, int part, char *buf, size_t len);
void bx_draw_grid(canvas c, int y, int x, const int *letters, const int *parts, const char *destroyed, int cursor);
void bx_layout_from_view(const json_t *layout, int *letters, int *parts);
/* Our robot's working parts, as the view says. */
const json_t *bx_working(const table *t);
bool bx_can_drive(const table *t, int d);
int bx_max_steps(const boxing *b, const table *t);
int bx_reach(const boxing *b, const table *t);
int bx_gun_dir(const table *t, int letter);
bool bx_in_cone(int d, int dx, int dy, int r);
int bx_enemies(const table *t, int *out);

/* ---- the layout editor (editor.c) ---- */
void bx_deal(boxing *b);
int bx_send_layout(boxing *b, table *t);
void bx_draw_editor(boxing *b, table *t, canvas c);
bool bx_editor_key(boxing *b, table *t, int key);
int bx_layout_command(boxing *b, table *t, int argc, char **argv);

/* ---- the order composer (orders.c) ---- */
void bx_plan_end(const boxing *b, const table *t, int *x, int *y);
void bx_reset_orders(boxing *b, table *t);
int bx_send_orders(boxing *b, table *t);
int bx_draw_composer(boxing *b, table *t, canvas c, int y);
bool bx_orders_key(boxing *b, table *t, int key);
int bx_orders_command(boxing *b, table *t, int argc, char **argv);

/* ---- drawing (ring.c, panel.c) ---- */
void bx_draw_ring(boxing *b, table *t, canvas c, int oy, int ox, int cw);
void bx_draw(void *self, table *t, canvas c);

/* ---- keys and commands (keys.c), the log (log.c) ---- */
/* One line per word command, for the help. */
extern const char *const bx_commands[];
bool bx_key(void *self, table *t, int key);
int bx_command(void *self, table *t, int argc, char **argv, const char *rest);
int bx_hints(void *self, table *t, game_hint *out, int max);
int bx_status(void *self, table *t, char *text, size_t len, int *seats);
bool bx_describe(void *self, table *t, const json_t *ev, char *buf, size_t len);

#endif
