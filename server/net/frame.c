/* frame.c: WebSocket frame headers (see frame.h). */
#include "net/frame.h"

#include <stdint.h>

#define FIN_TEXT 0x81 /* FIN set, opcode 1 (text) */
#define LEN_16 126    /* the length follows in 2 bytes */
#define LEN_64 127    /* the length follows in 8 bytes */

size_t frame_text_header(unsigned char out[FRAME_HEADER_MAX], size_t payload_len)
{
    out[0] = FIN_TEXT;
    if (payload_len < LEN_16) {
        out[1] = (unsigned char)payload_len;
        return 2;
    }
    if (payload_len <= UINT16_MAX) {
        out[1] = LEN_16;
        out[2] = (unsigned char)(payload_len >> 8);
        out[3] = (unsigned char)payload_len;
        return 4;
    }
    out[1] = LEN_64;
    uint64_t len = payload_len;
    for (int i = 0; i < 8; i++)
        out[2 + i] = (unsigned char)(len >> (8 * (7 - i)));
    return 10;
}
