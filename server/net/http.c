/* http.c: the plain HTTP side: the web client's files, health, metrics, API. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "net/net_int.h"
#include "net/webroot.h"
#include "util/metrics.h"

#define HTTP_CHUNK 16384

struct http_tx {
    char *body;
    size_t len, sent;
};

/* Same on every response: no sniffing, no framing, nothing from elsewhere. */
static int add_safety_headers(struct lws *wsi, unsigned char **p, unsigned char *end)
{
    static const char csp[] = "default-src 'self'; connect-src 'self' ws: wss:; "
                              "img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
                              "frame-ancestors 'none'; base-uri 'none'";
    return lws_add_http_header_by_name(wsi, (const unsigned char *)"x-content-type-options:",
                                       (const unsigned char *)"nosniff", 7, p, end) ||
           lws_add_http_header_by_name(wsi, (const unsigned char *)"referrer-policy:",
                                       (const unsigned char *)"no-referrer", 11, p, end) ||
           lws_add_http_header_by_name(wsi, (const unsigned char *)"content-security-policy:",
                                       (const unsigned char *)csp, (int)strlen(csp), p, end);
}

/* Sends a complete response; takes ownership of body (malloc'd or NULL). */
static int respond(struct lws *wsi, conn_data *cd, unsigned status, const char *type,
                   char *body, size_t len)
{
    unsigned char buf[LWS_PRE + 2048], *start = buf + LWS_PRE, *p = start,
                                       *end = buf + sizeof buf - 1;
    if (lws_add_http_common_headers(wsi, status, type, len, &p, end) ||
        lws_add_http_header_by_name(wsi, (const unsigned char *)"cache-control:",
                                    (const unsigned char *)"no-store", 8, &p, end) ||
        add_safety_headers(wsi, &p, end) || lws_finalize_write_http_header(wsi, start, &p, end)) {
        free(body);
        return -1;
    }
    if (!len || cd->head) {
        free(body);
        return lws_http_transaction_completed(wsi) ? -1 : 0;
    }
    http_tx *tx = calloc(1, sizeof *tx);
    if (!tx) {
        free(body);
        return -1;
    }
    tx->body = body;
    tx->len = len;
    cd->http = tx;
    lws_callback_on_writable(wsi);
    return 0;
}

static int respond_text(struct lws *wsi, conn_data *cd, unsigned status, const char *text)
{
    return respond(wsi, cd, status, "text/plain; charset=utf-8", strdup(text), strlen(text));
}

static int respond_json_status(struct lws *wsi, conn_data *cd, unsigned status, json_t *j)
{
    char *body = json_dumps(j, JSON_COMPACT);
    json_decref(j);
    if (!body)
        return -1;
    return respond(wsi, cd, status, "application/json", body, strlen(body));
}

static int respond_json(struct lws *wsi, conn_data *cd, json_t *j)
{
    return respond_json_status(wsi, cd, HTTP_STATUS_OK, j);
}

static int respond_metrics(net *n, struct lws *wsi, conn_data *cd)
{
    char *body = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&body, &len);
    if (!f)
        return -1;
    metrics_write(f);
    lobby_metrics_write(n->lobby, f);
    metrics_gauge(f, "botpit_uptime_seconds", "Seconds since the server started.",
                  (int64_t)((uv_now(n->loop) - n->started_ms) / 1000));
    fclose(f);
    return respond(wsi, cd, HTTP_STATUS_OK, "text/plain; version=0.0.4; charset=utf-8", body,
                   len);
}

/* 503 while the database refuses writes, so that a monitor or a load
 * balancer takes the server out until it recovers. */
static int respond_health(net *n, struct lws *wsi, conn_data *cd)
{
    bool storing = lobby_storage_ok(n->lobby);
    const char *status = n->stopping ? "stopping" : storing ? "ok" : "unavailable";
    json_t *j = json_pack("{s:s,s:s,s:I,s:i}", "status", status, "version", BOTPIT_VERSION,
                          "uptime_s", (json_int_t)((uv_now(n->loop) - n->started_ms) / 1000),
                          "connections", n->nsessions);
    return respond_json_status(wsi, cd,
                               storing ? HTTP_STATUS_OK : HTTP_STATUS_SERVICE_UNAVAILABLE, j);
}

