/* msg.c: shared outgoing message buffers. */
#include "msg.h"

#include <stdlib.h>
#include <string.h>

/* Serialized in one pass (json_dumpb would need two: one to measure) into
 * a buffer kept for the next message, then copied once into a msg of the
 * exact size: growing the msg itself and giving the slack back left a hole
 * beside every kept message (a room's chat history), 27 MB at 16,000 chat
 * clients. One buffer per thread, so any loop thread may serialize. */
typedef struct scratch {
    char *bytes;
    size_t len, cap;
} scratch;

static _Thread_local scratch text;

static int append(const char *buf, size_t size, void *data)
{
    scratch *t = data;
    if (t->len + size > t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 4096;
        while (cap < t->len + size)
            cap *= 2;
        char *bytes = realloc(t->bytes, cap);
        if (!bytes)
            return -1;
        t->bytes = bytes;
        t->cap = cap;
    }
    memcpy(t->bytes + t->len, buf, size);
    t->len += size;
    return 0;
}

msg *msg_from_json(const json_t *j)
{
    text.len = 0;
    if (json_dump_callback(j, append, &text, JSON_COMPACT) != 0)
        return NULL;
    msg *m = malloc(sizeof *m + MSG_HEADROOM + text.len + 1);
    if (!m)
        return NULL;
    m->refs = 1;
    m->len = text.len;
    memcpy(msg_text(m), text.bytes, text.len);
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
