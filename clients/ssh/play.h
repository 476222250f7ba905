/*
 * play.h: what botpit-ssh decides from what sshd tells it, with no I/O.
 *
 * The player is the public key they logged in with (sshd's ExposeAuthInfo
 * text), or a guest when they used none; their address comes from
 * SSH_CONNECTION, and limits count an IPv6 address by its /64 as the
 * server does. What the client may choose (TERM, the locale) is checked
 * here before it reaches botpit-tui, and the AuthorizedKeysCommand's
 * answer, which lets any key in, is built here.
 */
#ifndef BOTPIT_SSH_PLAY_H
#define BOTPIT_SSH_PLAY_H

#include <stdbool.h>
#include <stddef.h>

/* The SHA-256 of a key blob in hex, and as OpenSSH prints it. */
#define PLAY_KEY_HEX 65
#define PLAY_FINGERPRINT 52 /* "SHA256:" and 43 base64 digits */

typedef struct play_key {
    char hex[PLAY_KEY_HEX];          /* names the player's folder */
    char fingerprint[PLAY_FINGERPRINT]; /* SHA256:..., as ssh-keygen -l shows it */
} play_key;

/* The first "publickey TYPE BASE64" line of sshd's auth info text: 1 with
 * the key's digest in key, 0 when no key was used (a guest), -1 when a
 * publickey line is not a well-formed key of its type. */
int play_key_of(const char *auth_info, play_key *key);

/* The client's address, the first word of SSH_CONNECTION
 * ("ADDR PORT ADDR PORT"). false when it is not an IP address. */
bool play_client_address(const char *ssh_connection, char *out, size_t len);
/* What limits count by: an IPv4 address itself, an IPv6 one by its /64
 * ("2001:db8:1:2::/64"). false when address is not one. */
bool play_address_key(const char *address, char *out, size_t len);

/* TERM as the client sent it when it is a plain terminfo name (letters,
 * digits, . + - _, at most 64), else xterm-256color. */
const char *play_term(const char *term);
/* The locale botpit-tui runs in: C.UTF-8, or C when the client's own
 * (LC_ALL, LC_CTYPE, LANG, the first set) names another character set. */
const char *play_locale(const char *lc_all, const char *lc_ctype, const char *lang);

/* The AuthorizedKeysCommand's answer for the offered key (sshd's %t %k):
 * "restrict,pty TYPE KEY", the key accepted with nothing but a terminal.
 * false when TYPE or KEY are not a key's. */
bool play_authorized_line(const char *type, const char *key, char *out, size_t len);

#endif
