/* edit.c: a one-line text field. */
#include "edit.h"

#include <string.h>

#include "keymap.h"
#include "util/utf8.h"

void edit_set(edit *e, const char *utf8)
{
    e->len = 0;
    const unsigned char *p = (const unsigned char *)(utf8 ? utf8 : "");
    while (*p && e->len < EDIT_MAX - 1) {
        long u = utf8_next(&p);
        if (u >= 0)
            e->buf[e->len++] = (wchar_t)u; /* invalid bytes are dropped */
    }
    e->cursor = e->len;
}

static void delete_range(edit *e, int from, int to)
{
    if (from < 0)
        from = 0;
    if (to > e->len)
        to = e->len;
    if (from >= to)
        return;
    memmove(e->buf + from, e->buf + to, (size_t)(e->len - to) * sizeof(wchar_t));
    e->len -= to - from;
    e->cursor = from;
}

bool edit_key(edit *e, int key)
{
    switch (key) {
    case K_LEFT:
        if (e->cursor > 0)
            e->cursor--;
        return true;
    case K_RIGHT:
        if (e->cursor < e->len)
            e->cursor++;
        return true;
    case K_HOME:
    case K_CTRL('a'):
        e->cursor = 0;
        return true;
    case K_END:
    case K_CTRL('e'):
        e->cursor = e->len;
        return true;
    case K_BACKSPACE:
        delete_range(e, e->cursor - 1, e->cursor);
        return true;
    case K_DELETE:
    case K_CTRL('d'):
        delete_range(e, e->cursor, e->cursor + 1);
        return true;
    case K_CTRL('u'):
        delete_range(e, 0, e->cursor);
        return true;
    case K_CTRL('k'):
        delete_range(e, e->cursor, e->len);
        return true;
    case K_CTRL('w'): {
        int i = e->cursor;
        while (i > 0 && e->buf[i - 1] == L' ')
            i--;
        while (i > 0 && e->buf[i - 1] != L' ')
            i--;
        delete_range(e, i, e->cursor);
        return true;
    }
    default:
        break;
    }
    if (key < ' ' || key == 0x7f || key >= 0x110000 || (key >= 0x80 && key < 0xa0))
        return false;
    if (e->len >= EDIT_MAX - 1)
        return true; /* full: the key is swallowed, not passed on */
    memmove(e->buf + e->cursor + 1, e->buf + e->cursor, (size_t)(e->len - e->cursor) * sizeof(wchar_t));
    e->buf[e->cursor++] = (wchar_t)key;
    e->len++;
    return true;
}

char *edit_text(const edit *e, char *out, size_t len)
{
    size_t n = 0;
    for (int i = 0; i < e->len; i++) {
        char tmp[4];
        size_t k = utf8_put((unsigned long)e->buf[i], tmp);
        if (n + k + 1 > len)
            break;
        memcpy(out + n, tmp, k);
        n += k;
    }
    if (len)
        out[n] = 0;
    return out;
}
