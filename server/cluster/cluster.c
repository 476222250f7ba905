/* cluster.c: liveness, claims, hand-overs, listings and reserved codes,
 * each a Lua script (cluster/lua/) run on the store's connection. */
#include "cluster/cluster.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "store/rconn.h"
#include "store/rstore.h"
#include "util/log.h"
#include "util/metrics.h"

extern const char cluster_lua_start[], cluster_lua_heartbeat[], cluster_lua_stop[],
    cluster_lua_claim[], cluster_lua_claim_one[], cluster_lua_locate[], cluster_lua_handoff[],
    cluster_lua_reserve[], cluster_lua_nodes[], cluster_lua_owned_check[], cluster_lua_mine[];

#define LISTINGS_EVERY_MS 1000
#define CLAIM_BATCH 50
#define CLAIM_AGAIN_MS 50
/* Codes reserved ahead: 32 at first, up to 512 while creates come faster
 * than a round trip to Redis brings more (a burst of creates). */
#define POOL_FIRST 32
#define POOL_MAX 512
#define CODE_WAITERS 256

typedef struct peer {
    char id[RSTORE_NODE_MAX + 1];
    char url[512];
} peer;

enum {
    SC_START,
    SC_HEARTBEAT,
    SC_STOP,
    SC_CLAIM,
    SC_CLAIM_ONE,
    SC_LOCATE,
    SC_HANDOFF,
    SC_RESERVE,
    SC_NODES,
    SC_OWNED_CHECK,
    SC_MINE,
    SC_COUNT
};

struct cluster {
    uv_loop_t *loop;
    rconn *conn;
    rstore *rs;
    cluster_hooks hooks;
    char node[RSTORE_NODE_MAX + 1];
    char url[512];
    char instance[33];
    char ttl[16];
    int ttl_ms;
    int sc[SC_COUNT];
    uv_timer_t heartbeat, listings, claim_again;
    int handles_open;
    bool started, stopping;
    bool leaving; /* handing its rooms over: takes nothing more */
    uint64_t up_since;      /* loop ms the connection last came up */
    bool heartbeat_in_flight, claim_in_flight, listings_in_flight, reserving;
    char pool[POOL_MAX][CLUSTER_CODE_LEN + 1];
    int npool, pool_want;
    struct {
        void (*fn)(void *arg);
        void *arg;
    } code_waiters[CODE_WAITERS];
    int ncode_waiters;
    peer *peers; /* the other live nodes, as last read */
    int npeers, next_peer;
    json_t *others;    /* their public rooms */
    char *others_text; /* as last read, to notice a change */
    char *published;   /* this node's listing as last stored */
    uint64_t published_at;
    uint64_t claims, handoffs, lost_rooms, recreated;
};

/* --- helpers --- */

static const char *str_of(const redisReply *r)
{
    return r && r->type == REDIS_REPLY_STRING ? r->str : "";
}

static bool is_array(const redisReply *r, size_t at_least)
{
    return r && r->type == REDIS_REPLY_ARRAY && r->elements >= at_least;
}

static int eval(cluster *c, int script, rconn_reply_fn fn, void *arg, int argc,
                const char **argv)
{
    return rconn_eval(c->conn, c->sc[script], fn, arg, argc, argv, NULL);
}

/* Claims wait two times to live after each connection to Redis: a Redis
 * that restarted may have let every node's key expire while it was down. */
static bool claims_allowed(const cluster *c)
{
    return c->started && !c->stopping && !c->leaving && rconn_up(c->conn) &&
           uv_now(c->loop) >= c->up_since + 2 * (uint64_t)c->ttl_ms;
}

/* --- reserved codes --- */

static bool in_pool(const cluster *c, const char *code)
{
    for (int i = 0; i < c->npool; i++) {
        if (strcmp(c->pool[i], code) == 0)
            return true;
    }
    return false;
}

static void pool_add(cluster *c, const char *code)
{
    if (c->npool < POOL_MAX && strlen(code) == CLUSTER_CODE_LEN && !in_pool(c, code) &&
        !c->hooks.has(c->hooks.arg, code))
        snprintf(c->pool[c->npool++], CLUSTER_CODE_LEN + 1, "%s", code);
}

