/* player.c: players by id and token, their connections and grace periods. */
#include <stdlib.h>
#include <string.h>

#include "lobby/lobby_int.h"
#include "util/log.h"

/* Players are found by the first half of their token's hex digits; the whole
 * token is then compared in constant time, so the lookup never compares
 * secret bytes in a way whose time depends on them. */
#define TOKEN_KEY_LEN 16

static void token_key(const uint8_t token[IDS_TOKEN_BYTES], char key[TOKEN_KEY_LEN + 1])
{
    char hex[IDS_TOKEN_HEX];
    ids_token_hex(token, hex);
    memcpy(key, hex, TOKEN_KEY_LEN);
    key[TOKEN_KEY_LEN] = '\0';
}

static void player_forget(player *p)
{
    lobby *l = p->lobby;
    char key[TOKEN_KEY_LEN + 1];
    token_key(p->token, key);
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

player *player_new(lobby *l, const char *name)
{
    player *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->lobby = l;
    p->seat = -1;
    snprintf(p->name, sizeof p->name, "%s", name);
    char key[TOKEN_KEY_LEN + 1];
    do {
        ids_player_id(p->id);
    } while (map_get(&l->players_by_id, p->id));
    do {
        ids_token_new(p->token);
        token_key(p->token, key);
    } while (map_get(&l->players_by_key, key));
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

player *player_find_by_token(lobby *l, const char *token_hex)
{
    uint8_t token[IDS_TOKEN_BYTES];
    if (!ids_token_parse(token_hex, token))
        return NULL;
    char key[TOKEN_KEY_LEN + 1];
    token_key(token, key);
    player *p = map_get(&l->players_by_key, key);
    if (!p || !ids_token_equal(p->token, token))
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
