/* msg.c: shared outgoing message buffers. */
#include "msg.h"

#include <stdlib.h>
#include <string.h>

msg *msg_from_json(const json_t *j)
{
    size_t len = json_dumpb(j, NULL, 0, JSON_COMPACT);
    msg *m = malloc(sizeof *m + MSG_HEADROOM + len + 1);
    if (!m)
        return NULL;
    m->refs = 1;
    m->len = json_dumpb(j, msg_text(m), len, JSON_COMPACT);
    msg_text(m)[m->len] = '\0';
    return m;
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
