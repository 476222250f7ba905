/*
 * panel.c: beside the board, whose turn and the dice (used ones ticked),
 * what each of your robots may do, the score and the match.
 */
#include <stdio.h>
#include <string.h>

#include "manoover.h"

static int panel_dice(manoover *m, table *t, canvas c, int y)
{
    int turn = int_of(t->view, "turn", -1);
    char name[100];
    table_name(t, turn, name, sizeof name);
    int x = cv_textf(c, y, 0, CV_BOLD, "%s (%s): ", turn == t->seat ? "You" : name, mv_owner_colour_name(t, turn));
    size_t i;
    const json_t *d;
    json_array_foreach(json_object_get(t->view, "dice"), i, d) {
        bool used = json_is_true(json_object_get(d, "used")), usable = json_is_true(json_object_get(d, "usable"));
        int value = int_of(d, "value", 0);
        cv_style st = used ? CV_DIM : usable ? CV_BOLD | CV_FG(mv_owner_color(t, turn)) : CV_DIM;
        if (!used && value == m->selected && turn == t->seat)
            st |= CV_REVERSE;
        x += cv_textf(c, y, x, st, "[%d]", value);
        if (used)
            x += cv_text(c, y, x, CV_DIM, cv_glyph_text(&c, CV_G_CHECK));
        x++;
    }
    y++;
    const json_t *aside = json_object_get(t->view, "set_aside");
    if (json_array_size(aside)) {
        char text[64] = "";
        size_t n = 0;
        json_array_foreach(aside, i, d) {
            int w = snprintf(text + n, sizeof text - n, " %d", (int)json_integer_value(d));
            if (w < 0 || (size_t)w >= sizeof text - n)
                break;
            n += (size_t)w;
        }
        cv_textf(c, y++, 1, CV_DIM, "set aside (gone robots):%s", text);
    }
    if (!mv_my_control(t))
        return y;
    y++;
    cv_text(c, y++, 0, CV_BOLD, "Your robots with dice:");
    json_array_foreach(json_object_get(json_object_get(t->view, "legal"), "robots"), i, d) {
        int number = int_of(d, "number", 0);
        char turns[64] = "";
        size_t k;
        const json_t *dir;
        json_array_foreach(json_object_get(d, "turn"), k, dir) {
            strncat(turns, k ? " " : "", sizeof turns - strlen(turns) - 1);
            strncat(turns, json_string_value(dir), sizeof turns - strlen(turns) - 1);
        }
        cv_style st = number == m->selected ? CV_REVERSE | CV_BOLD : CV_BOLD;
        cv_textf(c, y, 1, st, "%d", number);
        char line[160];
        snprintf(line, sizeof line, "%d %s: %sturn %s", int_of(d, "dice", 0),
                 int_of(d, "dice", 0) == 1 ? "die" : "dice",
                 json_is_true(json_object_get(d, "step")) ? "step, " : "", turns);
        cv_text_fit(c, y, 3, c.w - 4, 0, line);
        char command[24];
        snprintf(command, sizeof command, "select %d", number);
        cv_click_at(c, y, 0, c.w, command);
        y++;
    }
    return y;
}

static int panel_score(table *t, canvas c, int y)
{
    int seats = int_of(t->view, "seats", 2);
    const json_t *match = json_object_get(t->view, "match");
    int to = int_of(match, "to", 0);
    cv_text(c, y++, 0, CV_BOLD, "In goal   on board   match");
    for (int s = 0; s < seats; s++) {
        char name[100];
        table_name(t, s, name, sizeof name);
        cv_style st = CV_FG(mv_owner_color(t, s)) | CV_BOLD;
        int score = (int)json_integer_value(json_array_get(json_object_get(t->view, "score"), (size_t)s));
        int alive = (int)json_integer_value(json_array_get(json_object_get(t->view, "alive"), (size_t)s));
        int total = (int)json_integer_value(json_array_get(json_object_get(match, "totals"), (size_t)s));
        cv_textf(c, y, 0, st, "%-7.7s", mv_owner_colour_name(t, s));
        cv_textf(c, y, 8, 0, "%2d   %2d", score, alive);
        if (to > 0)
            cv_textf(c, y, 19, 0, "%d/%d", total, to);
        /* the mark the robots wear without colours (board.c), tying them to a name */
        cv_glyph_at(c, y, 26, st, cv_seat_shape(s));
        cv_text_fit(c, y, 28, c.w - 29, s == t->seat ? CV_BOLD : CV_DIM, name);
        y++;
    }
    return y;
}

static void draw_panel(manoover *m, table *t, canvas c)
{
    int y = 0;
    const json_t *match = json_object_get(t->view, "match");
    int to = int_of(match, "to", 0);
    if (to > 0)
        cv_textf(c, y++, 0, CV_BOLD, "Game %d of a match to %d, turn %d", int_of(t->view, "game", 1), to,
                 int_of(t->view, "turn_number", 0));
    else
        cv_textf(c, y++, 0, CV_BOLD, "Turn %d", int_of(t->view, "turn_number", 0));
    if (t->seat >= 0)
        cv_textf(c, y++, 0, CV_FG(mv_owner_color(t, t->seat)) | CV_BOLD, "You play %s; your goal is %s%d",
                 mv_owner_colour_name(t, t->seat), cv_glyph_text(&c, CV_G_RING), t->seat + 1);
    y++;
    const char *phase = json_string_value(json_object_get(t->view, "phase"));
    if (phase && strcmp(phase, "control") == 0) {
        y = panel_dice(m, t, c, y);
    } else {
        const json_t *games = json_object_get(match, "games");
        const json_t *last = json_array_get(games, json_array_size(games) - 1);
        if (last) {
            cv_textf(c, y++, 0, CV_BOLD, "Game %d over", int_of(last, "game", 0));
            int64_t next = table_ms_left(t);
            if (next >= 0 && !json_is_true(json_object_get(match, "over"))) {
                char clock[32];
                table_clock_text(next, clock, sizeof clock);
                cv_textf(c, y++, 0, 0, "The next game starts in %s", clock);
            }
        }
    }
    y++;
    y = panel_score(t, c, y);
    const json_t *off = json_object_get(t->view, "off_board");
    if (json_array_size(off) && y < c.h)
        cv_textf(c, y++, 0, CV_DIM, "Off the board: %d robots", (int)json_array_size(off));
}

void mv_draw(void *self, table *t, canvas c)
{
    manoover *m = self;
    int R = int_of(t->view, "radius", 3);
    if (R < 1 || R > MV_MAX_RADIUS)
        R = MV_MAX_RADIUS;
    hexes h = {.radius = R, .ox = 1, .oy = 0};
    int height = 4 * R + 3, width = 4 * (2 * R + 1) + 1;
    if (c.h > height + 1)
        h.oy = (c.h - height) / 2 - 1;
    if (h.oy < 0)
        h.oy = 0;
    mv_draw_board(m, t, c, &h);
    int px = h.ox + width + 3;
    draw_panel(m, t, cv_sub(c, 0, px, c.h, c.w - px));
}
