/*
 * ring.c: the ring (columns A.., rows 1..) with every robot's seat mark,
 * your planned path and the cone of the laser you plan to fire.
 */
#include <stdio.h>

#include "boxing.h"

void bx_draw_ring(boxing *b, table *t, canvas c, int oy, int ox, int cw)
{
    int size = int_of(t->view, "size", 8);
    int stride = cw;
    cv_box(c, oy, ox, size + 2, size * stride + 2, CV_DIM, NULL);
    for (int x = 0; x < size; x++)
        cv_textf(c, oy - 1, ox + 1 + x * stride + (stride - 1) / 2, CV_DIM, "%c", 'A' + x);
    for (int y = 0; y < size; y++)
        cv_textf(c, oy + 1 + y, ox - 3, CV_DIM, "%2d", y + 1);
    bool planning = bx_writing_orders(t) && bx_working(t);
    int mx = -1, my = -1, ex = -1, ey = -1;
    if (planning) {
        bx_cell_of(bx_me(t), &mx, &my);
        bx_plan_end(b, t, &ex, &ey);
    }
    int fire_d = planning && b->fire >= 0 ? bx_gun_dir(t, b->fire) : -1, r = bx_reach(b, t);
    for (int y = 0; y < size; y++) {
        for (int x = 0; x < size; x++) {
            int row = oy + 1 + y, col = ox + 1 + x * stride;
            const char *g = cv_glyph_text(&c, CV_G_DOT);
            cv_style st = CV_DIM;
            if (fire_d >= 0 && bx_in_cone(fire_d, x - ex, y - ey, r)) {
                g = cv_glyph_text(&c, CV_G_SHADE);
                st = CV_FG(cv_seat_color(t->seat));
            }
            cv_text(c, row, col + (stride - 1) / 2, st, g);
        }
    }
    /* the planned path */
    if (planning) {
        int x = mx, y = my;
        for (int k = 0; k < b->steps; k++) {
            x += kit_dx[b->path[k]];
            y += kit_dy[b->path[k]];
            cv_glyph_at(c, oy + 1 + y, ox + 1 + x * stride + (stride - 1) / 2,
                        CV_FG(cv_seat_color(t->seat)) | CV_BOLD, kit_dir_arrow(b->path[k]));
        }
    }
    int seats = int_of(t->view, "seats", 2);
    for (int s = 0; s < seats; s++) {
        const json_t *rb = bx_robot(t, s);
        int x, y;
        if (json_is_true(json_object_get(rb, "out")) || !bx_cell_of(rb, &x, &y))
            continue;
        int col = ox + 1 + x * stride + (stride - 2) / 2;
        cv_seat_mark(c, oy + 1 + y, col, s);
        if (s == t->seat)
            cv_restyle(c, oy + 1 + y, col, 2, CV_FG(cv_seat_color(s)) | CV_BOLD | CV_REVERSE);
        char command[24];
        snprintf(command, sizeof command, "robot %d", s + 1);
        if (s != t->seat)
            cv_click_at(c, oy + 1 + y, col, 2, command);
    }
}