/* Creates that waited go on, one while a code is at hand each (each takes
 * one as it goes on); all of them when no more can come (everyone). */
static void wake_code_waiters(cluster *c, bool everyone)
{
    while (c->ncode_waiters && (everyone || c->npool > 0)) {
        void (*fn)(void *arg) = c->code_waiters[0].fn;
        void *arg = c->code_waiters[0].arg;
        memmove(&c->code_waiters[0], &c->code_waiters[1],
                (size_t)--c->ncode_waiters * sizeof c->code_waiters[0]);
        fn(arg);
    }
}

static void refill_pool(cluster *c);

static void reserved(void *arg, redisReply *r)
{
    cluster *c = arg;
    c->reserving = false;
    if (!is_array(r, 0)) {
        /* No answer (Redis down, or too slow for our timer): the waiting
         * creates are refused, and the next heartbeat tries again; asking at
         * once would only add to what is already too slow. */
        wake_code_waiters(c, true);
        return;
    }
    size_t got = r->elements;
    for (size_t i = 0; i < got; i++)
        pool_add(c, str_of(r->element[i]));
    /* Those still waiting get the next reservation, unless this one found
     * no free code (none will come: they are refused). */
    wake_code_waiters(c, got == 0);
    if (c->ncode_waiters && c->pool_want < POOL_MAX)
        c->pool_want = c->pool_want * 2 < POOL_MAX ? c->pool_want * 2 : POOL_MAX;
    refill_pool(c); /* still short after a burst: more at once */
    if (c->ncode_waiters && !c->reserving)
        wake_code_waiters(c, true);
}

static void refill_pool(cluster *c)
{
    if (!c->pool_want)
        c->pool_want = POOL_FIRST;
    if (c->reserving || c->npool >= c->pool_want / 2 || !rconn_up(c->conn) || c->stopping ||
        c->leaving)
        return;
    int batch = c->pool_want - c->npool;
    const char **argv = malloc(((size_t)batch + 1) * sizeof *argv);
    char (*codes)[CLUSTER_CODE_LEN + 1] = malloc((size_t)batch * sizeof *codes);
    if (!argv || !codes) {
        free(argv);
        free(codes);
        return;
    }
    argv[0] = c->node;
    int n = 0;
    for (int tries = 0; n < batch && tries < 4 * batch; tries++) {
        c->hooks.new_code(c->hooks.arg, codes[n]);
        bool dup = in_pool(c, codes[n]);
        for (int k = 0; k < n && !dup; k++)
            dup = strcmp(codes[k], codes[n]) == 0;
        if (!dup) {
            argv[n + 1] = codes[n];
            n++;
        }
    }
    if (eval(c, SC_RESERVE, reserved, c, n + 1, argv) == 0)
        c->reserving = true;
    free(argv);
    free(codes);
}

bool cluster_take_code(cluster *c, char code[CLUSTER_CODE_LEN + 1])
{
    bool got = c->npool > 0;
    if (got) {
        memcpy(code, c->pool[--c->npool], CLUSTER_CODE_LEN + 1);
        rstore_own(c->rs, code, 1); /* its first write makes it a room */
    }
    /* Running low: creates come faster than reservations; keep more. */
    if (c->npool < c->pool_want / 4 && c->pool_want < POOL_MAX)
        c->pool_want *= 2;
    refill_pool(c);
    return got;
}

bool cluster_has_code(const cluster *c)
{
    return c->npool > 0;
}

void cluster_wait_codes(cluster *c, void (*fn)(void *arg), void *arg)
{
    refill_pool(c);
    if (!c->reserving || c->ncode_waiters == CODE_WAITERS) {
        fn(arg);
        return;
    }
    c->code_waiters[c->ncode_waiters].fn = fn;
    c->code_waiters[c->ncode_waiters++].arg = arg;
}

/* --- claims --- */

static void claim_again_fired(uv_timer_t *t);

static void arm_claim_again(cluster *c)
{
    if (!c->stopping)
        uv_timer_start(&c->claim_again, claim_again_fired, CLAIM_AGAIN_MS, 0);
}

static void run_claims(cluster *c);

