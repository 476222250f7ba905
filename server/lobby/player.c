/* player.c: players by id and token, their connections and grace periods. */
#include "lobby/player.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/log.h"

/* Players are found by the first 16 hex digits of their token's hash; the
 * whole hash is then compared in constant time. Neither step compares token
 * bytes in a way whose time depends on them. */
#define HASH_KEY_LEN 16

static void hash_key(const uint8_t hash[IDS_HASH_BYTES], char key[HASH_KEY_LEN + 1])
{
    static const char digits[] = "0123456789abcdef";
    for (int i = 0; i < HASH_KEY_LEN / 2; i++) {
        key[2 * i] = digits[hash[i] >> 4];
        key[2 * i + 1] = digits[hash[i] & 15];
    }
    key[HASH_KEY_LEN] = '\0';
}

void players_init(players *ps, sched *s, const lobby_config *cfg,
                  void (*expired)(void *ctx, player *p), void *ctx)
{
    ps->sched = s;
    map_init(&ps->by_id);
    map_init(&ps->by_key);
    ps->grace_ms = cfg->grace_ms;
    ps->ttl_ms = cfg->player_ttl_ms;
    ps->guest_ttl_ms = cfg->guest_ttl_ms;
    ps->chat_per_10s = cfg->chat_per_10s;
    ps->expired = expired;
    ps->ctx = ctx;
}

void player_forget(player *p)
{
    players *ps = p->owner;
    char key[HASH_KEY_LEN + 1];
    hash_key(p->token_hash, key);
    map_remove(&ps->by_key, key);
    map_remove(&ps->by_id, p->id);
    sched_stop(ps->sched, &p->grace);
    free(p);
}

/* The grace timer: a seat held for an away player runs out, then later the
 * player itself is forgotten if it is in no room. */
static void grace_expired(wheel_timer *t)
{
    player *p = t->data;
    players *ps = p->owner;
    if (p->conn)
        return;
    if (p->room) {
        /* A player still in a room after this (a bot keeps its seat in play)
         * is looked at again after the longer time-to-live. */
        sched_start(ps->sched, &p->grace, (uint64_t)ps->ttl_ms);
        ps->expired(ps->ctx, p);
        return;
    }
    log_debug("forgetting player %s", p->id);
    player_forget(p);
}

/* Adds a player with a known id and token hash to the tables. */
static player *player_add(players *ps, const char *id, const char *name,
                          const uint8_t hash[IDS_HASH_BYTES])
{
    char key[HASH_KEY_LEN + 1];
    hash_key(hash, key);
    if (map_get(&ps->by_id, id) || map_get(&ps->by_key, key))
        return NULL;
    player *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->owner = ps;
    p->seat = -1;
    snprintf(p->id, sizeof p->id, "%s", id);
    snprintf(p->name, sizeof p->name, "%s", name);
    memcpy(p->token_hash, hash, IDS_HASH_BYTES);
    wheel_timer_init(&p->grace, grace_expired, p);
    p->chat_allowance = ps->chat_per_10s;
    p->chat_checked = sched_now(ps->sched);
    p->ping_allowance = PLAYER_PINGS_BURST;
    p->ping_checked = p->chat_checked;
    p->resume_allowance = PLAYER_RESUMES_BURST;
    p->resume_checked = p->chat_checked;
    if (!map_put(&ps->by_id, p->id, p) || !map_put(&ps->by_key, key, p)) {
        map_remove(&ps->by_id, p->id);
        free(p);
        return NULL;
    }
    return p;
}

player *player_new(players *ps, const char *name, uint8_t token[IDS_TOKEN_BYTES])
{
    char id[IDS_PLAYER_ID_LEN + 1];
    uint8_t hash[IDS_HASH_BYTES];
    for (int tries = 0; tries < 8; tries++) { /* a clash is astronomically rare */
        ids_player_id(id);
        ids_token_new(token);
        ids_token_hash(token, hash);
        player *p = player_add(ps, id, name, hash);
        if (p)
            return p;
    }
    return NULL;
}

