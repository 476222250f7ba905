/* log.c: Robot Wars' events as sentences for the log. */
#include <stdio.h>
#include <string.h>

#include "robotwars.h"

/* A wire word in the browser's words (words.js), or the word itself. */
static const char *word_of(const char *const (*words)[2], size_t n, const char *w)
{
    for (size_t i = 0; w && i < n; i++) {
        if (strcmp(w, words[i][0]) == 0)
            return words[i][1];
    }
    return w ? w : "";
}

static const char *const way_words[][2] = {{"N", "north"}, {"E", "east"}, {"S", "south"}, {"W", "west"}};
static const char *const hazard_words[][2] = {
    {"cpz", "a house robot's corner"}, {"spikes", "the spikes"}, {"saw", "the circular saw"}, {"flame", "the flame grill"}};
#define WAY(w) word_of(way_words, sizeof way_words / sizeof way_words[0], (w))
#define HAZARD(h) word_of(hazard_words, sizeof hazard_words / sizeof hazard_words[0], (h))

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
        snprintf(buf, len, "%s turns %s to face %s.", name, str_of(ev, "to"), WAY(str_of(ev, "facing")));
    else if (strcmp(kind, "push") == 0)
        snprintf(buf, len, "%s pushes %s %s.", name, other, WAY(str_of(ev, "dir")));
    else if (strcmp(kind, "blocked") == 0)
        snprintf(buf, len, "%s pushes %s, but %s blocks it: the move is spent.", name, other,
                 strcmp(str_of(ev, "by"), "wall") == 0 ? "the wall" : "another robot");
    else if (strcmp(kind, "attack") == 0)
        snprintf(buf, len, "%s attacks %s: %d damage point%s, %d in all.", name, other, int_of(ev, "points", 0),
                 int_of(ev, "points", 0) == 1 ? "" : "s", int_of(ev, "damage", 0));
    else if (strcmp(kind, "penalty") == 0)
        snprintf(buf, len, "%s enters %s: %d damage points, %d in all.", name, HAZARD(str_of(ev, "hazard")),
                 int_of(ev, "points", 0), int_of(ev, "damage", 0));
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
