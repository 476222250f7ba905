/*
 * roborally_ball.c: RoboBall's parts of the RoboRally renderer (see
 * roborally_ball.h): the ball, homes and hitches on the board, the teams and
 * votes beside it, the hitch declarations and the extraction vote, and the
 * ball's frames and events in words.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "roborally_ball.h"

static const char *const facing_words[4] = {"north", "east", "south", "west"};

/* ---- reading ---- */

static bool is(const json_t *o, const char *key, const char *value)
{
    return strcmp(str_of(o, key), value) == 0;
}

static int facing_of(const char *s)
{
    static const char *const letters[4] = {"N", "E", "S", "W"};
    for (int d = 0; d < 4; d++) {
        if (strcmp(s, letters[d]) == 0)
            return d;
    }
    return -1;
}

/* "H7", or "off the board" */
static void square_text(const json_t *at, char *buf, size_t len)
{
    if (json_is_array(at))
        snprintf(buf, len, "%c%d", 'A' + (int)json_integer_value(json_array_get(at, 0)),
                 (int)json_integer_value(json_array_get(at, 1)) + 1);
    else
        snprintf(buf, len, "off the board");
}

static const json_t *ball_of(const table *t)
{
    return json_object_get(t->view, "ball");
}

bool rb_mode(const table *t)
{
    return is(t->view, "mode", "roboball");
}

int rb_team(const table *t, int seat)
{
    size_t i;
    const json_t *r;
    json_array_foreach(json_object_get(t->view, "robots"), i, r) {
        if (int_of(r, "seat", -1) == seat)
            return int_of(r, "team", -1);
    }
    return -1;
}

/* a team wears the colour of its first seat (seat t is on team t) */
cv_color rb_team_color(int team)
{
    return cv_seat_color(team < 0 ? 0 : team);
}

int rb_home_at(const table *t, int x, int y)
{
    size_t team;
    const json_t *at;
    json_array_foreach(json_object_get(t->view, "homes"), team, at) {
        if (json_integer_value(json_array_get(at, 0)) == x && json_integer_value(json_array_get(at, 1)) == y)
            return (int)team;
    }
    return -1;
}

static const json_t *my_robot(const table *t)
{
    size_t i;
    const json_t *r;
    json_array_foreach(json_object_get(t->view, "robots"), i, r) {
        if (t->seat >= 0 && int_of(r, "seat", -1) == t->seat)
            return r;
    }
    return NULL;
}

/* ---- the ball and its playback ---- */

void rb_ball_of_view(const table *t, rb_ball *b)
{
    const json_t *ball = ball_of(t), *at = json_object_get(ball, "at");
    *b = (rb_ball){-1, -1, 0, false, 0};
    if (json_is_array(at)) {
        b->x = (signed char)json_integer_value(json_array_get(at, 0));
        b->y = (signed char)json_integer_value(json_array_get(at, 1));
    }
    int f = facing_of(str_of(ball, "facing"));
    b->facing = (signed char)(f < 0 ? 0 : f);
    b->pogo = json_is_true(json_object_get(ball, "pogo"));
    size_t i;
    const json_t *s;
    json_array_foreach(json_object_get(ball, "hitched"), i, s) {
        json_int_t seat = json_integer_value(s);
        if (seat >= 0 && seat < 8)
            b->hitched |= (unsigned char)(1u << seat);
    }
}

void rb_ball_apply(rb_ball *b, const json_t *a)
{
    int seat = int_of(a, "seat", -1);
    if (is(a, "piece", "ball")) {
        const json_t *to = json_object_get(a, "to");
        if (is(a, "do", "move") && json_is_array(to)) {
            b->x = (signed char)json_integer_value(json_array_get(to, 0));
            b->y = (signed char)json_integer_value(json_array_get(to, 1));
        } else if (is(a, "do", "turn") && facing_of(str_of(a, "to")) >= 0) {
            b->facing = (signed char)facing_of(str_of(a, "to"));
        }
    } else if (is(a, "do", "pogo")) {
        b->pogo = json_is_true(json_object_get(a, "up"));
    } else if (is(a, "do", "hitch") && seat >= 0 && seat < 8) {
        b->hitched |= (unsigned char)(1u << seat);
    } else if (is(a, "do", "unhitch") && seat >= 0 && seat < 8) {
        b->hitched &= (unsigned char)~(1u << seat);
    }
}

