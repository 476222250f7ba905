/*
 * msg.h: an outgoing WebSocket text message, serialized once and shared.
 *
 * A state is serialized once per audience and the same bytes are queued on
 * every session of that audience, so a msg is reference-counted. Its text is
 * preceded by MSG_HEADROOM bytes that the WebSocket layer may overwrite with
 * the frame header (libwebsockets' LWS_PRE; net/ checks it fits).
 */
#ifndef BOTPIT_MSG_H
#define BOTPIT_MSG_H

#include <jansson.h>
#include <stddef.h>

#define MSG_HEADROOM 32

typedef struct msg {
    int refs;
    size_t len;                  /* bytes of text, without the final NUL */
    unsigned char bytes[];       /* MSG_HEADROOM, then text, then NUL */
} msg;

/* Compact JSON of j, refs = 1; NULL on allocation failure. */
msg *msg_from_json(const json_t *j);
static inline char *msg_text(msg *m)
{
    return (char *)m->bytes + MSG_HEADROOM;
}
msg *msg_ref(msg *m);
void msg_unref(msg *m);

#endif
