/*
 * link.h: one-time codes that carry an identity to another device.
 *
 * A player asks for a code (`link_code`) on a device where it is signed in;
 * another device says hello with that code and gets the same player's token
 * (PROTOCOL.md, Identity). A code works once, for the book's ttl_ms; a player has
 * one live code at a time (a new one replaces it). Codes live in memory only
 * (a restart forgets them): the token a code hands over is the one the asking
 * connection said hello with, never stored.
 *
 * A used or expired code is remembered for another ttl_ms, so that its
 * refusal can say what happened; after that it is unknown. Time is the
 * caller's (loop ms).
 */
#ifndef BOTPIT_LINK_H
#define BOTPIT_LINK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lobby/ids.h"
#include "util/map.h"

/* How long a code works unless the server says otherwise (--link-ttl). */
#define LINK_TTL_MS (10 * 60 * 1000)
/* Codes kept at once (live, used or expired), for every player together. */
#define LINK_MAX 20000

typedef struct link_book {
    map by_code;     /* code -> link_entry */
    uint64_t ttl_ms; /* how long a code works */
} link_book;

typedef enum link_status {
    LINK_OK,
    LINK_UNKNOWN, /* no such code (mistyped, guessed, or forgotten) */
    LINK_USED,
    LINK_EXPIRED,
} link_status;

void link_init(link_book *b, uint64_t ttl_ms);
void link_free(link_book *b);

/* A new code for player_id handing over token_hex (replacing the player's
 * earlier one), valid until now + ttl_ms. Writes it to code; false if
 * the book is full (LINK_MAX). */
bool link_issue(link_book *b, const char *player_id, const char *token_hex, uint64_t now,
                char code[IDS_LINK_LEN + 1]);
/* Checks a typed code: LINK_OK with the token in token_hex, or why not. The
 * code stays usable until link_use. */
link_status link_check(link_book *b, const char *typed, uint64_t now,
                       char token_hex[IDS_TOKEN_HEX]);
/* Marks a checked code used. */
void link_use(link_book *b, const char *typed);
/* Forgets codes expired for more than ttl_ms, and the tokens of those
 * expired; how many codes are left. (link_issue calls it.) */
size_t link_prune(link_book *b, uint64_t now);

#endif