/* How much a frame action matters to the playback's caption: the goal most,
 * a plain move of the ball least, 0 for what the ball has nothing to do with. */
static int note_rank(const json_t *a)
{
    static const char *const order[] = {"goal", "bonk", "balk", "pogo", "hitch", "unhitch", "hitch_failed"};
    const int n = (int)(sizeof order / sizeof order[0]);
    for (int i = 0; i < n; i++) {
        if (is(a, "do", order[i]))
            return n - i + 1;
    }
    return is(a, "piece", "ball") && is(a, "do", "move") ? 1 : 0;
}

void rb_frame_note(const table *t, const json_t *frame, char *buf, size_t len)
{
    const json_t *best = NULL, *a;
    size_t i;
    json_array_foreach(frame, i, a) {
        if (note_rank(a) > (best ? note_rank(best) : 0))
            best = a;
    }
    buf[0] = 0;
    if (!best)
        return;
    char name[48];
    table_name(t, int_of(best, "seat", 0), name, sizeof name);
    if (is(best, "do", "goal"))
        snprintf(buf, len, "GOAL for team %d!", int_of(best, "team", 0) + 1);
    else if (is(best, "do", "bonk"))
        snprintf(buf, len, "the ball bonks %s", name);
    else if (is(best, "do", "balk"))
        snprintf(buf, len, "the ball balks");
    else if (is(best, "do", "pogo"))
        snprintf(buf, len, json_is_true(json_object_get(best, "up")) ? "the ball pogos up" : "the ball drops");
    else if (is(best, "do", "hitch"))
        snprintf(buf, len, "%s hitches", name);
    else if (is(best, "do", "unhitch"))
        snprintf(buf, len, "%s unhitches", name);
    else if (is(best, "do", "hitch_failed"))
        snprintf(buf, len, "%s fails to hitch", name);
    else
        snprintf(buf, len, json_is_true(json_object_get(best, "dragged")) ? "the ball is dragged" : "the ball moves");
}

/* ---- drawing ---- */

void rb_draw_homes(const table *t, canvas cv, const rl_layout *l)
{
    size_t team;
    const json_t *at;
    json_array_foreach(json_object_get(t->view, "homes"), team, at) {
        int x = (int)json_integer_value(json_array_get(at, 0)), y = (int)json_integer_value(json_array_get(at, 1));
        if (!json_is_array(at) || !rl_shown(l, x, y))
            continue;
        cv_textf(cv, rl_row_of(l, y), rl_col_of(l, x), CV_FG(rb_team_color((int)team)) | CV_BOLD | CV_REVERSE, "H%d",
                 (int)team + 1);
    }
}

static bool robot_at(const rl_pose *pose, int x, int y)
{
    for (int s = 0; s < 8; s++) {
        if (pose[s].x == x && pose[s].y == y)
            return true;
    }
    return false;
}

/* '=' on the line between the ball and a hitched robot beside it, where
 * the layout has one (a column between squares always; a row in the tall
 * layout), and in the robot's marker column. */
static void draw_hitch(canvas cv, const rl_layout *l, const rb_ball *b, const rl_pose *p, cv_style st)
{
    int dx = p->x - b->x, dy = p->y - b->y;
    if (rl_shown(l, p->x, p->y))
        cv_text(cv, rl_row_of(l, p->y), rl_col_of(l, p->x) + 2, st, "=");
    if (abs(dx) + abs(dy) != 1 || !rl_shown(l, b->x, b->y) || !rl_shown(l, p->x, p->y))
        return;
    if (dy == 0) {
        int right = p->x > b->x ? p->x : b->x;
        cv_text(cv, rl_row_of(l, p->y), rl_col_of(l, right) - 1, st, "=");
    } else if (l->tall) {
        int lower = p->y > b->y ? p->y : b->y;
        cv_text(cv, rl_row_of(l, lower) - 1, rl_col_of(l, p->x) + 1, st, cv_utf8(&cv) ? "‖" : "|");
    }
}

