/* kit.c: what the renderers share (kit.h). */
#include "kit.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

bool kit_is(const json_t *o, const char *key, const char *value)
{
    return strcmp(str_of(o, key), value) == 0;
}

bool kit_phase_is(const table *t, const char *phase)
{
    return kit_is(t->view, "phase", phase);
}

const json_t *kit_of_seat(const json_t *items, int seat)
{
    size_t i;
    const json_t *item;
    json_array_foreach(items, i, item) {
        if (int_of(item, "seat", -1) == seat)
            return item;
    }
    return NULL;
}

const json_t *kit_mine(const table *t, const json_t *items)
{
    return t->seat >= 0 ? kit_of_seat(items, t->seat) : NULL;
}

bool kit_xy(const json_t *at, int *x, int *y)
{
    if (!json_is_array(at))
        return false;
    *x = (int)json_integer_value(json_array_get(at, 0));
    *y = (int)json_integer_value(json_array_get(at, 1));
    return true;
}

void kit_square_name(int x, int y, char *buf, size_t len)
{
    snprintf(buf, len, "%c%d", 'A' + x, y + 1);
}

void kit_square_of(const json_t *at, char *buf, size_t len)
{
    int x, y;
    if (kit_xy(at, &x, &y))
        kit_square_name(x, y, buf, len);
    else
        snprintf(buf, len, "off the board");
}

const int kit_dx[KIT_DIRS] = {0, 1, 1, 1, 0, -1, -1, -1};
const int kit_dy[KIT_DIRS] = {-1, -1, 0, 1, 1, 1, 0, -1};

static const char *const dir_names[KIT_DIRS] = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"};
static const char *const dir_words[KIT_DIRS] = {"north", "north-east", "east", "south-east",
                                                "south", "south-west", "west", "north-west"};

const char *kit_dir_name(int d)
{
    return d >= 0 && d < KIT_DIRS ? dir_names[d] : "?";
}

const char *kit_dir_word(int d)
{
    return d >= 0 && d < KIT_DIRS ? dir_words[d] : "?";
}

cv_glyph kit_dir_arrow(int d)
{
    return (cv_glyph)(CV_G_ARROW_N + (d >= 0 && d < KIT_DIRS ? d : 0));
}

int kit_dir_parse(const char *word)
{
    for (int d = 0; word && d < KIT_DIRS; d++) {
        if (strcasecmp(word, dir_names[d]) == 0 || strcasecmp(word, dir_words[d]) == 0)
            return d;
    }
    return -1;
}

int kit_side_parse(const char *word)
{
    int d = kit_dir_parse(word);
    return d >= 0 && d % 2 == 0 ? d / 2 : -1;
}

int kit_yes_no(const char *word)
{
    if (!word)
        return -1;
    if (strcasecmp(word, "on") == 0 || strcasecmp(word, "yes") == 0 || strcasecmp(word, "y") == 0)
        return 1;
    if (strcasecmp(word, "off") == 0 || strcasecmp(word, "no") == 0 || strcasecmp(word, "n") == 0)
        return 0;
    return -1;
}

void kit_hint(kit_hints *h, const char *key, const char *what, const char *command)
{
    if (h->n < h->max)
        h->out[h->n++] = (game_hint){key, what, command};
}
