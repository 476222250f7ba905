/* remote.c: the lobby in distributed mode: looking rooms and players up in
 * Redis, loading rooms, `moved`, orphans, hand-over and listings. */
#include "lobby/remote.h"

#include <stdlib.h>
#include <string.h>

#include "cluster/cluster.h"
#include "store/rating.h"
#include "store/rstore.h"
#include "util/log.h"
#include "util/metrics.h"

/* Orphans whose room could not be told are asked about again after this. */
#define RESOLVE_AGAIN_MS 1000
/* Messages of one connection that may wait behind a request. */
#define PARKED_MAX 64

/* Anything in flight: when the lobby goes first, rm is NULL and the
 * answer is dropped. */
typedef struct pending {
    remote *rm;
    struct pending *prev, *next;
} pending;

struct remote {
    lobby *l;
    cluster *cluster;
    rstore *rs;
    map loading;  /* code -> load: rooms being read, with who waits for them */
    map orphans;  /* player id -> code (malloc'd): waiting for their room */
    map resolving; /* code -> marker: orphans' rooms being looked up */
    wheel_timer resolve_timer;
    pending *pending;
    const resume *current; /* the answer of the request being run again */
    bool handing;
    uint64_t moved_sent, loads, unloads;
};

static void pending_add(remote *rm, pending *p)
{
    p->rm = rm;
    p->prev = NULL;
    p->next = rm->pending;
    if (rm->pending)
        rm->pending->prev = p;
    rm->pending = p;
}

static void pending_del(pending *p)
{
    if (!p->rm)
        return;
    if (p->prev)
        p->prev->next = p->next;
    else
        p->rm->pending = p->next;
    if (p->next)
        p->next->prev = p->prev;
    p->rm = NULL;
}

/* --- `moved` --- */

void remote_send_moved(lobby *l, lobby_conn *c, const json_t *id, const char *code,
                       const char *url)
{
    l->remote->moved_sent++;
    json_t *m = proto_message("moved", id);
    json_object_set_new(m, "room", json_string(code));
    json_object_set_new(m, "url", json_string(url));
    lobby_send_json(c, m);
    json_decref(m);
}

/* --- loading a room --- */

typedef enum load_outcome {
    LOAD_DONE,      /* the room is in memory */
    LOAD_NONE,      /* there is no such room (or it is kept aside, or over) */
    LOAD_ELSEWHERE, /* another node owns it */
    LOAD_FAILED,    /* Redis could not be read */
} load_outcome;

typedef void (*load_fn)(void *arg, load_outcome outcome);

typedef struct load {
    pending pd;
    char code[IDS_CODE_LEN + 1];
    int nwaiters;
    struct {
        load_fn fn;
        void *arg;
    } waiters[16];
} load;

static void resolve_orphans(remote *rm, const char *code, load_outcome outcome,
                            const char *url);

/* After a room came back: its orphans are members again (those not seated
 * watch), and everyone connected sees it as it is. */
static void reattach(remote *rm, room *r)
{
    lobby *l = rm->l;
    for (map_iter it = map_first(&rm->orphans); it.entry;) {
        const char *id = map_iter_key(&it);
        char *code = map_iter_value(&it);
        map_next(&rm->orphans, &it);
        if (strcmp(code, r->code) != 0)
            continue;
        player *p = player_find(&l->players, id);
        if (p && p->conn && !p->room)
            room_add_member(r, p);
        free(map_remove(&rm->orphans, id));
    }
    bool changed = false;
    for (int i = 0; i < r->nmembers; i++) {
        if (r->members[i]->conn)
            changed |= lobby_player_back(l, r->members[i]);
    }
    (void)changed;
    room_announce(r, NULL, NULL);
    for (int i = 0; i < r->nmembers; i++) {
        player *p = r->members[i];
        if (p->conn) {
            room_send_chat_history(r, p);
            room_send_state_to(r, p, NULL);
        }
    }
    lobby_check_empty(l, r);
    lobby_rooms_changed(l);
}