/* Query arguments are read into buffers of this size. lws copies each
 * argument whole ("player=p7kq2m9xa4c") into the buffer given and stops
 * looking at one that does not fit, so a buffer sized for the value alone
 * missed every argument after a longer one (a limit after a player id). */
#define URL_ARG_MAX 256

/* A refused API request: its status, and the code and sentence as JSON. */
static int respond_refusal(struct lws *wsi, conn_data *cd, int status, const char *code_404,
                           const char *why)
{
    unsigned http = status == 401   ? HTTP_STATUS_UNAUTHORIZED
                    : status == 404 ? HTTP_STATUS_NOT_FOUND
                    : status == 503 ? HTTP_STATUS_SERVICE_UNAVAILABLE
                                    : HTTP_STATUS_BAD_REQUEST;
    const char *code = status == 401   ? "not_authenticated"
                       : status == 404 ? code_404
                       : status == 503 ? "unavailable"
                                       : "bad_message";
    return respond_json_status(wsi, cd, http,
                               json_pack("{s:s,s:s}", "code", code, "message", why));
}

/* A response the lobby reads from Redis (results, ratings, a history): it
 * comes later, and is sent from the next WRITEABLE. */
struct http_wait {
    struct lws *wsi;
    lobby_wait *pending; /* NULL once answered */
    const char *code_404; /* the refusal's code if it is a 404 */
    json_t *body;
    int status;
    char why[160];
    bool ready;
};

static void results_ready(void *arg, json_t *body, int status, const char *why)
{
    http_wait *w = arg;
    w->pending = NULL;
    w->body = body;
    w->status = status;
    snprintf(w->why, sizeof w->why, "%s", why ? why : "");
    w->ready = true;
    lws_callback_on_writable(w->wsi);
}

int http_waited(net *n, struct lws *wsi, conn_data *cd)
{
    (void)n;
    http_wait *w = cd->wait;
    if (!w->ready)
        return 0;
    cd->wait = NULL;
    json_t *body = w->body;
    int status = w->status;
    char why[sizeof w->why];
    memcpy(why, w->why, sizeof why);
    const char *code_404 = w->code_404;
    free(w);
    return body ? respond_json(wsi, cd, body) : respond_refusal(wsi, cd, status, code_404, why);
}

/* A wait for an answer that may come from Redis: 0, or -1 if out of
 * memory. */
static int wait_answer(struct lws *wsi, conn_data *cd, const char *code_404, http_wait **out)
{
    http_wait *w = calloc(1, sizeof *w);
    if (!w)
        return -1;
    w->wsi = wsi;
    w->code_404 = code_404;
    cd->wait = w;
    *out = w;
    return 0;
}

/* /api/results?game=ricochet&player=p123&limit=20; a limit out of range
 * is a 400, not a silent default. */
static int respond_results(net *n, struct lws *wsi, conn_data *cd)
{
    char game[URL_ARG_MAX], player[URL_ARG_MAX], limit[URL_ARG_MAX];
    const char *g = lws_get_urlarg_by_name(wsi, "game=", game, sizeof game);
    const char *p = lws_get_urlarg_by_name(wsi, "player=", player, sizeof player);
    const char *l = lws_get_urlarg_by_name(wsi, "limit=", limit, sizeof limit);
    /* A player proves who it is with its token, to see its private games. */
    char auth[80];
    const char *token = NULL;
    if (lws_hdr_copy(wsi, auth, sizeof auth, WSI_TOKEN_HTTP_AUTHORIZATION) > 0 &&
        strncasecmp(auth, "Bearer ", 7) == 0)
        token = auth + 7;
    http_wait *w;
    if (wait_answer(wsi, cd, "bad_message", &w) < 0)
        return -1;
    w->pending = lobby_results_query_async(n->lobby, g, p, l, token, results_ready, w);
    if (!w->ready) /* it comes from Redis */
        return 0;
    return http_waited(n, wsi, cd);
}

/* /api/ratings?game=ricochet&limit=50: a game's leaderboard. */
static int respond_ratings(net *n, struct lws *wsi, conn_data *cd)
{
    char game[URL_ARG_MAX], limit[URL_ARG_MAX];
    const char *g = lws_get_urlarg_by_name(wsi, "game=", game, sizeof game);
    const char *l = lws_get_urlarg_by_name(wsi, "limit=", limit, sizeof limit);
    http_wait *w;
    if (wait_answer(wsi, cd, "no_such_game", &w) < 0)
        return -1;
    w->pending = lobby_ratings_query_async(n->lobby, g, l, results_ready, w);
    if (!w->ready)
        return 0;
    return http_waited(n, wsi, cd);
}

