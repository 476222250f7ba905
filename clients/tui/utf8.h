/*
 * utf8.h: reading and writing UTF-8 by hand, whatever the locale says (the
 * canvas stores code points; names and text arrive as UTF-8).
 */
#ifndef BOTPIT_TUI_UTF8_H
#define BOTPIT_TUI_UTF8_H

#include <stddef.h>

/* The code point at *s, advancing *s past it; -1 (advancing past the bad
 * bytes) for invalid UTF-8. *s must not point at the terminating NUL. */
long utf8_next(const unsigned char **s);
/* Writes u as UTF-8 into out (at least 4 bytes); returns the bytes written. */
size_t utf8_put(unsigned long u, char *out);

#endif
