/*
 * colyseus.c: the Colyseus wire (0.16 to 0.18), enough for the chat and
 * idle scenarios against tests/bench/peers/colyseus/server.mjs.
 *
 * Joining is a seat reservation over HTTP, POST /matchmake/joinOrCreate/
 * <room> answering {sessionId, roomId, processId} (0.16 nests the last two
 * in "room"), then a WebSocket at /<processId>/<roomId>?sessionId=<id>. The
 * server's first frame is JOIN_ROOM; the client confirms it with a
 * JOIN_ROOM byte of its own and is in. Frames are binary: one protocol byte,
 * then for ROOM_DATA the message type as a MessagePack string and the
 * payload as MessagePack (our chat text is a string "lg <send time>").
 * A PING byte is answered with a PING byte.
 */
#include <inttypes.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "worker.h"

enum {
    CY_JOIN_ROOM = 10,
    CY_ERROR = 11,
    CY_LEAVE_ROOM = 12,
    CY_ROOM_DATA = 13,
    CY_PING = 18,
    CY_CODE_MASK = 0x1f,
};

enum {
    C_MATCH = 1, /* the seat reservation is under way */
    C_JOINING,   /* the WebSocket is up, waiting for JOIN_ROOM */
    C_JOINED,
};

#define CHAT_MARK "lg "

/* A MessagePack string at p (fixstr, str8 or str16): its bytes and length;
 * false if p holds no whole string. */
static bool msgpack_str(const unsigned char *p, size_t len, const char **s, size_t *slen,
                        size_t *used)
{
    if (len < 1)
        return false;
    size_t n, h;
    if ((p[0] & 0xe0) == 0xa0) {
        n = p[0] & 0x1f;
        h = 1;
    } else if (p[0] == 0xd9 && len >= 2) {
        n = p[1];
        h = 2;
    } else if (p[0] == 0xda && len >= 3) {
        n = (size_t)p[1] << 8 | p[2];
        h = 3;
    } else {
        return false;
    }
    if (len - h < n)
        return false;
    *s = (const char *)p + h;
    *slen = n;
    *used = h + n;
    return true;
}

static void fail_plain(lg_client *c, const char *what)
{
    char why[200];
    snprintf(why, sizeof why, "client %u: %.160s", c->index, what);
    worker_fail(c, why);
}

static void start(lg_client *c)
{
    char path[160];
    snprintf(path, sizeof path, "/matchmake/joinOrCreate/%s", c->w->o->colyseus_room);
    c->step = C_MATCH;
    c->conn = ws_http(c->w->loop, "POST", path, "{}", c);
    if (!c->conn) {
        c->pending = false;
        c->w->pending--;
        fail_plain(c, "cannot connect for matchmaking");
    }
}

/* The seat reservation: connect the WebSocket it names. */
static void on_reservation(lg_client *c, const char *body, size_t len)
{
    json_t *r = json_loadb(body, len, 0, NULL);
    const json_t *room = json_object_get(r, "room");
    const char *sid = json_string_value(json_object_get(r, "sessionId"));
    const char *rid = json_string_value(json_object_get(r, "roomId"));
    const char *pid = json_string_value(json_object_get(r, "processId"));
    if (!rid)
        rid = json_string_value(json_object_get(room, "roomId"));
    if (!pid)
        pid = json_string_value(json_object_get(room, "processId"));
    if (!sid || !rid || !pid || strlen(sid) >= sizeof c->session || strlen(rid) >= sizeof c->room ||
        strlen(pid) >= sizeof c->process) {
        char what[160];
        snprintf(what, sizeof what, "matchmaking answered %d: %.*s",
                 ws_http_status(c->conn), (int)(len > 100 ? 100 : len), body);
        json_decref(r);
        fail_plain(c, what);
        return;
    }
    snprintf(c->session, sizeof c->session, "%s", sid);
    snprintf(c->room, sizeof c->room, "%s", rid);
    snprintf(c->process, sizeof c->process, "%s", pid);
    json_decref(r);
    char path[160];
    snprintf(path, sizeof path, "/%s/%s?sessionId=%s", c->process, c->room, c->session);
    c->step = C_JOINING;
    /* The HTTP connection ends after this call; its close is ignored since
     * c->conn names the new one. */
    c->conn = ws_connect(c->w->loop, path, c);
    if (!c->conn)
        fail_plain(c, "cannot connect the WebSocket");
}

static void open_(lg_client *c)
{
    (void)c; /* the server speaks first (JOIN_ROOM) */
}

static void on_room_data(lg_client *c, const unsigned char *p, size_t len)
{
    const char *type, *text;
    size_t tlen, xlen, used;
    if (!msgpack_str(p, len, &type, &tlen, &used))
        return;
    p += used;
    len -= used;
    if (tlen != 4 || memcmp(type, "chat", 4) != 0 || !msgpack_str(p, len, &text, &xlen, &used))
        return;
    if (xlen > sizeof CHAT_MARK - 1 && memcmp(text, CHAT_MARK, sizeof CHAT_MARK - 1) == 0)
        worker_sample(c, strtoll(text + sizeof CHAT_MARK - 1, NULL, 10));
}

static void message(lg_client *c, int op, const char *data, size_t len)
{
    if (c->step == C_MATCH) {
        on_reservation(c, data, len);
        return;
    }
    if (op != WS_OP_BINARY || len < 1)
        return;
    const unsigned char *p = (const unsigned char *)data;
    switch (p[0] & CY_CODE_MASK) {
    case CY_JOIN_ROOM:
        if (c->step == C_JOINING) {
            char confirm = CY_JOIN_ROOM;
            c->step = C_JOINED;
            if (worker_send(c, WS_OP_BINARY, &confirm, 1))
                worker_ready(c);
        }
        return;
    case CY_ROOM_DATA:
        on_room_data(c, p + 1, len - 1);
        return;
    case CY_PING:
        if (c->req_id) {
            worker_sample(c, c->req_at);
            c->req_id = 0;
        }
        return;
    case CY_ERROR: {
        char what[160];
        snprintf(what, sizeof what, "a Colyseus error (%zu bytes)", len);
        worker_error(c, what);
        return;
    }
    default:
        return;
    }
}

static void closed(lg_client *c, int code)
{
    (void)c;
    (void)code;
}

static void tick(lg_client *c, int64_t now)
{
    if (c->step != C_JOINED)
        return;
    if (c->w->o->scenario == LG_IDLE) {
        if (c->req_id)
            return;
        char ping = CY_PING;
        worker_timed_id(c);
        worker_send(c, WS_OP_BINARY, &ping, 1);
        return;
    }
    /* [ROOM_DATA]["chat" as fixstr][the text as fixstr] */
    char text[32];
    int n = snprintf(text, sizeof text, CHAT_MARK "%" PRId64, now);
    if (n <= 0 || n > 31)
        return;
    char frame[48];
    frame[0] = CY_ROOM_DATA;
    frame[1] = (char)(0xa0 | 4);
    memcpy(frame + 2, "chat", 4);
    frame[6] = (char)(0xa0 | n);
    memcpy(frame + 7, text, (size_t)n);
    worker_send(c, WS_OP_BINARY, frame, 7 + (size_t)n);
}

static void group_known(lg_worker *w, lg_group *g)
{
    (void)w;
    (void)g; /* Colyseus' matchmaker makes the rooms */
}

const lg_wire_ops lg_colyseus_wire = {
    .start = start,
    .open = open_,
    .message = message,
    .closed = closed,
    .tick = tick,
    .group_known = group_known,
};