/* /api/history?player=p123&limit=20: a player's record, ratings and last
 * games; a private game only to a player of it (Authorization: Bearer). */
static int respond_history(net *n, struct lws *wsi, conn_data *cd)
{
    char player[URL_ARG_MAX], limit[URL_ARG_MAX], auth[80];
    const char *p = lws_get_urlarg_by_name(wsi, "player=", player, sizeof player);
    const char *l = lws_get_urlarg_by_name(wsi, "limit=", limit, sizeof limit);
    const char *token = NULL;
    if (lws_hdr_copy(wsi, auth, sizeof auth, WSI_TOKEN_HTTP_AUTHORIZATION) > 0 &&
        strncasecmp(auth, "Bearer ", 7) == 0)
        token = auth + 7;
    http_wait *w;
    if (wait_answer(wsi, cd, "no_such_player", &w) < 0)
        return -1;
    w->pending = lobby_history_query_async(n->lobby, p, l, token, results_ready, w);
    if (!w->ready)
        return 0;
    return http_waited(n, wsi, cd);
}

/* Any other method: 405 and the connection closed. A POST or PUT may come
 * with a body, and lws 4.1.6 sends no answer while one waits unread, so the
 * client would hang until the request times out. */
static int refuse_method(struct lws *wsi)
{
    unsigned char buf[LWS_PRE + 1024], *start = buf + LWS_PRE, *p = start,
                                       *end = buf + sizeof buf - 1;
    if (lws_add_http_common_headers(wsi, HTTP_STATUS_METHOD_NOT_ALLOWED, "text/plain", 0, &p,
                                    end) ||
        lws_add_http_header_by_name(wsi, (const unsigned char *)"allow:",
                                    (const unsigned char *)"GET, HEAD", 9, &p, end) ||
        lws_add_http_header_by_name(wsi, (const unsigned char *)"connection:",
                                    (const unsigned char *)"close", 5, &p, end) ||
        lws_finalize_write_http_header(wsi, start, &p, end))
        return -1;
    return -1; /* sent: now close */
}

/* HEAD on a file: what its GET would send but the body. */
static int head_of_file(struct lws *wsi, const char *mime, const char *etag, size_t size)
{
    unsigned char buf[LWS_PRE + 2048], *start = buf + LWS_PRE, *p = start,
                                       *end = buf + sizeof buf - 1;
    if (lws_add_http_common_headers(wsi, HTTP_STATUS_OK, mime, size, &p, end) ||
        lws_add_http_header_by_name(wsi, (const unsigned char *)"etag:",
                                    (const unsigned char *)etag, (int)strlen(etag), &p, end) ||
        lws_add_http_header_by_name(wsi, (const unsigned char *)"cache-control:",
                                    (const unsigned char *)"no-cache", 8, &p, end) ||
        add_safety_headers(wsi, &p, end) || lws_finalize_write_http_header(wsi, start, &p, end))
        return -1;
    return lws_http_transaction_completed(wsi) ? -1 : 0;
}

