/* ids.c: tokens, player ids and room codes from the kernel's randomness. */
#include "ids.h"

#include <ctype.h>
#include <errno.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

bool ids_random(void *buf, size_t n)
{
    unsigned char *p = buf;
    while (n) {
        ssize_t got = getrandom(p, n, 0);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        p += got;
        n -= (size_t)got;
    }
    return true;
}

/* Randomness is not optional for tokens: without it we must not run. */
static void random_or_die(void *buf, size_t n)
{
    if (!ids_random(buf, n)) {
        fprintf(stderr, "botpit: the kernel gives no randomness (getrandom failed)\n");
        abort();
    }
}

void ids_token_new(uint8_t token[IDS_TOKEN_BYTES])
{
    random_or_die(token, IDS_TOKEN_BYTES);
}

void ids_token_hex(const uint8_t token[IDS_TOKEN_BYTES], char out[IDS_TOKEN_HEX])
{
    static const char digits[] = "0123456789abcdef";
    for (int i = 0; i < IDS_TOKEN_BYTES; i++) {
        out[2 * i] = digits[token[i] >> 4];
        out[2 * i + 1] = digits[token[i] & 15];
    }
    out[2 * IDS_TOKEN_BYTES] = '\0';
}

void ids_token_hash(const uint8_t token[IDS_TOKEN_BYTES], uint8_t hash[IDS_HASH_BYTES])
{
    unsigned int len = 0;
    /* A digest of 16 bytes fails only if libcrypto cannot allocate: no
     * player can be checked then, so there is nothing better to do. */
    if (!EVP_Digest(token, IDS_TOKEN_BYTES, hash, &len, EVP_sha256(), NULL) ||
        len != IDS_HASH_BYTES) {
        fprintf(stderr, "botpit: libcrypto could not compute a SHA-256\n");
        abort();
    }
}

static int hex_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    c = (char)tolower((unsigned char)c);
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

bool ids_token_parse(const char *hex, uint8_t token[IDS_TOKEN_BYTES])
{
    if (strlen(hex) != 2 * IDS_TOKEN_BYTES)
        return false;
    for (int i = 0; i < IDS_TOKEN_BYTES; i++) {
        int hi = hex_value(hex[2 * i]), lo = hex_value(hex[2 * i + 1]);
        if (hi < 0 || lo < 0)
            return false;
        token[i] = (uint8_t)(hi << 4 | lo);
    }
    return true;
}

bool ids_token_hash_hex(const char *hex, uint8_t hash[IDS_HASH_BYTES])
{
    uint8_t raw[IDS_TOKEN_BYTES];
    if (!ids_token_parse(hex, raw))
        return false;
    ids_token_hash(raw, hash);
    return true;
}

bool ids_equal(const uint8_t *a, const uint8_t *b, size_t n)
{
    volatile uint8_t diff = 0;
    for (size_t i = 0; i < n; i++)
        diff |= a[i] ^ b[i];
    return diff == 0;
}

/* n characters drawn uniformly from alphabet (rejection keeps it unbiased). */
static void random_string(char *out, size_t n, const char *alphabet)
{
    size_t k = strlen(alphabet);
    size_t limit = 256 - 256 % k;
    size_t i = 0;
    while (i < n) {
        unsigned char b[16];
        random_or_die(b, sizeof b);
        for (size_t j = 0; j < sizeof b && i < n; j++) {
            if (b[j] < limit)
                out[i++] = alphabet[b[j] % k];
        }
    }
    out[n] = '\0';
}

void ids_player_id(char out[IDS_PLAYER_ID_LEN + 1])
{
    out[0] = 'p';
    random_string(out + 1, IDS_PLAYER_ID_LEN - 1, "abcdefghijkmnpqrstuvwxyz23456789");
}

static unsigned code_space; /* 0: every code */

void ids_set_code_space(int n)
{
    code_space = n > 0 ? (unsigned)n : 0;
}

void ids_room_code(char out[IDS_CODE_LEN + 1])
{
    if (!code_space) {
        random_string(out, IDS_CODE_LEN, IDS_CODE_ALPHABET);
        return;
    }
    /* The first code_space codes, in base 31. */
    uint32_t i;
    random_or_die(&i, sizeof i);
    i %= code_space;
    static const char alphabet[] = IDS_CODE_ALPHABET;
    for (int k = IDS_CODE_LEN - 1; k >= 0; k--) {
        out[k] = alphabet[i % (sizeof alphabet - 1)];
        i /= (uint32_t)(sizeof alphabet - 1);
    }
    out[IDS_CODE_LEN] = '\0';
}

bool ids_code_normalize(const char *in, char out[IDS_CODE_LEN + 1])
{
    if (strlen(in) != IDS_CODE_LEN)
        return false;
    for (int i = 0; i < IDS_CODE_LEN; i++) {
        char c = (char)toupper((unsigned char)in[i]);
        if (!strchr(IDS_CODE_ALPHABET, c) || c == '\0')
            return false;
        out[i] = c;
    }
    out[IDS_CODE_LEN] = '\0';
    return true;
}

void ids_link_code(char out[IDS_LINK_LEN + 1])
{
    random_string(out, IDS_LINK_LEN, IDS_CODE_ALPHABET);
}

bool ids_link_normalize(const char *in, char out[IDS_LINK_LEN + 1])
{
    int n = 0;
    for (const char *c = in; *c; c++) {
        if (*c == '-' || *c == ' ')
            continue;
        char u = (char)toupper((unsigned char)*c);
        if (n == IDS_LINK_LEN || !strchr(IDS_CODE_ALPHABET, u))
            return false;
        out[n++] = u;
    }
    out[n] = '\0';
    return n == IDS_LINK_LEN;
}
