/*
 * board.c: the hex board drawn with flat-topped hexes in text: each hex
 * three columns inside, two rows tall, the next column half a hex lower, so
 * axial cell [q, r] sits at column 4q and half-row 2r + q. A robot shows its
 * number and its arrow in its owner's colour ("4↗", "4NE" in ASCII); a goal
 * shows its owner's ring; where the picked robot would step is dotted.
 */
#include <stdio.h>
#include <stdlib.h>

#include "manoover.h"

static bool on_board(int radius, int q, int r)
{
    int s = -q - r;
    return abs(q) <= radius && abs(r) <= radius && abs(s) <= radius;
}

/* The screen position of the hex's top-left corner (its "/" is one row
 * below, its inside starts one column right). */
static void hex_pos(const hexes *h, int q, int r, int *y, int *x)
{
    *x = h->ox + 4 * (q + h->radius);
    *y = h->oy + (2 * r + q) + 2 * h->radius;
}

static void draw_outline(const hexes *h, canvas c, int q, int r, cv_style st)
{
    int y, x;
    hex_pos(h, q, r, &y, &x);
    cv_text(c, y, x + 1, st, "___");
    cv_text(c, y + 1, x, st, "/");
    cv_text(c, y + 1, x + 4, st, "\\");
    cv_text(c, y + 2, x, st, "\\___/");
}

static void hex_text(const hexes *h, canvas c, int q, int r, cv_style st, const char *text)
{
    int y, x;
    hex_pos(h, q, r, &y, &x);
    cv_fill(c, y + 1, x + 1, 1, 3, st, L' ');
    cv_text_fit(c, y + 1, x + 1, 3, st, text);
}

static bool moved_recently(const manoover *m, int owner, int number)
{
    for (int i = 0; i < m->nmoved; i++) {
        if (m->moved_owner[i] == owner && m->moved_number[i] == number)
            return true;
    }
    return false;
}

/* "4↗" ("4NE" in ASCII). Without colours the sides are told apart by
 * their marks: the owner's seat shape after the arrow ("4↗■", as beside
 * the players' names), in ASCII the second side's directions small ("4ne"). */
static void robot_text(const canvas *c, const json_t *rb, char *buf, size_t len)
{
    int d = mv_dir_parse(json_string_value(json_object_get(rb, "dir")));
    int owner = int_of(rb, "owner", 0), number = int_of(rb, "number", 0);
    bool mono = !cv_has_color(c);
    if (cv_utf8(c)) {
        snprintf(buf, len, "%d%s%s", number, d >= 0 ? cv_glyph_text(c, kit_dir_arrow(mv_compass[d])) : "?",
                 mono ? cv_glyph_text(c, cv_seat_shape(owner)) : "");
        return;
    }
    char dir[4];
    snprintf(dir, sizeof dir, "%s", d >= 0 ? kit_dir_name(mv_compass[d]) : "?");
    for (char *p = dir; mono && owner > 0 && *p; p++)
        *p = (char)(*p | 32);
    snprintf(buf, len, "%d%s", number, dir);
}

void mv_draw_board(manoover *m, table *t, canvas c, const hexes *h)
{
    int R = h->radius;
    for (int q = -R; q <= R; q++)
        for (int r = -R; r <= R; r++)
            if (on_board(R, q, r))
                draw_outline(h, c, q, r, CV_DIM);
    size_t i;
    const json_t *v;
    json_array_foreach(json_object_get(t->view, "goals"), i, v) {
        const json_t *cell = json_object_get(v, "cell");
        int owner = int_of(v, "owner", 0);
        int q = (int)json_integer_value(json_array_get(cell, 0)), r = (int)json_integer_value(json_array_get(cell, 1));
        draw_outline(h, c, q, r, CV_FG(mv_owner_color(t, owner)) | CV_BOLD);
        char text[16];
        snprintf(text, sizeof text, "%s%d", cv_glyph_text(&c, CV_G_RING), owner + 1);
        hex_text(h, c, q, r, CV_FG(mv_owner_color(t, owner)) | CV_BOLD, text);
    }
    bool mine = mv_my_control(t);
    json_array_foreach(json_object_get(t->view, "robots"), i, v) {
        const json_t *cell = json_object_get(v, "cell");
        int owner = int_of(v, "owner", 0), number = int_of(v, "number", 0);
        int q = (int)json_integer_value(json_array_get(cell, 0)), r = (int)json_integer_value(json_array_get(cell, 1));
        char text[16];
        robot_text(&c, v, text, sizeof text);
        cv_style st = CV_FG(mv_owner_color(t, owner)) | CV_BOLD;
        if (moved_recently(m, owner, number))
            st |= CV_UNDERLINE;
        if (mine && owner == t->seat && number == m->selected)
            st = (st | CV_REVERSE) & ~CV_UNDERLINE;
        hex_text(h, c, q, r, st, text);
        if (mine && owner == t->seat && mv_legal_robot(t, number)) {
            int y, x;
            hex_pos(h, q, r, &y, &x);
            char command[24];
            snprintf(command, sizeof command, "select %d", number);
            cv_click_at(c, y + 1, x + 1, 3, command);
        }
    }
    /* where the selected robot would step */
    const json_t *sel = mine ? mv_my_robot(t, m->selected) : NULL;
    if (sel && mv_legal_robot(t, m->selected)) {
        const json_t *cell = json_object_get(sel, "cell");
        int d = mv_dir_parse(json_string_value(json_object_get(sel, "dir")));
        int q = (int)json_integer_value(json_array_get(cell, 0)) + (d >= 0 ? mv_dq[d] : 0);
        int r = (int)json_integer_value(json_array_get(cell, 1)) + (d >= 0 ? mv_dr[d] : 0);
        if (d >= 0 && on_board(R, q, r) && !mv_robot_on(t, q, r)) {
            bool goal = false;
            json_array_foreach(json_object_get(t->view, "goals"), i, v) {
                const json_t *gc = json_object_get(v, "cell");
                goal = goal || ((int)json_integer_value(json_array_get(gc, 0)) == q &&
                                (int)json_integer_value(json_array_get(gc, 1)) == r);
            }
            if (!goal) {
                hex_text(h, c, q, r, CV_FG(mv_owner_color(t, t->seat)), cv_glyph_text(&c, CV_G_DOT));
                int y, x;
                hex_pos(h, q, r, &y, &x);
                cv_click_at(c, y + 1, x + 1, 3, "step");
            }
        }
    }
}
