/* The per-address key: IPv6 counts by its /64. */
#include <criterion/criterion.h>

#include "util/addr.h"

/* Two buffers in turn, so that one assertion can compare two keys. */
static const char *key(const char *ip)
{
    static char out[2][ADDR_KEY_MAX];
    static int turn;
    turn ^= 1;
    addr_key(ip, out[turn], sizeof out[turn]);
    return out[turn];
}

Test(addr, an_ipv4_address_is_its_own_key)
{
    cr_assert_str_eq(key("203.0.113.7"), "203.0.113.7");
}

Test(addr, ipv6_addresses_in_one_slash_64_share_a_key)
{
    cr_assert_str_eq(key("2001:db8:1:2::1"), "2001:db8:1:2::/64");
    cr_assert_str_eq(key("2001:0db8:0001:0002:ffff:ffff:ffff:ffff"), "2001:db8:1:2::/64");
    cr_assert_str_neq(key("2001:db8:1:3::1"), key("2001:db8:1:2::1"));
    cr_assert_str_eq(key("fe80::1%eth0"), "fe80:0:0:0::/64");
}

Test(addr, an_ipv4_mapped_address_counts_as_the_ipv4_address)
{
    cr_assert_str_eq(key("::ffff:203.0.113.7"), "203.0.113.7");
}

Test(addr, anything_else_is_kept_as_it_is)
{
    cr_assert_str_eq(key("unknown"), "unknown");
    cr_assert_str_eq(key(""), "");
}
