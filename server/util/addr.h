/*
 * addr.h: the key a client address is counted under for per-address limits.
 *
 * One IPv4 address is one key. An IPv6 host usually holds a whole /64 (and
 * can pick any address in it), so an IPv6 address counts as its /64; an
 * IPv4-mapped IPv6 address (::ffff:a.b.c.d) counts as the IPv4 address.
 * Anything that does not parse is its own key, unchanged.
 */
#ifndef BOTPIT_ADDR_H
#define BOTPIT_ADDR_H

#include <stddef.h>

#define ADDR_KEY_MAX 48 /* "xxxx:xxxx:xxxx:xxxx::/64" fits, and any IPv4 */

/* Writes ip's key to out (out_len >= ADDR_KEY_MAX is always enough for a
 * parsable address; anything else is truncated). */
void addr_key(const char *ip, char *out, size_t out_len);

#endif