static void claimed(void *arg, redisReply *r)
{
    cluster *c = arg;
    c->claim_in_flight = false;
    /* Leaving: rooms claimed just now stay this node's in Redis and go to
     * the others once its key is gone. */
    if (!is_array(r, 0) || c->stopping || c->leaving)
        return;
    for (size_t i = 0; i + 1 < r->elements; i += 2) {
        const char *code = str_of(r->element[i]);
        int64_t epoch = strtoll(str_of(r->element[i + 1]), NULL, 10);
        c->claims++;
        log_info("cluster: claimed room %s (epoch %" PRId64 ") from a node whose liveness "
                 "expired",
                 code, epoch);
        rstore_own(c->rs, code, epoch);
        c->hooks.load(c->hooks.arg, code);
    }
    if (r->elements) /* there may be more: go on soon, not at the next beat */
        arm_claim_again(c);
}

static void run_claims(cluster *c)
{
    if (c->claim_in_flight || !claims_allowed(c))
        return;
    char max[16];
    snprintf(max, sizeof max, "%d", CLAIM_BATCH);
    const char *argv[] = {c->node, max};
    if (eval(c, SC_CLAIM, claimed, c, 2, argv) == 0)
        c->claim_in_flight = true;
}

static void claim_again_fired(uv_timer_t *t)
{
    run_claims(t->data);
}

/* --- reconciling: rooms this node owns that it does not hold --- */

/* The codes reserved in Redis are read at start only: later, the set also
 * holds codes taken from the pool whose room's first write has not landed
 * yet, and taking one again would give two rooms one code. */
static void mine_read(void *arg, redisReply *r)
{
    cluster *c = arg;
    if (!is_array(r, 2) || c->stopping || c->leaving)
        return;
    const redisReply *owned = r->element[0];
    for (size_t i = 0; i < owned->elements; i++) {
        const char *code = str_of(owned->element[i]);
        if (!c->hooks.has(c->hooks.arg, code))
            c->hooks.load(c->hooks.arg, code);
    }
}

static void read_mine(cluster *c)
{
    const char *argv[] = {c->node};
    eval(c, SC_MINE, mine_read, c, 1, argv);
}

/* After this node was presumed dead: the rooms it holds that another node
 * claimed meanwhile are given up. */
static void owned_checked(void *arg, redisReply *r)
{
    cluster *c = arg;
    if (!is_array(r, 0))
        return;
    for (size_t i = 0; i < r->elements; i++) {
        const char *code = str_of(r->element[i]);
        c->lost_rooms++;
        log_warn("cluster: room %s belongs to another node now (this node was presumed dead); "
                 "its players are sent there",
                 code);
        rstore_forget(c->rs, code);
        c->hooks.lost(c->hooks.arg, code);
    }
}

static void check_owned(cluster *c)
{
    json_t *codes = c->hooks.codes(c->hooks.arg);
    size_t n = json_array_size(codes);
    const char **argv = malloc((n + 1) * sizeof *argv);
    if (argv) {
        argv[0] = c->node;
        for (size_t i = 0; i < n; i++)
            argv[i + 1] = json_string_value(json_array_get(codes, i));
        eval(c, SC_OWNED_CHECK, owned_checked, c, (int)n + 1, argv);
        free(argv);
    }
    json_decref(codes);
}

/* --- the heartbeat --- */

static void beat_answered(void *arg, redisReply *r)
{
    cluster *c = arg;
    c->heartbeat_in_flight = false;
    if (!is_array(r, 2) || c->stopping)
        return;
    const char *status = str_of(r->element[0]);
    if (strcmp(status, "usurped") == 0) {
        log_error("cluster: another process now runs as node %s (this one was presumed dead "
                  "and its id taken): stopping at once, writing nothing more",
                  c->node);
        c->stopping = true;
        c->hooks.usurped(c->hooks.arg);
        return;
    }
    if (strcmp(status, "recreated") == 0) {
        c->recreated++;
        log_warn("cluster: this node's liveness had expired (it was paused or cut off from "
                 "Redis past its time to live); checking which rooms are still its own");
        check_owned(c);
    }
    long long owned = r->element[1]->type == REDIS_REPLY_INTEGER ? r->element[1]->integer : 0;
    if ((size_t)owned != c->hooks.count(c->hooks.arg))
        read_mine(c);
    refill_pool(c);
    run_claims(c);
}

