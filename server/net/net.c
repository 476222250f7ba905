/* net.c: the lws context on our loop, the one callback, and stopping. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "net/net_int.h"
#include "util/log.h"

/* Stopping waits for the sessions to close until STOP_WAIT_MS of polls go
 * by without one closing. Polls, not the clock: closing 10,000 sessions
 * keeps the loop busy for seconds in lws (its timeouts are a sorted list),
 * and that time is progress, not waiting. */
#define STOP_POLL_MS 20
#define STOP_WAIT_MS 2000
/* lws gives every connection an rx buffer of this size. Our messages are
 * small; larger ones arrive in fragments we reassemble. 4096 made an idle
 * connection cost 5.8 KB of server memory at 10,000 connections, 1024 3.0 KB
 * (node tests/bench/idle_ping.mjs build-release/server/botpit 10000 5). */
#define RX_BUFFER 1024

net_config net_config_defaults(void)
{
    return (net_config){
        .bind = "0.0.0.0",
        .port = 8080,
        .web_root = NULL,
        .max_connections = 10000,
        .max_per_ip = 64,
        .trust_proxy = false,
        .keepalive_s = 30,
        .queue_max_bytes = 1 << 20,
        .queue_max_msgs = 256,
        .rate_per_s = 20,
        .rate_burst = 40,
    };
}

void net_client_address(net *n, struct lws *wsi, char *out, size_t out_len)
{
    if (n->cfg.trust_proxy) {
        char fwd[256];
        if (lws_hdr_copy(wsi, out, (int)out_len, WSI_TOKEN_HTTP_X_REAL_IP) > 0)
            return;
        /* The proxy appends the address it saw: the last entry is the one
         * the client could not forge. */
        if (lws_hdr_copy(wsi, fwd, sizeof fwd, WSI_TOKEN_X_FORWARDED_FOR) > 0) {
            char *last = strrchr(fwd, ',');
            last = last ? last + 1 : fwd;
            while (*last == ' ')
                last++;
            snprintf(out, out_len, "%s", last);
            return;
        }
    }
    lws_get_peer_simple(wsi, out, out_len);
}

static bool is_ws_path(struct lws *wsi)
{
    char uri[16];
    return lws_hdr_copy(wsi, uri, sizeof uri, WSI_TOKEN_GET_URI) > 0 && strcmp(uri, "/ws") == 0;
}

static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                    size_t len)
{
    net *n = lws_context_user(lws_get_context(wsi));
    conn_data *cd = user;
    switch (reason) {
    case LWS_CALLBACK_HTTP:
        return http_request(n, wsi, cd, in);
    case LWS_CALLBACK_HTTP_WRITEABLE:
        if (cd && cd->wait)
            return http_waited(n, wsi, cd);
        return cd && cd->http ? http_writeable(n, wsi, cd) : 0;
    case LWS_CALLBACK_HTTP_DROP_PROTOCOL:
    case LWS_CALLBACK_CLOSED_HTTP:
        if (cd)
            http_done(cd);
        break;
    case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION:
        return is_ws_path(wsi) ? 0 : -1;
    case LWS_CALLBACK_ESTABLISHED:
        return session_open(n, wsi, cd);
    case LWS_CALLBACK_RECEIVE:
        return cd->ws ? session_receive(cd->ws, in, len) : -1;
    case LWS_CALLBACK_SERVER_WRITEABLE:
        return cd->ws ? session_writeable(cd->ws) : 0;
    case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
        if (cd->ws)
            session_peer_closed(cd->ws);
        return 0;
    case LWS_CALLBACK_RECEIVE_PONG:
        if (cd->ws)
            session_pong(cd->ws);
        return 0;
    case LWS_CALLBACK_TIMER:
        return cd->ws ? session_timer(cd->ws) : 0;
    case LWS_CALLBACK_CLOSED:
        if (cd->ws)
            session_closed(cd->ws);
        cd->ws = NULL;
        return 0;
    default:
        break;
    }
    return lws_callback_http_dummy(wsi, reason, user, in, len);
}

/* With no tx_packet_size, lws 4.1.6 sends at most RX_BUFFER bytes per
 * send() and copies the rest aside for later, at the price of a copy and a
 * WRITEABLE round trip for anything longer than ~1 KB. */
static const struct lws_protocols protocols[] = {
    {"botpit", callback, sizeof(conn_data), RX_BUFFER, 0, NULL, BATCH_MAX},
    {NULL, NULL, 0, 0, 0, NULL, 0},
};

static void flush_before_poll(uv_prepare_t *h)
{
    session_flush_all(h->data);
}

