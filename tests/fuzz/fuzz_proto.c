/* fuzz_proto.c: any bytes as a client message. The decoder must never crash,
 * and what it accepts must have the fields its verb promises. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "proto.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    proto_request q;
    char why[256];
    proto_code c = proto_decode((const char *)data, size, &q, why, sizeof why);
    if (c == PROTO_OK) {
        if (q.verb < 0 || q.verb >= PROTO_VERB_COUNT)
            abort();
        if (q.verb == PROTO_HELLO && !q.name && !q.link) /* a link code brings its name */
            abort();
        if (q.verb == PROTO_ACT && !json_is_object(q.action))
            abort();
        if (q.verb == PROTO_CHAT && !q.text)
            abort();
    } else if (strlen(why) == 0) {
        abort(); /* every refusal has a sentence */
    }
    if (q.name) {
        char out[4 * PROTO_NAME_MAX + 1], reason[128];
        if (proto_clean_name(q.name, out, sizeof out, reason, sizeof reason) &&
            proto_utf8_length(out, strlen(out)) > PROTO_NAME_MAX)
            abort();
    }
    proto_request_free(&q);
    return 0;
}