static void heartbeat_fired(uv_timer_t *t)
{
    cluster *c = t->data;
    if (c->heartbeat_in_flight || c->stopping)
        return;
    const char *argv[] = {c->node, c->instance, c->url, c->ttl};
    if (eval(c, SC_HEARTBEAT, beat_answered, c, 4, argv) == 0)
        c->heartbeat_in_flight = true;
}

/* --- listings --- */

static void nodes_read(void *arg, redisReply *r)
{
    cluster *c = arg;
    c->listings_in_flight = false;
    if (!is_array(r, 0))
        return;
    int n = (int)(r->elements / 3);
    peer *peers = calloc((size_t)n + 1, sizeof *peers);
    if (!peers)
        return;
    json_t *rooms = json_array();
    for (int i = 0; i < n; i++) {
        snprintf(peers[i].id, sizeof peers[i].id, "%s", str_of(r->element[3 * i]));
        snprintf(peers[i].url, sizeof peers[i].url, "%s", str_of(r->element[3 * i + 1]));
        json_t *listing = json_loads(str_of(r->element[3 * i + 2]), 0, NULL);
        if (json_is_array(listing))
            json_array_extend(rooms, listing);
        json_decref(listing);
    }
    free(c->peers);
    c->peers = peers;
    c->npeers = n;
    char *text = json_dumps(rooms, JSON_COMPACT);
    bool changed = text && (!c->others_text || strcmp(text, c->others_text) != 0);
    json_decref(c->others);
    c->others = rooms;
    if (text) {
        free(c->others_text);
        c->others_text = text;
    }
    if (changed)
        c->hooks.listings_changed(c->hooks.arg);
}

typedef struct refreshing {
    cluster *c;
    void (*done)(void *arg);
    void *arg;
} refreshing;

static void refreshed(void *arg, redisReply *r)
{
    refreshing *rf = arg;
    bool in_flight = rf->c->listings_in_flight;
    nodes_read(rf->c, r);
    rf->c->listings_in_flight = in_flight; /* the poll's own call may still be out */
    rf->done(rf->arg);
    free(rf);
}

void cluster_refresh(cluster *c, void (*done)(void *arg), void *arg)
{
    refreshing *rf = malloc(sizeof *rf);
    const char *argv[] = {c->node};
    if (rf)
        *rf = (refreshing){c, done, arg};
    if (!rf || eval(c, SC_NODES, refreshed, rf, 1, argv) < 0) {
        free(rf);
        done(arg);
    }
}

static void listings_fired(uv_timer_t *t)
{
    cluster *c = t->data;
    if (c->listings_in_flight || c->stopping)
        return;
    const char *argv[] = {c->node};
    if (eval(c, SC_NODES, nodes_read, c, 1, argv) == 0)
        c->listings_in_flight = true;
}

static void published(void *arg, redisReply *r)
{
    (void)arg;
    (void)r;
}

void cluster_publish(cluster *c, const json_t *rooms)
{
    char *text = json_dumps(rooms, JSON_COMPACT);
    if (!text || c->stopping || !rconn_up(c->conn)) {
        free(text);
        return;
    }
    /* The heartbeat renews an unchanged listing's time to live. */
    if (c->published && strcmp(c->published, text) == 0) {
        free(text);
        return;
    }
    char key[RSTORE_NODE_MAX + 32];
    snprintf(key, sizeof key, "botpit:listing:%s", c->node);
    const char *argv[] = {"SET", key, text, "PX", c->ttl};
    if (rconn_call(c->conn, published, c, 5, argv, NULL) == 0) {
        free(c->published);
        c->published = text;
    } else {
        free(text);
    }
}

const json_t *cluster_others_rooms(const cluster *c)
{
    return c->others;
}

void cluster_leave(cluster *c)
{
    c->leaving = true;
    uv_timer_stop(&c->claim_again);
}

bool cluster_others_alive(const cluster *c)
{
    return c->npeers > 0;
}

/* --- where a room is --- */

typedef struct locating {
    cluster *c;
    char code[CLUSTER_CODE_LEN + 1];
    cluster_located_fn fn;
    void *arg;
    int tries;
} locating;

static void locate_now(locating *l);

