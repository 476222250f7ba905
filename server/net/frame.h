/*
 * frame.h: the header of a WebSocket frame the server sends.
 *
 * Several queued messages can leave in one write when their frames are laid
 * side by side: a server's frames are unmasked, so a frame is its header
 * then the payload as it is. RFC 6455 §5.2.
 */
#ifndef BOTPIT_FRAME_H
#define BOTPIT_FRAME_H

#include <stddef.h>

/* The longest header: 2 bytes, then the length in 8. */
#define FRAME_HEADER_MAX 10

/* Writes the header of a final (unfragmented) text frame of payload_len
 * bytes into out; returns its size: 2, 4 or 10 bytes. */
size_t frame_text_header(unsigned char out[FRAME_HEADER_MAX], size_t payload_len);

#endif
