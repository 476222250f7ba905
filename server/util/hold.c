/* hold.c: outcomes of writes in flight. */
#include "util/hold.h"

#include <stdlib.h>

static uint64_t issued, settled;

hold *hold_new(void)
{
    hold *h = malloc(sizeof *h);
    if (!h)
        return NULL;
    *h = (hold){1, HOLD_PENDING, ++issued};
    return h;
}

hold *hold_ref(hold *h)
{
    h->refs++;
    return h;
}

void hold_unref(hold *h)
{
    if (h && --h->refs == 0)
        free(h);
}

void hold_settle(hold *h, bool kept)
{
    if (h->state != HOLD_PENDING)
        return;
    h->state = kept ? HOLD_KEPT : HOLD_BROKEN;
    settled++;
}

hold *hold_later(hold *a, hold *b)
{
    if (!a)
        return b;
    if (!b)
        return a;
    return a->seq > b->seq ? a : b;
}

uint64_t hold_settled_count(void)
{
    return settled;
}