static void claimed_one(void *arg, redisReply *r)
{
    locating *l = arg;
    cluster *c = l->c;
    if (r && r->type == REDIS_REPLY_INTEGER) {
        c->claims++;
        log_info("cluster: claimed room %s (epoch %lld) for a player who asked for it; its "
                 "node's liveness had expired",
                 l->code, r->integer);
        rstore_own(c->rs, l->code, r->integer);
        l->fn(l->arg, CLUSTER_MINE, NULL);
        free(l);
        return;
    }
    if (r && r->type == REDIS_REPLY_NIL && ++l->tries < 3) { /* it moved meanwhile: again */
        locate_now(l);
        return;
    }
    l->fn(l->arg, CLUSTER_FAILED, NULL);
    free(l);
}

static void located(void *arg, redisReply *r)
{
    locating *l = arg;
    cluster *c = l->c;
    const char *kind = is_array(r, 1) ? str_of(r->element[0]) : "";
    if (strcmp(kind, "none") == 0) {
        l->fn(l->arg, CLUSTER_NONE, NULL);
    } else if (strcmp(kind, "mine") == 0 && is_array(r, 2)) {
        if (!rstore_epoch(c->rs, l->code))
            rstore_own(c->rs, l->code, strtoll(str_of(r->element[1]), NULL, 10));
        l->fn(l->arg, CLUSTER_MINE, NULL);
    } else if (strcmp(kind, "elsewhere") == 0 && is_array(r, 4)) {
        l->fn(l->arg, CLUSTER_ELSEWHERE, str_of(r->element[3]));
    } else if (strcmp(kind, "dead") == 0 && is_array(r, 3) && claims_allowed(c)) {
        const char *argv[] = {l->code, str_of(r->element[1]), str_of(r->element[2]), c->node};
        if (eval(c, SC_CLAIM_ONE, claimed_one, l, 4, argv) == 0)
            return;
        l->fn(l->arg, CLUSTER_FAILED, NULL);
    } else {
        l->fn(l->arg, CLUSTER_FAILED, NULL);
    }
    free(l);
}

static void locate_now(locating *l)
{
    const char *argv[] = {l->code, l->c->node};
    if (eval(l->c, SC_LOCATE, located, l, 2, argv) < 0) {
        l->fn(l->arg, CLUSTER_FAILED, NULL);
        free(l);
    }
}

void cluster_locate(cluster *c, const char *code, cluster_located_fn fn, void *arg)
{
    locating *l = calloc(1, sizeof *l);
    if (!l) {
        fn(arg, CLUSTER_FAILED, NULL);
        return;
    }
    *l = (locating){.c = c, .fn = fn, .arg = arg};
    snprintf(l->code, sizeof l->code, "%s", code);
    locate_now(l);
}

/* --- handing over --- */

typedef struct handing {
    cluster *c;
    char code[CLUSTER_CODE_LEN + 1];
    int64_t epoch;
    cluster_handed_fn fn;
    void *arg;
    int tries;
} handing;

static void hand_now(handing *h);

static void handed(void *arg, redisReply *r)
{
    handing *h = arg;
    cluster *c = h->c;
    if (is_array(r, 2)) {
        c->handoffs++;
        h->fn(h->arg, h->code, str_of(r->element[1]));
        free(h);
        return;
    }
    if (r && r->type == REDIS_REPLY_NIL && ++h->tries < c->npeers) { /* that node just died */
        hand_now(h);
        return;
    }
    rstore_own(c->rs, h->code, h->epoch); /* still ours */
    h->fn(h->arg, h->code, NULL);
    free(h);
}

static void hand_now(handing *h)
{
    cluster *c = h->c;
    if (!c->npeers) {
        rstore_own(c->rs, h->code, h->epoch);
        h->fn(h->arg, h->code, NULL);
        free(h);
        return;
    }
    const peer *to = &c->peers[c->next_peer++ % c->npeers];
    char epoch[24];
    snprintf(epoch, sizeof epoch, "%" PRId64, h->epoch);
    const char *argv[] = {h->code, c->node, epoch, to->id};
    if (eval(c, SC_HANDOFF, handed, h, 4, argv) < 0) {
        rstore_own(c->rs, h->code, h->epoch);
        h->fn(h->arg, h->code, NULL);
        free(h);
    }
}

