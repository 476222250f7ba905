/*
 * fallback.c: the renderer for a game without one of its own. It shows the
 * view as indented text (every field, so the game can be followed) and
 * takes actions typed as JSON (`:act {"kind": ...}`, or `a` to start
 * typing one), so a new engine is playable from the terminal the day it
 * lands.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kit/kit.h"

typedef struct fallback {
    int scroll;
    char *text;   /* the view as lines; owned */
    int lines;
} fallback;

typedef struct buf {
    char *s;
    size_t len, cap;
} buf;

static void put(buf *b, const char *text)
{
    size_t n = strlen(text);
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 4096;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *s = realloc(b->s, cap);
        if (!s)
            return;
        b->s = s;
        b->cap = cap;
    }
    memcpy(b->s + b->len, text, n + 1);
    b->len += n;
}

static bool is_scalar(const json_t *v)
{
    return !json_is_object(v) && !json_is_array(v);
}

static void scalar_text(const json_t *v, char *out, size_t len)
{
    if (json_is_string(v))
        snprintf(out, len, "%s", json_string_value(v));
    else if (json_is_integer(v))
        snprintf(out, len, "%lld", (long long)json_integer_value(v));
    else if (json_is_real(v))
        snprintf(out, len, "%g", json_real_value(v));
    else if (json_is_true(v))
        snprintf(out, len, "true");
    else if (json_is_false(v))
        snprintf(out, len, "false");
    else
        snprintf(out, len, "-");
}

/* A short array of scalars (or an empty container) fits on one line. */
static bool inline_text(const json_t *v, char *out, size_t len)
{
    if (is_scalar(v)) {
        scalar_text(v, out, len);
        return true;
    }
    if (json_is_object(v) && json_object_size(v) == 0) {
        snprintf(out, len, "{}");
        return true;
    }
    if (!json_is_array(v))
        return false;
    size_t i, n = 0;
    const json_t *x;
    n += (size_t)snprintf(out, len, "[");
    json_array_foreach(v, i, x) {
        char item[64];
        if (!is_scalar(x))
            return false;
        scalar_text(x, item, sizeof item);
        int w = snprintf(out + n, len - n, "%s%s", i ? ", " : "", item);
        if (w < 0 || (size_t)w >= len - n - 1)
            return false;
        n += (size_t)w;
    }
    snprintf(out + n, len - n, "]");
    return n < 70;
}

static void dump(buf *b, const json_t *v, int indent, const char *label)
{
    char pad[64], line[512], value[400];
    snprintf(pad, sizeof pad, "%*s", indent > 40 ? 40 : indent, "");
    if (inline_text(v, value, sizeof value)) {
        snprintf(line, sizeof line, "%s%s%s%s\n", pad, label ? label : "", label ? ": " : "", value);
        put(b, line);
        return;
    }
    if (label) {
        snprintf(line, sizeof line, "%s%s:\n", pad, label);
        put(b, line);
        indent += 2;
    }
    if (json_is_object(v)) {
        const char *key;
        const json_t *x;
        json_object_foreach((json_t *)v, key, x)
            dump(b, x, indent, key);
    } else {
        size_t i;
        const json_t *x;
        json_array_foreach(v, i, x) {
            char index[24];
            snprintf(index, sizeof index, "%zu", i + 1);
            dump(b, x, indent, index);
        }
    }
}

static void fallback_update(void *self, table *t)
{
    fallback *f = self;
    buf b = {0};
    dump(&b, t->view, 0, NULL);
    free(f->text);
    f->text = b.s;
    f->lines = 0;
    for (size_t i = 0; i < b.len; i++)
        f->lines += b.s[i] == '\n';
}

static void fallback_fini(void *self)
{
    fallback *f = self;
    free(f->text);
    f->text = NULL;
}

static void fallback_draw(void *self, table *t, canvas c)
{
    fallback *f = self;
    if (!f->text)
        fallback_update(self, t);
    const char *title = json_string_value(json_object_get(t->room, "title"));
    cv_textf(c, 0, 1, CV_BOLD, "%s has no board in the terminal yet: here is its view.", title ? title : "This game");
    cv_text(c, 1, 1, CV_DIM, "Type an action as JSON: a (or :act {\"kind\": ...}). PgUp/PgDn scroll.");
    int rows = c.h - 3;
    if (f->scroll > f->lines - rows)
        f->scroll = f->lines - rows > 0 ? f->lines - rows : 0;
    const char *p = f->text ? f->text : "";
    for (int i = 0; *p; i++) {
        const char *end = strchr(p, '\n');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        if (i >= f->scroll && i - f->scroll < rows) {
            char line[512];
            snprintf(line, sizeof line, "%.*s", (int)(n < 511 ? n : 511), p);
            cv_text_fit(c, 3 + i - f->scroll, 1, c.w - 2, 0, line);
        }
        p += n + (end ? 1 : 0);
    }
}

static bool fallback_key(void *self, table *t, int key)
{
    fallback *f = self;
    if (key == 'a' && t->seat >= 0 && !table_over(t)) {
        table_prompt(t, "act {\"kind\": \"\"}");
        return true;
    }
    if (key == K_PGDN || key == K_PGUP) {
        f->scroll += key == K_PGDN ? 10 : -10;
        if (f->scroll < 0)
            f->scroll = 0;
        return true;
    }
    return false;
}

static int fallback_hints(void *self, table *t, game_hint *out, int max)
{
    (void)self;
    kit_hints h = {out, 0, max};
    if (t->seat >= 0 && !table_over(t))
        kit_hint(&h, "a", "act (JSON)", ":act {\"kind\": \"\"}");
    kit_hint(&h, "PgUp/PgDn", "scroll", NULL);
    return h.n;
}

static int fallback_status(void *self, table *t, char *text, size_t len, int *seats)
{
    (void)self;
    const json_t *turn = json_object_get(t->view, "turn");
    if (table_over(t) || !json_is_integer(turn))
        return -1;
    snprintf(text, len, "act (type a then the action)");
    seats[0] = (int)json_integer_value(turn);
    return 1;
}

static const char *const fallback_commands[] = {
    "act JSON        send the action, e.g. :act {\"kind\": \"add\", \"n\": 2}",
    NULL,
};

const game_ui fallback_ui = {
    .id = "",
    .size = sizeof(fallback),
    .commands_help = fallback_commands,
    .fini = fallback_fini,
    .update = fallback_update,
    .draw = fallback_draw,
    .key = fallback_key,
    .hints = fallback_hints,
    .status = fallback_status,
};
