/*
 * sha256.h: SHA-256 (FIPS 180-4), for storing player tokens hashed: the
 * database and the player table hold the hash, never the token.
 */
#ifndef BOTPIT_SHA256_H
#define BOTPIT_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define SHA256_BYTES 32

void sha256(const void *data, size_t len, uint8_t out[SHA256_BYTES]);

#endif
