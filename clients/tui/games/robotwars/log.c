/* log.c: Robot Wars' events as sentences for the log. */
#include <stdio.h>
#include <string.h>

#include "robotwars.h"

bool rw_describe(void *self, table *t, const json_t *ev, char *buf, size_t len)
{
    (void)self;
    const char *kind = json_string_value(json_object_get(ev, "kind"));
    char name[64] = "", other[64] = "";
    if (!kind)
        return false;
    if (int_of(ev, "seat", -1) >= 0)
        table_name(t, int_of(ev, "seat", 0), name, sizeof name);
    if (int_of(ev, "target", -1) >= 0)
        table_name(t, int_of(ev, "target", 0), other, sizeof other);
    if (strcmp(kind, "setup") == 0)
        snprintf(buf, len, "%s: place your discs.", str_of(ev, "title"));
    else if (strcmp(kind, "allocated") == 0)
        snprintf(buf, len, "%s has placed their discs.", name);
    else if (strcmp(kind, "allocation_default") == 0)
        snprintf(buf, len, "%s ran out of time: their discs were placed for them.", name);
    else if (strcmp(kind, "turn_start") == 0)
        snprintf(buf, len, "%s's turn %d: %d move%s, %d turn%s.", name, int_of(ev, "round", 0),
                 int_of(ev, "moves", 0), int_of(ev, "moves", 0) == 1 ? "" : "s", int_of(ev, "turns", 0),
                 int_of(ev, "turns", 0) == 1 ? "" : "s");
    else if (strcmp(kind, "step") == 0)
        snprintf(buf, len, "%s steps %s.", name, str_of(ev, "move"));
    else if (strcmp(kind, "turned") == 0)
        snprintf(buf, len, "%s turns %s, now facing %s.", name, str_of(ev, "to"), str_of(ev, "facing"));
    else if (strcmp(kind, "push") == 0)
        snprintf(buf, len, "%s is pushed %s.", name, str_of(ev, "dir"));
    else if (strcmp(kind, "blocked") == 0)
        snprintf(buf, len, "%s's push is blocked by a %s.", name, str_of(ev, "by"));
    else if (strcmp(kind, "attack") == 0)
        snprintf(buf, len, "%s hits %s for %d (damage %d).", name, other, int_of(ev, "points", 0),
                 int_of(ev, "damage", 0));
    else if (strcmp(kind, "penalty") == 0)
        snprintf(buf, len, "%s takes %d on the %s (damage %d).", name, int_of(ev, "points", 0), str_of(ev, "hazard"),
                 int_of(ev, "damage", 0));
    else if (strcmp(kind, "pit_open") == 0)
        snprintf(buf, len, "The pit opens.");
    else if (strcmp(kind, "battle_over") == 0) {
        char out[64];
        table_name(t, int_of(ev, "eliminated", 0), out, sizeof out);
        snprintf(buf, len, "%s is over: %s is out (%s).", str_of(ev, "title"), out, rw_how_words(str_of(ev, "how")));
    } else
        return false;
    return true;
}
