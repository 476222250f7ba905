/* play.c: the player, their address and their terminal, from sshd's words. */
#include "play.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <openssl/evp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* An RSA key of 16384 bits is about 2 KB; nothing sshd accepts is longer. */
#define KEY_BASE64_MAX 16384
#define KEY_TYPE_MAX 64

static bool is_base64(const char *s, size_t n)
{
    if (n == 0 || n % 4 != 0)
        return false;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        bool pad = c == '=' && i >= n - 2 && (i == n - 1 || s[n - 1] == '=');
        if (!isalnum(c) && c != '+' && c != '/' && !pad)
            return false;
    }
    return true;
}

static bool is_key_type(const char *s, size_t n)
{
    if (n == 0 || n > KEY_TYPE_MAX)
        return false;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (!isalnum(c) && c != '-' && c != '@' && c != '.')
            return false;
    }
    return true;
}

/* Decodes a key's base64 and checks that the blob names its type first
 * (an SSH string: a 32-bit length, then the name). Returns the blob's
 * length, or 0. */
static size_t key_blob(const char *type, size_t type_len, const char *b64, size_t n,
                       unsigned char *blob)
{
    if (!is_key_type(type, type_len) || n > KEY_BASE64_MAX || !is_base64(b64, n))
        return 0;
    int len = EVP_DecodeBlock(blob, (const unsigned char *)b64, (int)n);
    if (len < 0)
        return 0;
    len -= (b64[n - 1] == '=') + (b64[n - 2] == '=');
    if (len < 4)
        return 0;
    uint32_t name_len = (uint32_t)blob[0] << 24 | (uint32_t)blob[1] << 16 |
                        (uint32_t)blob[2] << 8 | blob[3];
    if (name_len != type_len || (size_t)len < 4 + type_len ||
        memcmp(blob + 4, type, type_len) != 0)
        return 0;
    return (size_t)len;
}

int play_key_of(const char *auth_info, play_key *key)
{
    static const char method[] = "publickey ";
    memset(key, 0, sizeof *key);
    for (const char *line = auth_info; line && *line;) {
        const char *end = strchr(line, '\n');
        size_t line_len = end ? (size_t)(end - line) : strlen(line);
        if (line_len > sizeof method - 1 && strncmp(line, method, sizeof method - 1) == 0) {
            const char *type = line + sizeof method - 1;
            const char *space = memchr(type, ' ', line_len - (sizeof method - 1));
            if (!space)
                return -1;
            const char *b64 = space + 1;
            size_t b64_len = strcspn(b64, " \n");
            unsigned char blob[KEY_BASE64_MAX / 4 * 3 + 3];
            size_t n = key_blob(type, (size_t)(space - type), b64, b64_len, blob);
            if (n == 0)
                return -1;
            unsigned char md[EVP_MAX_MD_SIZE];
            unsigned md_len = 0;
            if (!EVP_Digest(blob, n, md, &md_len, EVP_sha256(), NULL) || md_len != 32)
                return -1;
            for (unsigned i = 0; i < md_len; i++)
                snprintf(key->hex + 2 * i, 3, "%02x", md[i]);
            unsigned char b[48];
            int blen = EVP_EncodeBlock(b, md, (int)md_len); /* 44 with one '=' */
            snprintf(key->fingerprint, sizeof key->fingerprint, "SHA256:%.*s", blen - 1,
                     (const char *)b);
            return 1;
        }
        line = end ? end + 1 : NULL;
    }
    return 0;
}

bool play_client_address(const char *ssh_connection, char *out, size_t len)
{
    if (!ssh_connection)
        return false;
    size_t n = strcspn(ssh_connection, " ");
    char addr[INET6_ADDRSTRLEN];
    unsigned char bytes[16];
    if (n == 0 || n >= sizeof addr || n >= len)
        return false;
    memcpy(addr, ssh_connection, n);
    addr[n] = 0;
    if (inet_pton(AF_INET, addr, bytes) != 1 && inet_pton(AF_INET6, addr, bytes) != 1)
        return false;
    memcpy(out, addr, n + 1);
    return true;
}

bool play_address_key(const char *address, char *out, size_t len)
{
    unsigned char bytes[16];
    char text[INET6_ADDRSTRLEN];
    if (inet_pton(AF_INET, address, bytes) == 1) {
        inet_ntop(AF_INET, bytes, text, sizeof text);
        return (size_t)snprintf(out, len, "%s", text) < len;
    }
    if (inet_pton(AF_INET6, address, bytes) != 1)
        return false;
    memset(bytes + 8, 0, 8); /* one subscriber's /64 is one address */
    inet_ntop(AF_INET6, bytes, text, sizeof text);
    return (size_t)snprintf(out, len, "%s/64", text) < len;
}

const char *play_term(const char *term)
{
    static const char fallback[] = "xterm-256color";
    size_t n = term ? strlen(term) : 0;
    if (n == 0 || n > 64 || !isalnum((unsigned char)term[0]))
        return fallback;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)term[i];
        if (!isalnum(c) && c != '.' && c != '+' && c != '-' && c != '_')
            return fallback;
    }
    return term;
}

const char *play_locale(const char *lc_all, const char *lc_ctype, const char *lang)
{
    const char *asked = lc_all && *lc_all ? lc_all : lc_ctype && *lc_ctype ? lc_ctype : lang;
    if (!asked || !*asked)
        return "C.UTF-8"; /* nothing said: today's terminals speak UTF-8 */
    for (const char *p = asked; *p; p++) {
        if (strncasecmp(p, "utf-8", 5) == 0 || strncasecmp(p, "utf8", 4) == 0)
            return "C.UTF-8";
    }
    return "C";
}

bool play_authorized_line(const char *type, const char *key, char *out, size_t len)
{
    if (!type || !key)
        return false;
    unsigned char blob[KEY_BASE64_MAX / 4 * 3 + 3];
    if (key_blob(type, strlen(type), key, strlen(key), blob) == 0)
        return false;
    int n = snprintf(out, len, "restrict,pty %s %s", type, key);
    return n > 0 && (size_t)n < len;
}
