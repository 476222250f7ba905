/*
 * robot.c: a robot's 3x3, as the rules write it: (a) a laser, [b] the
 * booster, c an engine, each with the way its slot faces (north up); and
 * what our robot can do now: the ways its engines drive, its steps and
 * reach, the cone of each laser, the enemies it may aim at.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boxing.h"

/* Clockwise from north; slots are row*3 + col, row 0 north. */
const int bx_slot_dir[BX_SLOTS] = {7, 0, 1, 6, -1, 2, 5, 4, 3};
const char *const bx_boost_names[3] = {"none", "move", "shoot"};

void bx_slot_text(int letter, int part, char *buf, size_t len)
{
    char c = (char)('a' + letter);
    if (part == PART_LASER)
        snprintf(buf, len, "(%c)", c);
    else if (part == PART_BOOSTER)
        snprintf(buf, len, "[%c]", c);
    else
        snprintf(buf, len, " %c ", c);
}

/* A robot's 3×3 from letters and parts (slots), destroyed letters struck. */
void bx_draw_grid(canvas c, int y, int x, const int *letters, const int *parts, const char *destroyed,
                      int cursor)
{
    for (int s = 0; s < BX_SLOTS; s++) {
        int row = y + (s / 3) * 2, col = x + (s % 3) * 6;
        char text[8];
        bx_slot_text(letters[s], parts[s], text, sizeof text);
        bool dead = destroyed && strchr(destroyed, 'a' + letters[s]);
        cv_style st = parts[s] == PART_LASER ? CV_FG(CV_RED) | CV_BOLD
                      : parts[s] == PART_BOOSTER ? CV_FG(CV_YELLOW) | CV_BOLD
                                                  : CV_FG(CV_CYAN) | CV_BOLD;
        if (dead)
            st = CV_DIM;
        if (s == cursor)
            st |= CV_REVERSE;
        cv_text(c, row, col, st, text);
        if (dead)
            cv_glyph_at(c, row, col + 3, CV_FG(CV_RED), CV_G_CROSS);
        else if (bx_slot_dir[s] >= 0)
            cv_glyph_at(c, row, col + 3, CV_DIM, kit_dir_arrow(bx_slot_dir[s]));
        char command[24];
        snprintf(command, sizeof command, "slot %d", s + 1);
        cv_click_at(c, row, col, 4, command);
    }
}

void bx_layout_from_view(const json_t *layout, int *letters, int *parts)
{
    const char *lasers = json_string_value(json_object_get(layout, "lasers"));
    const char *booster = json_string_value(json_object_get(layout, "booster"));
    for (int s = 0; s < BX_SLOTS; s++) {
        const char *row = json_string_value(json_array_get(json_object_get(layout, "grid"), (size_t)(s / 3)));
        char c = row && strlen(row) == 3 ? row[s % 3] : 'a';
        letters[s] = bx_letter_of(c) >= 0 ? bx_letter_of(c) : 0;
        parts[s] = lasers && strchr(lasers, c) ? PART_LASER : booster && *booster == c ? PART_BOOSTER : PART_ENGINE;
    }
}

const json_t *bx_working(const table *t)
{
    return json_object_get(bx_me(t), "working");
}

bool bx_can_drive(const table *t, int d)
{
    size_t i;
    const json_t *v;
    json_array_foreach(json_object_get(bx_working(t), "directions"), i, v) {
        if (strcmp(json_string_value(v), kit_dir_name(d)) == 0)
            return true;
    }
    return false;
}

int bx_max_steps(const boxing *b, const table *t)
{
    return int_of(bx_working(t), b->boost == BOOST_MOVE ? "steps_boosted" : "steps", 0);
}

int bx_reach(const boxing *b, const table *t)
{
    return int_of(bx_working(t), b->boost == BOOST_SHOOT ? "reach_boosted" : "reach", 0);
}

/* The direction laser `letter` of ours faces, or -1. */
int bx_gun_dir(const table *t, int letter)
{
    char key[2] = {(char)('a' + letter), 0};
    return kit_dir_parse(json_string_value(json_object_get(json_object_get(bx_working(t), "guns"), key)));
}

/* Is (dx, dy) in the cone of a laser facing d, within king-distance r? */
bool bx_in_cone(int d, int dx, int dy, int r)
{
    if ((dx == 0 && dy == 0) || abs(dx) > r || abs(dy) > r)
        return false;
    int ux = kit_dx[d], uy = kit_dy[d];
    if (ux == 0 || uy == 0) {
        int along = dx * ux + dy * uy, across = ux == 0 ? dx : dy;
        return along > 0 && abs(across) <= along;
    }
    return dx * ux >= 0 && dy * uy >= 0;
}

int bx_enemies(const table *t, int *out)
{
    int n = 0, seats = int_of(t->view, "seats", 2);
    for (int s = 0; s < seats; s++) {
        if (s != t->seat && !json_is_true(json_object_get(bx_robot(t, s), "out")))
            out[n++] = s;
    }
    return n;
}
