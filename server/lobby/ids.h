/*
 * ids.h: the random names the lobby hands out.
 *
 * Tokens are 128 bits from getrandom, shown to their owner as 32 hex digits,
 * never logged nor stored: the server keeps their SHA-256 (libcrypto's,
 * the same digest the database has always held) and compares hashes in
 * constant time. Player ids are public
 * and short. Room codes are 5 characters from an alphabet without look-alikes
 * (no 0/O, 1/I/L), so they can be read aloud and typed on a phone.
 */
#ifndef BOTPIT_IDS_H
#define BOTPIT_IDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define IDS_TOKEN_BYTES 16
#define IDS_TOKEN_HEX (2 * IDS_TOKEN_BYTES + 1)
#define IDS_HASH_BYTES 32 /* SHA-256 */
#define IDS_PLAYER_ID_LEN 11 /* "p" + 10 characters, plus NUL */
#define IDS_CODE_LEN 5
#define IDS_CODE_ALPHABET "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

/* Fills buf with n random bytes from the kernel; false if it cannot. */
bool ids_random(void *buf, size_t n);

void ids_token_new(uint8_t token[IDS_TOKEN_BYTES]);
void ids_token_hex(const uint8_t token[IDS_TOKEN_BYTES], char out[IDS_TOKEN_HEX]);
/* Parses 32 hex digits (either case); false if hex is anything else. */
bool ids_token_parse(const char *hex, uint8_t token[IDS_TOKEN_BYTES]);
/* The SHA-256 of a token: what is kept instead of the token. */
void ids_token_hash(const uint8_t token[IDS_TOKEN_BYTES], uint8_t hash[IDS_HASH_BYTES]);
/* The hash of a token given in hex, as a client sends it; false if the text
 * is no token. */
bool ids_token_hash_hex(const char *hex, uint8_t hash[IDS_HASH_BYTES]);
/* Constant-time equality of n bytes: the time taken does not depend on the
 * contents. */
bool ids_equal(const uint8_t *a, const uint8_t *b, size_t n);

void ids_player_id(char out[IDS_PLAYER_ID_LEN + 1]);
void ids_room_code(char out[IDS_CODE_LEN + 1]);
/* Tests only: room codes drawn from the first n codes (0: all of them), so
 * that nodes collide on codes often. */
void ids_set_code_space(int n);
/* Upper-cases and checks a code a person typed ("k7p2x" -> "K7P2X"); false if
 * it cannot be a code. */
bool ids_code_normalize(const char *in, char out[IDS_CODE_LEN + 1]);

/* Link codes (carrying an identity to another device): 8 characters of the
 * room codes' alphabet, shown as two groups of four ("K7P2-X9QM"). */
#define IDS_LINK_LEN 8
void ids_link_code(char out[IDS_LINK_LEN + 1]);
/* The code a person typed, in either case, with or without its dash and
 * spaces; false if it cannot be a link code. */
bool ids_link_normalize(const char *in, char out[IDS_LINK_LEN + 1]);

#endif
