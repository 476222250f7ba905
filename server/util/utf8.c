/* utf8.c: UTF-8 by hand. */
#include "util/utf8.h"

#include <string.h>

long utf8_decode(const unsigned char *s, size_t n, size_t *used)
{
    unsigned c = s[0];
    size_t len;
    long cp;
    *used = 1;
    if (c < 0x80)
        return c;
    if ((c & 0xe0) == 0xc0) {
        len = 2;
        cp = c & 0x1f;
    } else if ((c & 0xf0) == 0xe0) {
        len = 3;
        cp = c & 0x0f;
    } else if ((c & 0xf8) == 0xf0) {
        len = 4;
        cp = c & 0x07;
    } else {
        return -1;
    }
    for (size_t i = 1; i < len; i++) {
        if (i >= n || (s[i] & 0xc0) != 0x80) {
            *used = i;
            return -1;
        }
        cp = (cp << 6) | (s[i] & 0x3f);
    }
    *used = len;
    static const long min_for_len[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < min_for_len[len] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return -1; /* overlong, out of range, or a surrogate */
    return cp;
}

long utf8_next(const unsigned char **s)
{
    size_t used;
    /* a NUL ends a cut sequence as any other non-continuation byte would */
    long cp = utf8_decode(*s, strnlen((const char *)*s, 4), &used);
    *s += used;
    return cp;
}

size_t utf8_put(unsigned long u, char *out)
{
    if (u < 0x80) {
        out[0] = (char)u;
        return 1;
    }
    if (u < 0x800) {
        out[0] = (char)(0xc0 | (u >> 6));
        out[1] = (char)(0x80 | (u & 0x3f));
        return 2;
    }
    if (u < 0x10000) {
        out[0] = (char)(0xe0 | (u >> 12));
        out[1] = (char)(0x80 | ((u >> 6) & 0x3f));
        out[2] = (char)(0x80 | (u & 0x3f));
        return 3;
    }
    out[0] = (char)(0xf0 | (u >> 18));
    out[1] = (char)(0x80 | ((u >> 12) & 0x3f));
    out[2] = (char)(0x80 | ((u >> 6) & 0x3f));
    out[3] = (char)(0x80 | (u & 0x3f));
    return 4;
}