void rb_draw_ball(const table *t, canvas cv, const rl_layout *l, const rb_ball *b, const rl_pose *pose)
{
    if (b->x < 0)
        return;
    for (int s = 0; s < 8; s++) {
        if ((b->hitched & (1u << s)) && pose[s].x >= 0)
            draw_hitch(cv, l, b, &pose[s], CV_FG(rb_team_color(rb_team(t, s))) | CV_BOLD);
    }
    if (!rl_shown(l, b->x, b->y))
        return;
    bool extraction = json_is_true(json_object_get(json_object_get(ball_of(t), "extraction"), "active"));
    cv_style st = CV_FG(CV_WHITE) | CV_BOLD | (extraction ? CV_REVERSE : 0);
    int row = rl_row_of(l, b->y), col = rl_col_of(l, b->x);
    const char *ball = cv_utf8(&cv) ? "●" : "@";
    if (robot_at(pose, b->x, b->y)) {
        /* hovering over a robot (pogo), or a virtual robot below it */
        cv_text(cv, row, col + 2, st, ball);
        return;
    }
    static const cv_glyph arrows[4] = {CV_G_ARROW_N, CV_G_ARROW_E, CV_G_ARROW_S, CV_G_ARROW_W};
    cv_text(cv, row, col, st, ball);
    cv_glyph_at(cv, row, col + 1, st, arrows[b->facing & 3]);
    if (b->pogo)
        cv_text(cv, row, col + 2, st, "^");
}

/* "Ada (T1) and Bot (easy) (T2)" */
static void seats_text(const table *t, const json_t *seats, bool teams, char *buf, size_t len)
{
    size_t i, n = json_array_size(seats), used = 0;
    const json_t *s;
    buf[0] = 0;
    json_array_foreach(seats, i, s) {
        char name[48];
        int seat = (int)json_integer_value(s);
        table_name(t, seat, name, sizeof name);
        int k = teams ? snprintf(buf + used, len - used, "%s%s (T%d)", i == 0 ? "" : i + 1 == n ? " and " : ", ", name,
                                 rb_team(t, seat) + 1)
                      : snprintf(buf + used, len - used, "%s%s", i == 0 ? "" : i + 1 == n ? " and " : ", ", name);
        if (k < 0 || used + (size_t)k >= len)
            return;
        used += (size_t)k;
    }
}

static int draw_teams(const table *t, canvas p, int y)
{
    const json_t *homes = json_object_get(t->view, "homes");
    size_t team;
    const json_t *seats;
    json_array_foreach(json_object_get(t->view, "teams"), team, seats) {
        char where[16], who[200], line[260];
        square_text(json_array_get(homes, team), where, sizeof where);
        seats_text(t, seats, false, who, sizeof who);
        snprintf(line, sizeof line, "T%d home %s: %s", (int)team + 1, where, who);
        cv_style st = CV_FG(rb_team_color((int)team)) | (rb_team(t, t->seat) == (int)team ? CV_BOLD : 0);
        y += cv_wrap(p, y, 0, p.w, 2, st, line);
    }
    return y;
}

static int draw_extraction(const table *t, canvas p, int y)
{
    const json_t *ex = json_object_get(ball_of(t), "extraction");
    if (!json_is_true(json_object_get(ex, "active")))
        return y;
    char line[200];
    int used = snprintf(line, sizeof line, "Extraction: the ball plays %d cards", int_of(ex, "cards", 0));
    const json_t *revealed = json_object_get(ex, "revealed");
    size_t i;
    const json_t *c;
    json_array_foreach(revealed, i, c) {
        if (used > 0 && (size_t)used < sizeof line)
            used += snprintf(line + used, sizeof line - (size_t)used, "%s%lld", i ? ", " : "; shown: ", (long long)json_integer_value(c));
    }
    return y + cv_wrap(p, y, 0, p.w, 2, CV_BOLD | CV_FG(CV_YELLOW), line);
}

