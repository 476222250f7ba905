/* utf8.c: UTF-8 by hand. */
#include "utf8.h"

long utf8_next(const unsigned char **s)
{
    const unsigned char *p = *s;
    long cp;
    int extra;
    if (p[0] < 0x80) {
        *s = p + 1;
        return p[0];
    } else if ((p[0] & 0xe0) == 0xc0) {
        cp = p[0] & 0x1f;
        extra = 1;
    } else if ((p[0] & 0xf0) == 0xe0) {
        cp = p[0] & 0x0f;
        extra = 2;
    } else if ((p[0] & 0xf8) == 0xf0) {
        cp = p[0] & 0x07;
        extra = 3;
    } else {
        *s = p + 1;
        return -1;
    }
    for (int i = 1; i <= extra; i++) {
        if ((p[i] & 0xc0) != 0x80) {
            *s = p + i;
            return -1;
        }
        cp = (cp << 6) | (p[i] & 0x3f);
    }
    *s = p + extra + 1;
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