player *player_restore(players *ps, const char *id, const char *name,
                       const uint8_t token_hash[IDS_HASH_BYTES])
{
    player *p = player_add(ps, id, name, token_hash);
    if (p)
        p->stored = true;
    if (p) /* nobody is connected yet: forgotten in due course unless seated */
        sched_start(ps->sched, &p->grace, (uint64_t)ps->ttl_ms);
    return p;
}

player *player_find(players *ps, const char *id)
{
    return map_get(&ps->by_id, id);
}

player *player_find_by_token(players *ps, const char *token_hex)
{
    uint8_t hash[IDS_HASH_BYTES];
    if (!ids_token_hash_hex(token_hex, hash))
        return NULL;
    char key[HASH_KEY_LEN + 1];
    hash_key(hash, key);
    player *p = map_get(&ps->by_key, key);
    if (!p || !ids_equal(p->token_hash, hash, IDS_HASH_BYTES))
        return NULL;
    return p;
}

void player_attach(player *p, lobby_conn *c)
{
    p->conn = c;
    c->player = p;
    memcpy(p->addr, c->addr, sizeof p->addr);
    sched_stop(p->owner->sched, &p->grace);
}

/* How long a player in no room is remembered: a day once it has played, a
 * few minutes if it never joined a room. */
static int ttl_of(const player *p)
{
    return p->stored ? p->owner->ttl_ms : p->owner->guest_ttl_ms;
}

void player_detach(player *p)
{
    players *ps = p->owner;
    if (p->conn)
        p->conn->player = NULL;
    p->conn = NULL;
    p->watching_rooms = false;
    sched_start(ps->sched, &p->grace, (uint64_t)(p->room ? ps->grace_ms : ttl_of(p)));
}

void player_left_room(player *p)
{
    if (!p->conn)
        sched_start(p->owner->sched, &p->grace, (uint64_t)ttl_of(p));
}

void player_expire_later(player *p, uint64_t delay_ms)
{
    sched_start(p->owner->sched, &p->grace, delay_ms);
}

void players_free(players *ps)
{
    map_iter it = map_first(&ps->by_id);
    while (it.entry) {
        player *p = map_iter_value(&it);
        map_next(&ps->by_id, &it);
        sched_stop(ps->sched, &p->grace);
        free(p);
    }
    map_free(&ps->by_id);
    map_free(&ps->by_key);
}

/* A token bucket of cap tokens refilled at per_s a second: spends one if it
 * can. */
static bool bucket_spend(double *allowance, uint64_t *checked, double per_s, double cap,
                         uint64_t now)
{
    *allowance += (double)(now - *checked) * per_s / 1000.0;
    if (*allowance > cap)
        *allowance = cap;
    *checked = now;
    if (*allowance < 1.0)
        return false;
    *allowance -= 1.0;
    return true;
}

bool player_chat_allowed(player *p)
{
    players *ps = p->owner;
    return bucket_spend(&p->chat_allowance, &p->chat_checked, ps->chat_per_10s / 10.0,
                        ps->chat_per_10s, sched_now(ps->sched));
}

bool player_resume_allowed(player *p, uint64_t *wait_ms)
{
    const double per_s = PLAYER_RESUMES_PER_MIN / 60.0;
    if (bucket_spend(&p->resume_allowance, &p->resume_checked, per_s, PLAYER_RESUMES_BURST,
                     sched_now(p->owner->sched)))
        return true;
    double ms = ceil((1.0 - p->resume_allowance) * 1000.0 / per_s);
    *wait_ms = ms > 1 ? (uint64_t)ms : 1;
    return false;
}

ping_verdict player_ping_allowed(player *p)
{
    uint64_t now = sched_now(p->owner->sched);
    if (bucket_spend(&p->ping_allowance, &p->ping_checked, PLAYER_PINGS_PER_S,
                     PLAYER_PINGS_BURST, now)) {
        p->ping_warned = false;
        return PING_ANSWER;
    }
    if (p->ping_warned)
        return PING_IGNORE;
    p->ping_warned = true;
    return PING_REFUSE;
}
