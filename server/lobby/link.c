/* link.c: the book of link codes. */
#include "lobby/link.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct link_entry {
    char code[IDS_LINK_LEN + 1];
    char player[IDS_PLAYER_ID_LEN + 1];
    char token[IDS_TOKEN_HEX];
    uint64_t expires; /* loop ms */
    bool used;
} link_entry;

void link_init(link_book *b, uint64_t ttl_ms)
{
    map_init(&b->by_code);
    b->ttl_ms = ttl_ms;
}

static void drop(link_book *b, link_entry *e)
{
    map_remove(&b->by_code, e->code);
    /* The token was a credential: nothing of it stays in freed memory. */
    memset(e, 0, sizeof *e);
    free(e);
}

void link_free(link_book *b)
{
    map_iter it = map_first(&b->by_code);
    while (it.entry) {
        link_entry *e = map_iter_value(&it);
        map_next(&b->by_code, &it);
        memset(e, 0, sizeof *e);
        free(e);
    }
    map_free(&b->by_code);
}

size_t link_prune(link_book *b, uint64_t now)
{
    map_iter it = map_first(&b->by_code);
    while (it.entry) {
        link_entry *e = map_iter_value(&it);
        map_next(&b->by_code, &it);
        if (now >= e->expires + b->ttl_ms)
            drop(b, e);
        else if (now >= e->expires) /* remembered to say it expired, without its token */
            memset(e->token, 0, sizeof e->token);
    }
    return b->by_code.count;
}

/* A player's earlier code stops working when it asks for a new one: only
 * the code on the screen now can be used. */
static void retire_codes_of(link_book *b, const char *player_id)
{
    map_iter it = map_first(&b->by_code);
    while (it.entry) {
        link_entry *e = map_iter_value(&it);
        map_next(&b->by_code, &it);
        if (!e->used && strcmp(e->player, player_id) == 0)
            drop(b, e);
    }
}

bool link_issue(link_book *b, const char *player_id, const char *token_hex, uint64_t now,
                char code[IDS_LINK_LEN + 1])
{
    retire_codes_of(b, player_id);
    if (link_prune(b, now) >= LINK_MAX)
        return false;
    link_entry *e = calloc(1, sizeof *e);
    if (!e)
        return false;
    do {
        ids_link_code(e->code);
    } while (map_get(&b->by_code, e->code));
    snprintf(e->player, sizeof e->player, "%s", player_id);
    snprintf(e->token, sizeof e->token, "%s", token_hex);
    e->expires = now + b->ttl_ms;
    if (!map_put(&b->by_code, e->code, e)) {
        free(e);
        return false;
    }
    memcpy(code, e->code, sizeof e->code);
    return true;
}

static link_entry *find(link_book *b, const char *typed)
{
    char code[IDS_LINK_LEN + 1];
    return ids_link_normalize(typed, code) ? map_get(&b->by_code, code) : NULL;
}

link_status link_check(link_book *b, const char *typed, uint64_t now,
                       char token_hex[IDS_TOKEN_HEX])
{
    link_entry *e = find(b, typed);
    if (!e)
        return LINK_UNKNOWN;
    if (e->used)
        return LINK_USED;
    if (now >= e->expires)
        return LINK_EXPIRED;
    memcpy(token_hex, e->token, sizeof e->token);
    return LINK_OK;
}

void link_use(link_book *b, const char *typed)
{
    link_entry *e = find(b, typed);
    if (e) {
        e->used = true;
        memset(e->token, 0, sizeof e->token);
    }
}