void cluster_hand_over(cluster *c, const char *code, cluster_handed_fn fn, void *arg)
{
    int64_t epoch = rstore_epoch(c->rs, code);
    handing *h = epoch > 0 ? calloc(1, sizeof *h) : NULL;
    if (!h) {
        fn(arg, code, NULL);
        return;
    }
    *h = (handing){.c = c, .epoch = epoch, .fn = fn, .arg = arg};
    snprintf(h->code, sizeof h->code, "%s", code);
    /* From now on the room is not written here: its new owner carries on. */
    rstore_forget(c->rs, code);
    hand_now(h);
}

/* --- life --- */

static void connection_changed(void *arg, bool up)
{
    cluster *c = arg;
    if (!up || !c->started)
        return;
    c->up_since = uv_now(c->loop);
    c->heartbeat_in_flight = c->claim_in_flight = c->listings_in_flight = false;
    c->reserving = false;
    wake_code_waiters(c, true); /* the reservation in flight failed with the connection */
    heartbeat_fired(&c->heartbeat);
}

cluster *cluster_new(uv_loop_t *loop, struct rconn *conn, store *s, const cluster_config *cfg,
                     const cluster_hooks *hooks)
{
    cluster *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->loop = loop;
    c->conn = conn;
    c->rs = store_redis(s);
    c->hooks = *hooks;
    snprintf(c->node, sizeof c->node, "%s", cfg->node_id);
    snprintf(c->url, sizeof c->url, "%s", cfg->node_url);
    c->ttl_ms = cfg->ttl_ms;
    snprintf(c->ttl, sizeof c->ttl, "%d", cfg->ttl_ms);
    uint64_t bits[2] = {0, 0};
    if (getrandom(bits, sizeof bits, 0) != (ssize_t)sizeof bits)
        bits[0] = (uint64_t)time(NULL) ^ (uint64_t)getpid();
    snprintf(c->instance, sizeof c->instance, "%016" PRIx64 "%016" PRIx64, bits[0], bits[1]);
    static const char *const sources[SC_COUNT] = {
        cluster_lua_start,      cluster_lua_heartbeat, cluster_lua_stop,
        cluster_lua_claim,      cluster_lua_claim_one, cluster_lua_locate,
        cluster_lua_handoff,    cluster_lua_reserve,   cluster_lua_nodes,
        cluster_lua_owned_check, cluster_lua_mine,
    };
    static const char *const names[SC_COUNT] = {"start",   "heartbeat", "stop",   "claim",
                                                 "claim_one", "locate", "handoff", "reserve",
                                                 "nodes",   "owned_check", "mine"};
    for (int i = 0; i < SC_COUNT; i++) {
        c->sc[i] = rconn_script(conn, names[i], sources[i]);
        if (c->sc[i] < 0) {
            free(c);
            return NULL;
        }
    }
    uv_timer_init(loop, &c->heartbeat);
    uv_timer_init(loop, &c->listings);
    uv_timer_init(loop, &c->claim_again);
    c->heartbeat.data = c->listings.data = c->claim_again.data = c;
    c->handles_open = 3;
    rconn_on_change(conn, connection_changed, c);
    return c;
}

typedef struct start_reply {
    bool ok, failed;
    char value[128];
    long long pttl;
} start_reply;

static void start_answered(void *arg, redisReply *r)
{
    start_reply *s = arg;
    if (!is_array(r, 1)) {
        s->failed = true;
        return;
    }
    s->ok = strcmp(str_of(r->element[0]), "ok") == 0;
    if (!s->ok && is_array(r, 3)) {
        snprintf(s->value, sizeof s->value, "%s", str_of(r->element[1]));
        s->pttl = r->element[2]->integer;
    }
}

static void pool_read(void *arg, redisReply *r)
{
    cluster *c = arg;
    if (is_array(r, 2)) {
        for (size_t i = 0; i < r->element[1]->elements; i++)
            pool_add(c, str_of(r->element[1]->element[i]));
    }
}