int rb_draw_panel(const table *t, canvas p, int y)
{
    const json_t *ball = ball_of(t);
    char where[16], line[300];
    square_text(json_object_get(ball, "at"), where, sizeof where);
    int f = facing_of(str_of(ball, "facing"));
    snprintf(line, sizeof line, "Ball at %s facing %s%s", where, f >= 0 ? facing_words[f] : "?",
             json_is_true(json_object_get(ball, "pogo")) ? ", hovering (pogo)" : "");
    y += cv_wrap(p, y, 0, p.w, 2, CV_BOLD, line);
    const json_t *hitched = json_object_get(ball, "hitched");
    if (json_array_size(hitched)) {
        char who[200];
        seats_text(t, hitched, true, who, sizeof who);
        snprintf(line, sizeof line, "Hitched: %s", who);
    } else {
        snprintf(line, sizeof line, "Nobody is hitched to the ball.");
    }
    y += cv_wrap(p, y, 0, p.w, 2, 0, line);
    y = draw_extraction(t, p, y);
    const json_t *votes = json_object_get(t->view, "votes");
    int nvotes = (int)json_array_size(votes), seats = (int)json_array_size(json_object_get(t->view, "robots"));
    if (nvotes) {
        char who[200];
        seats_text(t, votes, false, who, sizeof who);
        snprintf(line, sizeof line, "Extraction votes %d of %d: %s", nvotes, seats, who);
    } else {
        snprintf(line, sizeof line, "Extraction votes: none of %d", seats);
    }
    y += cv_wrap(p, y, 0, p.w, 2, nvotes ? CV_FG(CV_YELLOW) : CV_DIM, line);
    if (t->seat >= 0 && is(t->view, "phase", "program")) {
        cv_text_fit(p, y, 0, p.w, CV_DIM, rb_voted(t) ? "v takes your vote back" : "v votes the ball inaccessible");
        cv_click_at(p, y++, 0, p.w, rb_voted(t) ? "extract no" : "extract yes");
    }
    return draw_teams(t, p, y);
}

void rb_robot_text(const table *t, const json_t *robot, char *buf, size_t len)
{
    int seat = int_of(robot, "seat", -1);
    bool voted = false;
    size_t i;
    const json_t *v;
    json_array_foreach(json_object_get(t->view, "votes"), i, v)
        voted |= json_integer_value(v) == seat;
    snprintf(buf, len, "T%d D%d%s%s", int_of(robot, "team", 0) + 1, int_of(robot, "damage", 0),
             json_is_true(json_object_get(robot, "hitched")) ? " hitched" : "", voted ? " voted" : "");
}

void rb_draw_legend(canvas c)
{
    static const char *const utf8[] = {"H1 team 1's home  ●↑ the ball  = hitch  ^ pogo",
                                       "→ belt  →→→ express  ░ pit  ─ │ laser  1↑ robot 1", NULL};
    static const char *const ascii[] = {"H1 team 1's home  @^ the ball  = hitch  ^ pogo",
                                        "> belt  >>> express  O pit  - : laser  1^ robot 1", NULL};
    const char *const *lines = cv_utf8(&c) ? utf8 : ascii;
    for (int i = 0; lines[i]; i++)
        cv_text_fit(c, i, 0, c.w, CV_DIM, lines[i]);
}

const char *rb_decl_text(int decl, bool narrow)
{
    if (decl == RB_HITCH)
        return narrow ? "h" : "hitch";
    if (decl == RB_UNHITCH)
        return narrow ? "u" : "unhitch";
    return "";
}

/* ---- the declarations ---- */

static int decl_parse(const char *s)
{
    if (!s)
        return -1;
    if (strcasecmp(s, "hitch") == 0 || strcasecmp(s, "h") == 0)
        return RB_HITCH;
    if (strcasecmp(s, "unhitch") == 0 || strcasecmp(s, "u") == 0)
        return RB_UNHITCH;
    if (strcmp(s, "-") == 0 || strcasecmp(s, "none") == 0 || strcasecmp(s, "n") == 0)
        return RB_NONE;
    return -1;
}

