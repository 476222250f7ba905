/* wheel.c: a single-level hashed wheel; timers more than a turn away stay in
 * their slot and are skipped until their own turn comes. */
#include "wheel.h"

static void list_init(wheel_timer *head)
{
    head->next = head->prev = head;
}

void wheel_init(wheel *w, uint64_t tick_ms, uint64_t now)
{
    for (int i = 0; i < WHEEL_SLOTS; i++)
        list_init(&w->slots[i]);
    w->tick_ms = tick_ms ? tick_ms : 1;
    w->done_tick = now / w->tick_ms;
    w->count = 0;
}

void wheel_timer_init(wheel_timer *t, wheel_cb cb, void *data)
{
    t->next = t->prev = NULL;
    t->due = 0;
    t->cb = cb;
    t->data = data;
}

bool wheel_armed(const wheel_timer *t)
{
    return t->next != NULL;
}

static void unlink_timer(wheel_timer *t)
{
    t->prev->next = t->next;
    t->next->prev = t->prev;
    t->next = t->prev = NULL;
}

static void link_timer(wheel_timer *head, wheel_timer *t)
{
    t->prev = head->prev;
    t->next = head;
    head->prev->next = t;
    head->prev = t;
}

void wheel_stop(wheel *w, wheel_timer *t)
{
    if (!wheel_armed(t))
        return;
    unlink_timer(t);
    w->count--;
}

void wheel_start(wheel *w, wheel_timer *t, uint64_t due)
{
    wheel_stop(w, t);
    uint64_t tick = due / w->tick_ms;
    if (tick <= w->done_tick) /* already due: the next tick to visit */
        tick = w->done_tick + 1;
    t->due = due;
    link_timer(&w->slots[tick % WHEEL_SLOTS], t);
    w->count++;
}

/* Fires the timers of one slot that are due by `tick`; the rest stay. */
static size_t fire_slot(wheel *w, wheel_timer *head, uint64_t tick)
{
    /* Move the slot aside first: callbacks may arm timers into this slot. */
    wheel_timer pending;
    list_init(&pending);
    if (head->next != head) {
        pending.next = head->next;
        pending.prev = head->prev;
        pending.next->prev = &pending;
        pending.prev->next = &pending;
        list_init(head);
    }
    size_t fired = 0;
    while (pending.next != &pending) {
        wheel_timer *t = pending.next;
        unlink_timer(t);
        if (t->due / w->tick_ms > tick) {
            link_timer(head, t); /* a later turn of the wheel */
            continue;
        }
        w->count--;
        fired++;
        t->cb(t);
    }
    return fired;
}

size_t wheel_advance(wheel *w, uint64_t now)
{
    uint64_t target = now / w->tick_ms;
    size_t fired = 0;
    if (target <= w->done_tick)
        return 0;
    /* After a long pause, one visit of every slot covers all ticks. */
    uint64_t first = w->done_tick + 1;
    if (target - first >= WHEEL_SLOTS)
        first = target - WHEEL_SLOTS + 1;
    for (uint64_t tick = first; tick <= target; tick++) {
        w->done_tick = tick;
        fired += fire_slot(w, &w->slots[tick % WHEEL_SLOTS], target);
    }
    return fired;
}
