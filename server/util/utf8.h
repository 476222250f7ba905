/*
 * utf8.h: UTF-8 by hand, whatever the locale says; the one decoder of the
 * tree. The protocol checks names and chat with it (proto.c), the terminal
 * client draws and edits text with it (its canvas stores code points).
 */
#ifndef BOTPIT_UTF8_H
#define BOTPIT_UTF8_H

#include <stddef.h>

/* The code point at s (n > 0 bytes left), its length in *used. -1 for a
 * sequence that is not UTF-8 (a stray byte, a cut or overlong sequence, a
 * surrogate, past U+10FFFF), *used then being how many bytes to skip (at
 * least 1, never past n). */
long utf8_decode(const unsigned char *s, size_t n, size_t *used);
/* utf8_decode on a NUL-terminated string: the code point at *s, advancing
 * *s past it (or past the bad bytes, for -1). *s must not point at the NUL. */
long utf8_next(const unsigned char **s);
/* Writes u as UTF-8 into out (at least 4 bytes); returns the bytes written. */
size_t utf8_put(unsigned long u, char *out);

#endif
