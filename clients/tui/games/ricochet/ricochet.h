/*
 * ricochet.h: the parts of the Ricochet Robots renderer (ricochet.c has its
 * table), one file a concern: the view read (view.c), the board (board.c),
 * moves and replays on screen (playback.c), the panel (panel.c), keys and
 * commands (keys.c), the log (log.c).
 */
#ifndef BOTPIT_TUI_RICOCHET_H
#define BOTPIT_TUI_RICOCHET_H

#include <stdint.h>

#include "kit/kit.h"

#define RR_SIZE 16
#define RR_CELLS 256
#define RR_ROBOTS 5
#define RR_MAX_PATH 32
#define RR_SLIDE_MS 45
#define RR_REPLAY_STEP_MS 700

/* A cell's walls, as the view's bits. */
enum { W_N = 1, W_E = 2, W_S = 4, W_W = 8 };

typedef struct rr_target {
    int cell;
    int color;   /* robot index, or -1 for the vortex */
    int symbol;  /* 0 circle, 1 triangle, 2 square, 3 hexagon, 4 vortex */
} rr_target;

/* What the view says, read once per state. */
typedef struct rr_board {
    int walls[RR_CELLS];
    bool centre[RR_CELLS];
    int ntargets;
    rr_target targets[20];
    int nrobots;
    int robot[RR_ROBOTS];     /* cells */
    bool has_target;
    rr_target target;
} rr_board;

typedef struct ricochet {
    rr_board b;
    int selected;              /* the robot the demonstrator moves */
    /* the move being slid on screen */
    int anim_robot, anim_len;
    int anim_path[RR_MAX_PATH];
    int64_t anim_start;
    /* the last move's trail */
    int trail_robot, trail_len;
    int trail[RR_MAX_PATH];
    /* the best solution replayed after a round */
    bool replaying;
    int replay_step;
    int64_t replay_start;
    bool give_up_armed;
    char hint_text[40];
} ricochet;


/* ---- the view (view.c) ---- */
extern const char *const rr_robot_names[RR_ROBOTS]; /* "red" */
extern const char rr_robot_letters[RR_ROBOTS];      /* 'R' */
extern const cv_color rr_robot_colors[RR_ROBOTS];
int rr_color_index(const char *name);
/* "red", "r", "R" -> 0 */
int rr_robot_parse(const char *word);
/* A side (0 N .. 3 W) by its letter or word, or up/right/down/left (u r d l). */
int rr_dir_parse(const char *word);
void rr_read_target(const json_t *t, rr_target *out);
void rr_read_robots(const json_t *robots, int *cells, int *n);
void rr_read_board(rr_board *b, const json_t *view);
const char *rr_phase_of(const table *t);
int rr_demonstrator(const table *t);
bool rr_i_demonstrate(const table *t);
bool rr_can_bid(const table *t);
/* Nobody has bid for idle_min_s: t starts the sand now (no sooner). */
bool rr_may_start_timer(const table *t);
/* "J13" */
void rr_cell_name(int cell, char *buf, size_t len);
/* "the red triangle", "the cosmic vortex" */
void rr_chip_words(const rr_target *t, char *buf, size_t len);
cv_glyph rr_symbol_glyph(int symbol);
/* "▲y": the symbol and the colour's small letter */
void rr_target_text(const canvas *c, const rr_target *t, char *buf, size_t len);
cv_color rr_target_color(const rr_target *t);

/* ---- the board (board.c) ---- */
int rr_robot_at(const int *cells, int n, int cell);
/* Where robot r stops going d from cells (the server's slide rule), or -1
 * when it cannot move at all. */
int rr_slide(const rr_board *b, const int *cells, int r, int d);
void rr_draw(void *self, table *t, canvas c);

/* ---- on screen over time (playback.c) ---- */
void rr_set_trail(ricochet *r, int robot, const json_t *path);
/* The robots as shown now: the view's, with a sliding robot part-way and,
 * during a replay, the best solution's positions. */
void rr_shown_robots(ricochet *r, table *t, int *cells, int *n);
void rr_update(void *self, table *t);
int rr_next_frame(void *self, table *t);

/* ---- the panel (panel.c) ---- */
void rr_draw_panel(ricochet *r, table *t, canvas c);

/* ---- keys and commands (keys.c), the log (log.c) ---- */
/* One line per word command, for the help. */
extern const char *const rr_commands[];
int rr_command(void *self, table *t, int argc, char **argv, const char *rest);
bool rr_key(void *self, table *t, int key);
int rr_hints(void *self, table *t, game_hint *out, int max);
int rr_status(void *self, table *t, char *text, size_t len, int *seats);
void rr_refused(void *self, table *t, const char *code, const char *message);
bool rr_countdown(void *self, table *t);
void rr_moment(void *self, table *t, char *buf, size_t len);
/* What x says before a second x gives up (taken back when the moment passes). */
extern const char rr_give_up_prompt[];
bool rr_describe(void *self, table *t, const json_t *ev, char *buf, size_t len);

#endif