static load_outcome build(remote *rm, const char *code, const rstore_room *stored)
{
    lobby *l = rm->l;
    if (!stored->row || stored->broken)
        return LOAD_NONE;
    if (strcmp(stored->owner, cluster_node(rm->cluster)) != 0 || stored->epoch < 1) {
        rstore_forget(rm->rs, code);
        return LOAD_ELSEWHERE;
    }
    rstore_own(rm->rs, code, stored->epoch);
    if (map_get(&l->rooms, code))
        return LOAD_DONE;
    size_t i;
    const json_t *p;
    json_array_foreach(stored->players, i, p) {
        const char *id = json_string_value(json_array_get(p, 0));
        const char *hex = json_string_value(json_array_get(p, 2));
        uint8_t hash[IDS_HASH_BYTES];
        bool ok = id && hex && strlen(hex) == 2 * IDS_HASH_BYTES;
        for (int k = 0; ok && k < IDS_HASH_BYTES; k++) {
            char b[3] = {hex[2 * k], hex[2 * k + 1], 0};
            char *end;
            hash[k] = (uint8_t)strtoul(b, &end, 16);
            ok = !*end;
        }
        if (ok && !player_find(&l->players, id))
            player_restore(&l->players, id, json_string_value(json_array_get(p, 1)), hash);
    }
    int rc = lobby_restore_room(l, stored->row, stored->inputs);
    room *r = map_get(&l->rooms, code);
    if (rc <= 0 || !r)
        return LOAD_NONE;
    rm->loads++;
    log_info("room %s is held by this node now (epoch %lld, %zu inputs replayed)", code,
             (long long)stored->epoch, json_array_size(stored->inputs));
    reattach(rm, r);
    if (r->table.live)
        lobby_clocks_running(l);
    return LOAD_DONE;
}

static void loaded(void *arg, int rc, const rstore_room *stored)
{
    load *ld = arg;
    remote *rm = ld->pd.rm;
    if (!rm) {
        free(ld);
        return;
    }
    pending_del(&ld->pd);
    map_remove(&rm->loading, ld->code);
    load_outcome out = rc < 0 ? LOAD_FAILED : build(rm, ld->code, stored);
    for (int i = 0; i < ld->nwaiters; i++)
        ld->waiters[i].fn(ld->waiters[i].arg, out);
    if (out != LOAD_DONE)
        resolve_orphans(rm, ld->code, out, NULL);
    free(ld);
}

/* Builds code from Redis unless it is in memory; fn (may be NULL) hears
 * how it went, at once if nothing need be read. */
static void load_room(remote *rm, const char *code, load_fn fn, void *arg)
{
    if (map_get(&rm->l->rooms, code)) {
        if (fn)
            fn(arg, LOAD_DONE);
        return;
    }
    load *ld = map_get(&rm->loading, code);
    if (ld) {
        if (fn && ld->nwaiters < 16) {
            ld->waiters[ld->nwaiters].fn = fn;
            ld->waiters[ld->nwaiters++].arg = arg;
        } else if (fn) {
            fn(arg, LOAD_FAILED);
        }
        return;
    }
    ld = calloc(1, sizeof *ld);
    if (!ld) {
        if (fn)
            fn(arg, LOAD_FAILED);
        return;
    }
    snprintf(ld->code, sizeof ld->code, "%s", code);
    if (fn) {
        ld->waiters[0].fn = fn;
        ld->waiters[0].arg = arg;
        ld->nwaiters = 1;
    }
    if (rstore_load(rm->rs, code, loaded, ld) < 0) {
        free(ld);
        if (fn)
            fn(arg, LOAD_FAILED);
        return;
    }
    pending_add(rm, &ld->pd);
    map_put(&rm->loading, code, ld);
}

/* --- orphans --- */

bool remote_orphaned(lobby *l, const player *p)
{
    return l->remote && map_get(&l->remote->orphans, p->id);
}

static void schedule_resolve(remote *rm, uint64_t delay)
{
    if (!rm->l->closing && !wheel_armed(&rm->resolve_timer))
        sched_start(&rm->l->sched, &rm->resolve_timer, delay);
}

