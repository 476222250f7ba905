/*
 * boxing.c: Robot boxing in the terminal, the renderer's table; the view
 * every file reads, and what a new state changes.
 *
 * Before the fight the layout editor (editor.c), during it the ring
 * (ring.c) with the order composer (orders.c) and what each robot is known
 * to have beside it (panel.c); a robot's 3x3 and what it can do (robot.c),
 * the keys and word commands (keys.c), the events as sentences (log.c).
 */

#include "boxing.h"

const game_ui boxing_ui = {
    .id = "boxing",
    .size = sizeof(boxing),
    .commands_help = bx_commands,
    .update = bx_update,
    .draw = bx_draw,
    .key = bx_key,
    .command = bx_command,
    .hints = bx_hints,
    .status = bx_status,
    .describe = bx_describe,
};

/* ---- the view ---- */

const json_t *bx_robot(const table *t, int seat)
{
    return json_array_get(json_object_get(t->view, "robots"), (size_t)seat);
}

const json_t *bx_me(const table *t)
{
    return t->seat >= 0 ? bx_robot(t, t->seat) : NULL;
}

int bx_letter_of(int c)
{
    return c >= 'a' && c <= 'i' ? c - 'a' : -1;
}

bool bx_cell_of(const json_t *r, int *x, int *y)
{
    const json_t *cell = json_object_get(r, "cell");
    if (!json_is_array(cell))
        return false;
    *x = (int)json_integer_value(json_array_get(cell, 0));
    *y = (int)json_integer_value(json_array_get(cell, 1));
    return true;
}

bool bx_editing_layout(const table *t)
{
    return kit_phase_is(t, "layout") && bx_me(t) && !json_is_true(json_object_get(bx_me(t), "layout_in"));
}

bool bx_writing_orders(const table *t)
{
    const json_t *m = bx_me(t);
    return kit_phase_is(t, "orders") && m && !json_is_true(json_object_get(m, "out"));
}

void bx_update(void *self, table *t)
{
    boxing *b = self;
    if (bx_writing_orders(t) && b->turn != int_of(t->view, "turn", 0))
        bx_reset_orders(b, t);
}
