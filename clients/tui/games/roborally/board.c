/*
 * board.c: the course on screen, three text columns a square: belts are
 * arrows of their exit (express belts three of them), gears turn right or
 * left, pits are shaded, w and W repair (W also deals an option card), F1..
 * are the flags, d1..d8 the docks, board lasers red lines along their beam,
 * walls box-drawing lines (two rows a square when the pane is tall enough,
 * else one, a south wall underlining its square). A robot is its seat
 * number and an arrow of its facing in its seat's colour, ours reversed.
 * When the course is larger than the pane the window follows our robot.
 * Under the board the legend, or the step being played back; beside it the
 * panel.
 */
#include <stdio.h>
#include <string.h>

#include "roborally.h"

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
    const json_t *r = rl_my_robot(t);
    const json_t *at = json_object_get(r, "at");
    if (!json_is_array(at))
        at = json_object_get(r, "archive");
    if (json_is_array(at)) {
        *fx = rl_cell_x(at);
        *fy = rl_cell_y(at);
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
    return rl_wall_between(c, x - 1, y, D_E);
}

/* A horizontal wall line above row y in column x (the frame included). */
static bool hwall(const rl_course *c, const layout *l, int x, int y)
{
    if (x < l->x0 || x >= l->x0 + l->vw)
        return false;
    if (y <= l->y0 || y >= l->y0 + l->vh)
        return true;
    return rl_wall_between(c, x, y - 1, D_S);
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
    case SQ_BELT: *text = cv_glyph_text(cv, kit_dir_arrow(kit_side_dir(s->out < 0 ? 0 : s->out))); *st = CV_FG(CV_YELLOW); break;
    case SQ_EXPRESS: *text = cv_glyph_text(cv, kit_dir_arrow(kit_side_dir(s->out < 0 ? 0 : s->out))); *st = CV_FG(CV_CYAN) | CV_BOLD; break;
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
    const char *arrow = cv_glyph_text(&cv, kit_dir_arrow(kit_side_dir(s->out < 0 ? 0 : s->out)));
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
        cv_textf(cv, row, col, CV_FG(CV_YELLOW) | CV_BOLD, "P%s", cv_glyph_text(&cv, kit_dir_arrow(kit_side_dir(s->pusher))));
    if (s->dock)
        cv_textf(cv, row, col, CV_DIM, "d%d", s->dock);
    if (s->flag)
        cv_textf(cv, row, col, CV_FG(CV_MAGENTA) | CV_BOLD | CV_REVERSE, "F%d", s->flag);
}

