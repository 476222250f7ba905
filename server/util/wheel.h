/*
 * wheel.h: a hashed timing wheel for the server's many coarse timers.
 *
 * Disconnect grace periods, room closing and bot pacing are thousands of
 * timers that need a resolution of a tick (100 ms), not a libuv timer each.
 * Timers hash into WHEEL_SLOTS slots by due tick; advancing the wheel visits
 * only the slots of the ticks that passed. The owner drives it: call
 * wheel_advance with the current time whenever a tick may have passed.
 * Engine deadlines, which need precision, use one libuv timer per room.
 */
#ifndef BOTPIT_WHEEL_H
#define BOTPIT_WHEEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define WHEEL_SLOTS 256

typedef struct wheel_timer wheel_timer;
typedef void (*wheel_cb)(wheel_timer *t);

struct wheel_timer {
    wheel_timer *next, *prev; /* in its slot's list while armed */
    uint64_t due;             /* absolute ms */
    wheel_cb cb;
    void *data;               /* for the owner */
};

typedef struct wheel {
    wheel_timer slots[WHEEL_SLOTS]; /* list heads */
    uint64_t tick_ms;
    uint64_t done_tick; /* every tick up to and including this has fired */
    size_t count;
} wheel;

void wheel_init(wheel *w, uint64_t tick_ms, uint64_t now);
void wheel_timer_init(wheel_timer *t, wheel_cb cb, void *data);
/* Arms (or re-arms) t to fire once at `due` (ms; a time already past fires at
 * the next advance). */
void wheel_start(wheel *w, wheel_timer *t, uint64_t due);
void wheel_stop(wheel *w, wheel_timer *t); /* harmless if not armed */
bool wheel_armed(const wheel_timer *t);
/* Fires every timer due at or before now, earliest tick first. A callback may
 * start or stop any timer, itself included. Returns how many fired. */
size_t wheel_advance(wheel *w, uint64_t now);
static inline size_t wheel_count(const wheel *w)
{
    return w->count;
}

#endif
