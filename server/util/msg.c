/* msg.c: shared outgoing message buffers. */
#include "msg.h"

#include <stdlib.h>
#include <string.h>

/* The msg being written by json_dump_callback, grown as the text comes. */
typedef struct growing {
    msg *m;
    size_t cap; /* bytes of text it has room for, without the NUL */
} growing;

static int append(const char *buf, size_t size, void *data)
{
    growing *g = data;
    if (g->m->len + size > g->cap) {
        size_t cap = 2 * g->cap;
        while (cap < g->m->len + size)
            cap *= 2;
        msg *m = realloc(g->m, sizeof *m + MSG_HEADROOM + cap + 1);
        if (!m)
            return -1;
        g->m = m;
        g->cap = cap;
    }
    memcpy(msg_text(g->m) + g->m->len, buf, size);
    g->m->len += size;
    return 0;
}

/* One pass of the serializer (json_dumpb would need two: one to measure),
 * into a buffer that grows; the slack is given back at the end, since some
 * messages are kept (a room's chat history). */
#define FIRST_CAP 256

msg *msg_from_json(const json_t *j)
{
    growing g = {malloc(sizeof(msg) + MSG_HEADROOM + FIRST_CAP + 1), FIRST_CAP};
    if (!g.m)
        return NULL;
    g.m->refs = 1;
    g.m->len = 0;
    if (json_dump_callback(j, append, &g, JSON_COMPACT) != 0) {
        free(g.m);
        return NULL;
    }
    msg_text(g.m)[g.m->len] = '\0';
    if (g.cap > g.m->len) {
        msg *fit = realloc(g.m, sizeof *fit + MSG_HEADROOM + g.m->len + 1);
        if (fit)
            g.m = fit;
    }
    return g.m;
}

msg *msg_ref(msg *m)
{
    m->refs++;
    return m;
}

void msg_unref(msg *m)
{
    if (m && --m->refs == 0)
        free(m);
}
