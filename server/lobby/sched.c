/* sched.c: one libuv timer for the whole wheel, armed only for what is due. */
#include "lobby/sched.h"

#include <stddef.h>

/* When the wheel fires a timer due at `due` (loop ms): on the visit of its
 * tick, and never at a tick it has already visited. */
static uint64_t fire_ms(const wheel *w, uint64_t due)
{
    uint64_t tick = due / w->tick_ms;
    if (tick <= w->done_tick)
        tick = w->done_tick + 1;
    return tick * w->tick_ms;
}

/* When the wheel fires its earliest timer, or UINT64_MAX if it holds none.
 * (A scan: it runs once per firing, and timers fire seldom.) */
static uint64_t wheel_wake_ms(const wheel *w)
{
    uint64_t first = UINT64_MAX;
    for (int i = 0; i < WHEEL_SLOTS && w->count; i++) {
        const wheel_timer *head = &w->slots[i];
        for (const wheel_timer *t = head->next; t != head; t = t->next) {
            uint64_t at = fire_ms(w, t->due);
            if (at < first)
                first = at;
        }
    }
    return first;
}

static void fired(uv_timer_t *h);

static void arm(sched *s, uint64_t at)
{
    if (at == UINT64_MAX) {
        uv_timer_stop(&s->timer);
        s->timer_at = UINT64_MAX;
        return;
    }
    uint64_t now = sched_now(s);
    uv_timer_start(&s->timer, fired, at > now ? at - now : 0, 0);
    s->timer_at = at;
}

static void fired(uv_timer_t *h)
{
    sched *s = (sched *)((char *)h - offsetof(sched, timer));
    s->timer_at = UINT64_MAX;
    wheel_advance(&s->wheel, sched_now(s));
    /* A callback may have armed the timer already; the scan finds the
     * earliest either way. */
    arm(s, wheel_wake_ms(&s->wheel));
}

void sched_init(sched *s, uv_loop_t *loop)
{
    s->loop = loop;
    wheel_init(&s->wheel, SCHED_TICK_MS, uv_now(loop));
    uv_timer_init(loop, &s->timer);
    s->timer_at = UINT64_MAX;
}

void sched_close(sched *s, uv_close_cb done)
{
    uv_close((uv_handle_t *)&s->timer, done);
}

uint64_t sched_now(const sched *s)
{
    return uv_now(s->loop);
}

void sched_start(sched *s, wheel_timer *t, uint64_t delay_ms)
{
    wheel_start(&s->wheel, t, sched_now(s) + delay_ms);
    uint64_t at = fire_ms(&s->wheel, t->due);
    if (at < s->timer_at)
        arm(s, at);
}

void sched_stop(sched *s, wheel_timer *t)
{
    /* The libuv timer stays armed: waking once for nothing is cheaper than
     * finding the next timer now. */
    wheel_stop(&s->wheel, t);
}
