/*
 * keys.c: the keys go to the layout editor or the order composer, whichever
 * is open; the word commands, the footer's keys and the turn bar.
 */
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>

#include "boxing.h"

const char *const bx_commands[] = {
    "layout ROW ROW ROW LASERS [BOOSTER]   lock in a layout: layout gha ibc fed abcd",
    "layout                                lock in the layout on screen (layout random: a random one)",
    "orders [DIR ...] [boost=move|shoot] [fire=L target=L [robot=N]]",
    "                                      send orders: orders N NE boost=move fire=d target=c",
    "orders                                send the orders on screen",
    "robot N                               aim at robot N (three or more robots)",
    NULL,
};

bool bx_key(void *self, table *t, int key)
{
    boxing *b = self;
    if (bx_editing_layout(t))
        return bx_editor_key(b, t, key);
    if (bx_writing_orders(t) && bx_working(t))
        return bx_orders_key(b, t, key);
    return false;
}

int bx_command(void *self, table *t, int argc, char **argv, const char *rest)
{
    boxing *b = self;
    (void)rest;
    const char *w = argv[0];
    if (strcasecmp(w, "layout") == 0)
        return bx_layout_command(b, t, argc, argv);
    if (strcasecmp(w, "orders") == 0)
        return bx_orders_command(b, t, argc, argv);
    if (strcasecmp(w, "slot") == 0 && argc == 2 && atoi(argv[1]) >= 1 && atoi(argv[1]) <= 9) {
        b->cursor = atoi(argv[1]) - 1;
        return GAME_CMD_DONE;
    }
    if (strcasecmp(w, "robot") == 0 && argc == 2) {
        int s = atoi(argv[1]) - 1;
        if (s < 0 || s >= int_of(t->view, "seats", 2) || s == t->seat) {
            table_notify(t, true, "Aim at another robot: robot N (its seat number).");
            return GAME_CMD_ERROR;
        }
        b->target_robot = s;
        return GAME_CMD_DONE;
    }
    return GAME_CMD_UNKNOWN;
}

int bx_hints(void *self, table *t, game_hint *out, int max)
{
    boxing *b = self;
    kit_hints h = {out, 0, max};
    bool orders = bx_writing_orders(t) && bx_working(t);
    if (orders && b->mode == MODE_FIRE) {
        /* f waits for a letter: the keys that answer it, nothing else */
        kit_hint(&h, "a-i", "the laser to fire", NULL);
        kit_hint(&h, "-", "hold fire", NULL);
        kit_hint(&h, "Esc", "never mind", NULL);
    } else if (orders && b->mode == MODE_TARGET) {
        kit_hint(&h, "a-i", "the enemy slot to hit", NULL);
        kit_hint(&h, "Esc", "never mind", NULL);
    } else if (bx_editing_layout(t)) {
        kit_hint(&h, "arrows", "slot", NULL);
        kit_hint(&h, "a-i", "letter", NULL);
        kit_hint(&h, "1/2", "laser/engine", NULL);
        kit_hint(&h, "r", "deal", NULL);
        kit_hint(&h, "Enter", "lock in", "layout");
    } else if (orders) {
        /* short: at 80 columns every one of them fits (the panel says the booster's state) */
        kit_hint(&h, "arrows", "step", NULL);
        kit_hint(&h, "Enter", "send", "orders");
        kit_hint(&h, "Bksp", "undo", NULL);
        kit_hint(&h, "m", "boost", NULL);
        kit_hint(&h, "f", "fire", NULL);
        kit_hint(&h, "t", "target", NULL);
        if (int_of(t->view, "seats", 2) > 2)
            kit_hint(&h, "o", "aim", NULL);
    }
    return h.n;
}

int bx_status(void *self, table *t, char *text, size_t len, int *seats)
{
    (void)self;
    int n = 0, total = int_of(t->view, "seats", 2);
    bool layout = kit_phase_is(t, "layout");
    if (!layout && !kit_phase_is(t, "orders"))
        return -1;
    for (int s = 0; s < total && n < 8; s++) {
        const json_t *r = bx_robot(t, s);
        bool done = layout ? json_is_true(json_object_get(r, "layout_in"))
                           : json_is_true(json_object_get(r, "orders_in")) || json_is_true(json_object_get(r, "out"));
        if (!done)
            seats[n++] = s;
    }
    snprintf(text, len, "%s", layout ? "lay out the robot" : "write the orders for this turn");
    return n;
}
