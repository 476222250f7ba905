/*
 * roborally.c: RoboRally (the race, and RoboBall) in the terminal.
 *
 * The view names a course; its floor comes from the course file the browser
 * draws too (compiled in: roborally_courses.c.in). The board has columns
 * A..L and rows 1..16, three text columns a square: belts are arrows of
 * their exit (express belts three of them), gears turn right or left, pits
 * are shaded, w and W repair (W also deals an option card), F1.. are the
 * flags, d1..d8 the docks, board lasers red lines along their beam, walls
 * box-drawing lines (two rows a square when the pane is tall enough, else
 * one, a south wall underlining its square). A robot is its seat number and
 * an arrow of its facing in its seat's colour, ours reversed. When the
 * course is larger than the pane the window follows our robot. After the
 * registers run, the board plays the phase back from its events (moves,
 * turns, shots, wrecks, re-entries) before it settles on the new view.
 *
 * Beside it: the course and turn, our program (five registers, the locked
 * ones marked, and the hand: priority and kind, keys 1-9), the power-down
 * announcement, our option cards and every robot's flags, damage, lives
 * and state.
 *
 * Keys while programming: 1-9 put that card of the hand into the next free
 * register (again: take it out), Backspace takes the last one back, x
 * clears, Enter or s locks the program in, p announces a power-down, b
 * changes the main laser's beam, d sends the program as a draft. Re-entry:
 * the arrows pick the facing, p re-enters powered down. Staying powered
 * down: y stays, n powers up. Every key has a word command (rl_commands),
 * and cards, registers and facings are clickable.
 *
 * RoboBall (the view's mode "roboball") is drawn here too, with its own
 * parts in roborally_ball.c: the ball, homes, hitches and teams, a hitch
 * declaration per register (h or u, then the register), the extraction
 * vote (v).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "kit/kit.h"
#include "roborally_ball.h"

#define RL_MAX 24      /* a course's side, at most (12x16 in use) */
#define RL_REGS 5
#define RL_HAND 9
#define RL_FLAGS 9
/* Near the deadline a changed program goes to the server as a draft, a
 * moment after the last change (each draft is a line in every player's
 * log, so not one per key), and only while it can still arrive in time. */
#define RL_DRAFT_MS 12000       /* drafts are sent this close to the deadline */
#define RL_DRAFT_MARGIN_MS 1500 /* and no closer than this */
#define RL_DRAFT_DELAY_MS 700   /* after the last change */
#define RL_SEATS 8
#define RL_PLAY_FRAMES 240
#define RL_FRAME_MS 160   /* a frame of the register phase's playback */
#define RL_CAPTION 80     /* "Register 3: <name> Move 2" */
#define RL_BEAM_CELLS 48  /* squares of laser beams shown in one frame */

extern const char rl_courses_json[];

enum { D_N, D_E, D_S, D_W };
static const char *const dir_names[4] = {"N", "E", "S", "W"};
static const char *const dir_words[4] = {"north", "east", "south", "west"};
static const int dir_dx[4] = {0, 1, 0, -1}, dir_dy[4] = {-1, 0, 1, 0};
static const cv_glyph dir_arrows[4] = {CV_G_ARROW_N, CV_G_ARROW_E, CV_G_ARROW_S, CV_G_ARROW_W};

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

/* One frame of the playback: every robot's pose and what is happening. */
typedef struct rl_frame {
    rl_pose pose[RL_SEATS];
    rb_ball ball;                    /* RoboBall's ball */
    char caption[RL_CAPTION];
    int nbeam;                       /* squares lit by the lasers fired in it */
    signed char beam[RL_BEAM_CELLS][3]; /* x, y, 1 north-south or 2 east-west */
} rl_frame;

typedef struct roborally {
    rl_course course;
    rl_pose last[RL_SEATS];    /* the robots as the last view showed them */
    rb_ball last_ball;         /* and the ball (RoboBall) */
    bool have_last;
    int nframes;               /* the playback of the last register phase */
    rl_frame frames[RL_PLAY_FRAMES];
    int64_t play_start;        /* our clock when it began */
    bool loaded;          /* course holds the view's course */
    bool missing;         /* the view's course is not in the file */
    int turn;             /* the turn the program below is for */
    int regs[RL_REGS];    /* the program being written: cards, 0 for empty */
    bool power_down;      /* announce a power-down with the program */
    int beam;             /* 0 damage, 1 tractor, 2 pressor */
    bool reenter_down;    /* re-enter powered down */
    signed char hitch[RL_REGS]; /* RoboBall: each register's declaration (RB_NONE, ...) */
    int pending;          /* RoboBall: h or u pressed, a register key to follow (RB_HITCH, ...) */
    int64_t draft_at;     /* our clock when a changed program goes as a draft, or 0 */
    uint64_t draft_sent;  /* a hash of the last draft sent, so that it is sent once */
} roborally;

/* ---- reading ---- */

static int dir_parse(const char *s)
{
    if (!s)
        return -1;
    for (int d = 0; d < 4; d++) {
        if (strcasecmp(s, dir_names[d]) == 0 || strcasecmp(s, dir_words[d]) == 0)
            return d;
    }
    return -1;
}

static int cell_x(const json_t *at) { return (int)json_integer_value(json_array_get(at, 0)); }
static int cell_y(const json_t *at) { return (int)json_integer_value(json_array_get(at, 1)); }

/* "H7": a square as the board's labels name it. */
static void square_name(const json_t *at, char *buf, size_t len)
{
    if (json_is_array(at))
        snprintf(buf, len, "%c%d", 'A' + cell_x(at), cell_y(at) + 1);
    else
        snprintf(buf, len, "off the board");
}

/* ---- the cards (RULINGS §5; the deck of rr_cards.c) ---- */

static const struct {
    const char *type, *name, *shortname;
    int first, last, step;
} card_runs[] = {
    {"uturn", "U-Turn", "U-turn", 10, 60, 10},
    {"left", "Rotate Left", "Left", 70, 410, 20},
    {"right", "Rotate Right", "Right", 80, 420, 20},
    {"backup", "Back Up", "Back", 430, 480, 10},
    {"move1", "Move 1", "Move 1", 490, 660, 10},
    {"move2", "Move 2", "Move 2", 670, 780, 10},
    {"move3", "Move 3", "Move 3", 790, 840, 10},
};
#define CARD_RUNS (int)(sizeof card_runs / sizeof card_runs[0])

static int card_run(int card)
{
    for (int i = 0; i < CARD_RUNS; i++) {
        if (card >= card_runs[i].first && card <= card_runs[i].last && (card - card_runs[i].first) % card_runs[i].step == 0)
            return i;
    }
    return -1;
}

static int type_run(const char *type)
{
    for (int i = 0; i < CARD_RUNS; i++) {
        if (strcmp(card_runs[i].type, type) == 0)
            return i;
    }
    return -1;
}

static const char *card_short(int card)
{
    int r = card_run(card);
    return r >= 0 ? card_runs[r].shortname : "?";
}

/* ---- the course ---- */

static int dirs_mask(const char *s)
{
    int m = 0;
    for (; s && *s; s++) {
        char d[2] = {*s, 0};
        int k = dir_parse(d);
        if (k >= 0)
            m |= 1 << k;
    }
    return m;
}

static rl_kind kind_parse(const char *k)
{
    static const char *const names[] = {"floor", "pit", "belt", "express", "gear_cw", "gear_ccw", "wrench", "wrench_hammer"};
    for (int i = 0; i < (int)(sizeof names / sizeof names[0]); i++) {
        if (strcmp(k, names[i]) == 0)
            return (rl_kind)i;
    }
    return SQ_FLOOR;
}

static void read_square(rl_course *c, const json_t *cell)
{
    int x = int_of(cell, "x", -1), y = int_of(cell, "y", -1);
    if (x < 0 || y < 0 || x >= c->w || y >= c->h)
        return;
    rl_square *s = &c->sq[y][x];
    s->kind = (unsigned char)kind_parse(str_of(cell, "kind"));
    s->out = (signed char)dir_parse(json_string_value(json_object_get(cell, "out")));
    s->walls = (unsigned char)dirs_mask(json_string_value(json_object_get(cell, "walls")));
    s->dock = (unsigned char)int_of(cell, "dock", 0);
    s->flag = (unsigned char)int_of(cell, "flag", 0);
    const json_t *pusher = json_object_get(cell, "pusher");
    if (json_is_object(pusher))
        s->pusher = (signed char)dir_parse(json_string_value(json_object_get(pusher, "dir")));
}

static void read_laser(rl_course *c, const json_t *laser)
{
    int d = dir_parse(json_string_value(json_object_get(laser, "dir")));
    size_t i;
    const json_t *at;
    json_array_foreach(json_object_get(laser, "cells"), i, at) {
        int x = cell_x(at), y = cell_y(at);
        if (d < 0 || x < 0 || y < 0 || x >= c->w || y >= c->h)
            continue;
        c->sq[y][x].beam |= (unsigned char)(d % 2 ? 2 : 1);
        c->sq[y][x].beams = (unsigned char)int_of(laser, "count", 1);
    }
}

/* Reads course id from the compiled-in file; false when it is not there. */
static bool load_course(rl_course *c, const char *id)
{
    memset(c, 0, sizeof *c);
    json_t *doc = json_loads(rl_courses_json, 0, NULL);
    size_t i, j;
    const json_t *course, *v;
    bool found = false;
    json_array_foreach(json_object_get(doc, "courses"), i, course) {
        if (strcmp(str_of(course, "id"), id) != 0)
            continue;
        c->w = int_of(course, "width", 0);
        c->h = int_of(course, "height", 0);
        if (c->w <= 0 || c->h <= 0 || c->w > RL_MAX || c->h > RL_MAX)
            break;
        snprintf(c->id, sizeof c->id, "%s", id);
        snprintf(c->name, sizeof c->name, "%s", str_of(course, "name"));
        for (int y = 0; y < c->h; y++)
            for (int x = 0; x < c->w; x++)
                c->sq[y][x].out = c->sq[y][x].pusher = -1;
        json_array_foreach(json_object_get(course, "cells"), j, v)
            read_square(c, v);
        json_array_foreach(json_object_get(course, "lasers"), j, v)
            read_laser(c, v);
        json_array_foreach(json_object_get(course, "flags"), j, v) {
            if (c->nflags < RL_FLAGS) {
                c->flag_x[c->nflags] = cell_x(v);
                c->flag_y[c->nflags] = cell_y(v);
                c->nflags++;
            }
        }
        found = true;
        break;
    }
    json_decref(doc);
    return found;
}

