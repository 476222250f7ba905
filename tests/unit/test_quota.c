/* The per-address rate buckets: fill, refuse with the wait, drain, forget. */
#include <criterion/criterion.h>

#include "lobby/quota.h"

Test(quota, a_bucket_refuses_what_does_not_fit_and_says_how_long_to_wait)
{
    quota_book b;
    quota_init(&b);
    b.limit[QUOTA_ROOMS_PER_MIN] = 3;
    uint64_t wait = 0;
    for (int i = 0; i < 3; i++)
        cr_assert(quota_take(&b, "203.0.113.7", QUOTA_ROOMS_PER_MIN, 1, 1000, &wait));
    cr_assert_not(quota_take(&b, "203.0.113.7", QUOTA_ROOMS_PER_MIN, 1, 1000, &wait));
    cr_assert_eq(wait, 20000, "one room drains in 20 s at 3 a minute, not %llu",
                 (unsigned long long)wait);
    cr_assert(quota_take(&b, "198.51.100.1", QUOTA_ROOMS_PER_MIN, 1, 1000, &wait),
              "another address has its own bucket");
    cr_assert(quota_take(&b, "203.0.113.7", QUOTA_ROOMS_PER_MIN, 1, 21000, &wait),
              "it fits again once drained");
    cr_assert_eq(b.refused[QUOTA_ROOMS_PER_MIN], 1);
    quota_free(&b);
}

Test(quota, a_charge_counts_even_when_it_overflows)
{
    quota_book b;
    quota_init(&b);
    b.limit[QUOTA_JOINS_PER_MIN] = 60;
    uint64_t wait;
    quota_charge(&b, "a", QUOTA_JOINS_PER_MIN, 100, 0);
    cr_assert_not(quota_take(&b, "a", QUOTA_JOINS_PER_MIN, 1, 0, &wait));
    cr_assert_eq(wait, 41000, "41 of 60 must drain first, not %llu", (unsigned long long)wait);
    quota_free(&b);
}

Test(quota, drained_addresses_are_forgotten_and_no_limit_keeps_nothing)
{
    quota_book b;
    quota_init(&b);
    b.limit[QUOTA_PLAYERS_PER_MIN] = 30;
    uint64_t wait;
    cr_assert(quota_take(&b, "a", QUOTA_PLAYERS_PER_MIN, 1, 0, &wait));
    cr_assert(quota_take(&b, "b", QUOTA_PLAYERS_PER_MIN, 1, 1500, &wait));
    cr_assert(quota_take(&b, "c", QUOTA_ROOMS_PER_MIN, 1, 0, &wait), "no limit set");
    cr_assert_eq(b.by_addr.count, 2, "an unlimited quota keeps no bucket");
    cr_assert_eq(quota_prune(&b, 2500), 1, "a drained after 2 s, b not yet");
    cr_assert_eq(quota_prune(&b, 4000), 0);
    quota_free(&b);
}
