/* names.c: seats as people read them. */
#include "names.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* How many seats hold a bot of that level with no player behind it. */
static int bots_of_level(const json_t *room, const char *level)
{
    int n = 0;
    size_t i;
    const json_t *st;
    json_array_foreach(json_object_get(room, "seats"), i, st) {
        const char *bot = json_string_value(json_object_get(st, "bot"));
        n += !json_is_object(json_object_get(st, "player")) && bot && strcmp(bot, level) == 0;
    }
    return n;
}

bool names_seat(const json_t *room, int seat, char *buf, size_t len)
{
    const json_t *st = seat >= 0 ? json_array_get(json_object_get(room, "seats"), (size_t)seat) : NULL;
    const char *name = json_string_value(json_object_get(json_object_get(st, "player"), "name"));
    const char *bot = json_string_value(json_object_get(st, "bot"));
    if (name)
        snprintf(buf, len, "%s", name);
    else if (bot && bots_of_level(room, bot) > 1)
        snprintf(buf, len, "Bot %d (%s)", seat + 1, bot); /* two of a level: told apart by seat, as in the browser */
    else if (bot)
        snprintf(buf, len, "Bot (%s)", bot);
    else
        snprintf(buf, len, "Seat %d", seat + 1);
    return name || bot;
}

void names_humanize(const json_t *room, const char *text, char *out, size_t len)
{
    size_t n = 0;
    if (len == 0)
        return;
    long seats = (long)json_array_size(json_object_get(room, "seats"));
    for (const char *p = text; *p && n + 1 < len;) {
        bool word_start = p == text || !isalnum((unsigned char)p[-1]);
        if (word_start && strncmp(p, "Seat ", 5) == 0 && isdigit((unsigned char)p[5])) {
            char *end;
            long k = strtol(p + 5, &end, 10);
            if (!isalnum((unsigned char)*end) && k >= 1 && k <= seats) {
                char name[100];
                names_seat(room, (int)k - 1, name, sizeof name);
                size_t w = strlen(name);
                if (n + w >= len)
                    w = len - 1 - n;
                memcpy(out + n, name, w);
                n += w;
                p = end;
                continue;
            }
        }
        out[n++] = *p++;
    }
    out[n] = 0;
}