/* A file of the web client, with an ETag so browsers revalidate cheaply. */
static int serve_file(net *n, struct lws *wsi, conn_data *cd, const char *uri)
{
    char path[PATH_MAX], real[PATH_MAX];
    const char *mime = webroot_resolve(n->web_root, uri, path, sizeof path);
    size_t root_len = strlen(n->web_root);
    struct stat st;
    if (!mime || !realpath(path, real) || strncmp(real, n->web_root, root_len) != 0 ||
        real[root_len] != '/' || stat(real, &st) != 0 || !S_ISREG(st.st_mode))
        return respond_text(wsi, cd, HTTP_STATUS_NOT_FOUND, "not found\n");

    char etag[64], seen[64];
    snprintf(etag, sizeof etag, "\"%llx-%llx\"", (unsigned long long)st.st_mtime,
             (unsigned long long)st.st_size);
    unsigned char buf[LWS_PRE + 2048], *start = buf + LWS_PRE, *p = start,
                                       *end = buf + sizeof buf - 1;
    if (lws_hdr_copy(wsi, seen, sizeof seen, WSI_TOKEN_HTTP_IF_NONE_MATCH) > 0 &&
        strcmp(seen, etag) == 0) {
        if (lws_add_http_header_status(wsi, HTTP_STATUS_NOT_MODIFIED, &p, end) ||
            lws_add_http_header_by_name(wsi, (const unsigned char *)"etag:",
                                        (const unsigned char *)etag, (int)strlen(etag), &p,
                                        end) ||
            lws_add_http_header_content_length(wsi, 0, &p, end) ||
            lws_finalize_write_http_header(wsi, start, &p, end))
            return -1;
        return lws_http_transaction_completed(wsi) ? -1 : 0;
    }
    if (cd->head)
        return head_of_file(wsi, mime, etag, (size_t)st.st_size);
    /* lws writes the status line and type; these are the extra headers. */
    if (lws_add_http_header_by_name(wsi, (const unsigned char *)"etag:",
                                    (const unsigned char *)etag, (int)strlen(etag), &p, end) ||
        lws_add_http_header_by_name(wsi, (const unsigned char *)"cache-control:",
                                    (const unsigned char *)"no-cache", 8, &p, end) ||
        add_safety_headers(wsi, &p, end))
        return -1;
    int rc = lws_serve_http_file(wsi, real, mime, (const char *)start, (int)(p - start));
    if (rc < 0 || (rc > 0 && lws_http_transaction_completed(wsi)))
        return -1;
    return 0;
}

int http_request(net *n, struct lws *wsi, conn_data *cd, const char *uri)
{
    botpit_metrics.http_requests++;
    cd->head = lws_hdr_total_length(wsi, WSI_TOKEN_HEAD_URI) > 0;
    if (!cd->head && lws_hdr_total_length(wsi, WSI_TOKEN_GET_URI) <= 0)
        return refuse_method(wsi);
    if (strcmp(uri, "/healthz") == 0)
        return respond_health(n, wsi, cd);
    if (strcmp(uri, "/metrics") == 0)
        return respond_metrics(n, wsi, cd);
    if (strcmp(uri, "/api/games") == 0)
        return respond_json(wsi, cd, json_pack("{s:o}", "games", lobby_games_json(n->lobby)));
    if (strcmp(uri, "/api/rooms") == 0)
        return respond_json(wsi, cd, json_pack("{s:o}", "rooms", lobby_rooms_json(n->lobby)));
    if (strcmp(uri, "/api/results") == 0)
        return respond_results(n, wsi, cd);
    if (strcmp(uri, "/api/ratings") == 0)
        return respond_ratings(n, wsi, cd);
    if (strcmp(uri, "/api/history") == 0)
        return respond_history(n, wsi, cd);
    if (strcmp(uri, "/ws") == 0)
        return respond_text(wsi, cd, (enum http_status)426,
                            "this is the WebSocket endpoint; connect with a WebSocket client\n");
    if (strncmp(uri, "/api/", 5) == 0)
        return respond_text(wsi, cd, HTTP_STATUS_NOT_FOUND, "no such API\n");
    return serve_file(n, wsi, cd, uri);
}

int http_writeable(net *n, struct lws *wsi, conn_data *cd)
{
    (void)n;
    http_tx *tx = cd->http;
    size_t chunk = tx->len - tx->sent;
    if (chunk > HTTP_CHUNK)
        chunk = HTTP_CHUNK;
    bool last = tx->sent + chunk == tx->len;
    unsigned char buf[LWS_PRE + HTTP_CHUNK];
    memcpy(buf + LWS_PRE, tx->body + tx->sent, chunk);
    if (lws_write(wsi, buf + LWS_PRE, chunk, last ? LWS_WRITE_HTTP_FINAL : LWS_WRITE_HTTP) !=
        (int)chunk)
        return -1;
    tx->sent += chunk;
    if (!last) {
        lws_callback_on_writable(wsi);
        return 0;
    }
    http_done(cd);
    return lws_http_transaction_completed(wsi) ? -1 : 0;
}

void http_done(conn_data *cd)
{
    if (cd->wait) { /* the asker went away before the answer */
        lobby_wait_cancel(cd->wait->pending);
        json_decref(cd->wait->body);
        free(cd->wait);
        cd->wait = NULL;
    }
    if (cd->http) {
        free(cd->http->body);
        free(cd->http);
        cd->http = NULL;
    }
}
