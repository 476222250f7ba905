/*
 * roborally.h: the parts of the RoboRally renderer (roborally.c has its
 * table), one file a concern: the course (course.c), the cards' names
 * (cards.c), the view's readers (view.c), the program editor and the
 * clean-up choices (program.c), the board (board.c), the playback of a
 * register phase (playback.c), the panel (panel.c), keys and commands
 * (keys.c), the log (log.c).
 *
 * The cards, option cards, beams and timings come from rl_tables.h, which
 * the build writes from data/roborally/tables.json (the files that read
 * them include it).
 *
 * A mode of the game (the view's "mode") extends the race through rl_mode
 * below: its own state, and hooks where it adds to the board, the panel,
 * the program, the keys and the log. The race calls the hooks and never
 * names a mode; a mode may call the race's functions.
 */
#ifndef BOTPIT_TUI_ROBORALLY_H
#define BOTPIT_TUI_ROBORALLY_H

#include <stdint.h>

#include "kit/kit.h"

#define RL_MAX 24      /* a course's side, at most (12x16 in use) */
#define RL_REGS 5
#define RL_HAND 9
#define RL_FLAGS 9
#define RL_SEATS 8
#define RL_PLAY_FRAMES 240
#define RL_CAPTION 80     /* "Register 3: <name> Move 2" */
#define RL_BEAM_CELLS 48  /* squares of laser beams shown in one frame */

/* The four sides, as kit.h numbers them (kit_side_dir gives the compass). */
enum { D_N, D_E, D_S, D_W };

/* A square [x, y] of the view. */
static inline int rl_cell_x(const json_t *at) { return (int)json_integer_value(json_array_get(at, 0)); }
static inline int rl_cell_y(const json_t *at) { return (int)json_integer_value(json_array_get(at, 1)); }

/* ---- the course (course.c) ---- */

typedef enum rl_kind { SQ_FLOOR, SQ_PIT, SQ_BELT, SQ_EXPRESS, SQ_GEAR_CW, SQ_GEAR_CCW, SQ_WRENCH, SQ_WRENCH_HAMMER } rl_kind;

typedef struct rl_square {
    unsigned char kind;    /* rl_kind */
    signed char out;       /* a belt's exit, or -1 */
    unsigned char walls;   /* 1 << direction */
    unsigned char dock;    /* its number, or 0 */
    unsigned char flag;    /* its number, or 0 */
    signed char pusher;    /* the way a pusher pushes, or -1 */
    unsigned char beam;    /* board beams across it: 1 north-south, 2 east-west */
    unsigned char beams;   /* how many beams side by side */
} rl_square;

typedef struct rl_course {
    char id[48];
    char name[64];
    int w, h;
    int nflags;
    int flag_x[RL_FLAGS], flag_y[RL_FLAGS];
    rl_square sq[RL_MAX][RL_MAX]; /* [y][x] */
} rl_course;

/* Reads course id from the compiled-in file; false when it is not there. */
bool rl_load_course(rl_course *c, const char *id);
/* Is there a wall between (x, y) and its neighbour towards side d? */
bool rl_wall_between(const rl_course *c, int x, int y, int d);
typedef struct roborally roborally;
/* The course the view names is loaded (read once; false when it is not in the file). */
bool rl_course_ready(roborally *w, const table *t);

/* ---- the cards (cards.c) ---- */

/* "Move 2" of a card by its priority ("?" for none). */
const char *rl_card_short(int card);
/* A card type's name ("Rotate Left"; NULL for none) and short name ("Left"; "?"). */
const char *rl_type_name(const char *type);
const char *rl_type_short(const char *type);
/* An option card's name ("Tractor Beam"), or id itself; what it does ("" if unknown). */
const char *rl_option_name(const char *id);
const char *rl_option_text(const char *id);
/* The beam called id ("tractor"), an index of rl_beams, or -1. */
int rl_beam_of(const char *id);

/* ---- the board's geometry ---- */

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

/* ---- the renderer's state ---- */

/* One frame of the playback: every robot's pose and what is happening. */
typedef struct rl_frame {
    int at;                          /* when it shows: ms into the playback */
    rl_pose pose[RL_SEATS];
    char caption[RL_CAPTION];
    int nbeam;                       /* squares lit by the lasers fired in it */
    signed char beam[RL_BEAM_CELLS][3]; /* x, y, 1 north-south or 2 east-west */
} rl_frame;

typedef struct rl_mode rl_mode;