int cluster_start(cluster *c, char *err, size_t err_len)
{
    const char *argv[] = {c->node, c->instance, c->url, c->ttl};
    char first[128] = "";
    uint64_t waited = 0, limit = (uint64_t)c->ttl_ms + 2000;
    for (;;) {
        start_reply s = {0};
        if (rconn_eval_sync(c->conn, c->sc[SC_START], start_answered, &s, 4, argv, NULL) < 0 ||
            s.failed) {
            snprintf(err, err_len, "Redis at %s did not answer while node %s started",
                     rconn_where(c->conn), c->node);
            return -1;
        }
        if (s.ok)
            break;
        /* Another process renews the key: the id is alive elsewhere. A key
         * that only counts down was left by this node's own last run. */
        if ((first[0] && strcmp(first, s.value) != 0) || waited > limit) {
            snprintf(err, err_len,
                     "node id \"%s\" is alive elsewhere: another botpit renews it in Redis at "
                     "%s; give this node another --node-id, or stop that one",
                     c->node, rconn_where(c->conn));
            return -1;
        }
        if (!first[0]) {
            snprintf(first, sizeof first, "%s", s.value);
            printf("Node id %s still has a key in Redis (%lld ms to live): waiting to see "
                   "whether another process renews it\n",
                   c->node, s.pttl);
            fflush(stdout);
        }
        usleep(250 * 1000);
        waited += 250;
    }
    const char *mine[] = {c->node};
    rconn_eval_sync(c->conn, c->sc[SC_MINE], pool_read, c, 1, mine, NULL);
    c->started = true;
    c->up_since = uv_now(c->loop);
    uint64_t beat = (uint64_t)(c->ttl_ms / 5 > 100 ? c->ttl_ms / 5 : 100);
    uv_timer_start(&c->heartbeat, heartbeat_fired, beat, beat);
    uv_timer_start(&c->listings, listings_fired, 0, LISTINGS_EVERY_MS);
    refill_pool(c);
    log_info("cluster: node %s is up (%s), time to live %d ms", c->node, c->url, c->ttl_ms);
    return 0;
}

typedef struct stopping {
    void (*done)(void *arg);
    void *arg;
} stopping;

static void stopped(void *arg, redisReply *r)
{
    (void)r;
    stopping *s = arg;
    s->done(s->arg);
    free(s);
}

void cluster_stop(cluster *c, void (*done)(void *arg), void *arg)
{
    c->stopping = true;
    uv_timer_stop(&c->heartbeat);
    uv_timer_stop(&c->listings);
    uv_timer_stop(&c->claim_again);
    stopping *s = malloc(sizeof *s);
    const char *argv[] = {c->node, c->instance};
    if (!s || eval(c, SC_STOP, stopped, s, 2, argv) < 0) {
        free(s);
        done(arg);
        return;
    }
    *s = (stopping){done, arg};
}

static void handle_closed(uv_handle_t *h)
{
    cluster *c = h->data;
    if (--c->handles_open == 0) {
        free(c->peers);
        json_decref(c->others);
        free(c->others_text);
        free(c->published);
        free(c);
    }
}

void cluster_free(cluster *c)
{
    if (!c)
        return;
    c->stopping = true;
    uv_close((uv_handle_t *)&c->heartbeat, handle_closed);
    uv_close((uv_handle_t *)&c->listings, handle_closed);
    uv_close((uv_handle_t *)&c->claim_again, handle_closed);
}

const char *cluster_node(const cluster *c)
{
    return c->node;
}

void cluster_metrics_write(const cluster *c, FILE *out)
{
    metrics_gauge(out, "botpit_cluster_nodes_alive",
                  "Nodes alive, this one included, as last read from Redis.",
                  (int64_t)c->npeers + 1);
    metrics_gauge(out, "botpit_cluster_rooms_owned", "Rooms this node owns and holds.",
                  (int64_t)c->hooks.count(c->hooks.arg));
    metrics_counter(out, "botpit_cluster_claims_total",
                    "Rooms this node claimed from nodes whose liveness expired.", c->claims);
    metrics_counter(out, "botpit_cluster_handoffs_total",
                    "Rooms this node handed to another before stopping.", c->handoffs);
    metrics_counter(out, "botpit_cluster_rooms_lost_total",
                    "Rooms found claimed by another node while this one was presumed dead.",
                    c->lost_rooms);
    metrics_counter(out, "botpit_cluster_liveness_expired_total",
                    "Times this node found its own liveness key expired (paused or cut off).",
                    c->recreated);
    metrics_gauge(out, "botpit_cluster_codes_reserved",
                  "Room codes reserved for rooms this node will make.", c->npool);
}
