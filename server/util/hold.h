/*
 * hold.h: the outcome of a write that has been sent and not yet answered,
 * which the messages that depend on it wait for.
 *
 * In distributed mode a change is applied in memory at once and its write
 * goes to Redis; the replies and broadcasts that tell of the change are
 * queued, but held back until Redis has the write (the commit point: nobody
 * hears of a change before it is stored). A hold is that write's outcome:
 * pending, kept (stored: what waits may go) or broken (not stored, or not
 * known to be: what waits is dropped, and a reply becomes `unavailable`).
 * With SQLite, writes return only once committed, and nothing ever holds.
 *
 * Holds are reference-counted; every settling bumps a process-wide count,
 * so that whoever waits (the network layer) knows when to look again. The
 * loop thread only.
 */
#ifndef BOTPIT_HOLD_H
#define BOTPIT_HOLD_H

#include <stdbool.h>
#include <stdint.h>

typedef enum hold_state { HOLD_PENDING, HOLD_KEPT, HOLD_BROKEN } hold_state;

typedef struct hold {
    int refs;
    hold_state state;
    uint64_t seq; /* issue order: a later write has a larger seq */
} hold;

/* A pending hold, refs = 1; NULL if out of memory. */
hold *hold_new(void);
hold *hold_ref(hold *h);
void hold_unref(hold *h); /* NULL is fine */
/* Settles h once (later calls change nothing). */
void hold_settle(hold *h, bool kept);
/* Of two holds (either may be NULL), the one issued later. */
hold *hold_later(hold *a, hold *b);
/* How many holds have settled since the process started. */
uint64_t hold_settled_count(void);

#endif