/* The orphans of code hear how their room turned out (other than loaded
 * here: reattach did that): `moved`, `left`, or they wait on. */
static void resolve_orphans(remote *rm, const char *code, load_outcome outcome, const char *url)
{
    if (outcome == LOAD_FAILED || (outcome == LOAD_ELSEWHERE && !url)) {
        schedule_resolve(rm, outcome == LOAD_FAILED ? RESOLVE_AGAIN_MS : 0);
        return;
    }
    lobby *l = rm->l;
    for (map_iter it = map_first(&rm->orphans); it.entry;) {
        const char *id = map_iter_key(&it);
        char *at = map_iter_value(&it);
        map_next(&rm->orphans, &it);
        if (strcmp(at, code) != 0)
            continue;
        player *p = player_find(&l->players, id);
        if (p && p->conn && !p->room) {
            if (outcome == LOAD_ELSEWHERE) {
                remote_send_moved(l, p->conn, NULL, code, url);
            } else {
                room_send_left(p, code, "closed", NULL);
            }
        }
        free(map_remove(&rm->orphans, id));
    }
}

typedef struct resolving {
    pending pd;
    char code[IDS_CODE_LEN + 1];
} resolving;

static void resolved_located(void *arg, cluster_where where, const char *url)
{
    resolving *rv = arg;
    remote *rm = rv->pd.rm;
    if (!rm) {
        free(rv);
        return;
    }
    pending_del(&rv->pd);
    map_remove(&rm->resolving, rv->code);
    switch (where) {
    case CLUSTER_MINE: load_room(rm, rv->code, NULL, NULL); break;
    case CLUSTER_ELSEWHERE: resolve_orphans(rm, rv->code, LOAD_ELSEWHERE, url); break;
    case CLUSTER_NONE: resolve_orphans(rm, rv->code, LOAD_NONE, NULL); break;
    case CLUSTER_FAILED: resolve_orphans(rm, rv->code, LOAD_FAILED, NULL); break;
    }
    free(rv);
}

/* Looks up, once Redis answers, where each orphan's room is now. */
static void resolve_fired(wheel_timer *t)
{
    remote *rm = t->data;
    lobby *l = rm->l;
    if (!store_ok(rm->l->store)) {
        if (rm->orphans.count)
            schedule_resolve(rm, RESOLVE_AGAIN_MS);
        return;
    }
    for (map_iter it = map_first(&rm->orphans); it.entry;) {
        const char *id = map_iter_key(&it);
        const char *code = map_iter_value(&it);
        map_next(&rm->orphans, &it);
        player *p = player_find(&l->players, id);
        if (!p || !p->conn || p->room) { /* gone, or somewhere already: hello finds its room */
            free(map_remove(&rm->orphans, id));
            continue;
        }
        if (map_get(&rm->resolving, code) || map_get(&rm->loading, code))
            continue;
        resolving *rv = calloc(1, sizeof *rv);
        if (!rv)
            continue;
        snprintf(rv->code, sizeof rv->code, "%s", code);
        pending_add(rm, &rv->pd);
        map_put(&rm->resolving, code, rv);
        cluster_locate(rm->cluster, code, resolved_located, rv);
    }
}

void remote_unload(lobby *l, room *r)
{
    remote *rm = l->remote;
    rm->unloads++;
    log_warn("room %s leaves memory: what is stored of it is not known to match (a write "
             "failed or was refused); it comes back from Redis, or its players are sent to "
             "its owner",
             r->code);
    for (int i = 0; i < r->nmembers; i++) {
        player *p = r->members[i];
        if (p->conn) {
            free(map_remove(&rm->orphans, p->id));
            map_put(&rm->orphans, p->id, strdup(r->code));
        }
    }
    lobby_room_close(l, r, NULL);
    schedule_resolve(rm, 0);
}

/* --- requests waiting for Redis --- */

