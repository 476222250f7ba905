#include <criterion/criterion.h>

#include "util/rng.h"

Test(rng, same_seed_gives_same_sequence)
{
    rng a, b;
    rng_seed(&a, 42);
    rng_seed(&b, 42);
    for (int i = 0; i < 1000; i++)
        cr_assert_eq(rng_next(&a), rng_next(&b));
}

Test(rng, different_seeds_differ)
{
    rng a, b;
    rng_seed(&a, 1);
    rng_seed(&b, 2);
    cr_assert_neq(rng_next(&a), rng_next(&b));
}

Test(rng, below_stays_in_range_and_covers_it)
{
    rng r;
    rng_seed(&r, 7);
    int seen[6] = {0};
    for (int i = 0; i < 6000; i++) {
        uint32_t v = rng_below(&r, 6);
        cr_assert_lt(v, 6u);
        seen[v]++;
    }
    for (int i = 0; i < 6; i++)
        cr_assert_gt(seen[i], 800, "face %d came up only %d times in 6000", i, seen[i]);
}

Test(rng, shuffle_is_a_permutation)
{
    rng r;
    rng_seed(&r, 9);
    int a[17];
    for (int i = 0; i < 17; i++)
        a[i] = i;
    rng_shuffle_ints(&r, a, 17);
    int seen[17] = {0};
    for (int i = 0; i < 17; i++)
        seen[a[i]]++;
    for (int i = 0; i < 17; i++)
        cr_assert_eq(seen[i], 1);
}