void rb_decls_of_view(signed char *decl, const json_t *robot)
{
    const json_t *h = json_object_get(robot, "hitches");
    for (int i = 0; i < RB_REGS; i++) {
        int d = decl_parse(json_string_value(json_array_get(h, (size_t)i)));
        decl[i] = (signed char)(d < 0 ? RB_NONE : d);
    }
}

json_t *rb_decls_json(const signed char *decl)
{
    json_t *a = json_array();
    for (int i = 0; i < RB_REGS; i++)
        json_array_append_new(a, decl[i] == RB_NONE ? json_null() : json_string(rb_decl_text(decl[i], false)));
    return a;
}

static bool locked(const json_t *robot, int reg)
{
    int n = int_of(robot, "locked", 0);
    return reg >= RB_REGS - (n < 0 ? 0 : n);
}

bool rb_is_decl_word(const char *w)
{
    return strcasecmp(w, "hitch") == 0 || strcasecmp(w, "unhitch") == 0 || strcasecmp(w, "nohitch") == 0 ||
           strcasecmp(w, "hitches") == 0 || strcasecmp(w, "decl") == 0;
}

static void say_decl(table *t, int reg, int decl)
{
    if (decl == RB_HITCH)
        table_notify(t, false, "Register %d: hitch to the ball at its end.", reg + 1);
    else if (decl == RB_UNHITCH)
        table_notify(t, false, "Register %d: unhitch from the ball at its end.", reg + 1);
    else
        table_notify(t, false, "Register %d: no hitch declaration.", reg + 1);
}

static bool refuse_locked(const json_t *robot, table *t, int reg)
{
    if (!locked(robot, reg))
        return false;
    table_notify(t, true, "Register %d is locked: it keeps its card and its declaration.", reg + 1);
    return true;
}

bool rb_declare(signed char *decl, const json_t *robot, table *t, int reg, int what)
{
    if (reg < 0 || reg >= RB_REGS) {
        table_notify(t, true, "Registers are 1 to 5.");
        return false;
    }
    if (refuse_locked(robot, t, reg))
        return false;
    decl[reg] = (signed char)(decl[reg] == what ? RB_NONE : what);
    say_decl(t, reg, decl[reg]);
    return true;
}

/* The registers named by argv[1..], checked; false (said why) on a bad one. */
static bool reg_args(const json_t *robot, table *t, int argc, char **argv, bool *regs, const char *use)
{
    for (int i = 1; i < argc; i++) {
        char *end;
        long r = strtol(argv[i], &end, 10);
        if (*end || end == argv[i] || r < 1 || r > RB_REGS) {
            table_notify(t, true, "'%s' is not a register. %s", argv[i], use);
            return false;
        }
        if (refuse_locked(robot, t, (int)r - 1))
            return false;
        regs[r - 1] = true;
    }
    return true;
}

