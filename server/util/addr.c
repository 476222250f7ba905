/* addr.c: the per-address key of a client address (IPv6 by its /64). */
#include "util/addr.h"

#include <arpa/inet.h>
#include <stdio.h>
#include <string.h>

static void ipv6_key(const unsigned char a[16], char *out, size_t out_len)
{
    static const unsigned char mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
    if (memcmp(a, mapped, sizeof mapped) == 0) {
        snprintf(out, out_len, "%u.%u.%u.%u", a[12], a[13], a[14], a[15]);
        return;
    }
    snprintf(out, out_len, "%x:%x:%x:%x::/64", (a[0] << 8) | a[1], (a[2] << 8) | a[3],
             (a[4] << 8) | a[5], (a[6] << 8) | a[7]);
}

void addr_key(const char *ip, char *out, size_t out_len)
{
    unsigned char a[16];
    char copy[64];
    /* A zone ("fe80::1%eth0") is not part of the address. */
    snprintf(copy, sizeof copy, "%s", ip ? ip : "");
    char *zone = strchr(copy, '%');
    if (zone)
        *zone = '\0';
    if (inet_pton(AF_INET6, copy, a) == 1) {
        ipv6_key(a, out, out_len);
        return;
    }
    if (inet_pton(AF_INET, copy, a) == 1) {
        snprintf(out, out_len, "%u.%u.%u.%u", a[0], a[1], a[2], a[3]);
        return;
    }
    snprintf(out, out_len, "%s", ip ? ip : "");
}