struct lobby_parked {
    pending pd;
    lobby *l;
    lobby_conn *c; /* NULL once the connection is gone */
    char code[IDS_CODE_LEN + 1];
    /* What the request runs again with (resume): a read's body, a link's. */
    json_t *body;
    int link;
    char token[IDS_TOKEN_HEX];
    const game_engine *engine; /* `ratings`: whose */
    char player[64];           /* `history`: whose */
    int n;
    char *texts[PARKED_MAX];
    size_t lens[PARKED_MAX];
};

static void park_free(struct lobby_parked *pk)
{
    for (int i = 0; i < pk->n; i++)
        free(pk->texts[i]);
    json_decref(pk->body);
    memset(pk->token, 0, sizeof pk->token);
    free(pk);
}

static bool park_add(struct lobby_parked *pk, const char *text, size_t len)
{
    if (pk->n == PARKED_MAX)
        return false;
    char *copy = malloc(len + 1);
    if (!copy)
        return false;
    memcpy(copy, text, len);
    copy[len] = '\0';
    pk->texts[pk->n] = copy;
    pk->lens[pk->n++] = len;
    return true;
}

/* Parks the message being handled (l->text) on c. */
static struct lobby_parked *park(lobby *l, lobby_conn *c)
{
    struct lobby_parked *pk = calloc(1, sizeof *pk);
    if (!pk || !park_add(pk, l->text, l->text_len)) {
        free(pk);
        return NULL;
    }
    pk->l = l;
    pk->c = c;
    pk->link = -1;
    pending_add(l->remote, &pk->pd);
    c->parked = pk;
    return pk;
}

/* Takes back a park whose question could not even be sent to Redis: the
 * message is answered by the caller as unavailable. */
static void unpark_unasked(lobby_conn *c, struct lobby_parked *pk)
{
    c->parked = NULL;
    pending_del(&pk->pd);
    park_free(pk);
}

void remote_queue(lobby *l, lobby_conn *c, const char *text, size_t len)
{
    (void)l;
    if (!park_add(c->parked, text, len))
        lobby_send_error(c, NULL, PROTO_RATE_LIMITED,
                         "too many messages while the server looks something up; slow down");
}

void remote_conn_gone(lobby *l, lobby_conn *c)
{
    (void)l;
    c->parked->c = NULL;
    c->parked = NULL;
}

const resume *remote_resume(const lobby *l)
{
    return l->remote ? l->remote->current : NULL;
}

/* The parked request runs again with its answer, then what waited behind
 * it, in order (until one waits again). */
static void unpark(struct lobby_parked *pk, resume_kind kind, const char *url)
{
    remote *rm = pk->pd.rm;
    lobby_conn *c = pk->c;
    if (!rm || !c) {
        pending_del(&pk->pd);
        park_free(pk);
        return;
    }
    pending_del(&pk->pd);
    c->parked = NULL;
    resume answer = {.kind = kind, .body = pk->body, .link = pk->link};
    snprintf(answer.room, sizeof answer.room, "%s", pk->code);
    snprintf(answer.url, sizeof answer.url, "%s", url ? url : "");
    memcpy(answer.token, pk->token, sizeof answer.token);
    for (int i = 0; i < pk->n; i++) {
        if (c->parked) { /* a later one waits in turn: the rest wait behind it */
            for (int k = i; k < pk->n; k++)
                park_add(c->parked, pk->texts[k], pk->lens[k]);
            break;
        }
        rm->current = i == 0 ? &answer : NULL;
        lobby_receive(pk->l, c, pk->texts[i], pk->lens[i]);
        rm->current = NULL;
    }
    memset(answer.token, 0, sizeof answer.token);
    park_free(pk);
}

static void hello_loaded(void *arg, load_outcome outcome)
{
    struct lobby_parked *pk = arg;
    unpark(pk, outcome == LOAD_DONE || outcome == LOAD_NONE ? RESUME_PLAIN : RESUME_UNAVAILABLE,
           NULL);
}

