/*
 * robotwars.c: Robot Wars in the terminal, the renderer's table; the view
 * every file reads, and what a new state changes.
 *
 * The war zone (board.c), the battle, its robots and the bracket beside it
 * (panel.c), the disc allocation of the set-up (discs.c), the moves of a
 * turn as keys and words (keys.c), the events as sentences (log.c).
 */
#include <string.h>

#include "robotwars.h"

const game_ui robotwars_ui = {
    .id = "robotwars",
    .size = sizeof(robotwars),
    .commands_help = rw_commands,
    .update = rw_update,
    .draw = rw_draw,
    .key = rw_key,
    .command = rw_command,
    .hints = rw_hints,
    .status = rw_status,
    .describe = rw_describe,
    .moment = rw_moment,
};

/* ---- the view ---- */

const char *const rw_cap_keys[RW_CAPS] = {"speed", "power", "manoeuvrability"};
const char *const rw_cap_names[RW_CAPS] = {"Speed", "Power", "Manoeuvrability"};

const json_t *rw_battle(const table *t)
{
    return json_object_get(t->view, "battle");
}

const json_t *rw_my_robot(const table *t)
{
    return kit_mine(t, json_object_get(rw_battle(t), "robots"));
}

int rw_turn_seat(const table *t)
{
    return int_of(json_object_get(rw_battle(t), "turn"), "seat", -1);
}

bool rw_my_turn(const table *t)
{
    return kit_phase_is(t, "battle") && t->seat >= 0 && rw_turn_seat(t) == t->seat;
}

bool rw_allocating(const table *t)
{
    const json_t *r = rw_my_robot(t);
    return kit_phase_is(t, "setup") && r && !json_is_true(json_object_get(r, "allocated")) && int_of(r, "discs", 0) > 0;
}

int rw_cap_max(const table *t, int cap)
{
    return int_of(json_object_get(json_object_get(t->view, "limits"), rw_cap_keys[cap]), "max", 0);
}

int rw_cap_level(const json_t *r, int cap)
{
    return int_of(json_object_get(r, "caps"), rw_cap_keys[cap], 0);
}

const char *rw_how_words(const char *how)
{
    static const char *const words[][2] = {
        {"speed", "no Speed left"},
        {"pit", "in the pit"},
        {"rip", "RIP on the house robot die"},
        {"turn_limit", "the most damage at the turn limit"},
    };
    for (size_t i = 0; how && i < sizeof words / sizeof words[0]; i++) {
        if (strcmp(how, words[i][0]) == 0)
            return words[i][1];
    }
    return how ? how : "";
}

/* Robots take their turns one after another within a round: each turn is a
 * moment of its own, and so is each battle. */
void rw_moment(void *self, table *t, char *buf, size_t len)
{
    (void)self;
    table_moment(t, buf, len);
    size_t n = strlen(buf);
    const json_t *b = rw_battle(t);
    snprintf(buf + n, len - n, "%d;%d;%d", int_of(b, "index", -1), int_of(b, "round", 0), rw_turn_seat(t));
}

void rw_update(void *self, table *t)
{
    robotwars *w = self;
    int index = int_of(rw_battle(t), "index", -1) + 1;
    if (w->battle != index) {
        w->battle = index;
        memset(w->add, 0, sizeof w->add);
    }
}