int rb_decl_command(signed char *decl, const json_t *robot, table *t, int argc, char **argv)
{
    const char *w = argv[0];
    bool regs[RB_REGS] = {false};
    if (strcasecmp(w, "hitches") == 0) {
        int d[RB_REGS];
        for (int i = 0; i < RB_REGS && argc == RB_REGS + 1; i++)
            d[i] = decl_parse(argv[i + 1]);
        bool ok = argc == RB_REGS + 1;
        for (int i = 0; ok && i < RB_REGS; i++)
            ok = d[i] >= 0;
        if (!ok) {
            table_notify(t, true, "Use: hitches followed by five of h (hitch), u (unhitch), - (none), such as hitches - h - - u.");
            return GAME_CMD_ERROR;
        }
        for (int i = 0; i < RB_REGS; i++) {
            if (!locked(robot, i))
                decl[i] = (signed char)d[i];
        }
        table_notify(t, false, "Declarations set%s.", locked(robot, RB_REGS - 1) ? " (locked registers keep theirs)" : "");
        return GAME_CMD_DONE;
    }
    if (strcasecmp(w, "decl") == 0) {
        if (argc != 2) {
            table_notify(t, true, "Use: decl R: register R's declaration goes none, hitch, unhitch in turn.");
            return GAME_CMD_ERROR;
        }
        if (!reg_args(robot, t, argc, argv, regs, "Use: decl R (1-5)."))
            return GAME_CMD_ERROR;
        int r = atoi(argv[1]) - 1;
        decl[r] = (signed char)((decl[r] + 1) % 3);
        say_decl(t, r, decl[r]);
        return GAME_CMD_DONE;
    }
    bool none = strcasecmp(w, "nohitch") == 0;
    int what = none ? RB_NONE : strcasecmp(w, "hitch") == 0 ? RB_HITCH : RB_UNHITCH;
    char use[120];
    snprintf(use, sizeof use, "Use: %s R [R ...], R a register 1-5%s.", w, none ? " (none: every register)" : "");
    if ((argc < 2 && !none) || !reg_args(robot, t, argc, argv, regs, use)) {
        if (argc < 2)
            table_notify(t, true, "%s", use);
        return GAME_CMD_ERROR;
    }
    int n = 0;
    for (int i = 0; i < RB_REGS; i++) {
        if ((regs[i] || (argc < 2 && !locked(robot, i)))) {
            decl[i] = (signed char)what;
            n++;
        }
    }
    table_notify(t, false, "%s at the end of %d register%s.", what == RB_HITCH ? "Hitch" : what == RB_UNHITCH ? "Unhitch" : "No declaration",
                 n, n == 1 ? "" : "s");
    return GAME_CMD_DONE;
}

/* ---- the vote ---- */

bool rb_voted(const table *t)
{
    size_t i;
    const json_t *v;
    json_array_foreach(json_object_get(t->view, "votes"), i, v) {
        if (t->seat >= 0 && json_integer_value(v) == t->seat)
            return true;
    }
    return false;
}

bool rb_is_vote_word(const char *w)
{
    return strcasecmp(w, "extract") == 0 || strcasecmp(w, "vote") == 0 || strcasecmp(w, "unvote") == 0;
}

int rb_vote(table *t, int want)
{
    if (t->seat < 0 || !my_robot(t)) {
        table_notify(t, true, "Spectators do not vote.");
        return GAME_CMD_ERROR;
    }
    if (!is(t->view, "phase", "program")) {
        table_notify(t, true, "%s", is(t->view, "phase", "over") ? "The game is over." : "Votes are taken while the robots are programmed.");
        return GAME_CMD_ERROR;
    }
    bool voted = rb_voted(t);
    if (want < 0)
        want = !voted;
    if (want && voted) {
        table_notify(t, true, "You have voted already: v (or :extract no) takes the vote back.");
        return GAME_CMD_ERROR;
    }
    if (!want && !voted) {
        table_notify(t, true, "You have no vote to take back.");
        return GAME_CMD_ERROR;
    }
    if (table_actf(t, "{s:s, s:i, s:b}", "kind", "extract", "turn", int_of(t->view, "turn", 0), "vote", want) == 0)
        table_notify(t, false, want ? "Vote sent: the ball is inaccessible (extraction when every seat votes)."
                                    : "Vote taken back.");
    return GAME_CMD_DONE;
}

int rb_vote_command(table *t, int argc, char **argv)
{
    int want = strcasecmp(argv[0], "unvote") == 0 ? 0 : 1;
    if (strcasecmp(argv[0], "extract") == 0 && argc == 2) {
        const char *a = argv[1];
        want = strcasecmp(a, "yes") == 0 || strcasecmp(a, "on") == 0 || strcasecmp(a, "y") == 0    ? 1
               : strcasecmp(a, "no") == 0 || strcasecmp(a, "off") == 0 || strcasecmp(a, "n") == 0 ? 0
                                                                                                    : -2;
    }
    if (want == -2 || argc > 2 || (argc > 1 && strcasecmp(argv[0], "extract") != 0)) {
        table_notify(t, true, "Use: extract [yes|no] (vote, unvote).");
        return GAME_CMD_ERROR;
    }
    return rb_vote(t, want);
}

/* ---- the log ---- */