/* Where the room of a returning player is. */
static void room_located(void *arg, cluster_where where, const char *url)
{
    struct lobby_parked *pk = arg;
    remote *rm = pk->pd.rm;
    if (!rm || !pk->c) {
        unpark(pk, RESUME_UNAVAILABLE, NULL);
        return;
    }
    switch (where) {
    case CLUSTER_MINE: load_room(rm, pk->code, hello_loaded, pk); return;
    case CLUSTER_ELSEWHERE: unpark(pk, RESUME_MOVED, url); return;
    case CLUSTER_NONE: unpark(pk, RESUME_PLAIN, NULL); return;
    case CLUSTER_FAILED: unpark(pk, RESUME_UNAVAILABLE, NULL); return;
    }
}

/* The stored player of a returning token, known to this node now; then
 * where its room is, if it sits in one this node does not hold. */
static void player_known(struct lobby_parked *pk, const char *id, const char *name,
                         const uint8_t hash[32], const char *room)
{
    remote *rm = pk->pd.rm;
    lobby *l = rm->l;
    player *p = player_find(&l->players, id);
    if (!p)
        p = player_restore(&l->players, id, name, hash);
    if (!p || !room[0] || p->room || map_get(&l->rooms, room)) {
        unpark(pk, RESUME_PLAIN, NULL);
        return;
    }
    snprintf(pk->code, sizeof pk->code, "%s", room);
    cluster_locate(rm->cluster, room, room_located, pk);
}

static void player_found(void *arg, int rc, const char *id, const char *name,
                         const uint8_t hash[32], const char *room)
{
    struct lobby_parked *pk = arg;
    remote *rm = pk->pd.rm;
    if (!rm || !pk->c || rc != 0) {
        unpark(pk, rc > 0 ? RESUME_PLAIN : RESUME_UNAVAILABLE, NULL);
        return;
    }
    player_known(pk, id, name, hash, room);
}

int remote_hello(lobby *l, lobby_conn *c, const char *token)
{
    uint8_t hash[IDS_HASH_BYTES];
    if (!ids_token_hash_hex(token, hash))
        return 0;
    if (!store_ok(l->store))
        return -1;
    struct lobby_parked *pk = park(l, c);
    if (!pk)
        return -1;
    if (rstore_find_player(l->remote->rs, hash, player_found, pk) < 0) {
        unpark_unasked(c, pk);
        return -1;
    }
    return 1;
}

/* --- link codes --- */

static void link_taken(void *arg, const rstore_link_answer *a)
{
    struct lobby_parked *pk = arg;
    remote *rm = pk->pd.rm;
    if (!rm || !pk->c || a->rc < 0) {
        unpark(pk, RESUME_UNAVAILABLE, NULL);
        return;
    }
    static const link_status as_link[] = {[RSTORE_LINK_OK] = LINK_OK,
                                          [RSTORE_LINK_UNKNOWN] = LINK_UNKNOWN,
                                          [RSTORE_LINK_USED] = LINK_USED,
                                          [RSTORE_LINK_EXPIRED] = LINK_EXPIRED};
    pk->link = (int)as_link[a->status];
    if (a->status != RSTORE_LINK_OK) {
        unpark(pk, RESUME_PLAIN, NULL);
        return;
    }
    snprintf(pk->token, sizeof pk->token, "%s", a->token_hex);
    if (!a->id) { /* no stored player has it: one this node keeps in memory, or none */
        unpark(pk, RESUME_PLAIN, NULL);
        return;
    }
    player_known(pk, a->id, a->name, a->hash, a->room);
}

int remote_hello_link(lobby *l, lobby_conn *c, const char *typed)
{
    char code[IDS_LINK_LEN + 1];
    if (!ids_link_normalize(typed, code))
        return 0;
    if (!store_ok(l->store))
        return -1;
    struct lobby_parked *pk = park(l, c);
    if (!pk)
        return -1;
    if (rstore_link_take(l->remote->rs, code, link_taken, pk) < 0) {
        unpark_unasked(c, pk);
        return -1;
    }
    return 1;
}

