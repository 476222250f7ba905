/* log.c: MANOOVER's events as sentences for the log. */
#include <stdio.h>
#include <string.h>

#include "manoover.h"

static void robot_name(const table *t, const json_t *robot, char *buf, size_t len)
{
    snprintf(buf, len, "%s %d", mv_owner_colour_name(t, int_of(robot, "owner", 0)), int_of(robot, "number", 0));
}

bool mv_describe(void *self, table *t, const json_t *ev, char *buf, size_t len)
{
    (void)self;
    const char *kind = json_string_value(json_object_get(ev, "kind"));
    char name[100] = "", robot[40];
    int seat = int_of(ev, "seat", -1);
    if (seat >= 0)
        table_name(t, seat, name, sizeof name);
    if (!kind)
        return false;
    robot_name(t, json_object_get(ev, "robot"), robot, sizeof robot);
    if (strcmp(kind, "roll") == 0) {
        char dice[64] = "";
        size_t i, n = 0;
        const json_t *d;
        json_array_foreach(json_object_get(ev, "dice"), i, d) {
            int w = snprintf(dice + n, sizeof dice - n, "%s%d", i ? " " : "", (int)json_integer_value(d));
            if (w < 0 || (size_t)w >= sizeof dice - n)
                break;
            n += (size_t)w;
        }
        snprintf(buf, len, "%s rolls %s.", name, dice);
    } else if (strcmp(kind, "turned") == 0) {
        int d = mv_dir_parse(json_string_value(json_object_get(ev, "dir")));
        snprintf(buf, len, "%s turns robot %s to face %s.", name, robot, d >= 0 ? kit_dir_word(mv_compass[d]) : "?");
    } else if (strcmp(kind, "step") == 0) {
        size_t pushes = json_array_size(json_object_get(ev, "pushes"));
        const char *phase = json_string_value(json_object_get(ev, "phase"));
        char pushed[40] = "";
        if (pushes)
            snprintf(pushed, sizeof pushed, ", pushing %zu robot%s", pushes, pushes == 1 ? "" : "s");
        int d = mv_dir_parse(json_string_value(json_object_get(ev, "dir")));
        const char *way = d >= 0 ? kit_dir_word(mv_compass[d]) : "?";
        /* robots are named one way in the log, "robot red 4", ways in words */
        if (phase && strcmp(phase, "automatic") == 0)
            snprintf(buf, len, "Automatic: robot %s steps %s%s.", robot, way, pushed);
        else
            snprintf(buf, len, "Robot %s steps %s%s.", robot, way, pushed);
    } else if (strcmp(kind, "scored") == 0) {
        int goal = int_of(ev, "goal", 0);
        table_name(t, goal, name, sizeof name);
        snprintf(buf, len, "Robot %s enters %s's goal: a point for %s.", robot, mv_owner_colour_name(t, goal), name);
    } else if (strcmp(kind, "off_board") == 0) {
        snprintf(buf, len, "Robot %s falls off the board.", robot);
    } else if (strcmp(kind, "player_out") == 0) {
        snprintf(buf, len, "%s has no robot left.", name);
    } else if (strcmp(kind, "pass") == 0) {
        snprintf(buf, len, "%s passes.", name);
    } else if (strcmp(kind, "game_over") == 0) {
        snprintf(buf, len, "Game %d is over.", int_of(ev, "game", 0));
    } else if (strcmp(kind, "game_start") == 0) {
        int first = int_of(ev, "first", 0);
        table_name(t, first, name, sizeof name);
        snprintf(buf, len, "Game %d begins; %s goes first.", int_of(ev, "game", 0), name);
    } else {
        return false; /* turn_start, phase, match_over: the frame and the board say it */
    }
    return true;
}
