/*
 * keys.c: during your control phase a digit picks the robot a die names,
 * Enter (or f) steps it forward, w e d s a q turn it to N NE SE S SW NW
 * (the hex keys around s), Tab goes to the next robot, p twice passes;
 * each has its word command.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "manoover.h"

const char *const mv_commands[] = {
    "step N           step robot N forward (a die must name N)",
    "turn N DIR       turn robot N to face DIR: N NE SE S SW NW",
    "pass             end your control phase, leaving dice unused",
    "select N         pick robot N for the keys",
    NULL,
};

const char mv_pass_prompt[] = "Press p again to pass: your unused dice are lost.";

/* The hex keys: the six around s on a QWERTY keyboard, clockwise from w. */
static const char dir_keys[MV_DIRS] = {'w', 'e', 'd', 's', 'a', 'q'};

static int act_turn(manoover *m, table *t, int number, int d)
{
    const json_t *legal = mv_legal_robot(t, number);
    if (!mv_my_control(t)) {
        table_notify(t, true, "It is not your turn to move robots.");
        return GAME_CMD_ERROR;
    }
    if (!legal) {
        table_notify(t, true, "No die of yours names robot %d.", number);
        return GAME_CMD_ERROR;
    }
    if (!mv_may_turn(legal, d)) {
        table_notify(t, true, "Robot %d already points %s.", number, kit_dir_word(mv_compass[d]));
        return GAME_CMD_ERROR;
    }
    m->selected = number;
    table_actf(t, "{s:s, s:i, s:s}", "kind", "turn", "robot", number, "dir", kit_dir_name(mv_compass[d]));
    return GAME_CMD_DONE;
}

static int act_step(manoover *m, table *t, int number)
{
    if (!mv_my_control(t)) {
        table_notify(t, true, "It is not your turn to move robots.");
        return GAME_CMD_ERROR;
    }
    if (!mv_legal_robot(t, number)) {
        table_notify(t, true, number ? "No die of yours names robot %d." : "Pick a robot first (its number).", number);
        return GAME_CMD_ERROR;
    }
    m->selected = number;
    table_actf(t, "{s:s, s:i}", "kind", "step", "robot", number);
    return GAME_CMD_DONE;
}

static int act_pass(table *t)
{
    if (!mv_my_control(t)) {
        table_notify(t, true, "It is not your turn.");
        return GAME_CMD_ERROR;
    }
    table_actf(t, "{s:s}", "kind", "pass");
    return GAME_CMD_DONE;
}

static int number_of(const char *word)
{
    char *end;
    long n = strtol(word, &end, 10);
    return *end || n < 1 || n > 9 ? -1 : (int)n;
}

int mv_command(void *self, table *t, int argc, char **argv, const char *rest)
{
    manoover *m = self;
    (void)rest;
    const char *w = argv[0];
    if (strcasecmp(w, "turn") == 0 || strcasecmp(w, "move") == 0) {
        int n = argc == 3 ? number_of(argv[1]) : -1, d = argc == 3 ? mv_dir_parse(argv[2]) : -1;
        if (argc == 2 && m->selected)
            n = m->selected, d = mv_dir_parse(argv[1]);
        if (n < 0 || d < 0) {
            table_notify(t, true, "Use: turn ROBOT DIR, such as turn 2 NE (N NE SE S SW NW).");
            return GAME_CMD_ERROR;
        }
        return act_turn(m, t, n, d);
    }
    if (strcasecmp(w, "step") == 0) {
        int n = argc == 2 ? number_of(argv[1]) : argc == 1 ? m->selected : -1;
        if (n < 0) {
            table_notify(t, true, "Use: step ROBOT, such as step 2.");
            return GAME_CMD_ERROR;
        }
        return act_step(m, t, n);
    }
    if (strcasecmp(w, "pass") == 0)
        return act_pass(t);
    if (strcasecmp(w, "select") == 0) {
        int n = argc == 2 ? number_of(argv[1]) : -1;
        if (n < 0 || !mv_legal_robot(t, n)) {
            table_notify(t, true, "Select a robot a die of yours names.");
            return GAME_CMD_ERROR;
        }
        m->selected = n;
        return GAME_CMD_DONE;
    }
    return GAME_CMD_UNKNOWN;
}

static void select_next(manoover *m, table *t)
{
    const json_t *robots = json_object_get(json_object_get(t->view, "legal"), "robots");
    size_t n = json_array_size(robots), i;
    if (!n)
        return;
    for (i = 0; i < n; i++) {
        if (int_of(json_array_get(robots, i), "number", 0) == m->selected)
            break;
    }
    m->selected = int_of(json_array_get(robots, i < n ? (i + 1) % n : 0), "number", 0);
}

bool mv_key(void *self, table *t, int key)
{
    manoover *m = self;
    if (!mv_my_control(t))
        return false;
    if (key != 'p' && m->pass_armed) {
        m->pass_armed = false;
        table_retract(t, mv_pass_prompt);
    }
    if (key >= '1' && key <= '9') {
        int n = key - '0';
        if (mv_legal_robot(t, n))
            m->selected = n;
        else
            table_notify(t, true, "No die of yours names robot %d.", n);
        return true;
    }
    if (key == K_TAB) {
        select_next(m, t);
        return true;
    }
    if (key == K_ENTER || key == 'f' || key == ' ') {
        act_step(m, t, m->selected);
        return true;
    }
    if (key == 'p') {
        if (m->pass_armed) {
            m->pass_armed = false;
            act_pass(t);
        } else {
            m->pass_armed = true;
            table_notify(t, false, "%s", mv_pass_prompt);
        }
        return true;
    }
    for (int d = 0; d < MV_DIRS; d++) {
        if (key == dir_keys[d]) {
            if (!m->selected)
                table_notify(t, true, "Pick a robot first: the number on one of your dice.");
            else
                act_turn(m, t, m->selected, d);
            return true;
        }
    }
    return false;
}

int mv_hints(void *self, table *t, game_hint *out, int max)
{
    (void)self;
    kit_hints h = {out, 0, max};
    if (mv_my_control(t)) {
        kit_hint(&h, "1-8", "robot", NULL);
        kit_hint(&h, "Enter", "step", "step");
        kit_hint(&h, "w e d s a q", "turn N NE SE S SW NW", NULL);
        kit_hint(&h, "p p", "pass", NULL);
    }
    return h.n;
}

int mv_status(void *self, table *t, char *text, size_t len, int *seats)
{
    (void)self;
    const char *phase = json_string_value(json_object_get(t->view, "phase"));
    if (!phase || strcmp(phase, "control") != 0)
        return -1;
    seats[0] = int_of(t->view, "turn", 0);
    int left = 0;
    size_t i;
    const json_t *d;
    json_array_foreach(json_object_get(t->view, "dice"), i, d)
        left += !json_is_true(json_object_get(d, "used")) && json_is_true(json_object_get(d, "usable"));
    if (seats[0] != t->seat && left) /* the mover's dice, not our keys: "Waiting for Bot 2: 2 dice to use" */
        snprintf(text, len, "%d %s to use", left, left == 1 ? "die" : "dice");
    else if (seats[0] != t->seat)
        snprintf(text, len, "no die to use");
    else if (left == 1)
        snprintf(text, len, "1 die to use: step or turn the robot it names");
    else if (left > 1)
        snprintf(text, len, "%d dice to use: step or turn the robots they name", left);
    else
        snprintf(text, len, "no die names a robot that can move: p p ends the turn");
    return 1;
}