int remote_link_issue(lobby *l, player *p, const char *token_hex, char code[IDS_LINK_LEN + 1])
{
    ids_link_code(code);
    /* The identity must be in Redis for another node to hand it over: a
     * newcomer who has not joined a room yet is stored now. */
    int rc = persist_begin(l->store);
    if (!p->stored)
        rc |= persist_player(l->store, p);
    rc |= rstore_link_put(l->remote->rs, code, p->id, token_hex, p->token_hash,
                          l->cfg.link_ttl_ms);
    if (lobby_wrote(l, persist_commit(l->store) | rc) < 0)
        return -1;
    p->stored = true;
    return 0;
}

/* --- leaderboards and histories --- */

static void ratings_read(void *arg, int rc, json_t *rows)
{
    struct lobby_parked *pk = arg;
    if (rc < 0 || !pk->pd.rm || !pk->c) {
        unpark(pk, RESUME_UNAVAILABLE, NULL);
        return;
    }
    pk->body = lobby_ratings_body_of(pk->engine, rows);
    unpark(pk, pk->body ? RESUME_PLAIN : RESUME_UNAVAILABLE, NULL);
}

int remote_ratings(lobby *l, lobby_conn *c, const game_engine *e, int limit)
{
    if (!store_ok(l->store))
        return -1;
    struct lobby_parked *pk = park(l, c);
    if (!pk)
        return -1;
    pk->engine = e;
    if (rstore_leaderboard(l->remote->rs, e->id, RATING_ESTABLISHED_GAMES, limit, ratings_read,
                           pk) < 0) {
        unpark_unasked(c, pk);
        return -1;
    }
    return 1;
}

static void history_read(void *arg, int rc, const char *viewer_id, const char *stored_name,
                         json_t *standings, json_t *results)
{
    struct lobby_parked *pk = arg;
    remote *rm = pk->pd.rm;
    if (rc != 0 || !rm || !pk->c) {
        unpark(pk, RESUME_UNAVAILABLE, NULL);
        return;
    }
    char name[4 * PROTO_NAME_MAX + 1];
    if (lobby_history_name(rm->l, pk->player, stored_name, name, sizeof name))
        pk->body = lobby_history_of(pk->player, name, strcmp(viewer_id, pk->player) == 0,
                                    standings, results);
    unpark(pk, RESUME_PLAIN, NULL); /* no body: no such player */
}

int remote_history(lobby *l, lobby_conn *c, const char *player_id, const char *viewer_id,
                   int limit)
{
    if (!store_ok(l->store))
        return -1;
    struct lobby_parked *pk = park(l, c);
    if (!pk)
        return -1;
    snprintf(pk->player, sizeof pk->player, "%s", player_id);
    if (rstore_history(l->remote->rs, player_id, NULL, viewer_id, limit, history_read, pk) < 0) {
        unpark_unasked(c, pk);
        return -1;
    }
    return 1;
}

static void join_loaded(void *arg, load_outcome outcome)
{
    unpark(arg, outcome == LOAD_DONE || outcome == LOAD_NONE ? RESUME_PLAIN : RESUME_UNAVAILABLE,
           NULL);
}

static void join_located(void *arg, cluster_where where, const char *url)
{
    struct lobby_parked *pk = arg;
    remote *rm = pk->pd.rm;
    if (where == CLUSTER_MINE && rm && pk->c)
        load_room(rm, pk->code, join_loaded, pk);
    else if (where == CLUSTER_ELSEWHERE)
        unpark(pk, RESUME_MOVED, url);
    else
        unpark(pk, where == CLUSTER_NONE ? RESUME_PLAIN : RESUME_UNAVAILABLE, NULL);
}

int remote_join(lobby *l, lobby_conn *c, const char *code)
{
    if (!store_ok(l->store))
        return -1;
    struct lobby_parked *pk = park(l, c);
    if (!pk)
        return -1;
    snprintf(pk->code, sizeof pk->code, "%s", code);
    cluster_locate(l->remote->cluster, code, join_located, pk);
    return 1;
}

