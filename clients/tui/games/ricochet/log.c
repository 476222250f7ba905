/* log.c: Ricochet Robots' events as sentences for the log. */
#include <stdio.h>
#include <string.h>

#include "ricochet.h"

bool rr_describe(void *self, table *t, const json_t *ev, char *buf, size_t len)
{
    (void)self;
    const char *kind = json_string_value(json_object_get(ev, "kind"));
    char name[100] = "", chip[80], where[8];
    int seat = int_of(ev, "seat", -1);
    if (seat >= 0)
        table_name(t, seat, name, sizeof name);
    if (!kind)
        return false;
    if (strcmp(kind, "reveal") == 0) {
        rr_target tg;
        rr_read_target(json_object_get(ev, "target"), &tg);
        rr_chip_words(&tg, chip, sizeof chip);
        rr_cell_name(tg.cell, where, sizeof where);
        snprintf(buf, len, "Round %d: the target is %s at %s.", int_of(ev, "round", 0), chip, where);
    } else if (strcmp(kind, "bid") == 0) {
        snprintf(buf, len, "%s %s %d.", name, json_is_true(json_object_get(ev, "lowered")) ? "lowers the bid to" : "bids",
                 int_of(ev, "moves", 0));
    } else if (strcmp(kind, "timer") == 0) {
        const char *by = json_string_value(json_object_get(ev, "by"));
        if (by && strcmp(by, "player") == 0)
            snprintf(buf, len, "%s turns the sand timer.", name);
        else if (by && strcmp(by, "idle") == 0)
            snprintf(buf, len, "Nobody bid for long: the sand timer runs.");
        else
            snprintf(buf, len, "The sand timer runs.");
    } else if (strcmp(kind, "timer_out") == 0) {
        int first = (int)json_integer_value(json_array_get(json_object_get(ev, "order"), 0));
        table_name(t, first, name, sizeof name);
        snprintf(buf, len, "Time is up: %s shows first.", json_array_size(json_object_get(ev, "order")) ? name : "nobody");
    } else if (strcmp(kind, "demo_start") == 0) {
        snprintf(buf, len, "%s shows a solution in %d moves.", name, int_of(ev, "bid", 0));
    } else if (strcmp(kind, "move") == 0) {
        int d = rr_dir_parse(json_string_value(json_object_get(ev, "dir")));
        rr_cell_name(int_of(ev, "to", -1), where, sizeof where);
        snprintf(buf, len, "%s: %s %s to %s (%d of %d)%s", name,
                 json_string_value(json_object_get(ev, "robot")), d >= 0 ? kit_dir_word(kit_side_dir(d)) : "?", where,
                 int_of(ev, "moves_made", 0), int_of(ev, "bid", 0),
                 json_is_true(json_object_get(ev, "solved")) ? ": solved!" : "");
    } else if (strcmp(kind, "demo_end") == 0) {
        const char *end = json_string_value(json_object_get(ev, "end"));
        if (end && strcmp(end, "solved") == 0)
            snprintf(buf, len, "%s solved it in %d moves.", name, int_of(ev, "moves", 0));
        else if (end && strcmp(end, "gave_up") == 0)
            snprintf(buf, len, "%s gave up.", name);
        else if (end && strcmp(end, "time") == 0)
            snprintf(buf, len, "%s ran out of time.", name);
        else
            snprintf(buf, len, "%s used all %d moves without reaching the target.", name, int_of(ev, "bid", 0));
    } else if (strcmp(kind, "round_end") == 0) {
        rr_target tg;
        rr_read_target(json_object_get(ev, "target"), &tg);
        rr_chip_words(&tg, chip, sizeof chip);
        const char *outcome = json_string_value(json_object_get(ev, "outcome"));
        int winner = int_of(ev, "winner", -1);
        if (outcome && strcmp(outcome, "won") == 0) {
            table_name(t, winner, name, sizeof name);
            snprintf(buf, len, "%s takes %s.", name, chip);
        } else if (outcome && strcmp(outcome, "no_bids") == 0) {
            snprintf(buf, len, "Nobody bid: %s goes back into the pile.", chip);
        } else {
            snprintf(buf, len, "Nobody showed a solution: %s goes back.", chip);
        }
    } else if (strcmp(kind, "optimal") == 0) {
        const json_t *opt = json_object_get(ev, "optimal");
        if (int_of(opt, "moves", 0) > 0)
            snprintf(buf, len, "The best solution takes %d moves.", int_of(opt, "moves", 0));
        else
            return false;
    } else if (strcmp(kind, "over") == 0) {
        return false; /* the frame shows the result */
    } else {
        return false;
    }
    return true;
}
