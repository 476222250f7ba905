/* The timer wheel: order, re-arming, stopping, long waits and catch-up. */
#include <criterion/criterion.h>

#include "util/wheel.h"

static int fired[64];
static int nfired;

static void record(wheel_timer *t)
{
    fired[nfired++] = (int)(intptr_t)t->data;
}

static void reset(void)
{
    nfired = 0;
}

Test(wheel, fires_at_the_tick_after_due_not_before)
{
    wheel w;
    wheel_timer t;
    reset();
    wheel_init(&w, 100, 0);
    wheel_timer_init(&t, record, (void *)1);
    wheel_start(&w, &t, 450);
    cr_assert_eq(wheel_advance(&w, 399), 0);
    cr_assert_eq(wheel_advance(&w, 499), 1, "tick 4 covers 400..499");
    cr_assert_eq(fired[0], 1);
    cr_assert_not(wheel_armed(&t));
    cr_assert_eq(wheel_count(&w), 0);
}

Test(wheel, earlier_ticks_fire_first)
{
    wheel w;
    wheel_timer t[3];
    reset();
    wheel_init(&w, 10, 0);
    int due[] = {300, 100, 200};
    for (int i = 0; i < 3; i++) {
        wheel_timer_init(&t[i], record, (void *)(intptr_t)i);
        wheel_start(&w, &t[i], (uint64_t)due[i]);
    }
    cr_assert_eq(wheel_advance(&w, 1000), 3);
    cr_assert_eq(fired[0], 1);
    cr_assert_eq(fired[1], 2);
    cr_assert_eq(fired[2], 0);
}

Test(wheel, a_stopped_timer_never_fires_and_restarting_moves_it)
{
    wheel w;
    wheel_timer a, b;
    reset();
    wheel_init(&w, 10, 0);
    wheel_timer_init(&a, record, (void *)1);
    wheel_timer_init(&b, record, (void *)2);
    wheel_start(&w, &a, 50);
    wheel_start(&w, &b, 50);
    wheel_stop(&w, &a);
    wheel_stop(&w, &a);
    wheel_start(&w, &b, 500);
    cr_assert_eq(wheel_advance(&w, 100), 0);
    cr_assert_eq(wheel_advance(&w, 600), 1);
    cr_assert_eq(fired[0], 2);
}

Test(wheel, timers_more_than_a_turn_away_wait_their_turn)
{
    wheel w;
    wheel_timer t;
    reset();
    wheel_init(&w, 10, 0);
    wheel_timer_init(&t, record, (void *)7);
    wheel_start(&w, &t, (uint64_t)10 * WHEEL_SLOTS * 3 + 5); /* three turns away */
    for (uint64_t now = 0; now < (uint64_t)10 * WHEEL_SLOTS * 3; now += 10)
        cr_assert_eq(wheel_advance(&w, now), 0, "fired early at %llu", (unsigned long long)now);
    cr_assert_eq(wheel_advance(&w, (uint64_t)10 * WHEEL_SLOTS * 3 + 10), 1);
}

Test(wheel, a_long_pause_fires_everything_due_once)
{
    wheel w;
    wheel_timer t[20];
    reset();
    wheel_init(&w, 10, 0);
    for (int i = 0; i < 20; i++) {
        wheel_timer_init(&t[i], record, (void *)(intptr_t)i);
        wheel_start(&w, &t[i], (uint64_t)(i * 997));
    }
    cr_assert_eq(wheel_advance(&w, 1000000), 20);
    cr_assert_eq(wheel_advance(&w, 2000000), 0);
}

static wheel *rearm_wheel;

static void rearm_once(wheel_timer *t)
{
    record(t);
    if (nfired == 1)
        wheel_start(rearm_wheel, t, t->due + 100);
}

Test(wheel, a_callback_may_rearm_its_own_timer)
{
    wheel w;
    wheel_timer t;
    reset();
    rearm_wheel = &w;
    wheel_init(&w, 10, 0);
    wheel_timer_init(&t, rearm_once, (void *)3);
    wheel_start(&w, &t, 100);
    cr_assert_eq(wheel_advance(&w, 150), 1);
    cr_assert(wheel_armed(&t));
    cr_assert_eq(wheel_advance(&w, 250), 1);
    cr_assert_eq(nfired, 2);
}

Test(wheel, a_time_already_past_fires_at_the_next_advance)
{
    wheel w;
    wheel_timer t;
    reset();
    wheel_init(&w, 100, 1000);
    wheel_timer_init(&t, record, (void *)9);
    wheel_start(&w, &t, 5);
    cr_assert_eq(wheel_advance(&w, 1100), 1);
}