static void flush_after_poll(uv_check_t *h)
{
    session_flush_all(h->data);
}

static void lws_log(int level, const char *line)
{
    size_t n = strlen(line);
    while (n && line[n - 1] == '\n')
        n--;
    log_write(level == LLL_ERR ? LOG_ERROR : level == LLL_WARN ? LOG_WARN : LOG_DEBUG,
              "lws: %.*s", (int)n, line);
}

net *net_new(uv_loop_t *loop, lobby *l, const net_config *cfg, char *err, size_t err_len)
{
    net *n = calloc(1, sizeof *n);
    if (!n) {
        snprintf(err, err_len, "out of memory");
        return NULL;
    }
    n->loop = loop;
    n->lobby = l;
    n->cfg = *cfg;
    n->started_ms = uv_now(loop);
    map_init(&n->per_ip);
    if (!realpath(cfg->web_root, n->web_root)) {
        snprintf(err, err_len, "the web client folder %s does not exist (use --web-root)",
                 cfg->web_root);
        free(n);
        return NULL;
    }
    n->batch = malloc(LWS_PRE + BATCH_MAX);
    if (!n->batch) {
        snprintf(err, err_len, "out of memory");
        free(n);
        return NULL;
    }

    lws_set_log_level(log_enabled(LOG_DEBUG) ? LLL_ERR | LLL_WARN | LLL_NOTICE : LLL_ERR,
                      lws_log);
    void *foreign_loops[1] = {loop};
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = cfg->port;
    info.iface = strcmp(cfg->bind, "0.0.0.0") == 0 ? NULL : cfg->bind;
    info.protocols = protocols;
    info.options = LWS_SERVER_OPTION_LIBUV | LWS_SERVER_OPTION_DISABLE_IPV6 |
                   LWS_SERVER_OPTION_VALIDATE_UTF8;
    info.foreign_loops = foreign_loops;
    info.user = n;
    info.retry_and_idle_policy = &n->no_validity; /* a zero hang-up time turns it off */
    info.timeout_secs = 20;
    info.server_string = "botpit";
    info.vhost_name = "botpit";
    n->context = lws_create_context(&info);
    if (!n->context) {
        snprintf(err, err_len, "cannot listen on %s:%d (in use, or not an address here?)",
                 cfg->bind, cfg->port);
        map_free(&n->per_ip);
        free(n->batch);
        free(n);
        return NULL;
    }
    struct lws_vhost *vh = lws_get_vhost_by_name(n->context, "botpit");
    n->port = vh ? lws_get_vhost_listen_port(vh) : cfg->port;
    uv_timer_init(loop, &n->stop_timer);
    n->stop_timer.data = n;
    uv_prepare_init(loop, &n->flush_before_poll);
    n->flush_before_poll.data = n;
    uv_prepare_start(&n->flush_before_poll, flush_before_poll);
    uv_check_init(loop, &n->flush_after_poll);
    n->flush_after_poll.data = n;
    uv_check_start(&n->flush_after_poll, flush_after_poll);
    keepalive_init(&n->keepalive, loop, cfg->keepalive_s, session_ping, session_hangup);
    return n;
}

int net_port(const net *n)
{
    return n->port;
}

static void stop_poll(uv_timer_t *t)
{
    net *n = t->data;
    if (n->nsessions < n->stop_left) {
        n->stop_left = n->nsessions;
        n->stop_idle_polls = 0;
    }
    if (n->nsessions > 0 && ++n->stop_idle_polls < STOP_WAIT_MS / STOP_POLL_MS)
        return;
    uv_timer_stop(t);
    uv_close((uv_handle_t *)t, NULL);
    uv_close((uv_handle_t *)&n->flush_before_poll, NULL);
    uv_close((uv_handle_t *)&n->flush_after_poll, NULL);
    keepalive_close(&n->keepalive);
    lws_context_destroy(n->context); /* first pass: lws starts closing its handles */
    n->stopped(n->stopped_arg);
}

void net_shutdown(net *n, void (*done)(void *arg), void *arg)
{
    if (n->stopping)
        return;
    n->stopping = true;
    n->stopped = done;
    n->stopped_arg = arg;
    log_info("closing %d connections", n->nsessions);
    session_shutdown_all(n);
    n->stop_left = n->nsessions;
    n->stop_idle_polls = 0;
    uv_timer_start(&n->stop_timer, stop_poll, STOP_POLL_MS, STOP_POLL_MS);
}

void net_free(net *n)
{
    lws_context_destroy(n->context); /* second pass: frees what is left */
    map_free(&n->per_ip);
    free(n->batch);
    free(n);
}
