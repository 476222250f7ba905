/* log.c: Robot boxing's events as sentences for the log. */
#include <stdio.h>
#include <string.h>

#include "boxing.h"

bool bx_describe(void *self, table *t, const json_t *ev, char *buf, size_t len)
{
    (void)self;
    const char *kind = json_string_value(json_object_get(ev, "kind"));
    char name[100] = "";
    int seat = int_of(ev, "seat", -1);
    if (seat >= 0)
        table_name(t, seat, name, sizeof name);
    if (!kind)
        return false;
    if (strcmp(kind, "layout_in") == 0)
        snprintf(buf, len, "%s has laid out their robot.", name);
    else if (strcmp(kind, "layout_assigned") == 0)
        snprintf(buf, len, "%s ran out of time and got a random layout.", name);
    else if (strcmp(kind, "turn") == 0)
        snprintf(buf, len, "Turn %d: write your orders.", int_of(ev, "turn", 0));
    else if (strcmp(kind, "orders_in") == 0)
        snprintf(buf, len, "%s %s orders.", name, json_is_true(json_object_get(ev, "replaced")) ? "changed their" : "sent");
    else if (strcmp(kind, "resolved") == 0) {
        size_t n = 0, i;
        const json_t *shot;
        json_array_foreach(json_object_get(ev, "shots"), i, shot)
            n += json_is_true(json_object_get(shot, "destroyed"));
        snprintf(buf, len, "Turn %d resolves: %zu shot%s, %zu part%s destroyed.", int_of(ev, "turn", 0),
                 json_array_size(json_object_get(ev, "shots")), json_array_size(json_object_get(ev, "shots")) == 1 ? "" : "s",
                 n, n == 1 ? "" : "s");
    } else
        return false;
    return true;
}
