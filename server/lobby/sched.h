/*
 * sched.h: the lobby's clock and its coarse timers.
 *
 * Grace periods, room closing, bot pacing, rooms-list pushes and retries are
 * thousands of timers that need a resolution of a wheel tick, not a libuv
 * timer each: they live on one timing wheel (util/wheel.h). One libuv timer
 * drives the wheel, armed for the earliest timer the wheel holds and stopped
 * when it holds none, so a server with nothing due sleeps instead of waking
 * every tick.
 */
#ifndef BOTPIT_SCHED_H
#define BOTPIT_SCHED_H

#include <stdint.h>
#include <uv.h>

#include "util/wheel.h"

#define SCHED_TICK_MS 100

typedef struct sched {
    uv_loop_t *loop;
    wheel wheel;
    uv_timer_t timer;  /* drives the wheel; timer.data is the owner's */
    uint64_t timer_at; /* loop ms the timer is armed for; UINT64_MAX when stopped */
} sched;

void sched_init(sched *s, uv_loop_t *loop);
/* Closes the libuv timer; done gets its handle once it is closed. */
void sched_close(sched *s, uv_close_cb done);

/* Loop time in ms (monotonic). */
uint64_t sched_now(const sched *s);
/* Arms (or re-arms) t to fire once after delay_ms. */
void sched_start(sched *s, wheel_timer *t, uint64_t delay_ms);
void sched_stop(sched *s, wheel_timer *t); /* harmless if not armed */

#endif
