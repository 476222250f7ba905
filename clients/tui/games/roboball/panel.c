/*
 * panel.c: RoboBall beside the board: its head (the course and turn of the
 * turn limit), the hitch declaration beside each register, the ball, the
 * extraction and its votes, each team with its home and seats, and a
 * robot line's team, damage, hitch and vote.
 */
#include <stdio.h>

#include "roboball.h"

/* RoboBall has no flags: the ball and the teams come after the program. */
bool rb_panel_head(roborally *w, const table *t, const char *course, char *buf, size_t len)
{
    int turn = int_of(t->view, "turn", 0), max = int_of(t->view, "max_turns", 0);
    if (w->compact) /* a line: the course is in the room's options */
        snprintf(buf, len, "RoboBall, turn %d of %d", turn, max);
    else
        snprintf(buf, len, "RoboBall on %s, turn %d of %d", course, turn, max);
    return true;
}

/* Register reg's hitch declaration after its card (a click cycles it);
 * reg -1: the column's title beside the program's. */
void rb_draw_register(roborally *w, const table *t, canvas p, int y, int reg)
{
    const json_t *r = rl_my_robot(t);
    bool narrow = p.w < 29;
    int x = 21;
    if (reg < 0) {
        cv_text(p, y, x, CV_DIM, narrow ? "h/u" : "h/u R");
        return;
    }
    int decl = rb_self(w)->hitch[reg];
    if (!rl_need_is(t, "program") || rl_reg_locked(r, reg)) {
        /* locked in, or a locked register: what the view says it keeps */
        signed char shown[RL_REGS];
        rb_decls_of_view(shown, r);
        decl = shown[reg];
    }
    if (decl != RB_NONE)
        cv_text(p, y, x, CV_BOLD | CV_FG(decl == RB_HITCH ? CV_GREEN : CV_YELLOW), rb_decl_text(decl, narrow));
    else if (rl_need_is(t, "program") && !rl_reg_locked(r, reg))
        cv_text(p, y, x, CV_DIM, narrow ? "-" : "- none");
    if (rl_need_is(t, "program") && !rl_reg_locked(r, reg)) {
        char click[24];
        snprintf(click, sizeof click, "decl %d", reg + 1);
        cv_click_at(p, y, x, narrow ? 1 : 7, click);
    }
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
        kit_square_of(json_array_get(homes, team), where, sizeof where);
        seats_text(t, seats, false, who, sizeof who);
        snprintf(line, sizeof line, "T%d home %s: %s", (int)team + 1, where, who);
        cv_style st = CV_FG(rb_team_color((int)team)) | (rb_team(t, t->seat) == (int)team ? CV_BOLD : 0);
        y += cv_wrap(p, y, 0, p.w, 2, st, line);
    }
    return y;
}

static int draw_extraction(const table *t, canvas p, int y)
{
    const json_t *ex = json_object_get(rb_ball_json(t), "extraction");
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

/* The homes on one line, each in its team's colour: "Homes: T1 E13, T2 K13". */
static int draw_homes(const table *t, canvas p, int y)
{
    size_t team;
    const json_t *at;
    int x = cv_text(p, y, 0, 0, "Homes:");
    json_array_foreach(json_object_get(t->view, "homes"), team, at) {
        char where[16];
        kit_square_of(at, where, sizeof where);
        cv_style st = CV_FG(rb_team_color((int)team)) | (rb_team(t, t->seat) == (int)team ? CV_BOLD : 0);
        x += cv_textf(p, y, x, st, "%s T%d %s", team ? "," : "", (int)team + 1, where);
    }
    return y + 1;
}

/* A short panel (80x24): the ball, a hitch, the extraction, the votes (v on
 * the footer) and the homes, a line each; the robot lines give the teams. */
static int draw_compact(const table *t, canvas p, int y, const char *ball_line)
{
    y += cv_wrap(p, y, 0, p.w, 2, CV_BOLD, ball_line);
    const json_t *hitched = json_object_get(rb_ball_json(t), "hitched");
    if (json_array_size(hitched)) {
        char who[200], line[220];
        seats_text(t, hitched, true, who, sizeof who);
        snprintf(line, sizeof line, "Hitched: %s", who);
        y += cv_wrap(p, y, 0, p.w, 2, 0, line);
    }
    y = draw_extraction(t, p, y);
    int nvotes = (int)json_array_size(json_object_get(t->view, "votes"));
    cv_textf(p, y, 0, nvotes ? CV_FG(CV_YELLOW) : CV_DIM, "Extraction votes: %d of %d", nvotes,
             (int)json_array_size(json_object_get(t->view, "robots")));
    if (t->seat >= 0 && kit_phase_is(t, "program"))
        cv_click_at(p, y, 0, p.w, rb_voted(t) ? "extract no" : "extract yes");
    return draw_homes(t, p, y + 1);
}

int rb_draw_panel(roborally *w, const table *t, canvas p, int y)
{
    const json_t *ball = rb_ball_json(t);
    char where[16], line[300];
    kit_square_of(json_object_get(ball, "at"), where, sizeof where);
    int f = kit_side_parse(str_of(ball, "facing"));
    snprintf(line, sizeof line, "Ball at %s facing %s%s", where, f >= 0 ? kit_dir_word(kit_side_dir(f)) : "?",
             json_is_true(json_object_get(ball, "pogo")) ? ", hovering (pogo)" : "");
    if (w->compact)
        return draw_compact(t, p, y, line);
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
    if (t->seat >= 0 && kit_phase_is(t, "program")) {
        cv_text_fit(p, y, 0, p.w, CV_DIM, rb_voted(t) ? "v takes your vote back" : "v votes the ball inaccessible");
        cv_click_at(p, y++, 0, p.w, rb_voted(t) ? "extract no" : "extract yes");
    }
    return draw_teams(t, p, y);
}

void rb_robot_text(roborally *w, const table *t, const json_t *robot, char *buf, size_t len)
{
    int seat = int_of(robot, "seat", -1);
    bool voted = false;
    size_t i;
    const json_t *v;
    json_array_foreach(json_object_get(t->view, "votes"), i, v)
        voted |= json_integer_value(v) == seat;
    /* in a small pane a hitch is the board's own mark (its legend says
     * "= hitch"), so the line keeps its name and state whole */
    const char *hitch = w->compact ? " =" : " hitched";
    snprintf(buf, len, "T%d D%d%s%s", int_of(robot, "team", 0) + 1, int_of(robot, "damage", 0),
             json_is_true(json_object_get(robot, "hitched")) ? hitch : "", voted ? " voted" : "");
}