struct roborally {
    rl_course course;
    rl_pose last[RL_SEATS];    /* the robots as the last view showed them */
    bool have_last;
    int nframes;               /* the playback of the last register phase */
    rl_frame frames[RL_PLAY_FRAMES];
    int64_t play_start;        /* our clock when it began */
    int play_ms;               /* how long it lasts, from play_start */
    bool loaded;          /* course holds the view's course */
    bool missing;         /* the view's course is not in the file */
    int turn;             /* the turn the program below is for */
    int regs[RL_REGS];    /* the program being written: cards, 0 for empty */
    bool power_down;      /* announce a power-down with the program */
    int beam;             /* the main laser's beam: an index of rl_beams */
    bool reenter_down;    /* re-enter powered down */
    bool was_virtual;     /* our robot was virtual in the last view */
    char said[200];       /* the program editor's last sentence (a new turn takes it back) */
    int64_t draft_at;     /* our clock when a changed program goes as a draft (or, before the
                           * draft window, when to look again), or 0 */
    uint64_t draft_sent;  /* a hash of the last draft sent, so that it is sent once */
    bool compact;         /* the panel is short (80x24): each part draws its short form */
    const rl_mode *mode;  /* the view's mode, or NULL for the race */
    void *mode_self;      /* the mode's own state (mode->size bytes); owned */
};

/* ---- a mode of the game, extending the race ----
 *
 * Every hook is optional; where a mode has none, the race does what it
 * does alone. The modes are listed in games/meson.build
 * (tui_roborally_modes) and found by the view's "mode". */
struct rl_mode {
    const char *id;                    /* the view's "mode" */
    size_t size;                       /* bytes of its own state, zeroed */
    const char *const *commands_help;  /* its word commands, after the race's */
    const char *program_prompt;        /* the turn bar while we program */
    const char *const *legend_utf8;    /* the lines under the board, instead of the race's */
    const char *const *legend_ascii;
    const char *robot_key;             /* the panel's last line: what a robot line says */

    /* A new state, after the race has read it and built its playback. */
    void (*update)(roborally *w, const table *t);
    /* The program of a new turn (or a locked-in one) taken from our robot. */
    void (*sync_program)(roborally *w, const table *t, const json_t *robot);
    /* Adds the mode's fields to a program action (a draft too). */
    void (*program_fields)(const roborally *w, const table *t, json_t *action);

    /* The playback: before the first frame, each action, each frame made
     * (frame k of the playback; a few words for its caption into note). */
    void (*play_begin)(roborally *w, const table *t);
    void (*play_action)(roborally *w, const table *t, const json_t *action);
    void (*play_frame)(roborally *w, const table *t, int k, const json_t *frame, char *note, size_t len);

    /* The board: on the floor (before the walls and robots); over the
     * robots (playback frame k, or -1 for the view, with its poses). */
    void (*draw_floor)(roborally *w, const table *t, canvas cv, const rl_layout *l);
    void (*draw_over)(roborally *w, const table *t, canvas cv, const rl_layout *l, int k, const rl_pose *pose);
    /* A robot's colour, or -1 for its seat's. */
    int (*robot_color)(roborally *w, const table *t, const json_t *robot);
    /* The marker beside a robot on square (x, y), or false for the square's own. */
    bool (*robot_marker)(roborally *w, const table *t, int x, int y, const char **mark, cv_style *st);

    /* The panel: its head instead of the course, turn and next flag (true
     * when written); a column beside register reg (-1: beside the program's
     * title); the mode's part after the options (returns the next row); a
     * robot line's text after its name. */
    bool (*panel_head)(roborally *w, const table *t, const char *course, char *buf, size_t len);
    void (*draw_register)(roborally *w, const table *t, canvas p, int y, int reg);
    int (*draw_panel)(roborally *w, const table *t, canvas p, int y);
    void (*robot_text)(roborally *w, const table *t, const json_t *robot, char *buf, size_t len);

    /* Keys and word commands, asked before the race's (true / not
     * GAME_CMD_UNKNOWN: taken); the mode's keys for the footer, asked
     * before the race's last ones while we program and after the others. */
    bool (*key)(roborally *w, table *t, int key);
    int (*command)(roborally *w, table *t, int argc, char **argv);
    void (*hints)(roborally *w, table *t, kit_hints *h);

    /* The log: an action of a frame in words (true when the mode says it);
     * what tells two moves of one piece apart beyond piece and seat; a
     * piece that is not a robot by name (acting: as a card's player); a
     * board step the race does not know (movers: list the robots it moved);
     * an event the race does not know. outcome sees the whole event `ev`
     * the action is in, so that like actions of several robots may be said
     * once (true with an empty buf: said already). */
    bool (*outcome)(roborally *w, const table *t, const json_t *ev, const json_t *action, char *buf, size_t len);
    int (*motion)(const json_t *action);
    bool (*piece_name)(const table *t, const char *piece, bool acting, char *buf, size_t len);
    const char *(*step_words)(const char *step, bool *movers);
    bool (*describe)(roborally *w, const table *t, const json_t *ev, char *buf, size_t len);
};