static bool course_ready(roborally *r, const table *t)
{
    const char *id = str_of(t->view, "course");
    if (!*id)
        return false;
    if (strcmp(r->course.id, id) != 0 && !r->missing) {
        r->loaded = load_course(&r->course, id);
        r->missing = !r->loaded;
        if (r->missing)
            snprintf(r->course.id, sizeof r->course.id, "%s", id);
    }
    return r->loaded;
}

/* Is there a wall between (x, y) and its neighbour towards d? */
static bool wall_between(const rl_course *c, int x, int y, int d)
{
    int nx = x + dir_dx[d], ny = y + dir_dy[d];
    bool here = x >= 0 && y >= 0 && x < c->w && y < c->h && (c->sq[y][x].walls & (1 << d));
    bool there = nx >= 0 && ny >= 0 && nx < c->w && ny < c->h && (c->sq[ny][nx].walls & (1 << ((d + 2) % 4)));
    return here || there;
}

/* ---- the view ---- */

static bool phase_is(const table *t, const char *p)
{
    return strcmp(str_of(t->view, "phase"), p) == 0;
}

static bool need_is(const table *t, const char *n)
{
    return t->seat >= 0 && strcmp(str_of(t->view, "need"), n) == 0;
}

static const json_t *robot_of(const table *t, int seat)
{
    size_t i;
    const json_t *r;
    json_array_foreach(json_object_get(t->view, "robots"), i, r) {
        if (int_of(r, "seat", -1) == seat)
            return r;
    }
    return NULL;
}

static const json_t *my_robot(const table *t)
{
    return t->seat >= 0 ? robot_of(t, t->seat) : NULL;
}

static int locked_count(const json_t *r)
{
    int n = int_of(r, "locked", 0);
    return n < 0 ? 0 : n > RL_REGS ? RL_REGS : n;
}

static bool reg_locked(const json_t *r, int i)
{
    return i >= RL_REGS - locked_count(r);
}

static int hand_size(const json_t *r)
{
    int n = (int)json_array_size(json_object_get(r, "cards"));
    return n > RL_HAND ? RL_HAND : n;
}

static int hand_card(const json_t *r, int k)
{
    return (int)json_integer_value(json_array_get(json_object_get(r, "cards"), (size_t)k));
}

static bool in_hand(const json_t *r, int card)
{
    for (int k = 0; k < hand_size(r); k++) {
        if (hand_card(r, k) == card)
            return true;
    }
    return false;
}

static bool has_option(const json_t *r, const char *id)
{
    size_t i;
    const json_t *o;
    json_array_foreach(json_object_get(r, "options"), i, o) {
        if (json_string_value(o) && strcmp(json_string_value(o), id) == 0)
            return true;
    }
    return false;
}

static const char *const beam_names[3] = {"damage", "tractor", "pressor"};

/* ---- the program being written ---- */

static int reg_of(const roborally *w, const json_t *r, int card)
{
    for (int i = 0; i < RL_REGS; i++) {
        if (!reg_locked(r, i) && w->regs[i] == card)
            return i;
    }
    return -1;
}

static int empty_regs(const roborally *w, const json_t *r)
{
    int n = 0;
    for (int i = 0; i < RL_REGS; i++)
        n += !reg_locked(r, i) && w->regs[i] == 0;
    return n;
}

/* Takes the program from the view: a new turn, or one locked in. */
static void sync_program(roborally *w, const table *t)
{
    const json_t *r = my_robot(t);
    if (!r)
        return;
    int turn = int_of(t->view, "turn", 0);
    if (turn != w->turn || json_is_true(json_object_get(r, "programmed"))) {
        w->turn = turn;
        const json_t *program = json_object_get(r, "program");
        for (int i = 0; i < RL_REGS; i++)
            w->regs[i] = (int)json_integer_value(json_array_get(program, (size_t)i));
        w->power_down = json_is_true(json_object_get(r, "announce"));
        const char *beam = str_of(r, "beam");
        w->beam = strcmp(beam, "tractor") == 0 ? 1 : strcmp(beam, "pressor") == 0 ? 2 : 0;
        w->reenter_down = false;
        rb_decls_of_view(w->hitch, r);
        w->pending = RB_NONE;
        w->draft_at = 0;
    }
    /* a card no longer in the hand cannot stay in a register */
    for (int i = 0; i < RL_REGS; i++) {
        if (!reg_locked(r, i) && w->regs[i] && !in_hand(r, w->regs[i]))
            w->regs[i] = 0;
    }
}

static json_t *program_action(const roborally *w, const table *t, bool submit)
{
    const json_t *r = my_robot(t);
    json_t *regs = json_array();
    for (int i = 0; i < RL_REGS; i++)
        json_array_append_new(regs, reg_locked(r, i) || !w->regs[i] ? json_null() : json_integer(w->regs[i]));
    json_t *a = json_pack("{s:s, s:i, s:o, s:b, s:b}", "kind", "program", "turn", int_of(t->view, "turn", 0),
                          "registers", regs, "submit", submit, "power_down", w->power_down);
    if (a && w->beam)
        json_object_set_new(a, "beam", json_string(beam_names[w->beam]));
    if (a && rb_mode(t))
        json_object_set_new(a, "hitches", rb_decls_json(w->hitch));
    return a;
}

/* Why we cannot program now, or NULL when we can. */
static const char *cannot_program(const table *t)
{
    const json_t *r = my_robot(t);
    if (t->seat < 0)
        return "Spectators watch: programs are for the players.";
    if (phase_is(t, "over"))
        return "The game is over.";
    if (need_is(t, "program"))
        return NULL;
    const char *status = str_of(r, "status");
    if (strcmp(status, "out") == 0)
        return "Your robot is out of lives.";
    if (strcmp(status, "destroyed") == 0)
        return "Your robot is destroyed: it re-enters at clean-up.";
    if (strcmp(status, "powered_down") == 0)
        return "Your robot is powered down this turn: no program.";
    if (phase_is(t, "program") && json_is_true(json_object_get(r, "programmed")))
        return "Your program is locked in: the registers run when every program is in.";
    if (need_is(t, "reenter"))
        return "Choose the facing your robot re-enters with first (the arrow keys).";
    if (need_is(t, "stay_down"))
        return "Answer first: stay powered down (y) or power up (n)?";
    return "Not now: the registers are running or others are choosing.";
}

static bool may_program(table *t)
{
    const char *why = cannot_program(t);
    if (why)
        table_notify(t, true, "%s", why);
    return why == NULL;
}

static bool draft_window(const table *t)
{
    int64_t left = table_ms_left(t);
    return left >= RL_DRAFT_MARGIN_MS && left <= RL_DRAFT_MS;
}

/* Near the deadline a change is sent as a draft (by send_due_draft, a
 * moment later), so that only the empty registers are filled at random if
 * time runs out. */
static void draft_if_late(roborally *w, table *t)
{
    if (draft_window(t))
        w->draft_at = t->now + RL_DRAFT_DELAY_MS;
}

