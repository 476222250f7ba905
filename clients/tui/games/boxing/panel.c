/*
 * panel.c: beside the ring, your robot and its orders, what each other
 * robot is known to have (slots destroyed, lasers seen firing, directions
 * seen moving; every layout once the fight is over) and the last turn's
 * shots.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "boxing.h"

/* What is known of a robot: destroyed slots, lasers seen, ways seen moving. */
static int draw_robot_facts(table *t, canvas c, int y, int s)
{
    const json_t *rb = bx_robot(t, s);
    char name[100];
    table_name(t, s, name, sizeof name);
    cv_seat_mark(c, y, 0, s);
    int x = 3 + cv_text_fit(c, y, 3, 20, s == t->seat ? CV_BOLD : 0, name);
    if (json_is_true(json_object_get(rb, "out")))
        cv_text(c, y, x + 1, CV_FG(CV_RED) | CV_BOLD, "knocked out");
    else if (kit_phase_is(t, "orders"))
        cv_text(c, y, x + 1, json_is_true(json_object_get(rb, "orders_in")) ? CV_FG(CV_GREEN) : CV_DIM,
                json_is_true(json_object_get(rb, "orders_in")) ? "orders in" : "writing orders");
    y++;
    const char *destroyed = json_string_value(json_object_get(rb, "destroyed"));
    char fired[80] = "";
    const char *key;
    const json_t *v;
    json_object_foreach(json_object_get(rb, "fired"), key, v) {
        char item[16];
        snprintf(item, sizeof item, " %s%s", key, json_string_value(v));
        strncat(fired, item, sizeof fired - strlen(fired) - 1);
    }
    char moved[64] = "";
    size_t i;
    json_array_foreach(json_object_get(rb, "moved"), i, v) {
        strncat(moved, " ", sizeof moved - strlen(moved) - 1);
        strncat(moved, json_string_value(v), sizeof moved - strlen(moved) - 1);
    }
    if (s != t->seat) {
        cv_textf(c, y++, 2, 0, "hit: %s", destroyed && *destroyed ? destroyed : "nothing yet");
        cv_textf(c, y++, 2, CV_DIM, "fired:%s  moved:%s", fired[0] ? fired : " -", moved[0] ? moved : " -");
        /* after the fight every layout is revealed */
        const json_t *layout = json_object_get(rb, "layout");
        if (json_is_object(layout) && y + 5 <= c.h) {
            int letters[BX_SLOTS], parts[BX_SLOTS];
            bx_layout_from_view(layout, letters, parts);
            bx_draw_grid(c, y, 2, letters, parts, destroyed, -1);
            y += 6;
        }
    }
    return y;
}

static void draw_last(table *t, canvas c, int y)
{
    const json_t *last = json_object_get(t->view, "last");
    if (!json_is_object(last) || y >= c.h)
        return;
    cv_textf(c, y++, 0, CV_BOLD, "Turn %d", int_of(last, "turn", 0));
    size_t i;
    const json_t *shot;
    json_array_foreach(json_object_get(last, "shots"), i, shot) {
        if (y >= c.h)
            return;
        char name[80], target[80], line[300];
        table_name(t, int_of(shot, "seat", 0), name, sizeof name);
        table_name(t, int_of(shot, "target_robot", 0), target, sizeof target);
        const char *slot = json_string_value(json_object_get(shot, "target"));
        bool hit = json_is_true(json_object_get(shot, "hit")), destroyed = json_is_true(json_object_get(shot, "destroyed"));
        /* the browser's sentence (turn.js): the laser, its way in words, the outcome and why */
        char outcome[80];
        if (destroyed)
            snprintf(outcome, sizeof outcome, "hit, %s destroyed", slot ? slot : "?");
        else if (hit)
            snprintf(outcome, sizeof outcome, "hit, but %s was already destroyed", slot ? slot : "?");
        else
            snprintf(outcome, sizeof outcome, "%s", json_is_true(json_object_get(shot, "in_cone")) ? "missed, out of reach"
                                                                                                : "missed, outside the laser's cone");
        snprintf(line, sizeof line, "%s fired laser %s (%s) at %s's %s: %s", name, str_of(shot, "fire"),
                 kit_dir_word(kit_dir_parse(str_of(shot, "direction"))), target, slot ? slot : "?", outcome);
        y += cv_wrap(c, y, 1, c.w - 2, 3, destroyed ? CV_FG(CV_RED) : 0, line);
    }
}

static void draw_fight(boxing *b, table *t, canvas c)
{
    int size = int_of(t->view, "size", 8);
    int cw = size * 3 + 8 <= c.w / 2 ? 3 : 2;
    int oy = 1, ox = 4;
    bx_draw_ring(b, t, c, oy, ox, cw);
    int px = ox + size * cw + 4;
    canvas p = cv_sub(c, 0, px, c.h, c.w - px);
    int y = 0;
    cv_textf(p, y++, 0, CV_BOLD, "Turn %d of %d", int_of(t->view, "turn", 0), int_of(t->view, "turn_limit", 0));
    const json_t *m = bx_me(t);
    const json_t *layout = json_object_get(m, "layout");
    if (json_is_object(layout)) {
        int letters[BX_SLOTS], parts[BX_SLOTS];
        bx_layout_from_view(layout, letters, parts);
        bx_draw_grid(p, y, 1, letters, parts, json_string_value(json_object_get(m, "destroyed")), -1);
        const json_t *w = bx_working(t);
        bool booster = json_is_true(json_object_get(w, "booster"));
        cv_textf(p, y, 20, 0, "steps %d", int_of(w, "steps", 0));
        cv_textf(p, y + 2, 20, 0, "reach %d", int_of(w, "reach", 0));
        if (booster)
            cv_textf(p, y + 4, 20, CV_DIM, "boosted: %d / %d", int_of(w, "steps_boosted", 0),
                     int_of(w, "reach_boosted", 0));
        else
            cv_text(p, y + 4, 20, CV_DIM, "no booster");
        y += 6;
    }
    if (bx_writing_orders(t) && bx_working(t))
        y = bx_draw_composer(b, t, p, y) + 1;
    int seats = int_of(t->view, "seats", 2);
    for (int s = 0; s < seats && y < p.h; s++) {
        if (s == t->seat)
            continue;
        y = draw_robot_facts(t, p, y, s);
    }
    draw_last(t, p, y + 1);
}

void bx_draw(void *self, table *t, canvas c)
{
    boxing *b = self;
    if (!b->dealt) {
        b->rng = (unsigned)(t->now ^ (int64_t)(uintptr_t)b) | 1u;
        bx_deal(b);
    }
    if (bx_editing_layout(t))
        bx_draw_editor(b, t, c);
    else
        draw_fight(b, t, c);
}