static const char *unhitch_why(const char *why)
{
    static const char *const whys[][2] = {
        {"declared", "as declared"},
        {"separated", "no longer touching the ball"},
        {"blocked", "the square behind was taken"},
        {"collision", "dragged into one square with another robot"},
        {"edge", "it went over the edge; the ball stays"},
        {"pogo", "the ball went into pogo mode"},
        {"destroyed", "it was destroyed"},
    };
    for (size_t i = 0; i < sizeof whys / sizeof whys[0]; i++) {
        if (strcmp(whys[i][0], why) == 0)
            return whys[i][1];
    }
    return why;
}

static const char *hitch_failed_why(const char *why)
{
    return strcmp(why, "far") == 0      ? "not touching the ball (or a wall between)"
           : strcmp(why, "team") == 0   ? "a robot of its team is hitched already"
           : strcmp(why, "pogo") == 0   ? "the ball is in pogo mode"
           : strcmp(why, "powered_down") == 0 ? "it is powered down"
                                              : why;
}

bool rb_outcome(const table *t, const json_t *a, char *buf, size_t len)
{
    char name[48], where[16];
    table_name(t, int_of(a, "seat", 0), name, sizeof name);
    square_text(json_object_get(a, json_object_get(a, "to") ? "to" : "at"), where, sizeof where);
    const char *d = str_of(a, "do");
    bool ball = is(a, "piece", "ball");
    if (strcmp(d, "hitch") == 0)
        snprintf(buf, len, "%s hitches to the ball", name);
    else if (strcmp(d, "hitch_failed") == 0)
        snprintf(buf, len, "%s cannot hitch: %s", name, hitch_failed_why(str_of(a, "why")));
    else if (strcmp(d, "unhitch") == 0)
        snprintf(buf, len, "%s unhitches (%s)", name, unhitch_why(str_of(a, "why")));
    else if (strcmp(d, "pogo") == 0)
        snprintf(buf, len, json_is_true(json_object_get(a, "up")) ? "the ball hovers at %s (pogo mode)"
                                                                  : "the ball drops back to the floor at %s", where);
    else if (strcmp(d, "bonk") == 0)
        snprintf(buf, len, "the ball bonks %s for %d damage (%d in all)", name, int_of(a, "amount", 0), int_of(a, "total", 0));
    else if (strcmp(d, "balk") == 0)
        snprintf(buf, len, "the ball balks at %s: the card would drop it", where);
    else if (strcmp(d, "goal") == 0)
        snprintf(buf, len, "GOAL: team %d has the ball home at %s", int_of(a, "team", 0) + 1, where);
    else if (ball && strcmp(d, "move") == 0)
        snprintf(buf, len, "the ball %s to %s", json_is_true(json_object_get(a, "dragged")) ? "is dragged" : "goes", where);
    else if (ball && strcmp(d, "turn") == 0 && facing_of(str_of(a, "to")) >= 0)
        snprintf(buf, len, "the ball turns to face %s", facing_words[facing_of(str_of(a, "to"))]);
    else if (ball && strcmp(d, "blocked") == 0)
        snprintf(buf, len, "the ball is blocked (%s)", str_of(a, "why"));
    else if (strcmp(d, "move") == 0 && json_is_true(json_object_get(a, "dragged")))
        snprintf(buf, len, "the ball drags %s to %s", name, where);
    else
        return false;
    return true;
}

bool rb_describe(const table *t, const json_t *ev, char *buf, size_t len)
{
    char name[48];
    table_name(t, int_of(ev, "seat", 0), name, sizeof name);
    if (is(ev, "kind", "voted")) {
        if (json_is_true(json_object_get(ev, "vote")))
            snprintf(buf, len, "%s votes the ball inaccessible (extraction when every seat votes).", name);
        else
            snprintf(buf, len, "%s takes back the extraction vote.", name);
        return true;
    }
    if (is(ev, "kind", "extraction")) {
        int f = facing_of(str_of(ev, "facing"));
        snprintf(buf, len, "Extraction, turn %d: the ball is dealt %d cards face down and plays them, facing %s.",
                 int_of(ev, "turn", 0), int_of(ev, "cards", 0), f >= 0 ? facing_words[f] : "?");
        return true;
    }
    return false;
}