static void codes_came(void *arg)
{
    unpark(arg, RESUME_PLAIN, NULL);
}

int remote_create(lobby *l, lobby_conn *c)
{
    if (l->remote->handing || !store_ok(l->store))
        return -1;
    if (cluster_has_code(l->remote->cluster))
        return 0;
    struct lobby_parked *pk = park(l, c);
    if (!pk)
        return -1;
    cluster_wait_codes(l->remote->cluster, codes_came, pk);
    return 1;
}

/* --- rooms --- */

bool remote_can_create(lobby *l)
{
    return !l->remote->handing && store_ok(l->store);
}

bool remote_take_code(lobby *l, char code[IDS_CODE_LEN + 1])
{
    return !l->remote->handing && cluster_take_code(l->remote->cluster, code);
}

void remote_publish(lobby *l)
{
    json_t *rooms = lobby_own_rooms_json(l);
    cluster_publish(l->remote->cluster, rooms);
    json_decref(rooms);
}

void remote_add_others(lobby *l, json_t *rooms, size_t max)
{
    map seen;
    map_init(&seen);
    size_t i;
    json_t *r;
    json_array_foreach(rooms, i, r)
        map_put(&seen, json_string_value(json_object_get(r, "code")), r);
    json_array_foreach(cluster_others_rooms(l->remote->cluster), i, r) {
        if (json_array_size(rooms) >= max)
            break;
        const char *code = json_string_value(json_object_get(r, "code"));
        if (code && !map_get(&seen, code) && !map_get(&l->rooms, code)) {
            map_put(&seen, code, r);
            json_array_append(rooms, r);
        }
    }
    map_free(&seen);
}

/* --- handing over --- */

typedef struct handover {
    remote *rm;
    int left;
    void (*done)(void *arg);
    void *arg;
} handover;

static void handover_step(handover *h)
{
    if (--h->left == 0) {
        h->done(h->arg);
        free(h);
    }
}

static void room_handed(void *arg, const char *code, const char *url)
{
    handover *h = arg;
    lobby *l = h->rm->l;
    room *r = map_get(&l->rooms, code);
    if (r && url) {
        log_info("room %s handed to %s", code, url);
        for (int i = 0; i < r->nmembers; i++) {
            if (r->members[i]->conn)
                remote_send_moved(l, r->members[i]->conn, NULL, code, url);
        }
        lobby_room_close(l, r, NULL);
    } else if (r) {
        log_warn("room %s could not be handed to another node; it stays this node's", code);
    }
    handover_step(h);
}

typedef struct handing_start {
    lobby *l;
    void (*done)(void *arg);
    void *arg;
} handing_start;

static void hand_over_now(lobby *l, void (*done)(void *arg), void *arg);

static void peers_known(void *arg)
{
    handing_start hs = *(handing_start *)arg;
    free(arg);
    hand_over_now(hs.l, hs.done, hs.arg);
}

void remote_hand_over(lobby *l, void (*done)(void *arg), void *arg)
{
    l->remote->handing = true; /* no new room from now on */
    cluster_leave(l->remote->cluster); /* nor claims, loads or codes */
    /* Who is alive now, not a second ago: a node that just started may
     * take rooms too. */
    handing_start *hs = malloc(sizeof *hs);
    if (!hs) {
        hand_over_now(l, done, arg);
        return;
    }
    *hs = (handing_start){l, done, arg};
    cluster_refresh(l->remote->cluster, peers_known, hs);
}

static void hand_over_now(lobby *l, void (*done)(void *arg), void *arg)
{
    remote *rm = l->remote;
    handover *h = calloc(1, sizeof *h);
    if (!h || !cluster_others_alive(rm->cluster) || !store_ok(rm->l->store)) {
        if (h)
            log_info("no other node is alive: the rooms stay this node's, for its next start");
        free(h);
        done(arg);
        return;
    }
    *h = (handover){rm, 1, done, arg};
    json_t *codes = json_array();
    for (map_iter it = map_first(&l->rooms); it.entry; map_next(&l->rooms, &it))
        json_array_append_new(codes, json_string(map_iter_key(&it)));
    log_info("handing %zu rooms to the other nodes", json_array_size(codes));
    size_t i;
    json_t *code;
    json_array_foreach(codes, i, code) {
        h->left++;
        cluster_hand_over(rm->cluster, json_string_value(code), room_handed, h);
    }
    json_decref(codes);
    handover_step(h);
}

