/*
 * roboball.h: the parts of RoboBall's renderer, a mode of the race's
 * (roborally/roborally.h: rl_mode); roboball.c has the table of its hooks.
 * One file a concern: the view's readers (roboball.c), the ball and its
 * playback (ball.c), the board (board.c), the panel (panel.c), the hitch
 * declarations (program.c), keys and commands with the vote (keys.c), the
 * log (log.c).
 */
#ifndef BOTPIT_TUI_ROBOBALL_H
#define BOTPIT_TUI_ROBOBALL_H

#include "roborally/roborally.h"

/* The ball, as the view or a frame of the playback has it. */
typedef struct rb_ball {
    signed char x, y;       /* x < 0: not known */
    signed char facing;
    bool pogo;
    unsigned char hitched;  /* 1 << seat */
} rb_ball;

/* A register's declaration. */
enum { RB_NONE = 0, RB_HITCH = 1, RB_UNHITCH = 2 };

/* The mode's own state (rl_mode.size). */
typedef struct roboball {
    signed char hitch[RL_REGS]; /* each register's declaration (RB_NONE, ...) */
    int pending;                /* h or u pressed, a register key to follow (RB_HITCH, ...) */
    rb_ball last;               /* the ball as the last view showed it */
    rb_ball play;               /* the ball through the playback being built */
    rb_ball frames[RL_PLAY_FRAMES]; /* and in each of its frames */
} roboball;

static inline roboball *rb_self(const roborally *w)
{
    return w->mode_self;
}

/* ---- the view (roboball.c) ---- */
const json_t *rb_ball_json(const table *t);
/* The seat's team (0-based), or -1. */
int rb_team(const table *t, int seat);
cv_color rb_team_color(int team);
/* The team whose home is square (x, y), or -1. */
int rb_home_at(const table *t, int x, int y);

/* ---- the ball and its playback (ball.c) ---- */
void rb_ball_of_view(const table *t, rb_ball *b);
void rb_update(roborally *w, const table *t);
void rb_play_begin(roborally *w, const table *t);
void rb_play_action(roborally *w, const table *t, const json_t *action);
void rb_play_frame(roborally *w, const table *t, int k, const json_t *frame, char *note, size_t len);

/* ---- the board (board.c) ---- */
void rb_draw_floor(roborally *w, const table *t, canvas cv, const rl_layout *l);
void rb_draw_over(roborally *w, const table *t, canvas cv, const rl_layout *l, int k, const rl_pose *pose);
int rb_robot_color(roborally *w, const table *t, const json_t *robot);
bool rb_robot_marker(roborally *w, const table *t, int x, int y, const char **mark, cv_style *st);

/* ---- the panel (panel.c) ---- */
bool rb_panel_head(roborally *w, const table *t, const char *course, char *buf, size_t len);
void rb_draw_register(roborally *w, const table *t, canvas p, int y, int reg);
int rb_draw_panel(roborally *w, const table *t, canvas p, int y);
void rb_robot_text(roborally *w, const table *t, const json_t *robot, char *buf, size_t len);

/* ---- the declarations (program.c) ---- */
/* "hitch", "unhitch", "" (a narrow panel: "h", "u"). */
const char *rb_decl_text(int decl, bool narrow);
void rb_decls_of_view(signed char *decl, const json_t *robot);
void rb_sync_program(roborally *w, const table *t, const json_t *robot);
void rb_program_fields(const roborally *w, const table *t, json_t *action);
bool rb_is_decl_word(const char *word);
/* Declares what (RB_HITCH, RB_UNHITCH; the same again: none) at the end of
 * register reg (0-based); false (said why) for a locked register. */
bool rb_declare(signed char *decl, const json_t *robot, table *t, int reg, int what);
/* hitch R.., unhitch R.., nohitch [R..], hitches D D D D D. The caller has
 * checked that we may program. */
int rb_decl_command(signed char *decl, const json_t *robot, table *t, int argc, char **argv);

/* ---- keys, commands and the vote (keys.c) ---- */
/* One line per word command, for the help. */
extern const char *const rb_commands[];
bool rb_voted(const table *t);
bool rb_key(roborally *w, table *t, int key);
int rb_command(roborally *w, table *t, int argc, char **argv);
void rb_hints(roborally *w, table *t, kit_hints *h);

/* ---- the log (log.c) ---- */
bool rb_outcome(roborally *w, const table *t, const json_t *ev, const json_t *action, char *buf, size_t len);
int rb_motion(const json_t *action);
bool rb_piece_name(const table *t, const char *piece, bool acting, char *buf, size_t len);
const char *rb_step_words(const char *step, bool *movers);
bool rb_describe(roborally *w, const table *t, const json_t *ev, char *buf, size_t len);

#endif