static uint64_t text_hash(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

/* Sends a draft: unless it is the one sent last, or holds no card. */
static void send_draft(roborally *w, table *t)
{
    json_t *draft = program_action(w, t, false);
    bool empty = true;
    size_t i;
    json_t *c;
    json_array_foreach(json_object_get(draft, "registers"), i, c) empty = empty && json_is_null(c);
    char *text = json_dumps(draft, JSON_COMPACT | JSON_SORT_KEYS);
    uint64_t h = text ? text_hash(text) : 0;
    free(text);
    if (empty || h == w->draft_sent) {
        json_decref(draft);
        return;
    }
    w->draft_sent = h;
    table_act(t, draft);
}

/* The draft a change asked for, once its moment has come. */
static void send_due_draft(roborally *w, table *t)
{
    if (!w->draft_at || t->now < w->draft_at)
        return;
    w->draft_at = 0;
    if (draft_window(t) && !cannot_program(t))
        send_draft(w, t);
}

static void take_back(roborally *w, table *t, int i)
{
    w->regs[i] = 0;
    table_notify(t, false, "Register %d cleared.", i + 1);
    draft_if_late(w, t);
}

/* Card k of the hand (0-based) into the next free register, or out of the
 * register it is in. */
static bool pick_card(roborally *w, table *t, int k)
{
    const json_t *r = my_robot(t);
    if (hand_size(r) == 0) {
        table_notify(t, true, "No cards this turn: every register is locked. Enter locks the program in.");
        return false;
    }
    if (k < 0 || k >= hand_size(r)) {
        table_notify(t, true, "Your hand has %d card%s: pick 1 to %d.", hand_size(r), hand_size(r) == 1 ? "" : "s",
                     hand_size(r));
        return false;
    }
    int card = hand_card(r, k);
    int at = reg_of(w, r, card);
    if (at >= 0) {
        take_back(w, t, at);
        return true;
    }
    for (int i = 0; i < RL_REGS; i++) {
        if (!reg_locked(r, i) && w->regs[i] == 0) {
            w->regs[i] = card;
            table_notify(t, false, "%s (%d) in register %d.", card_short(card), card, i + 1);
            draft_if_late(w, t);
            return true;
        }
    }
    table_notify(t, true, "Every register is full: Backspace takes the last card back.");
    return false;
}

static bool take_back_last(roborally *w, table *t)
{
    const json_t *r = my_robot(t);
    for (int i = RL_REGS - 1; i >= 0; i--) {
        if (!reg_locked(r, i) && w->regs[i]) {
            take_back(w, t, i);
            return true;
        }
    }
    table_notify(t, true, "No register to clear.");
    return false;
}

static int submit(roborally *w, table *t)
{
    if (!may_program(t))
        return GAME_CMD_ERROR;
    int empty = empty_regs(w, my_robot(t));
    if (empty > 0) {
        table_notify(t, true, "Fill %d more register%s before locking the program in.", empty, empty == 1 ? "" : "s");
        return GAME_CMD_ERROR;
    }
    w->draft_at = 0;
    if (table_act(t, program_action(w, t, true)) == 0)
        table_notify(t, false, "Program sent: the registers run once every program is in.");
    return GAME_CMD_DONE;
}

static int toggle_power_down(roborally *w, table *t, int want)
{
    if (!may_program(t))
        return GAME_CMD_ERROR;
    bool on = want < 0 ? !w->power_down : want > 0;
    if (on && int_of(my_robot(t), "damage", 0) == 0) {
        table_notify(t, true, "Only a damaged robot may announce a power-down.");
        return GAME_CMD_ERROR;
    }
    w->power_down = on;
    table_notify(t, false, on ? "Power-down announced: your robot sits out next turn and repairs all damage."
                              : "No power-down next turn.");
    draft_if_late(w, t);
    return GAME_CMD_DONE;
}

static bool beam_allowed(const json_t *r, int beam)
{
    return beam == 0 || (beam == 1 && has_option(r, "tractor_beam")) || (beam == 2 && has_option(r, "pressor_beam"));
}

static int set_beam(roborally *w, table *t, int beam)
{
    if (!may_program(t))
        return GAME_CMD_ERROR;
    const json_t *r = my_robot(t);
    if (beam < 0) {
        beam = w->beam;
        do
            beam = (beam + 1) % 3;
        while (!beam_allowed(r, beam));
    }
    if (!beam_allowed(r, beam)) {
        table_notify(t, true, "Your robot has no %s Beam.", beam == 1 ? "Tractor" : "Pressor");
        return GAME_CMD_ERROR;
    }
    w->beam = beam;
    table_notify(t, false, "Main laser: %s.", beam_names[beam]);
    return GAME_CMD_DONE;
}

/* ---- the clean-up choices ---- */

static int reenter(roborally *w, table *t, int d, int down)
{
    if (!need_is(t, "reenter")) {
        table_notify(t, true, "%s", t->seat < 0 ? "Spectators watch." : "Your robot is not re-entering now.");
        return GAME_CMD_ERROR;
    }
    bool pd = down < 0 ? w->reenter_down : down > 0;
    table_actf(t, "{s:s, s:i, s:s, s:b}", "kind", "reenter", "turn", int_of(t->view, "turn", 0), "facing", dir_names[d],
               "power_down", pd);
    return GAME_CMD_DONE;
}

static int stay_down(table *t, bool stay)
{
    if (!need_is(t, "stay_down")) {
        table_notify(t, true, "%s", t->seat < 0 ? "Spectators watch." : "There is no power-down to answer now.");
        return GAME_CMD_ERROR;
    }
    table_actf(t, "{s:s, s:i, s:b}", "kind", "stay_down", "turn", int_of(t->view, "turn", 0), "stay", stay);
    return GAME_CMD_DONE;
}

/* ---- drawing the board ---- */

typedef rl_layout layout;

static int row_of(const layout *l, int y) { return rl_row_of(l, y); }
static int col_of(const layout *l, int x) { return rl_col_of(l, x); }
static int frame_h(const layout *l) { return l->tall ? 2 * l->vh + 1 : l->vh + 2; }

/* The window on the course: all of it when it fits, else centred on focus. */
static int window_start(int size, int shown, int focus)
{
    if (shown >= size)
        return 0;
    int s = focus - shown / 2;
    if (s < 0)
        s = 0;
    if (s > size - shown)
        s = size - shown;
    return s;
}

static void focus_square(const table *t, const rl_course *c, int *fx, int *fy)
{
    const json_t *r = my_robot(t);
    const json_t *at = json_object_get(r, "at");
    if (!json_is_array(at))
        at = json_object_get(r, "archive");
    if (json_is_array(at)) {
        *fx = cell_x(at);
        *fy = cell_y(at);
    } else {
        *fx = c->w / 2;
        *fy = 0;
    }
}

static layout plan(const table *t, const rl_course *c, canvas cv, int board_w)
{
    layout l = {.ox = 3, .oy = 1};
    /* the column letters above, the legend below */
    l.tall = cv.h - 2 >= 2 * c->h + 1;
    int rows = l.tall ? c->h : cv.h - 4;
    int cols = (board_w - l.ox - 1) / 4;
    l.vh = rows < c->h ? (rows < 1 ? 1 : rows) : c->h;
    l.vw = cols < c->w ? (cols < 1 ? 1 : cols) : c->w;
    int fx, fy;
    focus_square(t, c, &fx, &fy);
    l.x0 = window_start(c->w, l.vw, fx);
    l.y0 = window_start(c->h, l.vh, fy);
    return l;
}

/* A vertical wall line left of column x in row y (the frame included). */
static bool vwall(const rl_course *c, const layout *l, int x, int y)
{
    if (y < l->y0 || y >= l->y0 + l->vh)
        return false;
    if (x <= l->x0 || x >= l->x0 + l->vw)
        return true;
    return wall_between(c, x - 1, y, D_E);
}

/* A horizontal wall line above row y in column x (the frame included). */
static bool hwall(const rl_course *c, const layout *l, int x, int y)
{
    if (x < l->x0 || x >= l->x0 + l->vw)
        return false;
    if (y <= l->y0 || y >= l->y0 + l->vh)
        return true;
    return wall_between(c, x, y - 1, D_S);
}

static const cv_style WALL_ST = CV_BOLD | CV_FG(CV_ORANGE);

/* Two rows a square: every wall on a line of its own. */
static void draw_walls_tall(const rl_course *c, canvas cv, const layout *l)
{
    for (int y = l->y0; y <= l->y0 + l->vh; y++) {
        for (int x = l->x0; x <= l->x0 + l->vw; x++) {
            int row = l->oy + 2 * (y - l->y0), col = l->ox + 4 * (x - l->x0);
            int arms = (vwall(c, l, x, y - 1) ? CV_ARM_N : 0) | (vwall(c, l, x, y) ? CV_ARM_S : 0) |
                       (hwall(c, l, x, y) ? CV_ARM_E : 0) | (hwall(c, l, x - 1, y) ? CV_ARM_W : 0);
            if (arms)
                cv_joint(cv, row, col, WALL_ST, arms, true);
            if (x < l->x0 + l->vw && hwall(c, l, x, y)) {
                for (int k = 1; k <= 3; k++)
                    cv_joint(cv, row, col + k, WALL_ST, CV_ARM_E | CV_ARM_W, true);
            }
            if (y < l->y0 + l->vh && vwall(c, l, x, y))
                cv_joint(cv, row + 1, col, WALL_ST, CV_ARM_N | CV_ARM_S, true);
        }
    }
}

/* One row a square: the frame, and the walls between columns (a south wall
 * underlines its square, see underline_walls). */
static void draw_walls_compact(const rl_course *c, canvas cv, const layout *l)
{
    int top = l->oy, bottom = l->oy + l->vh + 1, right = l->ox + 4 * l->vw;
    for (int col = l->ox + 1; col < right; col++) {
        cv_joint(cv, top, col, WALL_ST, CV_ARM_E | CV_ARM_W, true);
        cv_joint(cv, bottom, col, WALL_ST, CV_ARM_E | CV_ARM_W, true);
    }
    cv_joint(cv, top, l->ox, WALL_ST, CV_ARM_E | CV_ARM_S, true);
    cv_joint(cv, top, right, WALL_ST, CV_ARM_W | CV_ARM_S, true);
    cv_joint(cv, bottom, l->ox, WALL_ST, CV_ARM_E | CV_ARM_N, true);
    cv_joint(cv, bottom, right, WALL_ST, CV_ARM_W | CV_ARM_N, true);
    for (int y = l->y0; y < l->y0 + l->vh; y++) {
        for (int x = l->x0; x <= l->x0 + l->vw; x++) {
            if (vwall(c, l, x, y))
                cv_joint(cv, row_of(l, y), l->ox + 4 * (x - l->x0), WALL_ST, CV_ARM_N | CV_ARM_S, true);
        }
    }
    /* walls that meet the frame join it */
    for (int x = l->x0 + 1; x < l->x0 + l->vw; x++) {
        int col = l->ox + 4 * (x - l->x0);
        if (vwall(c, l, x, l->y0))
            cv_joint(cv, top, col, WALL_ST, CV_ARM_E | CV_ARM_W | CV_ARM_S, true);
        if (vwall(c, l, x, l->y0 + l->vh - 1))
            cv_joint(cv, bottom, col, WALL_ST, CV_ARM_E | CV_ARM_W | CV_ARM_N, true);
    }
}

/* One column that says what a square does, for beside a robot. */
static void square_marker(const canvas *cv, const rl_square *s, const char **text, cv_style *st)
{
    *text = " ";
    *st = 0;
    if (s->flag) {
        static const char *const digits[] = {"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"};
        *text = digits[s->flag % 10];
        *st = CV_FG(CV_MAGENTA) | CV_BOLD;
        return;
    }
    switch (s->kind) {
    case SQ_PIT: *text = cv_glyph_text(cv, CV_G_SHADE); *st = CV_DIM; break;
    case SQ_BELT: *text = cv_glyph_text(cv, dir_arrows[s->out < 0 ? 0 : s->out]); *st = CV_FG(CV_YELLOW); break;
    case SQ_EXPRESS: *text = cv_glyph_text(cv, dir_arrows[s->out < 0 ? 0 : s->out]); *st = CV_FG(CV_CYAN) | CV_BOLD; break;
    case SQ_GEAR_CW: *text = cv_utf8(cv) ? "↻" : "R"; break;
    case SQ_GEAR_CCW: *text = cv_utf8(cv) ? "↺" : "L"; break;
    case SQ_WRENCH: *text = "w"; *st = CV_FG(CV_GREEN); break;
    case SQ_WRENCH_HAMMER: *text = "W"; *st = CV_FG(CV_GREEN) | CV_BOLD; break;
    default: break;
    }
}

/* A laser beam across a square: a line the way it runs (in ASCII ':' and
 * '-', so that it never looks like a wall). */
static void draw_beam(canvas cv, int row, int col, int beam, int count, cv_style st)
{
    bool across = beam & 2, along = beam & 1;
    if (!cv_utf8(&cv)) {
        cv_text(cv, row, col, st, across && along ? "-+-" : across ? (count > 1 ? "===" : "---") : " : ");
        return;
    }
    int arms = (across ? CV_ARM_E | CV_ARM_W : 0) | (along ? CV_ARM_N | CV_ARM_S : 0);
    for (int k = 0; k < 3; k++) {
        if (across || k == 1)
            cv_joint(cv, row, col + k, st, k == 1 ? arms : CV_ARM_E | CV_ARM_W, false);
    }
}

static void draw_square(canvas cv, int row, int col, const rl_square *s)
{
    const char *arrow = cv_glyph_text(&cv, dir_arrows[s->out < 0 ? 0 : s->out]);
    bool u = cv_utf8(&cv);
    switch (s->kind) {
    case SQ_PIT:
        for (int k = 0; k < 3; k++)
            cv_text(cv, row, col + k, CV_DIM, u ? "░" : "O");
        break;
    case SQ_BELT: cv_textf(cv, row, col, CV_FG(CV_YELLOW), " %s ", arrow); break;
    case SQ_EXPRESS: cv_textf(cv, row, col, CV_FG(CV_CYAN) | CV_BOLD, "%s%s%s", arrow, arrow, arrow); break;
    case SQ_GEAR_CW: cv_text(cv, row, col, 0, u ? " ↻ " : "(R)"); break;
    case SQ_GEAR_CCW: cv_text(cv, row, col, 0, u ? " ↺ " : "(L)"); break;
    case SQ_WRENCH: cv_text(cv, row, col, CV_FG(CV_GREEN), " w "); break;
    case SQ_WRENCH_HAMMER: cv_text(cv, row, col, CV_FG(CV_GREEN) | CV_BOLD, " W "); break;
    default:
        if (s->beam)
            draw_beam(cv, row, col, s->beam, s->beams, CV_FG(CV_RED) | (s->beams > 1 ? CV_BOLD : 0));
        else
            cv_glyph_at(cv, row, col + 1, CV_DIM, CV_G_DOT);
        break;
    }
    if (s->pusher >= 0)
        cv_textf(cv, row, col, CV_FG(CV_YELLOW) | CV_BOLD, "P%s", cv_glyph_text(&cv, dir_arrows[s->pusher]));
    if (s->dock)
        cv_textf(cv, row, col, CV_DIM, "d%d", s->dock);
    if (s->flag)
        cv_textf(cv, row, col, CV_FG(CV_MAGENTA) | CV_BOLD | CV_REVERSE, "F%d", s->flag);
}

/* ---- the playback of a register phase ----
 *
 * A state after the registers ran brings the whole phase as events, each
 * step a list of frames. From the poses the previous view showed, every
 * frame's moves, turns, wrecks and re-entries are applied in turn, and the
 * board shows one frame every RL_FRAME_MS before it settles on the view. */

static void poses_of_view(const table *t, rl_pose *pose)
{
    for (int s = 0; s < RL_SEATS; s++)
        pose[s] = (rl_pose){-1, -1, 0};
    size_t i;
    const json_t *r;
    json_array_foreach(json_object_get(t->view, "robots"), i, r) {
        int seat = int_of(r, "seat", -1);
        const json_t *at = json_object_get(r, "at");
        const char *status = str_of(r, "status");
        if (seat < 0 || seat >= RL_SEATS || !json_is_array(at) || strcmp(status, "out") == 0 ||
            strcmp(status, "destroyed") == 0)
            continue;
        int f = dir_parse(str_of(r, "facing"));
        pose[seat] = (rl_pose){(signed char)cell_x(at), (signed char)cell_y(at), (signed char)(f < 0 ? 0 : f)};
    }
}

static void apply_action(rl_pose *pose, const json_t *a)
{
    const char *d = str_of(a, "do");
    int seat = int_of(a, "seat", -1);
    if (seat < 0 || seat >= RL_SEATS)
        return;
    rl_pose *p = &pose[seat];
    if (strcmp(d, "move") == 0) {
        const json_t *to = json_object_get(a, "to");
        p->x = (signed char)cell_x(to);
        p->y = (signed char)cell_y(to);
    } else if (strcmp(d, "turn") == 0) {
        int f = dir_parse(str_of(a, "to"));
        if (f >= 0)
            p->facing = (signed char)f;
    } else if (strcmp(d, "destroyed") == 0) {
        p->x = p->y = -1;
    } else if (strcmp(d, "reenter") == 0) {
        const json_t *at = json_object_get(a, "at");
        int f = dir_parse(str_of(a, "facing"));
        p->x = (signed char)cell_x(at);
        p->y = (signed char)cell_y(at);
        p->facing = (signed char)(f < 0 ? 0 : f);
    }
}

static void event_caption(const table *t, const json_t *ev, char *buf, size_t len)
{
    const char *kind = str_of(ev, "kind");
    if (strcmp(kind, "card") == 0 && strcmp(str_of(ev, "piece"), "ball") == 0) {
        snprintf(buf, len, "Register %d: the ball %s", int_of(ev, "register", 0), card_short(int_of(ev, "card", 0)));
    } else if (strcmp(kind, "card") == 0) {
        char name[24];
        table_name(t, int_of(ev, "seat", 0), name, sizeof name);
        snprintf(buf, len, "Register %d: %s %s", int_of(ev, "register", 0), name, card_short(int_of(ev, "card", 0)));
    } else if (strcmp(kind, "board") == 0) {
        snprintf(buf, len, "Register %d: %s", int_of(ev, "register", 0), str_of(ev, "step"));
    } else {
        snprintf(buf, len, "%s", strcmp(kind, "reentry") == 0 ? "Re-entry" : "Clean-up");
    }
}

/* A beam's squares, lit in the frame that fires it. */
static void add_beam(rl_frame *f, const json_t *beam)
{
    int d = dir_parse(str_of(beam, "dir"));
    size_t i;
    const json_t *at;
    json_array_foreach(json_object_get(beam, "cells"), i, at) {
        if (f->nbeam >= RL_BEAM_CELLS || d < 0)
            return;
        signed char *b = f->beam[f->nbeam++];
        b[0] = (signed char)cell_x(at);
        b[1] = (signed char)cell_y(at);
        b[2] = (signed char)(d % 2 ? 2 : 1);
    }
}

/* Builds the playback from the events new in this state. */
static void build_playback(roborally *w, const table *t)
{
    rl_pose pose[RL_SEATS];
    memcpy(pose, w->last, sizeof pose);
    rb_ball ball = w->last_ball;
    w->nframes = 0;
    size_t i, j, k;
    const json_t *ev, *frame, *a;
    json_array_foreach(t->events, i, ev) {
        const json_t *frames = json_object_get(ev, "frames");
        if (!json_array_size(frames))
            continue;
        char caption[RL_CAPTION];
        event_caption(t, ev, caption, sizeof caption);
        json_array_foreach(frames, j, frame) {
            json_array_foreach(frame, k, a) {
                apply_action(pose, a);
                rb_ball_apply(&ball, a);
            }
            if (w->nframes < RL_PLAY_FRAMES) {
                rl_frame *f = &w->frames[w->nframes++];
                memcpy(f->pose, pose, sizeof pose);
                f->ball = ball;
                char note[40] = "";
                if (rb_mode(t))
                    rb_frame_note(t, frame, note, sizeof note);
                if (note[0])
                    snprintf(f->caption, sizeof f->caption, "%.40s - %.36s", caption, note);
                else
                    snprintf(f->caption, sizeof f->caption, "%s", caption);
                f->nbeam = 0;
                json_array_foreach(frame, k, a) {
                    if (strcmp(str_of(a, "do"), "beam") == 0)
                        add_beam(f, a);
                }
            }
        }
    }
    w->play_start = t->now;
}

/* The frame being shown, or -1 when the board shows the view. */
static int play_frame(const roborally *w, const table *t)
{
    if (w->nframes == 0 || t->now < w->play_start)
        return -1;
    int64_t k = (t->now - w->play_start) / RL_FRAME_MS;
    return k < w->nframes ? (int)k : -1;
}

/* The lasers fired in the frame being played back, bold red. */
static void draw_fired(const roborally *w, const table *t, canvas cv, const layout *l)
{
    int k = play_frame(w, t);
    if (k < 0)
        return;
    const rl_frame *f = &w->frames[k];
    for (int i = 0; i < f->nbeam; i++) {
        int x = f->beam[i][0], y = f->beam[i][1];
        if (x < l->x0 || y < l->y0 || x >= l->x0 + l->vw || y >= l->y0 + l->vh)
            continue;
        /* reversed: a shot stands out from the board's own lasers */
        draw_beam(cv, row_of(l, y), col_of(l, x), f->beam[i][2], 1, CV_FG(CV_RED) | CV_BOLD | CV_REVERSE);
    }
}

/* The robots and the ball as the frame being played back has them, or the view. */
static void current_poses(const roborally *w, const table *t, rl_pose *pose, rb_ball *ball)
{
    int k = play_frame(w, t);
    if (k >= 0) {
        memcpy(pose, w->frames[k].pose, sizeof(rl_pose) * RL_SEATS);
        *ball = w->frames[k].ball;
    } else {
        poses_of_view(t, pose);
        rb_ball_of_view(t, ball);
    }
}

static void draw_robots(roborally *w, const table *t, canvas cv, const layout *l, const rl_pose *pose)
{
    const rl_course *c = &w->course;
    int k = play_frame(w, t);
    bool teams = rb_mode(t);
    size_t i;
    const json_t *r;
    json_array_foreach(json_object_get(t->view, "robots"), i, r) {
        int seat = int_of(r, "seat", -1);
        if (seat < 0 || seat >= RL_SEATS)
            continue;
        int x = pose[seat].x, y = pose[seat].y;
        int here = 0; /* robots on this square (virtual ones may share it) */
        for (int s = 0; s < RL_SEATS; s++)
            here += pose[s].x == x && pose[s].y == y;
        if (x < l->x0 || y < l->y0 || x >= l->x0 + l->vw || y >= l->y0 + l->vh)
            continue;
        /* in RoboBall a robot wears its team's colour */
        cv_style st = CV_FG(teams ? rb_team_color(int_of(r, "team", 0)) : cv_seat_color(seat)) | CV_BOLD;
        if (seat == t->seat)
            st |= CV_REVERSE;
        if (json_is_true(json_object_get(r, "virtual")))
            st |= CV_UNDERLINE;
        int row = row_of(l, y), col = col_of(l, x);
        cv_textf(cv, row, col, st, "%d", seat + 1);
        cv_glyph_at(cv, row, col + 1, st, dir_arrows[pose[seat].facing & 3]);
        const char *mark;
        cv_style mst;
        square_marker(&cv, &c->sq[y][x], &mark, &mst);
        int home = teams ? rb_home_at(t, x, y) : -1;
        if (home >= 0) {
            /* a robot on a home hides its H1: the marker says whose it is */
            mark = "H";
            mst = CV_FG(rb_team_color(home)) | CV_BOLD;
        }
        if (strcmp(str_of(r, "status"), "powered_down") == 0 && k < 0) {
            mark = "z";
            mst = CV_BOLD;
        }
        if (here > 1) {
            mark = "+";
            mst = CV_BOLD;
        }
        cv_text(cv, row, col + 2, mst, mark);
    }
}

/* In the compact layout a south wall underlines its square. */
static void underline_walls(const rl_course *c, canvas cv, const layout *l)
{
    if (l->tall)
        return;
    for (int y = l->y0; y < l->y0 + l->vh - 1; y++) {
        for (int x = l->x0; x < l->x0 + l->vw; x++) {
            if (!wall_between(c, x, y, D_S))
                continue;
            for (int k = 0; k < 3; k++) {
                const cv_cell *cc = cv_cell_at(cv.g, cv.y + row_of(l, y), cv.x + col_of(l, x) + k);
                if (cc)
                    cv_put(cv, row_of(l, y), col_of(l, x) + k, cc->style | CV_UNDERLINE, cc->ch == L' ' ? L'_' : cc->ch);
            }
        }
    }
}

static void draw_board(roborally *w, const table *t, canvas cv, const layout *l)
{
    const rl_course *c = &w->course;
    for (int x = l->x0; x < l->x0 + l->vw; x++)
        cv_textf(cv, l->oy - 1, col_of(l, x) + 1, CV_DIM, "%c", 'A' + x);
    for (int y = l->y0; y < l->y0 + l->vh; y++) {
        cv_textf(cv, row_of(l, y), 0, CV_DIM, "%2d", y + 1);
        for (int x = l->x0; x < l->x0 + l->vw; x++)
            draw_square(cv, row_of(l, y), col_of(l, x), &c->sq[y][x]);
    }
    if (rb_mode(t))
        rb_draw_homes(t, cv, l);
    if (l->tall)
        draw_walls_tall(c, cv, l);
    else
        draw_walls_compact(c, cv, l);
    draw_fired(w, t, cv, l);
    rl_pose pose[RL_SEATS];
    rb_ball ball;
    current_poses(w, t, pose, &ball);
    draw_robots(w, t, cv, l, pose);
    if (rb_mode(t))
        rb_draw_ball(t, cv, l, &ball, pose);
    if (need_is(t, "reenter")) {
        const json_t *archive = json_object_get(my_robot(t), "archive");
        if (json_is_array(archive) && cell_x(archive) >= l->x0 && cell_x(archive) < l->x0 + l->vw &&
            cell_y(archive) >= l->y0 && cell_y(archive) < l->y0 + l->vh)
            cv_restyle(cv, row_of(l, cell_y(archive)), col_of(l, cell_x(archive)), 3,
                       CV_FG(cv_seat_color(t->seat)) | CV_BOLD | CV_REVERSE);
    }
    underline_walls(c, cv, l);
}

/* ---- the panel ---- */

static int draw_robot_line(const table *t, canvas p, int y, const json_t *r)
{
    char name[64], line[200];
    int seat = int_of(r, "seat", 0);
    table_name(t, seat, name, sizeof name);
    cv_seat_mark(p, y, 0, seat);
    int name_w = p.w - 3 - 16 < 12 ? p.w - 3 - 16 : 12;
    if (name_w < 5)
        name_w = 5;
    int n = cv_text_fit(p, y, 3, name_w, seat == t->seat ? CV_BOLD : 0, name);
    const char *status = str_of(r, "status");
    const char *state = strcmp(status, "powered_down") == 0 ? " down"
                        : strcmp(status, "destroyed") == 0  ? " wrecked"
                        : strcmp(status, "out") == 0        ? " OUT"
                        : json_is_true(json_object_get(r, "programmed")) && phase_is(t, "program") ? " ready"
                                                                                                   : "";
    char stats[80];
    if (rb_mode(t))
        rb_robot_text(t, r, stats, sizeof stats);
    else
        snprintf(stats, sizeof stats, "F%d D%d L%d", int_of(r, "flags", 0), int_of(r, "damage", 0), int_of(r, "lives", 0));
    snprintf(line, sizeof line, "%s%s%s", stats, state, json_is_true(json_object_get(r, "power_down_next")) ? " zz" : "");
    cv_text_fit(p, y, 4 + n, p.w - 4 - n, strcmp(status, "out") == 0 ? CV_DIM : 0, line);
    return y + 1;
}

static void card_text(int card, char *buf, size_t len)
{
    if (card)
        snprintf(buf, len, "%-6s %3d", card_short(card), card);
    else
        snprintf(buf, len, "%s", "");
}

/* RoboBall: register i's hitch declaration after its card (a click cycles it). */
static void draw_declaration(const roborally *w, const table *t, canvas p, int y, int i)
{
    const json_t *r = my_robot(t);
    bool narrow = p.w < 29;
    int x = 21;
    int decl = w->hitch[i];
    if (!need_is(t, "program") || reg_locked(r, i)) {
        /* locked in, or a locked register: what the view says it keeps */
        signed char shown[RL_REGS];
        rb_decls_of_view(shown, r);
        decl = shown[i];
    }
    if (decl != RB_NONE)
        cv_text(p, y, x, CV_BOLD | CV_FG(decl == RB_HITCH ? CV_GREEN : CV_YELLOW), rb_decl_text(decl, narrow));
    else if (need_is(t, "program") && !reg_locked(r, i))
        cv_text(p, y, x, CV_DIM, narrow ? "-" : "- none");
    if (need_is(t, "program") && !reg_locked(r, i)) {
        char click[16];
        snprintf(click, sizeof click, "decl %d", i + 1);
        cv_click_at(p, y, x, narrow ? 1 : 7, click);
    }
}

static int draw_program(roborally *w, const table *t, canvas p, int y)
{
    const json_t *r = my_robot(t);
    bool editing = need_is(t, "program");
    bool locked_in = json_is_true(json_object_get(r, "programmed"));
    const json_t *program = json_object_get(r, "program");
    cv_text(p, y, 0, CV_BOLD, locked_in ? "Program (locked in)" : "Your program");
    if (rb_mode(t))
        cv_text(p, y, 21, CV_DIM, p.w < 29 ? "h/u" : "h/u R");
    y++;
    for (int i = 0; i < RL_REGS; i++) {
        char text[40];
        /* a locked register's card is the view's (it stays from last turn) */
        int card = editing && !reg_locked(r, i) ? w->regs[i] : (int)json_integer_value(json_array_get(program, (size_t)i));
        if (reg_locked(r, i) && !card)
            card = (int)json_integer_value(json_array_get(json_object_get(r, "registers"), (size_t)i));
        card_text(card, text, sizeof text);
        cv_textf(p, y, 0, CV_DIM, "%d", i + 1);
        if (!card)
            cv_text(p, y, 2, CV_DIM, reg_locked(r, i) ? "(deck)" : "--");
        else
            cv_text(p, y, 2, reg_locked(r, i) ? CV_DIM : CV_BOLD, text);
        if (reg_locked(r, i)) {
            cv_text(p, y, 14, CV_FG(CV_RED), "locked");
        } else if (editing && card) {
            char click[24];
            snprintf(click, sizeof click, "takeback %d", i + 1);
            cv_click_at(p, y, 0, 14, click);
        }
        if (rb_mode(t))
            draw_declaration(w, t, p, y, i);
        y++;
    }
    int n = hand_size(r);
    if (n == 0)
        return y;
    cv_textf(p, y++, 0, CV_BOLD, "Hand (keys 1-%d)", n);
    int cols = p.w >= 44 ? 2 : 1, rows = (n + cols - 1) / cols;
    for (int k = 0; k < n; k++) {
        char text[40];
        int card = hand_card(r, k);
        card_text(card, text, sizeof text);
        int at = editing || locked_in ? reg_of(w, r, card) : -1;
        int row = y + k % rows, col = (k / rows) * 22;
        cv_textf(p, row, col, CV_FG(CV_CYAN) | CV_BOLD, "%d", k + 1);
        cv_text(p, row, col + 2, at >= 0 ? CV_DIM : 0, text);
        if (at >= 0)
            cv_textf(p, row, col + 13, CV_DIM, "in %d", at + 1);
        if (editing) {
            char click[16];
            snprintf(click, sizeof click, "card %d", k + 1);
            cv_click_at(p, row, col, 17, click);
        }
    }
    y += rows;
    if (int_of(r, "damage", 0) > 0 || w->power_down)
        cv_textf(p, y++, 0, w->power_down ? CV_BOLD | CV_FG(CV_YELLOW) : CV_DIM, "p power down next turn: %s",
                 w->power_down ? "yes" : "no");
    if (has_option(r, "tractor_beam") || has_option(r, "pressor_beam"))
        cv_textf(p, y++, 0, CV_DIM, "b main laser: %s", beam_names[w->beam]);
    return y;
}

static const char *option_name(const char *id);

/* Our option cards, by name. */
static int draw_options(const table *t, canvas p, int y)
{
    const json_t *options = json_object_get(my_robot(t), "options");
    if (!json_array_size(options))
        return y;
    char line[300] = "Options:";
    size_t i;
    const json_t *o;
    json_array_foreach(options, i, o) {
        size_t n = strlen(line);
        snprintf(line + n, sizeof line - n, "%s %s", i ? "," : "", option_name(json_string_value(o) ? json_string_value(o) : "?"));
    }
    return y + cv_wrap(p, y, 0, p.w, 2, CV_FG(CV_GREEN), line);
}

static int draw_choice(roborally *w, const table *t, canvas p, int y)
{
    const json_t *r = my_robot(t);
    if (need_is(t, "reenter")) {
        char where[16];
        square_name(json_object_get(r, "archive"), where, sizeof where);
        cv_textf(p, y++, 0, CV_BOLD, "Your robot re-enters at %s", where);
        y += cv_wrap(p, y, 0, p.w, 2, 0, "An arrow key sends the way it faces.");
        for (int d = 0; d < 4; d++) {
            char click[16];
            snprintf(click, sizeof click, "reenter %s", dir_names[d]);
            cv_glyph_at(p, y, d * 4, CV_BOLD, dir_arrows[d]);
            cv_text(p, y, d * 4 + 1, CV_BOLD, dir_names[d]);
            cv_click_at(p, y, d * 4, 2, click);
        }
        y++;
        cv_textf(p, y++, 0, w->reenter_down ? CV_BOLD | CV_FG(CV_YELLOW) : CV_DIM, "p powered down: %s",
                 w->reenter_down ? "yes" : "no");
    } else if (need_is(t, "stay_down")) {
        cv_textf(p, y++, 0, CV_BOLD, "Powered down with %d damage.", int_of(r, "damage", 0));
        y += cv_wrap(p, y, 0, p.w, 3, 0, "y: stay down another turn (repairs all damage); n: power up.");
    }
    return y;
}

static const char *waiting_text(const table *t)
{
    const json_t *r = my_robot(t);
    const char *status = str_of(r, "status");
    if (phase_is(t, "over"))
        return "The game is over.";
    if (!r)
        return "You are watching: programs stay secret until they run.";
    if (strcmp(status, "out") == 0)
        return "Your robot is out of lives.";
    if (strcmp(status, "destroyed") == 0)
        return "Your robot is destroyed: it re-enters at clean-up.";
    if (strcmp(status, "powered_down") == 0)
        return "Powered down this turn: no cards, no program.";
    if (phase_is(t, "choose"))
        return "Clean-up: waiting for the others' choices.";
    return NULL;
}

static void draw_panel(roborally *w, const table *t, canvas p)
{
    const json_t *r = my_robot(t);
    int y = 0;
    if (phase_is(t, "over")) {
        char sum[200];
        table_humanize(t, str_of(json_object_get(t->view, "result"), "summary"), sum, sizeof sum);
        y += cv_wrap(p, y, 0, p.w, 2, CV_BOLD, sum);
    }
    char head[120];
    bool ball = rb_mode(t);
    if (ball)
        snprintf(head, sizeof head, "RoboBall on %s, turn %d of %d", w->loaded ? w->course.name : str_of(t->view, "course"),
                 int_of(t->view, "turn", 0), int_of(t->view, "max_turns", 0));
    else
        snprintf(head, sizeof head, "%s, turn %d", w->loaded ? w->course.name : str_of(t->view, "course"),
                 int_of(t->view, "turn", 0));
    y += cv_wrap(p, y, 0, p.w, 2, CV_BOLD, head);
    int next = int_of(r, "flags", 0);
    /* RoboBall has no flags: the ball and the teams come after the program */
    if (!ball && r && w->loaded && next < w->course.nflags && !phase_is(t, "over"))
        cv_textf(p, y++, 0, CV_FG(CV_MAGENTA), "Next: flag %d of %d at %c%d", next + 1, w->course.nflags,
                 'A' + w->course.flag_x[next], w->course.flag_y[next] + 1);
    else if (!ball)
        cv_textf(p, y++, 0, 0, "%d flags to touch in order", int_of(t->view, "flags", 0));
    if (r && (need_is(t, "program") || (phase_is(t, "program") && json_is_true(json_object_get(r, "programmed")))))
        y = draw_program(w, t, p, y);
    else if (need_is(t, "reenter") || need_is(t, "stay_down"))
        y = draw_choice(w, t, p, y);
    else if (waiting_text(t))
        y += cv_wrap(p, y, 0, p.w, 2, CV_DIM, waiting_text(t));
    y = draw_options(t, p, y);
    if (ball)
        y = rb_draw_panel(t, p, y);
    y++;
    size_t i;
    const json_t *rb;
    json_array_foreach(json_object_get(t->view, "robots"), i, rb) {
        if (y < p.h)
            y = draw_robot_line(t, p, y, rb);
    }
    if (y < p.h)
        cv_text_fit(p, y, 0, p.w, CV_DIM, ball ? "T team D damage zz powers down next" : "F flags D damage L lives zz powers down next");
}

/* What the squares mean, under the board (as many lines as fit). */
static void draw_legend(canvas c)
{
    static const char *const utf8[] = {"F1 flag  ↻ ↺ gear  ░ pit  w W repair  d1 dock",
                                       "→ belt  →→→ express  ─ │ laser  1↑ robot 1", NULL};
    static const char *const ascii[] = {"F1 flag  (R) (L) gear  O pit  w W repair  d1 dock",
                                        "> belt  >>> express  - : laser  1^ robot 1", NULL};
    const char *const *lines = cv_utf8(&c) ? utf8 : ascii;
    for (int i = 0; lines[i]; i++)
        cv_text_fit(c, i, 0, c.w, CV_DIM, lines[i]);
}

static void rl_draw(void *self, table *t, canvas c)
{
    roborally *w = self;
    send_due_draft(w, t);
    if (!course_ready(w, t)) {
        cv_textf(c, 0, 0, CV_BOLD, "Course %s is not in this client's course file.", str_of(t->view, "course"));
        return;
    }
    int board_w = 3 + 4 * w->course.w + 1;
    int panel_min = 26;
    if (board_w + 1 + panel_min > c.w)
        board_w = c.w - 1 - panel_min;
    layout l = plan(t, &w->course, c, board_w);
    draw_board(w, t, c, &l);
    int px = l.ox + 4 * l.vw + 2;
    canvas under = cv_sub(c, l.oy + frame_h(&l), 0, c.h, px - 1);
    int k = play_frame(w, t);
    if (k >= 0)
        cv_textf(under, 0, 0, CV_BOLD | CV_FG(CV_YELLOW), "%s %s (%d/%d)", cv_glyph_text(&c, CV_G_ARROW_E),
                 w->frames[k].caption, k + 1, w->nframes);
    else if (rb_mode(t))
        rb_draw_legend(under);
    else
        draw_legend(under);
    draw_panel(w, t, cv_sub(c, 0, px, c.h, c.w - px));
}

/* ---- keys and commands ---- */

/* RoboBall: after h or u, a register key declares; Esc or another digit
 * lets go; any other key lets go and does what it does. */
static bool declaration_key(roborally *w, table *t, int key)
{
    int what = w->pending;
    w->pending = RB_NONE;
    if (key >= '1' && key <= '0' + RL_REGS) {
        if (rb_declare(w->hitch, my_robot(t), t, key - '1', what))
            draft_if_late(w, t);
        return true;
    }
    if (key == K_ESC || (key >= '0' && key <= '9')) {
        table_notify(t, key != K_ESC, key == K_ESC ? "No declaration made." : "Registers are 1 to 5: no declaration made.");
        return true;
    }
    return false;
}

static bool program_key(roborally *w, table *t, int key)
{
    if (w->pending != RB_NONE && declaration_key(w, t, key))
        return true;
    if (rb_mode(t) && (key == 'h' || key == 'u')) {
        w->pending = key == 'h' ? RB_HITCH : RB_UNHITCH;
        table_notify(t, false, "%s at the end of which register? 1-5 (the same again: none; Esc: never mind)",
                     key == 'h' ? "Hitch" : "Unhitch");
        return true;
    }
    if (key >= '1' && key <= '9') {
        pick_card(w, t, key - '1');
        return true;
    }
    switch (key) {
    case K_BACKSPACE: take_back_last(w, t); return true;
    case 'x':
        for (int i = 0; i < RL_REGS; i++) {
            if (!reg_locked(my_robot(t), i))
                w->regs[i] = 0;
        }
        table_notify(t, false, "Program cleared.");
        return true;
    case K_ENTER: case 's': submit(w, t); return true;
    case 'p': toggle_power_down(w, t, -1); return true;
    case 'b': set_beam(w, t, -1); return true;
    case 'd': table_act(t, program_action(w, t, false)); return true;
    default: return false;
    }
}

static bool rl_key(void *self, table *t, int key)
{
    roborally *w = self;
    if (key == 'v' && rb_mode(t) && t->seat >= 0) {
        rb_vote(t, -1);
        return true;
    }
    if (need_is(t, "program"))
        return program_key(w, t, key);
    if (need_is(t, "reenter")) {
        int d = key == K_UP ? D_N : key == K_RIGHT ? D_E : key == K_DOWN ? D_S : key == K_LEFT ? D_W : -1;
        if (d >= 0) {
            reenter(w, t, d, -1);
            return true;
        }
        if (key == 'p') {
            w->reenter_down = !w->reenter_down;
            table_notify(t, false, w->reenter_down ? "It re-enters powered down (no cards next turn, all damage repaired)."
                                                   : "It re-enters powered up.");
            return true;
        }
        return false;
    }
    if (need_is(t, "stay_down") && (key == 'y' || key == 'n')) {
        stay_down(t, key == 'y');
        return true;
    }
    /* a card key out of turn: say why, send nothing */
    if (t->seat >= 0 && key >= '1' && key <= '9' && !phase_is(t, "over")) {
        may_program(t);
        return true;
    }
    return false;
}

/* :program 3 1 5 2 4: hand positions (1-9) or priorities (10-840) for the
 * unlocked registers in order. */
static int program_words(roborally *w, table *t, int argc, char **argv)
{
    if (!may_program(t))
        return GAME_CMD_ERROR;
    const json_t *r = my_robot(t);
    int free_regs = RL_REGS - locked_count(r);
    if (argc < 2 || argc - 1 > free_regs) {
        table_notify(t, true, "Use: program followed by up to %d cards, by hand position 1-%d (or priority), such as program 3 1 5 2 4.",
                     free_regs, hand_size(r));
        return GAME_CMD_ERROR;
    }
    int regs[RL_REGS] = {0};
    int k = 1;
    for (int i = 0; i < RL_REGS; i++) {
        if (reg_locked(r, i))
            continue;
        if (k >= argc)
            break;
        char *end;
        long v = strtol(argv[k], &end, 10);
        if (*end || end == argv[k]) {
            table_notify(t, true, "'%s' is not a card: give its place in your hand (1-%d) or its priority.", argv[k],
                         hand_size(r));
            return GAME_CMD_ERROR;
        }
        int card = v >= 1 && v <= RL_HAND ? (v <= hand_size(r) ? hand_card(r, (int)v - 1) : -1) : (int)v;
        if (card <= 0 || !in_hand(r, card)) {
            table_notify(t, true, "Card %s is not in your hand.", argv[k]);
            return GAME_CMD_ERROR;
        }
        for (int j = 0; j < i; j++) {
            if (regs[j] == card) {
                table_notify(t, true, "Card %s is in two registers.", argv[k]);
                return GAME_CMD_ERROR;
            }
        }
        regs[i] = card;
        k++;
    }
    for (int i = 0; i < RL_REGS; i++) {
        if (!reg_locked(r, i))
            w->regs[i] = regs[i];
    }
    int empty = empty_regs(w, r);
    if (empty)
        table_notify(t, false, "Program set; %d register%s still empty.", empty, empty == 1 ? "" : "s");
    else
        table_notify(t, false, "Program set: Enter (or :submit) locks it in.");
    draft_if_late(w, t);
    return GAME_CMD_DONE;
}

static int on_off(const char *word)
{
    if (!word)
        return -1;
    if (strcasecmp(word, "on") == 0 || strcasecmp(word, "yes") == 0 || strcasecmp(word, "y") == 0)
        return 1;
    if (strcasecmp(word, "off") == 0 || strcasecmp(word, "no") == 0 || strcasecmp(word, "n") == 0)
        return 0;
    return -2;
}

static int rl_command(void *self, table *t, int argc, char **argv, const char *rest)
{
    roborally *w = self;
    (void)rest;
    const char *cmd = argv[0];
    if (rb_mode(t) && rb_is_vote_word(cmd))
        return rb_vote_command(t, argc, argv);
    if (rb_mode(t) && rb_is_decl_word(cmd)) {
        if (!may_program(t))
            return GAME_CMD_ERROR;
        int done = rb_decl_command(w->hitch, my_robot(t), t, argc, argv);
        if (done == GAME_CMD_DONE)
            draft_if_late(w, t);
        return done;
    }
    if (strcasecmp(cmd, "program") == 0)
        return program_words(w, t, argc, argv);
    if (strcasecmp(cmd, "submit") == 0 || strcasecmp(cmd, "lock") == 0)
        return submit(w, t);
    if (strcasecmp(cmd, "card") == 0) {
        if (!may_program(t))
            return GAME_CMD_ERROR;
        int k = argc == 2 ? atoi(argv[1]) : 0;
        if (k < 1 || k > RL_HAND) {
            table_notify(t, true, "Use: card N, N the card's place in your hand (1-%d).", hand_size(my_robot(t)));
            return GAME_CMD_ERROR;
        }
        return pick_card(w, t, k - 1) ? GAME_CMD_DONE : GAME_CMD_ERROR;
    }
    if (strcasecmp(cmd, "takeback") == 0) {
        if (!may_program(t))
            return GAME_CMD_ERROR;
        int i = argc == 2 ? atoi(argv[1]) : 0;
        if (argc > 2 || (argc == 2 && (i < 1 || i > RL_REGS))) {
            table_notify(t, true, "Use: takeback [REGISTER 1-5] (the last filled one without).");
            return GAME_CMD_ERROR;
        }
        if (argc == 1)
            return take_back_last(w, t) ? GAME_CMD_DONE : GAME_CMD_ERROR;
        if (reg_locked(my_robot(t), i - 1) || !w->regs[i - 1]) {
            table_notify(t, true, "Register %d %s.", i, reg_locked(my_robot(t), i - 1) ? "is locked" : "is empty");
            return GAME_CMD_ERROR;
        }
        take_back(w, t, i - 1);
        return GAME_CMD_DONE;
    }
    if (strcasecmp(cmd, "draft") == 0) {
        if (!may_program(t))
            return GAME_CMD_ERROR;
        table_act(t, program_action(w, t, false));
        return GAME_CMD_DONE;
    }
    if (strcasecmp(cmd, "clear") == 0) {
        if (!may_program(t))
            return GAME_CMD_ERROR;
        for (int i = 0; i < RL_REGS; i++) {
            if (!reg_locked(my_robot(t), i))
                w->regs[i] = 0;
        }
        return GAME_CMD_DONE;
    }
    if (strcasecmp(cmd, "powerdown") == 0) {
        int v = on_off(argc > 1 ? argv[1] : NULL);
        if (v == -2) {
            table_notify(t, true, "Use: powerdown [on|off].");
            return GAME_CMD_ERROR;
        }
        return toggle_power_down(w, t, v);
    }
    if (strcasecmp(cmd, "beam") == 0) {
        int b = -1;
        for (int i = 0; i < 3 && argc > 1; i++) {
            if (strcasecmp(argv[1], beam_names[i]) == 0)
                b = i;
        }
        if (argc != 2 || b < 0) {
            table_notify(t, true, "Use: beam damage|tractor|pressor.");
            return GAME_CMD_ERROR;
        }
        return set_beam(w, t, b);
    }
    if (strcasecmp(cmd, "reenter") == 0 || strcasecmp(cmd, "face") == 0) {
        int d = argc > 1 ? dir_parse(argv[1]) : -1;
        int down = argc > 2 ? (strcasecmp(argv[2], "down") == 0 ? 1 : strcasecmp(argv[2], "up") == 0 ? 0 : -2) : -1;
        if (d < 0 || down == -2 || argc > 3) {
            table_notify(t, true, "Use: reenter N|E|S|W [down|up], such as reenter E.");
            return GAME_CMD_ERROR;
        }
        return reenter(w, t, d, down);
    }
    if (strcasecmp(cmd, "staydown") == 0 || strcasecmp(cmd, "powerup") == 0) {
        int v = strcasecmp(cmd, "powerup") == 0 ? 0 : argc > 1 ? on_off(argv[1]) : 1;
        if (v < 0) {
            table_notify(t, true, "Use: staydown [yes|no], or powerup.");
            return GAME_CMD_ERROR;
        }
        return stay_down(t, v == 1);
    }
    return GAME_CMD_UNKNOWN;
}

static void rl_update(void *self, table *t)
{
    roborally *w = self;
    course_ready(w, t);
    sync_program(w, t);
    if (w->have_last)
        build_playback(w, t);
    poses_of_view(t, w->last);
    rb_ball_of_view(t, &w->last_ball);
    w->have_last = true;
}

static int rl_next_frame_ms(void *self, table *t)
{
    roborally *w = self;
    int64_t next = -1;
    int k = play_frame(w, t);
    if (k >= 0)
        next = w->play_start + (int64_t)(k + 1) * RL_FRAME_MS - t->now;
    if (w->draft_at && (next < 0 || w->draft_at - t->now < next))
        next = w->draft_at - t->now; /* the draw then sends the draft */
    if (next < 0 && k < 0 && !w->draft_at)
        return -1;
    return next < 1 ? 1 : (int)next;
}

/* ---- the log ---- */

static const char *const option_names[][2] = {
    {"high_power_laser", "High-Power Laser"}, {"tractor_beam", "Tractor Beam"},
    {"pressor_beam", "Pressor Beam"}, {"ramming_gear", "Ramming Gear"},
    {"double_barreled_laser", "Double-Barreled Laser"}, {"rear_firing_laser", "Rear-Firing Laser"},
    {"mechanical_arm", "Mechanical Arm"}, {"ablative_coat", "Ablative Coat"},
};

static const char *option_name(const char *id)
{
    for (size_t i = 0; i < sizeof option_names / sizeof option_names[0]; i++) {
        if (strcmp(option_names[i][0], id) == 0)
            return option_names[i][1];
    }
    return id;
}

typedef struct sentence {
    char *buf;
    size_t len, used;
} sentence;

static void say(sentence *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(sentence *s, const char *fmt, ...)
{
    if (s->used >= s->len)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(s->buf + s->used, s->len - s->used, fmt, ap);
    va_end(ap);
    if (n > 0)
        s->used = s->used + (size_t)n < s->len ? s->used + (size_t)n : s->len - 1;
}

/* "Ada, Bot (easy) and Seat 3" */
static void say_seats(sentence *s, const table *t, const json_t *seats)
{
    size_t n = json_array_size(seats), i;
    const json_t *v;
    json_array_foreach(seats, i, v) {
        char name[64];
        table_name(t, (int)json_integer_value(v), name, sizeof name);
        say(s, "%s%s", i == 0 ? "" : i + 1 == n ? " and " : ", ", name);
    }
}

/* Whether a later move of the step takes the same piece on (a piece that
 * moves several squares is said once, where it ends). */
static bool moves_again(const json_t *ev, size_t fi, size_t ai, const json_t *a)
{
    size_t i, j;
    const json_t *frame, *b;
    json_array_foreach(json_object_get(ev, "frames"), i, frame) {
        json_array_foreach(frame, j, b) {
            if ((i > fi || (i == fi && j > ai)) && strcmp(str_of(b, "do"), "move") == 0 &&
                strcmp(str_of(b, "piece"), str_of(a, "piece")) == 0 && int_of(b, "seat", -1) == int_of(a, "seat", -1) &&
                json_is_true(json_object_get(b, "dragged")) == json_is_true(json_object_get(a, "dragged")))
                return true;
        }
    }
    return false;
}

/* What happened to robots (and the ball) in a step ("Ada takes 2 damage; Bo touches flag 1"). */
static void say_outcomes(sentence *s, const table *t, const json_t *ev)
{
    size_t i, j;
    const json_t *frame, *a;
    int said = 0;
    json_array_foreach(json_object_get(ev, "frames"), i, frame) {
        json_array_foreach(frame, j, a) {
            const char *d = str_of(a, "do");
            char name[64];
            table_name(t, int_of(a, "seat", 0), name, sizeof name);
            char bit[160] = "";
            if (strcmp(d, "move") == 0 && moves_again(ev, i, j, a)) {
                continue;
            } else if (rb_outcome(t, a, bit, sizeof bit)) {
                /* the ball's own frames, hitches and dragged robots (RoboBall) */
            } else if (strcmp(d, "destroyed") == 0) {
                const char *why = str_of(a, "why");
                snprintf(bit, sizeof bit, "%s %s", name, strcmp(why, "pit") == 0 ? "fell into a pit"
                                                       : strcmp(why, "edge") == 0 ? "fell off the board"
                                                       : strcmp(why, "damage") == 0 ? "was destroyed by damage"
                                                                                    : "left the board");
            } else if (strcmp(d, "damage") == 0 && int_of(a, "amount", 0)) {
                snprintf(bit, sizeof bit, "%s takes %d damage (%d in all)", name, int_of(a, "amount", 0), int_of(a, "total", 0));
            } else if (strcmp(d, "damage") == 0 && int_of(a, "absorbed", 0)) {
                snprintf(bit, sizeof bit, "%s's coat absorbs %d", name, int_of(a, "absorbed", 0));
            } else if (strcmp(d, "flag") == 0) {
                snprintf(bit, sizeof bit, "%s touches flag %d", name, int_of(a, "flag", 0));
            } else if (strcmp(d, "repair") == 0 && int_of(a, "amount", 0)) {
                snprintf(bit, sizeof bit, "%s repairs %d", name, int_of(a, "amount", 0));
            } else if (strcmp(d, "option") == 0) {
                snprintf(bit, sizeof bit, "%s gets %s", name, option_name(str_of(a, "option")));
            } else if (strcmp(d, "reenter") == 0) {
                int f = dir_parse(str_of(a, "facing"));
                snprintf(bit, sizeof bit, "%s re-enters facing %s%s", name, f >= 0 ? dir_words[f] : "?",
                         json_is_true(json_object_get(a, "virtual")) ? " (virtual)" : "");
            } else if (strcmp(d, "power_down") == 0) {
                snprintf(bit, sizeof bit, "%s will be powered down", name);
            }
            if (bit[0])
                say(s, "%s%s", said++ ? "; " : ": ", bit);
        }
    }
}

/* The seats a step moved or turned, other than skip; returns how many. */
static int moved_seats(const json_t *ev, int skip, int *seats, int max)
{
    int n = 0;
    size_t i, j;
    const json_t *frame, *a;
    json_array_foreach(json_object_get(ev, "frames"), i, frame) {
        json_array_foreach(frame, j, a) {
            const char *d = str_of(a, "do");
            int seat = int_of(a, "seat", -1);
            /* a robot the ball drags is said by say_outcomes */
            if ((strcmp(d, "move") != 0 && strcmp(d, "turn") != 0) || seat < 0 || seat == skip ||
                json_is_true(json_object_get(a, "dragged")))
                continue;
            bool seen = false;
            for (int k = 0; k < n; k++)
                seen |= seats[k] == seat;
            if (!seen && n < max)
                seats[n++] = seat;
        }
    }
    return n;
}

static void say_seat_list(sentence *s, const table *t, const int *seats, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, json_integer(seats[i]));
    say_seats(s, t, a);
    json_decref(a);
}

static bool rl_describe(void *self, table *t, const json_t *ev, char *buf, size_t len)
{
    (void)self;
    const char *kind = json_string_value(json_object_get(ev, "kind"));
    if (!kind || len == 0)
        return false;
    sentence s = {buf, len, 0};
    buf[0] = 0;
    char name[64] = "";
    if (int_of(ev, "seat", -1) >= 0)
        table_name(t, int_of(ev, "seat", 0), name, sizeof name);
    if (strcmp(kind, "turn") == 0) {
        say(&s, "Turn %d: cards dealt", int_of(ev, "turn", 0));
        if (json_array_size(json_object_get(ev, "powered_down"))) {
            say(&s, "; powered down: ");
            say_seats(&s, t, json_object_get(ev, "powered_down"));
        }
        say(&s, ".");
    } else if (strcmp(kind, "timer") == 0) {
        say(&s, "One player is left to program: the last seconds run.");
    } else if (strcmp(kind, "drafted") == 0) {
        say(&s, "%s saved a draft of a program.", name);
    } else if (strcmp(kind, "programmed") == 0) {
        say(&s, "%s locked in a program.", name);
    } else if (strcmp(kind, "filled") == 0) {
        const json_t *regs = json_object_get(ev, "registers");
        if (json_array_size(regs)) {
            say(&s, "%s ran out of time: register%s", name, json_array_size(regs) > 1 ? "s" : "");
            size_t i;
            const json_t *v;
            json_array_foreach(regs, i, v)
                say(&s, "%s%lld", i == 0 ? " " : i + 1 == json_array_size(regs) ? " and " : ", ", (long long)json_integer_value(v));
            say(&s, " filled at random.");
        } else {
            say(&s, "%s ran out of time with a full program.", name);
        }
    } else if (strcmp(kind, "programs") == 0) {
        say(&s, "The registers run");
        if (json_array_size(json_object_get(ev, "power_down"))) {
            say(&s, "; ");
            say_seats(&s, t, json_object_get(ev, "power_down"));
            say(&s, " will power down next turn");
        }
        say(&s, ".");
    } else if (strcmp(kind, "reveal") == 0) {
        say(&s, "Register %d:", int_of(ev, "register", 0));
        size_t i;
        const json_t *c;
        json_array_foreach(json_object_get(ev, "cards"), i, c) {
            char who[64];
            if (strcmp(str_of(c, "piece"), "ball") == 0)
                snprintf(who, sizeof who, "the ball");
            else
                table_name(t, int_of(c, "seat", 0), who, sizeof who);
            int run = type_run(str_of(c, "type"));
            say(&s, "%s %s %s (%d)", i ? "," : "", who, run >= 0 ? card_runs[run].shortname : "?", int_of(c, "card", 0));
        }
        if (!json_array_size(json_object_get(ev, "cards")))
            say(&s, " no cards");
        say(&s, ".");
    } else if (strcmp(kind, "card") == 0) {
        int run = type_run(str_of(ev, "type"));
        bool ball = strcmp(str_of(ev, "piece"), "ball") == 0;
        say(&s, "%s plays %s", ball ? "The ball (extraction)" : name, run >= 0 ? card_runs[run].name : "a card");
        int pushed[8];
        int n = moved_seats(ev, int_of(ev, "seat", -1), pushed, 8);
        if (n) {
            say(&s, ", pushing ");
            say_seat_list(&s, t, pushed, n);
        }
        say_outcomes(&s, t, ev);
        say(&s, ".");
    } else if (strcmp(kind, "board") == 0) {
        const char *step = str_of(ev, "step");
        const char *what = strcmp(step, "express") == 0 ? "express belts carry" : strcmp(step, "belts") == 0 ? "belts carry"
                           : strcmp(step, "pushers") == 0 ? "pushers push" : strcmp(step, "gears") == 0 ? "gears turn"
                           : strcmp(step, "lasers") == 0 ? "lasers fire" : strcmp(step, "bonk") == 0 ? "the hovering ball comes down"
                           : strcmp(step, "hitches") == 0 ? "hitch declarations" : "checkpoints";
        say(&s, "Register %d: %s", int_of(ev, "register", 0), what);
        if (strcmp(step, "lasers") != 0 && strcmp(step, "checkpoints") != 0 && strcmp(step, "hitches") != 0 &&
            strcmp(step, "bonk") != 0) {
            int moved[8];
            int n = moved_seats(ev, -1, moved, 8);
            if (n) {
                say(&s, " ");
                say_seat_list(&s, t, moved, n);
            }
        }
        say_outcomes(&s, t, ev);
        say(&s, ".");
    } else if (strcmp(kind, "cleanup") == 0) {
        say(&s, "Clean-up");
        say_outcomes(&s, t, ev);
        say(&s, ".");
    } else if (strcmp(kind, "choose") == 0) {
        say(&s, "Waiting for ");
        say_seats(&s, t, json_object_get(ev, "seats"));
        say(&s, " to choose (re-entry or power).");
    } else if (strcmp(kind, "chosen") == 0) {
        say(&s, "%s has chosen.", name);
    } else if (strcmp(kind, "reentry") == 0) {
        say(&s, "Re-entry");
        say_outcomes(&s, t, ev);
        say(&s, ".");
    } else if (rb_mode(t) && rb_describe(t, ev, buf, len)) {
        return true;
    } else {
        /* "over" too: the frame logs the result's summary */
        return false;
    }
    return true;
}

/* ---- the frame's questions ---- */

static int rl_hints(void *self, table *t, game_hint *out, int max)
{
    roborally *w = self;
    int n = 0;
#define HINT(k, wh, c) do { if (n < max) out[n++] = (game_hint){k, wh, c}; } while (0)
    if (need_is(t, "program")) {
        HINT("1-9", "card", NULL);
        HINT("Bksp", "take back", "takeback");
        HINT("Enter", "lock in", "submit");
        if (int_of(my_robot(t), "damage", 0) > 0 || w->power_down)
            HINT("p", "power down", "powerdown");
        if (has_option(my_robot(t), "tractor_beam") || has_option(my_robot(t), "pressor_beam"))
            HINT("b", "beam", NULL);
        if (rb_mode(t)) {
            /* before clear and draft: the footer keeps the first that fit */
            HINT("h R", "hitch", NULL);
            HINT("u R", "unhitch", NULL);
            HINT("v", rb_voted(t) ? "unvote" : "vote extract", rb_voted(t) ? "extract no" : "extract yes");
        }
        HINT("x", "clear", "clear");
        HINT("d", "send as draft", "draft");
    } else if (need_is(t, "reenter")) {
        HINT("arrows", "face and re-enter", NULL);
        HINT("p", "powered down?", NULL);
    } else if (need_is(t, "stay_down")) {
        HINT("y", "stay down", "staydown yes");
        HINT("n", "power up", "staydown no");
    }
    if (rb_mode(t) && t->seat >= 0 && phase_is(t, "program") && !need_is(t, "program"))
        HINT("v", rb_voted(t) ? "unvote" : "vote extract", rb_voted(t) ? "extract no" : "extract yes");
#undef HINT
    return n;
}

static int rl_status(void *self, table *t, char *text, size_t len, int *seats)
{
    (void)self;
    if (phase_is(t, "over"))
        return -1;
    int n = 0;
    size_t i;
    const json_t *v;
    json_array_foreach(json_object_get(t->view, "waiting"), i, v) {
        if (n < 8)
            seats[n++] = (int)json_integer_value(v);
    }
    if (need_is(t, "program") && rb_mode(t))
        snprintf(text, len, "program your robot: cards 1-9, h/u R hitch, Enter locks in");
    else if (need_is(t, "program"))
        snprintf(text, len, "program your robot: cards 1-9, Enter locks in");
    else if (need_is(t, "reenter"))
        snprintf(text, len, "your robot re-enters: an arrow key picks its facing");
    else if (need_is(t, "stay_down"))
        snprintf(text, len, "stay powered down (y) or power up (n)?");
    else if (phase_is(t, "choose"))
        snprintf(text, len, "clean-up choices");
    else
        snprintf(text, len, "programming");
    return n;
}

static const char *const rl_commands[] = {
    "program 3 1 5 2 4     the registers from hand cards 1-9 (or priorities)",
    "card N                card N of the hand into the next free register, or back out (keys 1-9)",
    "takeback [R]          empty register R, or the last filled one (Backspace)",
    "submit                lock the program in (Enter)",
    "draft                 send the program as a draft (the rest filled at the deadline)",
    "clear                 empty the registers",
    "powerdown [on|off]    announce a power-down for next turn",
    "beam damage|tractor|pressor   the main laser's beam (with the option)",
    "reenter N|E|S|W [down]        re-enter facing that way",
    "staydown [yes|no]     stay powered down, or not; powerup = staydown no",
    "RoboBall:",
    "hitch R [R ...]       hitch to the ball at the end of register R (keys h then R; again: none)",
    "unhitch R [R ...]     unhitch at the end of register R (keys u then R)",
    "nohitch [R ...]       no declaration for R (every register without)",
    "hitches D D D D D     all five at once: h, u or - (hitches - h - - u)",
    "decl R                register R's declaration: none, hitch, unhitch in turn (a click on it)",
    "extract [yes|no]      vote the ball inaccessible, or take the vote back (v); also vote, unvote",
    NULL,
};

const game_ui roborally_ui = {
    .id = "roborally",
    .size = sizeof(roborally),
    .commands_help = rl_commands,
    .update = rl_update,
    .draw = rl_draw,
    .key = rl_key,
    .command = rl_command,
    .hints = rl_hints,
    .status = rl_status,
    .describe = rl_describe,
    .next_frame_ms = rl_next_frame_ms,
};