/* The lasers fired in the frame being played back, bold red. */
static void draw_fired(const roborally *w, const table *t, canvas cv, const layout *l)
{
    int k = rl_play_frame(w, t);
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

static void draw_robots(roborally *w, const table *t, canvas cv, const layout *l, const rl_pose *pose)
{
    const rl_course *c = &w->course;
    int k = rl_play_frame(w, t);
    size_t n = json_array_size(json_object_get(t->view, "robots"));
    /* ours last: robots sharing a square (virtual ones) show ours, with '+' */
    for (size_t j = 0; j <= n; j++) {
        const json_t *r = j < n ? json_array_get(json_object_get(t->view, "robots"), j) : rl_my_robot(t);
        int seat = int_of(r, "seat", -1);
        if (seat < 0 || seat >= RL_SEATS || (j < n && seat == t->seat))
            continue;
        int x = pose[seat].x, y = pose[seat].y;
        int here = 0; /* robots on this square (virtual ones may share it) */
        for (int s = 0; s < RL_SEATS; s++)
            here += pose[s].x == x && pose[s].y == y;
        if (x < l->x0 || y < l->y0 || x >= l->x0 + l->vw || y >= l->y0 + l->vh)
            continue;
        int color = w->mode && w->mode->robot_color ? w->mode->robot_color(w, t, r) : -1;
        cv_style st = CV_FG(color >= 0 ? (cv_color)color : cv_seat_color(seat)) | CV_BOLD;
        if (seat == t->seat)
            st |= CV_REVERSE;
        if (json_is_true(json_object_get(r, "virtual")))
            st |= CV_UNDERLINE;
        int row = row_of(l, y), col = col_of(l, x);
        cv_textf(cv, row, col, st, "%d", seat + 1);
        cv_glyph_at(cv, row, col + 1, st, kit_dir_arrow(kit_side_dir(pose[seat].facing)));
        const char *mark;
        cv_style mst;
        if (!w->mode || !w->mode->robot_marker || !w->mode->robot_marker(w, t, x, y, &mark, &mst))
            square_marker(&cv, &c->sq[y][x], &mark, &mst);
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
            if (!rl_wall_between(c, x, y, D_S))
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
    if (w->mode && w->mode->draw_floor)
        w->mode->draw_floor(w, t, cv, l);
    if (l->tall)
        draw_walls_tall(c, cv, l);
    else
        draw_walls_compact(c, cv, l);
    draw_fired(w, t, cv, l);
    rl_pose pose[RL_SEATS];
    rl_current_poses(w, t, pose);
    draw_robots(w, t, cv, l, pose);
    if (w->mode && w->mode->draw_over)
        w->mode->draw_over(w, t, cv, l, rl_play_frame(w, t), pose);
    if (rl_need_is(t, "reenter")) {
        const json_t *archive = json_object_get(rl_my_robot(t), "archive");
        if (json_is_array(archive) && rl_cell_x(archive) >= l->x0 && rl_cell_x(archive) < l->x0 + l->vw &&
            rl_cell_y(archive) >= l->y0 && rl_cell_y(archive) < l->y0 + l->vh)
            cv_restyle(cv, row_of(l, rl_cell_y(archive)), col_of(l, rl_cell_x(archive)), 3,
                       CV_FG(cv_seat_color(t->seat)) | CV_BOLD | CV_REVERSE);
    }
    underline_walls(c, cv, l);
}

/* "-> Register 2: lasers (12/28)" under the board. A long caption (four
 * robots' cards) wraps over the rows there are; past them it is cut (with
 * an ellipsis) rather than its frame counter, which must show. */
static void draw_caption(canvas under, const char *caption, int frame, int frames)
{
    const cv_style st = CV_BOLD | CV_FG(CV_YELLOW);
    char count[32];
    snprintf(count, sizeof count, " (%d/%d)", frame, frames);
    int x = cv_text(under, 0, 0, st, cv_glyph_text(&under, CV_G_ARROW_E));
    x += cv_text(under, 0, x, st, " ");
    char whole[RL_CAPTION + sizeof count];
    snprintf(whole, sizeof whole, "%s%s", caption, count);
    if (cv_text_width(&under, whole) > under.w - x && under.h > 1) {
        /* a dry run in a canvas of no rows counts the rows it needs */
        int rows = cv_wrap(cv_sub(under, 0, 0, 0, under.w), 0, x, under.w - x, under.h + 1, st, whole);
        if (rows <= under.h) {
            cv_wrap(under, 0, x, under.w - x, under.h, st, whole);
            return;
        }
    }
    int room = under.w - x - cv_text_width(&under, count);
    if (room < 1)
        room = 1;
    x += cv_text_fit(under, 0, x, room, st, caption);
    cv_text(under, 0, x, st, count);
}

/* What the squares mean, under the board (as many lines as fit): the
 * race's, or the mode's. */
static void draw_legend(const roborally *w, canvas c)
{
    static const char *const utf8[] = {"F1 flag  ↻ ↺ gear  ░ pit  w W repair  d1 dock",
                                       "→ belt  →→→ express  ─ │ laser  1↑ robot 1", NULL};
    static const char *const ascii[] = {"F1 flag  (R) (L) gear  O pit  w W repair  d1 dock",
                                        "> belt  >>> express  - : laser  1^ robot 1", NULL};
    const char *const *lines = cv_utf8(&c) ? utf8 : ascii;
    if (w->mode && w->mode->legend_utf8)
        lines = cv_utf8(&c) ? w->mode->legend_utf8 : w->mode->legend_ascii;
    for (int i = 0; lines[i]; i++)
        cv_text_fit(c, i, 0, c.w, CV_DIM, lines[i]);
}

void rl_draw(void *self, table *t, canvas c)
{
    roborally *w = self;
    if (!rl_course_ready(w, t)) {
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
    int k = rl_play_frame(w, t);
    if (k >= 0)
        draw_caption(under, w->frames[k].caption, k + 1, w->nframes);
    else
        draw_legend(w, under);
    rl_draw_panel(w, t, cv_sub(c, 0, px, c.h, c.w - px));
}
