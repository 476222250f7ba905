/*
 * roborally_ball.h: RoboBall (RoboRally in mode "roboball", seed 003) for
 * the RoboRally renderer (roborally.c), which stays the registry's entry and
 * calls these where the race and the ball differ.
 *
 * On the board: the ball (its facing, hovering in pogo mode, reversed in an
 * extraction turn), the homes in their team's colours, a hitch as '=' between
 * the ball and the robot (and in the robot's marker column). Beside it: the
 * ball, the extraction, the votes, the teams and their homes. The program
 * carries a hitch declaration per register; the extraction vote is an action
 * of its own. The log says every ball frame and event in plain words.
 */
#ifndef BOTPIT_TUI_ROBORALLY_BALL_H
#define BOTPIT_TUI_ROBORALLY_BALL_H

#include "kit/kit.h"

#define RB_REGS 5

/* Where a robot stands and faces, as a step of the register phase left it. */
typedef struct rl_pose {
    signed char x, y;     /* x < 0: not on the floor */
    signed char facing;   /* 0 N, 1 E, 2 S, 3 W */
} rl_pose;

/* The part of the course on screen and where it is drawn. */
typedef struct rl_layout {
    bool tall;        /* two rows a square: walls on rows of their own */
    int ox, oy;       /* the frame's top left */
    int x0, y0;       /* the first square shown */
    int vw, vh;       /* squares shown */
} rl_layout;

static inline int rl_row_of(const rl_layout *l, int y) { return l->oy + (l->tall ? 2 * (y - l->y0) + 1 : y - l->y0 + 1); }
static inline int rl_col_of(const rl_layout *l, int x) { return l->ox + 4 * (x - l->x0) + 1; }
static inline bool rl_shown(const rl_layout *l, int x, int y)
{
    return x >= l->x0 && y >= l->y0 && x < l->x0 + l->vw && y < l->y0 + l->vh;
}

/* The ball, as the view or a frame of the playback has it. */
typedef struct rb_ball {
    signed char x, y;       /* x < 0: not known */
    signed char facing;
    bool pogo;
    unsigned char hitched;  /* 1 << seat */
} rb_ball;

/* A register's declaration. */
enum { RB_NONE = 0, RB_HITCH = 1, RB_UNHITCH = 2 };

/* ---- the view ---- */
bool rb_mode(const table *t);
/* The seat's team (0-based), or -1. */
int rb_team(const table *t, int seat);
cv_color rb_team_color(int team);
/* The team whose home is square (x, y), or -1. */
int rb_home_at(const table *t, int x, int y);

/* ---- the ball and its playback ---- */
void rb_ball_of_view(const table *t, rb_ball *b);
/* Applies a frame action to the ball: its moves, turns, pogo, hitches. */
void rb_ball_apply(rb_ball *b, const json_t *action);
/* What a frame does to the ball, for the playback's caption ("goal!"), or "". */
void rb_frame_note(const table *t, const json_t *frame, char *buf, size_t len);

/* ---- drawing ---- */
void rb_draw_homes(const table *t, canvas cv, const rl_layout *l);
/* The ball and its hitches, over the robots at pose. */
void rb_draw_ball(const table *t, canvas cv, const rl_layout *l, const rb_ball *b, const rl_pose *pose);
/* The ball, the extraction, the votes, the teams and homes; returns the next row. */
int rb_draw_panel(const table *t, canvas p, int y);
/* The robot's line after its name: "T1 D2 hitched voted". */
void rb_robot_text(const table *t, const json_t *robot, char *buf, size_t len);
void rb_draw_legend(canvas c);
/* "hitch", "unhitch", "" (a narrow panel: "h", "u"). */
const char *rb_decl_text(int decl, bool narrow);

/* ---- the declarations of the program being written ---- */
void rb_decls_of_view(signed char *decl, const json_t *robot);
json_t *rb_decls_json(const signed char *decl);
bool rb_is_decl_word(const char *word);
/* Declares what (RB_HITCH, RB_UNHITCH; the same again: none) at the end of
 * register reg (0-based); false (said why) for a locked register. */
bool rb_declare(signed char *decl, const json_t *robot, table *t, int reg, int what);
/* hitch R.., unhitch R.., nohitch [R..], hitches D D D D D. The caller has
 * checked that we may program. */
int rb_decl_command(signed char *decl, const json_t *robot, table *t, int argc, char **argv);

/* ---- the extraction vote ---- */
bool rb_voted(const table *t);
bool rb_is_vote_word(const char *word);
/* Votes (want 1), takes the vote back (0) or toggles (-1). */
int rb_vote(table *t, int want);
int rb_vote_command(table *t, int argc, char **argv);

/* ---- the log ---- */
/* A ball action of a frame as words ("the ball drags Ada"), or false. */
bool rb_outcome(const table *t, const json_t *action, char *buf, size_t len);
/* The events of RoboBall only (voted, extraction), or false. */
bool rb_describe(const table *t, const json_t *ev, char *buf, size_t len);

#endif
