/* table.c: what the frame offers every renderer (games/game_ui.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/game_ui.h"
#include "names.h"

int table_act(table *t, json_t *action)
{
    if (!action)
        return -1;
    return t->ops && t->ops->act ? t->ops->act(t, action) : (json_decref(action), -1);
}

int table_actf(table *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    json_t *a = json_vpack_ex(NULL, 0, fmt, ap);
    va_end(ap);
    return table_act(t, a);
}

void table_notify(table *t, bool error, const char *fmt, ...)
{
    char text[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    if (t->ops && t->ops->notify)
        t->ops->notify(t, error, text);
}

void table_prompt(table *t, const char *text)
{
    if (t->ops && t->ops->prompt)
        t->ops->prompt(t, text);
}

void table_retract(table *t, const char *text)
{
    if (t->ops && t->ops->retract)
        t->ops->retract(t, text);
}

int table_seats(const table *t)
{
    return (int)json_array_size(json_object_get(t->room, "seats"));
}

void table_name(const table *t, int seat, char *buf, size_t len)
{
    names_seat(t->room, seat, buf, len);
}

int64_t table_ms_left(const table *t)
{
    if (!t->has_deadline)
        return -1;
    int64_t left = t->deadline_at - t->now;
    return left > 0 ? left : 0;
}

int64_t table_game_ms_left(const table *t, int64_t game_time)
{
    if (!t->has_game_clock)
        return INT64_MIN;
    return game_time + t->game_offset - t->now;
}

void table_clock_text(int64_t ms, char *buf, size_t len)
{
    if (ms < 0)
        ms = 0;
    long long s = (ms + 999) / 1000;
    if (s >= 3600)
        snprintf(buf, len, "%lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
    else
        snprintf(buf, len, "%lld:%02lld", s / 60, s % 60);
}

void table_humanize(const table *t, const char *text, char *out, size_t len)
{
    names_humanize(t->room, text, out, len);
}

bool table_over(const table *t)
{
    const char *status = json_string_value(json_object_get(t->room, "status"));
    return t->result != NULL || (status && strcmp(status, "over") == 0);
}

void table_moment(const table *t, char *buf, size_t len)
{
    static const char *const keys[] = {"phase", "turn", "round", "turn_number", "game"};
    size_t n = 0;
    buf[0] = 0;
    for (size_t i = 0; i < sizeof keys / sizeof keys[0] && n < len; i++) {
        const json_t *v = json_object_get(t->view, keys[i]);
        int w = json_is_string(v)    ? snprintf(buf + n, len - n, "%s;", json_string_value(v))
                : json_is_integer(v) ? snprintf(buf + n, len - n, "%lld;", (long long)json_integer_value(v))
                                     : snprintf(buf + n, len - n, "-;");
        if (w < 0)
            break;
        n += (size_t)w;
    }
}
