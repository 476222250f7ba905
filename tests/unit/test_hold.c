/* util/hold: a write's outcome, settled once; messages wait for the later
 * of two; every settling is counted so that waiters look again. */
#include <criterion/criterion.h>

#include "util/hold.h"

Test(hold, starts_pending_and_settles_once)
{
    hold *h = hold_new();
    cr_assert_eq(h->state, HOLD_PENDING);
    uint64_t before = hold_settled_count();
    hold_settle(h, true);
    cr_assert_eq(h->state, HOLD_KEPT);
    cr_assert_eq(hold_settled_count(), before + 1);
    hold_settle(h, false); /* a late outcome changes nothing */
    cr_assert_eq(h->state, HOLD_KEPT);
    cr_assert_eq(hold_settled_count(), before + 1);
    hold_unref(h);
}

Test(hold, a_broken_write_stays_broken)
{
    hold *h = hold_new();
    hold_settle(h, false);
    cr_assert_eq(h->state, HOLD_BROKEN);
    hold_settle(h, true);
    cr_assert_eq(h->state, HOLD_BROKEN);
    hold_unref(h);
}

Test(hold, the_later_of_two_is_the_one_issued_last)
{
    hold *a = hold_new(), *b = hold_new();
    cr_assert_eq(hold_later(a, b), b);
    cr_assert_eq(hold_later(b, a), b);
    cr_assert_eq(hold_later(NULL, a), a);
    cr_assert_eq(hold_later(a, NULL), a);
    cr_assert_null(hold_later(NULL, NULL));
    hold_unref(a);
    hold_unref(b);
}

Test(hold, references_keep_it_alive)
{
    hold *h = hold_new();
    hold_ref(h);
    hold_unref(h);
    cr_assert_eq(h->refs, 1, "one reference left");
    hold_settle(h, true);
    hold_unref(h);
    hold_unref(NULL);
}
