/* test_frame.c: the WebSocket frame headers the server writes when it sends
 * several messages in one write (RFC 6455 §5.2: FIN, opcode, the length in
 * 7 bits, or 126 and 16 bits, or 127 and 64 bits, in network order). */
#include <criterion/criterion.h>
#include <string.h>

#include "net/frame.h"

static void expect_header(size_t payload_len, const unsigned char *want, size_t want_len)
{
    unsigned char out[FRAME_HEADER_MAX];
    memset(out, 0xee, sizeof out);
    size_t got = frame_text_header(out, payload_len);
    cr_assert_eq(got, want_len, "payload %zu: header of %zu bytes, want %zu", payload_len, got,
                 want_len);
    cr_assert_arr_eq(out, want, want_len, "payload %zu: wrong header bytes", payload_len);
}

Test(frame, a_short_payload_has_its_length_in_the_second_byte)
{
    expect_header(0, (const unsigned char[]){0x81, 0}, 2);
    expect_header(5, (const unsigned char[]){0x81, 5}, 2);
    expect_header(125, (const unsigned char[]){0x81, 125}, 2);
}

Test(frame, from_126_to_65535_bytes_the_length_follows_in_two_bytes)
{
    expect_header(126, (const unsigned char[]){0x81, 126, 0x00, 0x7e}, 4);
    expect_header(1000, (const unsigned char[]){0x81, 126, 0x03, 0xe8}, 4);
    expect_header(65535, (const unsigned char[]){0x81, 126, 0xff, 0xff}, 4);
}

Test(frame, from_65536_bytes_the_length_follows_in_eight_bytes)
{
    expect_header(65536, (const unsigned char[]){0x81, 127, 0, 0, 0, 0, 0, 1, 0, 0}, 10);
    expect_header(0x12345678, (const unsigned char[]){0x81, 127, 0, 0, 0, 0, 0x12, 0x34, 0x56, 0x78},
                  10);
}
