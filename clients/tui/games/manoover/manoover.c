/*
 * manoover.c: Robot Attack (MANOOVER) in the terminal, the renderer's
 * table; the view every file reads, and what a new state changes.
 *
 * The hex board (board.c), the dice, your robots' moves, the score and the
 * match beside it (panel.c), keys and word commands (keys.c), the events as
 * sentences (log.c).
 */
#include <string.h>

#include "manoover.h"

const game_ui manoover_ui = {
    .id = "manoover",
    .size = sizeof(manoover),
    .commands_help = mv_commands,
    .update = mv_update,
    .draw = mv_draw,
    .key = mv_key,
    .command = mv_command,
    .hints = mv_hints,
    .status = mv_status,
    .describe = mv_describe,
    .refused = mv_refused,
};

/* ---- the hex directions ---- */

const int mv_compass[MV_DIRS] = {KIT_N, KIT_NE, KIT_SE, KIT_S, KIT_SW, KIT_NW};
const int mv_dq[MV_DIRS] = {0, 1, 1, 0, -1, -1}, mv_dr[MV_DIRS] = {-1, -1, 0, 1, 1, 0};

int mv_dir_parse(const char *word)
{
    int compass = kit_dir_parse(word);
    for (int d = 0; compass >= 0 && d < MV_DIRS; d++) {
        if (mv_compass[d] == compass)
            return d;
    }
    return -1;
}

/* ---- the view ---- */

cv_color mv_owner_color(const table *t, int owner)
{
    const char *name = json_string_value(json_array_get(json_object_get(t->view, "colours"), (size_t)owner));
    static const struct {
        const char *name;
        cv_color c;
    } colours[] = {{"red", CV_RED}, {"blue", CV_BLUE}, {"green", CV_GREEN}, {"yellow", CV_YELLOW},
                   {"white", CV_WHITE}, {"black", CV_GREY}};
    for (size_t i = 0; name && i < sizeof colours / sizeof colours[0]; i++) {
        if (strcmp(name, colours[i].name) == 0)
            return colours[i].c;
    }
    return cv_seat_color(owner);
}

const char *mv_owner_colour_name(const table *t, int owner)
{
    const char *name = json_string_value(json_array_get(json_object_get(t->view, "colours"), (size_t)owner));
    return name ? name : "?";
}

bool mv_my_control(const table *t)
{
    const char *phase = json_string_value(json_object_get(t->view, "phase"));
    return t->seat >= 0 && phase && strcmp(phase, "control") == 0 && int_of(t->view, "turn", -1) == t->seat &&
           json_is_object(json_object_get(t->view, "legal"));
}

/* The legal entry for robot `number` of ours, or NULL. */
const json_t *mv_legal_robot(const table *t, int number)
{
    size_t i;
    const json_t *r;
    json_array_foreach(json_object_get(json_object_get(t->view, "legal"), "robots"), i, r) {
        if (int_of(r, "number", 0) == number)
            return r;
    }
    return NULL;
}

bool mv_may_turn(const json_t *legal, int d)
{
    size_t i;
    const json_t *v;
    json_array_foreach(json_object_get(legal, "turn"), i, v) {
        if (strcmp(json_string_value(v), kit_dir_name(mv_compass[d])) == 0)
            return true;
    }
    return false;
}

const json_t *mv_robot_on(const table *t, int q, int r)
{
    size_t i;
    const json_t *rb;
    json_array_foreach(json_object_get(t->view, "robots"), i, rb) {
        const json_t *cell = json_object_get(rb, "cell");
        if ((int)json_integer_value(json_array_get(cell, 0)) == q && (int)json_integer_value(json_array_get(cell, 1)) == r)
            return rb;
    }
    return NULL;
}

const json_t *mv_my_robot(const table *t, int number)
{
    size_t i;
    const json_t *rb;
    json_array_foreach(json_object_get(t->view, "robots"), i, rb) {
        if (int_of(rb, "owner", -1) == t->seat && int_of(rb, "number", 0) == number)
            return rb;
    }
    return NULL;
}

void mv_update(void *self, table *t)
{
    manoover *m = self;
    m->nmoved = 0;
    size_t i;
    const json_t *ev;
    json_array_foreach(t->events, i, ev) {
        const char *kind = json_string_value(json_object_get(ev, "kind"));
        if (!kind || (strcmp(kind, "step") != 0 && strcmp(kind, "turned") != 0))
            continue;
        const json_t *robot = json_object_get(ev, "robot");
        if (m->nmoved < 8) {
            m->moved_owner[m->nmoved] = int_of(robot, "owner", -1);
            m->moved_number[m->nmoved++] = int_of(robot, "number", 0);
        }
    }
    /* keep the pick if it can still act; else the first robot that can */
    if (mv_my_control(t) && !mv_legal_robot(t, m->selected))
        m->selected = int_of(json_array_get(json_object_get(json_object_get(t->view, "legal"), "robots"), 0), "number", 0);
    if (!mv_my_control(t) && m->pass_armed) {
        m->pass_armed = false;
        table_retract(t, mv_pass_prompt);
    }
}

void mv_refused(void *self, table *t, const char *code, const char *message)
{
    manoover *m = self;
    (void)t, (void)code, (void)message;
    m->pass_armed = false;
}