/* The modes (generated from games/meson.build), NULL-terminated. */
extern const rl_mode *const rl_modes[];

/* ---- the view (view.c) ---- */

/* The view asks this seat for that ("program", "reenter", "stay_down"). */
bool rl_need_is(const table *t, const char *n);
const json_t *rl_my_robot(const table *t);
/* How many registers are locked (the last ones). */
int rl_locked_count(const json_t *r);
bool rl_reg_locked(const json_t *r, int i);
int rl_hand_size(const json_t *r);
int rl_hand_card(const json_t *r, int k);
bool rl_in_hand(const json_t *r, int card);
bool rl_has_option(const json_t *r, const char *id);
/* Who plays a card or moves: the seat's name, or a piece that is not a
 * robot (an item with a "piece") by the mode's name for it; acting: as the
 * subject of a sentence. */
void rl_player_name(const roborally *w, const table *t, const json_t *item, bool acting, char *buf, size_t len);

/* ---- the program and the clean-up choices (program.c) ---- */

/* The unlocked register holding card, or -1. */
int rl_reg_of(const roborally *w, const json_t *r, int card);
/* Takes the program from the view: a new turn, or one locked in. */
void rl_sync_program(roborally *w, const table *t);
json_t *rl_program_action(const roborally *w, const table *t, bool submit);
/* Why we cannot program now, or NULL when we can. */
const char *rl_cannot_program(const table *t);
/* rl_cannot_program said on the status line; true when we can. */
bool rl_may_program(table *t);
/* The program changed: it goes as a draft a moment later, once the draft
 * window before the deadline is open (and not after it). */
void rl_program_changed(roborally *w, table *t);
/* Our clock when the draft a change asked for may go (its delay over, the
 * window open), or 0 for none. */
int64_t rl_draft_due(const roborally *w, const table *t);
/* The draft a change asked for, once its moment has come. */
void rl_send_due_draft(roborally *w, table *t);
bool rl_pick_card(roborally *w, table *t, int k);
void rl_take_back(roborally *w, table *t, int i);
bool rl_take_back_last(roborally *w, table *t);
/* Empties every unlocked register. */
void rl_clear(roborally *w, const table *t);
int rl_submit(roborally *w, table *t);
int rl_power_down(roborally *w, table *t, int want);
int rl_set_beam(roborally *w, table *t, int beam);
/* May the robot fire beam (an index of rl_beams): no option card needed, or
 * it holds the card; has it a beam to choose besides the first? */
bool rl_beam_allowed(const json_t *r, int beam);
bool rl_beam_choice(const json_t *r);
/* :program 3 1 5 2 4 */
int rl_program_words(roborally *w, table *t, int argc, char **argv);
int rl_reenter(roborally *w, table *t, int d, int down);
int rl_stay_down(table *t, bool stay);

/* ---- the playback (playback.c) ---- */

void rl_poses_of_view(const table *t, rl_pose *pose);
/* Builds the playback from the events new in this state. */
void rl_build_playback(roborally *w, const table *t);
/* The frame being shown, or -1 when the board shows the view. */
int rl_play_frame(const roborally *w, const table *t);
/* Our clock when the next frame (or the view) shows, or 0 with no playback on. */
int64_t rl_play_next(const roborally *w, const table *t);
/* How long each frame of a playback of n frames shows (PROTOCOL.md,
 * RoboRally, "Playback"): RL_PLAYBACK_FRAME_MS, less when n of them would
 * take longer than RL_PLAYBACK_MAX_MS. */
int rl_frame_ms(int n);
/* The robots as the frame being played back has them, or the view. */
void rl_current_poses(const roborally *w, const table *t, rl_pose *pose);

/* ---- drawing (board.c, panel.c) ---- */

void rl_draw(void *self, table *t, canvas c);
void rl_draw_panel(roborally *w, const table *t, canvas p);

/* ---- keys and commands (keys.c), the log (log.c) ---- */

/* One line per word command, for the help. */
extern const char *const rl_commands[];
bool rl_key(void *self, table *t, int key);
int rl_command(void *self, table *t, int argc, char **argv, const char *rest);
int rl_hints(void *self, table *t, game_hint *out, int max);
int rl_status(void *self, table *t, char *text, size_t len, int *seats);
bool rl_describe(void *self, table *t, const json_t *ev, char *buf, size_t len);

#endif
