/* keepalive.c: two FIFO queues and one timer (see keepalive.h). */
#include "net/keepalive.h"

#include <stddef.h>

static void list_init(ka_node *head)
{
    head->prev = head->next = head;
}

static bool list_empty(const ka_node *head)
{
    return head->next == head;
}

static void list_append(ka_node *head, ka_node *n)
{
    n->prev = head->prev;
    n->next = head;
    head->prev->next = n;
    head->prev = n;
}

void keepalive_remove(ka_node *n)
{
    if (!n->next)
        return;
    n->prev->next = n->next;
    n->next->prev = n->prev;
    n->prev = n->next = NULL;
}

static uint64_t now_ms(keepalive *k)
{
    return uv_now(k->timer.loop);
}

/* The loop ms the earlier head is due, or UINT64_MAX with both queues empty. */
static uint64_t next_due(const keepalive *k)
{
    uint64_t due = UINT64_MAX;
    if (!list_empty(&k->quiet))
        due = k->quiet.next->heard_ms + k->ping_ms;
    if (!list_empty(&k->pinged) && k->pinged.next->heard_ms + k->hangup_ms < due)
        due = k->pinged.next->heard_ms + k->hangup_ms;
    return due;
}

static void fired(uv_timer_t *t);

static void arm(keepalive *k)
{
    uint64_t due = next_due(k);
    k->armed_ms = due;
    if (due == UINT64_MAX)
        return;
    uint64_t now = now_ms(k);
    uv_timer_start(&k->timer, fired, due > now ? due - now : 0, 0);
}

static void fired(uv_timer_t *t)
{
    keepalive *k = (keepalive *)((char *)t - offsetof(keepalive, timer));
    uint64_t now = now_ms(k);
    while (!list_empty(&k->pinged) && k->pinged.next->heard_ms + k->hangup_ms <= now) {
        ka_node *n = k->pinged.next;
        keepalive_remove(n);
        k->hangup(n);
    }
    while (!list_empty(&k->quiet) && k->quiet.next->heard_ms + k->ping_ms <= now) {
        ka_node *n = k->quiet.next;
        keepalive_remove(n);
        list_append(&k->pinged, n);
        k->ping(n);
    }
    arm(k);
}

void keepalive_init(keepalive *k, uv_loop_t *loop, int keepalive_s, void (*ping)(ka_node *),
                    void (*hangup)(ka_node *))
{
    uv_timer_init(loop, &k->timer);
    list_init(&k->quiet);
    list_init(&k->pinged);
    k->ping_ms = (uint64_t)keepalive_s * 1000;
    k->hangup_ms = (uint64_t)keepalive_s * 2500;
    k->armed_ms = UINT64_MAX;
    k->ping = ping;
    k->hangup = hangup;
}

void keepalive_close(keepalive *k)
{
    uv_timer_stop(&k->timer);
    uv_close((uv_handle_t *)&k->timer, NULL);
}

void keepalive_heard(keepalive *k, ka_node *n)
{
    keepalive_remove(n);
    n->heard_ms = now_ms(k);
    list_append(&k->quiet, n);
    /* The timer may be armed for a later hang-up, or not at all. */
    if (n->heard_ms + k->ping_ms < k->armed_ms)
        arm(k);
}

void keepalive_add(keepalive *k, ka_node *n)
{
    n->prev = n->next = NULL;
    keepalive_heard(k, n);
}
