/*
 * board.c: the war zone (columns A..L, rows 1..12): each robot an arrow of
 * its facing and its seat number in its seat's colour (reversed for the
 * robot to move), the hazards as letters: C corner patrol zone, ^ spikes,
 * * saw, ~ flame grill, the pit o (# once open).
 */
#include <string.h>

#include "robotwars.h"

static void draw_square(canvas c, int y, int x, char sq, bool pit_open)
{
    switch (sq) {
    case 'C': cv_text(c, y, x, CV_FG(CV_YELLOW), " C "); break;
    case 's': cv_text(c, y, x, CV_FG(CV_RED), " ^ "); break;
    case 'w': cv_text(c, y, x, CV_FG(CV_RED), " * "); break;
    case 'F': cv_text(c, y, x, CV_FG(CV_ORANGE), " ~ "); break;
    case 'P': cv_text(c, y, x, pit_open ? CV_BOLD : CV_DIM, pit_open ? " # " : " o "); break;
    default: cv_glyph_at(c, y, x + 1, CV_DIM, CV_G_DOT); break;
    }
}

/* The arrow of a robot's facing ("E"); north when it has none. */
static cv_glyph facing_arrow(const char *facing)
{
    int side = kit_side_parse(facing);
    return kit_dir_arrow(kit_side_dir(side < 0 ? 0 : side));
}

void rw_draw_zone(const table *t, canvas c, int oy, int ox)
{
    const json_t *board = json_object_get(t->view, "board");
    bool pit_open = json_is_true(json_object_get(rw_battle(t), "pit_open"));
    for (int x = 0; x < RW_SIZE; x++)
        cv_textf(c, oy - 1, ox + x * 3 + 1, CV_DIM, "%c", 'A' + x);
    for (int y = 0; y < RW_SIZE; y++) {
        cv_textf(c, oy + y, ox - 3, CV_DIM, "%2d", y + 1);
        const char *row = json_string_value(json_array_get(board, (size_t)y));
        for (int x = 0; x < RW_SIZE; x++)
            draw_square(c, oy + y, ox + x * 3, row && (int)strlen(row) > x ? row[x] : '.', pit_open);
    }
    size_t i;
    const json_t *r;
    json_array_foreach(json_object_get(rw_battle(t), "robots"), i, r) {
        const json_t *cell = json_object_get(r, "cell");
        if (!json_is_array(cell))
            continue;
        int x = (int)json_integer_value(json_array_get(cell, 0)), y = (int)json_integer_value(json_array_get(cell, 1));
        int seat = int_of(r, "seat", 0);
        cv_style st = CV_FG(cv_seat_color(seat)) | CV_BOLD;
        if (json_is_string(json_object_get(r, "immobilised")))
            st = CV_DIM;
        if (seat == rw_turn_seat(t))
            st |= CV_REVERSE;
        cv_glyph_at(c, oy + y, ox + x * 3, st, facing_arrow(str_of(r, "facing")));
        cv_textf(c, oy + y, ox + x * 3 + 1, st, "%d", seat + 1);
    }
}