/* --- the cluster's hooks --- */

static void hook_load(void *arg, const char *code)
{
    lobby *l = arg;
    if (l->remote)
        load_room(l->remote, code, NULL, NULL);
}

static void hook_lost(void *arg, const char *code)
{
    lobby *l = arg;
    room *r = map_get(&l->rooms, code);
    if (l->remote && r)
        remote_unload(l, r);
}

static bool hook_has(void *arg, const char *code)
{
    lobby *l = arg;
    return map_get(&l->rooms, code) || (l->remote && map_get(&l->remote->loading, code));
}

static size_t hook_count(void *arg)
{
    lobby *l = arg;
    return l->rooms.count + (l->remote ? l->remote->loading.count : 0);
}

static void hook_new_code(void *arg, char out[CLUSTER_CODE_LEN + 1])
{
    (void)arg;
    ids_room_code(out);
}

static json_t *hook_codes(void *arg)
{
    lobby *l = arg;
    json_t *codes = json_array();
    for (map_iter it = map_first(&l->rooms); it.entry; map_next(&l->rooms, &it))
        json_array_append_new(codes, json_string(map_iter_key(&it)));
    return codes;
}

static void hook_listings(void *arg)
{
    lobby_rooms_changed(arg);
}

static void hook_usurped(void *arg)
{
    (void)arg;
    exit(1);
}

void lobby_cluster_hooks(lobby *l, cluster_hooks *out)
{
    *out = (cluster_hooks){
        .arg = l,
        .load = hook_load,
        .lost = hook_lost,
        .has = hook_has,
        .count = hook_count,
        .new_code = hook_new_code,
        .codes = hook_codes,
        .listings_changed = hook_listings,
        .usurped = hook_usurped,
    };
}

/* --- life --- */

remote *remote_new(lobby *l, cluster *c)
{
    remote *rm = calloc(1, sizeof *rm);
    if (!rm)
        return NULL;
    rm->l = l;
    rm->cluster = c;
    rm->rs = store_redis(l->store);
    map_init(&rm->loading);
    map_init(&rm->orphans);
    map_init(&rm->resolving);
    wheel_timer_init(&rm->resolve_timer, resolve_fired, rm);
    return rm;
}

void remote_free(remote *rm)
{
    if (!rm)
        return;
    while (rm->pending)
        pending_del(rm->pending);
    sched_stop(&rm->l->sched, &rm->resolve_timer);
    for (map_iter it = map_first(&rm->orphans); it.entry; map_next(&rm->orphans, &it))
        free(map_iter_value(&it));
    map_free(&rm->orphans);
    map_free(&rm->loading);
    map_free(&rm->resolving);
    free(rm);
}

void remote_metrics_write(lobby *l, FILE *out)
{
    remote *rm = l->remote;
    rstore_metrics_write(rm->rs, out);
    cluster_metrics_write(rm->cluster, out);
    metrics_counter(out, "botpit_cluster_moved_total",
                    "Clients sent to another node with `moved` (joins, hellos, rooms handed "
                    "over or claimed).",
                    rm->moved_sent);
    metrics_counter(out, "botpit_cluster_rooms_loaded_total",
                    "Rooms this node rebuilt from their logs in Redis while running.", rm->loads);
    metrics_counter(out, "botpit_cluster_rooms_unloaded_total",
                    "Rooms that left memory because a write failed or was refused.",
                    rm->unloads);
    metrics_gauge(out, "botpit_cluster_orphans",
                  "Players waiting for their room to be known again.",
                  (int64_t)rm->orphans.count);
}
