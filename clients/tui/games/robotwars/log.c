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
static const char *const face_words[][2] = {
    {"speed", "Speed"}, {"power", "Power"}, {"manoeuvrability", "Manoeuvrability"}, {"blank", "a blank"}, {"rip", "RIP"}};
#define WAY(w) word_of(way_words, sizeof way_words / sizeof way_words[0], (w))
#define HAZARD(h) word_of(hazard_words, sizeof hazard_words / sizeof hazard_words[0], (h))
#define FACE(f) word_of(face_words, sizeof face_words / sizeof face_words[0], (f))

/* "Ada, Bot 2 and Cy": the seats of a json array, by name. */
static void seats_words(table *t, const json_t *seats, char *buf, size_t len)
{
    size_t n = json_array_size(seats), used = 0;
    buf[0] = 0;
    for (size_t i = 0; i < n && used < len; i++) {
        char name[64];
        table_name(t, (int)json_integer_value(json_array_get(seats, i)), name, sizeof name);
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i == 0 ? "" : i + 1 == n ? " and " : ", ", name);
    }
}

/* A damage die's throw by its face (the die shows faces, not numbers). */
static void damage_words(const json_t *ev, const char *name, char *buf, size_t len)
{
    const char *face = str_of(ev, "face");
    char result[80];
    if (strcmp(face, "blank") == 0)
        snprintf(result, sizeof result, "a blank, no damage");
    else if (strcmp(face, "rip") == 0)
        snprintf(result, sizeof result, "RIP!");
    else
        snprintf(result, sizeof result, "%s, down to %d", FACE(face), int_of(ev, "value", 0));
    int at = int_of(ev, "multiple", 0);
    snprintf(buf, len, "%s for %s at %d point%s: %s.",
             strcmp(str_of(ev, "die"), "house") == 0 ? "House robot die" : "Attack damage die", name, at,
             at == 1 ? "" : "s", result);
}

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
    else if (strcmp(kind, "turn_end") == 0) {
        const char *why = str_of(ev, "why");
        snprintf(buf, len, strcmp(why, "deadline") == 0 ? "%s ran out of time."
                           : strcmp(why, "ended") == 0  ? "%s ends the turn."
                           : strcmp(why, "battle_over") == 0 ? "%s's turn ends with the battle."
                                                              : "%s's turn is done.",
                 name);
    } else if (strcmp(kind, "damage_roll") == 0)
        damage_words(ev, name, buf, len);
    else if (strcmp(kind, "house_throw") == 0)
        snprintf(buf, len, "The house robot throws %s%s.", name, json_is_true(json_object_get(ev, "short")) ? " (stopped short)" : "");
    else if (strcmp(kind, "order") == 0) {
        char order[200];
        seats_words(t, json_object_get(ev, "order"), order, sizeof order);
        snprintf(buf, len, "Order of play: %s%s.", order,
                 strcmp(str_of(ev, "by"), "alternate") == 0 ? " (they take turns to start)" : "");
    } else if (strcmp(kind, "over") == 0) {
        char winner[64];
        table_name(t, (int)json_integer_value(json_array_get(json_object_get(ev, "winners"), 0)), winner, sizeof winner);
        snprintf(buf, len, "%s wins the wars!", winner);
    } else if (strcmp(kind, "pit_open") == 0)
        snprintf(buf, len, "The pit opens.");
    else if (strcmp(kind, "battle_over") == 0) {
        char out[64];
        table_name(t, int_of(ev, "eliminated", 0), out, sizeof out);
        snprintf(buf, len, "%s is over: %s is out (%s).", str_of(ev, "title"), out, rw_how_words(str_of(ev, "how")));
    } else
        return false;
    return true;
}
