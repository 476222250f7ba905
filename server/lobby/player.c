/* player.c: players by id and token, their connections and grace periods. */
#include <stdlib.h>
#include <string.h>

#include "lobby/lobby_int.h"
#include "util/log.h"
#include "util/sha256.h"

/* Players are found by the first 16 hex digits of their token's hash; the
 * whole hash is then compared in constant time. Neither step compares token
 * bytes in a way whose time depends on them. */
#define HASH_KEY_LEN 16

static void hash_key(const uint8_t hash[SHA256_BYTES], char key[HASH_KEY_LEN + 1])
{
    static const char digits[] = "0123456789abcdef";
    for (int i = 0; i < HASH_KEY_LEN / 2; i++) {
        key[2 * i] = digits[hash[i] >> 4];
        key[2 * i + 1] = digits[hash[i] & 15];
    }
    key[HASH_KEY_LEN] = '\0';
}

static void player_forget(player *p)
{
    lobby *l = p->lobby;
    char key[HASH_KEY_LEN + 1];
    hash_key(p->token_hash, key);
    map_remove(&l->players_by_key, key);
    map_remove(&l->players_by_id, p->id);
    wheel_stop(&l->wheel, &p->grace);
    free(p);
}

/* The grace timer: a seat held for an away player runs out, then later the
 * player itself is forgotten if it is in no room. */
static void grace_expired(wheel_timer *t)
{
    player *p = t->data;
    if (p->conn)
        return;
    if (p->room) {
        /* A player still in a room after this (a bot keeps its seat in play)
         * is looked at again after the longer time-to-live. */
        room_member_expired(p->room, p);
        lobby_wheel_start(p->lobby, &p->grace, (uint64_t)p->lobby->cfg.player_ttl_ms);
        return;
    }
    log_debug("forgetting player %s", p->id);
    player_forget(p);
}

/* Adds a player with a known id and token hash to the tables. */
static player *player_add(lobby *l, const char *id, const char *name,
                          const uint8_t hash[SHA256_BYTES])
{
    char key[HASH_KEY_LEN + 1];
    hash_key(hash, key);
    if (map_get(&l->players_by_id, id) || map_get(&l->players_by_key, key))
        return NULL;
    player *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->lobby = l;
    p->seat = -1;
    snprintf(p->id, sizeof p->id, "%s", id);
    snprintf(p->name, sizeof p->name, "%s", name);
    memcpy(p->token_hash, hash, SHA256_BYTES);
    wheel_timer_init(&p->grace, grace_expired, p);
    p->chat_allowance = l->cfg.chat_per_10s;
    p->chat_checked = lobby_now(l);
    if (!map_put(&l->players_by_id, p->id, p) || !map_put(&l->players_by_key, key, p)) {
        map_remove(&l->players_by_id, p->id);
        free(p);
        return NULL;
    }
    return p;
}

player *player_new(lobby *l, const char *name, uint8_t token[IDS_TOKEN_BYTES])
{
    char id[IDS_PLAYER_ID_LEN + 1];
    uint8_t hash[SHA256_BYTES];
    for (int tries = 0; tries < 8; tries++) { /* a clash is astronomically rare */
        ids_player_id(id);
        ids_token_new(token);
        sha256(token, IDS_TOKEN_BYTES, hash);
        player *p = player_add(l, id, name, hash);
        if (p) {
            persist_player(l, p);
            return p;
        }
    }
    return NULL;
}

player *player_restore(lobby *l, const char *id, const char *name,
                       const uint8_t token_hash[SHA256_BYTES])
{
    player *p = player_add(l, id, name, token_hash);
    if (p) /* nobody is connected yet: forgotten in due course unless seated */
        lobby_wheel_start(l, &p->grace, (uint64_t)l->cfg.player_ttl_ms);
    return p;
}

player *player_find_by_token(lobby *l, const char *token_hex)
{
    uint8_t token[IDS_TOKEN_BYTES], hash[SHA256_BYTES];
    if (!ids_token_parse(token_hex, token))
        return NULL;
    sha256(token, IDS_TOKEN_BYTES, hash);
    char key[HASH_KEY_LEN + 1];
    hash_key(hash, key);
    player *p = map_get(&l->players_by_key, key);
    if (!p || !ids_equal(p->token_hash, hash, SHA256_BYTES))
        return NULL;
    return p;
}

void player_attach(player *p, lobby_conn *c)
{
    p->conn = c;
    c->player = p;
    wheel_stop(&p->lobby->wheel, &p->grace);
    if (p->room)
        room_member_connected(p->room, p);
}

void player_detach(player *p)
{
    lobby *l = p->lobby;
    if (p->conn)
        p->conn->player = NULL;
    p->conn = NULL;
    p->watching_rooms = false;
    if (p->room) {
        room_member_away(p->room, p);
        lobby_wheel_start(l, &p->grace, (uint64_t)l->cfg.grace_ms);
    } else {
        lobby_wheel_start(l, &p->grace, (uint64_t)l->cfg.player_ttl_ms);
    }
}

void player_free_all(lobby *l)
{
    map_iter it = map_first(&l->players_by_id);
    while (it.entry) {
        player *p = map_iter_value(&it);
        map_next(&l->players_by_id, &it);
        wheel_stop(&l->wheel, &p->grace);
        free(p);
    }
    map_free(&l->players_by_id);
    map_free(&l->players_by_key);
}

bool player_chat_allowed(player *p)
{
    lobby *l = p->lobby;
    uint64_t now = lobby_now(l);
    double per_ms = l->cfg.chat_per_10s / 10000.0;
    p->chat_allowance += (double)(now - p->chat_checked) * per_ms;
    if (p->chat_allowance > l->cfg.chat_per_10s)
        p->chat_allowance = l->cfg.chat_per_10s;
    p->chat_checked = now;
    if (p->chat_allowance < 1.0)
        return false;
    p->chat_allowance -= 1.0;
    return true;
}
