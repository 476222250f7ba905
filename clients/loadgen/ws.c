/*
 * ws.c: WebSocket (and one-shot HTTP) client connections on epoll.
 */
#include "ws.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

#define WS_READ_CHUNK (256 * 1024)
#define WS_MAX_MESSAGE (16 * 1024 * 1024)
#define WS_MAX_EVENTS 512
#define WS_MAX_HEADER 8192

typedef enum ws_state {
    WS_CONNECTING,
    WS_HANDSHAKE, /* request sent or queued, waiting for the 101 */
    WS_OPEN,
    WS_CLOSING,   /* our close frame is out, waiting for the peer's */
    WS_HTTP,      /* a plain HTTP request: reading the response to EOF */
    WS_DEAD,
} ws_state;

typedef struct ws_buf {
    char *p;
    size_t len, cap;
} ws_buf;

struct ws_conn {
    ws_loop *loop;
    void *user;
    int fd;
    ws_state state;
    bool writable;
    uint8_t frag_op;   /* opcode of the fragmented message being gathered */
    int http_status;
    ws_buf in;         /* unparsed bytes: a partial frame, or the response */
    ws_buf msg;        /* fragments gathered so far */
    ws_buf out;        /* bytes the kernel has not taken yet */
    size_t out_off;
    ws_conn *prev, *next; /* the loop's live connections, or next on its dead list */
};

/* A second file descriptor to watch (the worker's control pipe). */
typedef struct ws_watch {
    int fd;
    void (*ready)(int fd, void *arg);
    void *arg;
} ws_watch;

struct ws_loop {
    ws_handlers h;
    int epfd;
    struct sockaddr_in dest;
    char host_header[64];
    int sources, next_source;
    size_t live;
    uint64_t rng;
    ws_conn *all;  /* live connections (so that ws_loop_free can end them) */
    ws_conn *dead; /* closed since the last poll ended; freed at the next end */
    ws_watch watch;
    char *scratch;
};

/* ---- buffers ---- */

static bool buf_reserve(ws_buf *b, size_t extra)
{
    if (b->len + extra <= b->cap)
        return true;
    size_t cap = b->cap ? b->cap : 512;
    while (cap < b->len + extra)
        cap *= 2;
    char *p = realloc(b->p, cap);
    if (!p)
        return false;
    b->p = p;
    b->cap = cap;
    return true;
}

static bool buf_append(ws_buf *b, const void *data, size_t len)
{
    if (!buf_reserve(b, len))
        return false;
    memcpy(b->p + b->len, data, len);
    b->len += len;
    return true;
}

static void buf_free(ws_buf *b)
{
    free(b->p);
    b->p = NULL;
    b->len = b->cap = 0;
}

/* ---- the loop ---- */

ws_loop *ws_loop_new(const ws_handlers *h, const char *host, int port, int sources)
{
    ws_loop *l = calloc(1, sizeof *l);
    if (!l)
        return NULL;
    l->h = *h;
    l->dest.sin_family = AF_INET;
    l->dest.sin_port = htons((uint16_t)port);
    l->scratch = malloc(WS_READ_CHUNK);
    l->epfd = epoll_create1(EPOLL_CLOEXEC);
    if (!l->scratch || l->epfd < 0 || inet_pton(AF_INET, host, &l->dest.sin_addr) != 1) {
        if (l->epfd >= 0)
            close(l->epfd);
        free(l->scratch);
        free(l);
        return NULL;
    }
    snprintf(l->host_header, sizeof l->host_header, "%s:%d", host, port);
    l->sources = sources < 1 ? 1 : sources;
    l->watch.fd = -1;
    l->rng = 0x9e3779b97f4a7c15ULL ^ (uint64_t)getpid();
    return l;
}

static void free_conn(ws_conn *c)
{
    buf_free(&c->in);
    buf_free(&c->msg);
    buf_free(&c->out);
    free(c);
}

static void free_dead(ws_loop *l)
{
    while (l->dead) {
        ws_conn *c = l->dead;
        l->dead = c->next;
        free_conn(c);
    }
}

void ws_loop_free(ws_loop *l)
{
    if (!l)
        return;
    /* Connections still live end without callbacks: their users are going too. */
    while (l->all) {
        ws_conn *c = l->all;
        l->all = c->next;
        close(c->fd);
        free_conn(c);
    }
    free_dead(l);
    close(l->epfd);
    free(l->scratch);
    free(l);
}

size_t ws_live(const ws_loop *l)
{
    return l->live;
}

void *ws_user(const ws_conn *c)
{
    return c->user;
}

bool ws_is_open(const ws_conn *c)
{
    return c->state == WS_OPEN;
}

int ws_http_status(const ws_conn *c)
{
    return c->http_status;
}

bool ws_watch_fd(ws_loop *l, int fd, void (*ready)(int fd, void *arg), void *arg)
{
    struct epoll_event ev = {.events = EPOLLIN, .data.ptr = &l->watch};
    l->watch = (ws_watch){fd, ready, arg};
    return epoll_ctl(l->epfd, EPOLL_CTL_ADD, fd, &ev) == 0;
}

static uint32_t next_mask(ws_loop *l)
{
    /* xorshift64: masks need only be unpredictable to a proxy's cache,
     * and our peer is a server we run. */
    l->rng ^= l->rng << 13;
    l->rng ^= l->rng >> 7;
    l->rng ^= l->rng << 17;
    return (uint32_t)l->rng;
}

/* ---- ending a connection ---- */

static void finish(ws_conn *c, int code)
{
    if (c->state == WS_DEAD)
        return;
    c->state = WS_DEAD;
    /* Closing the descriptor also removes it from the epoll set. */
    close(c->fd);
    c->fd = -1;
    ws_loop *l = c->loop;
    l->live--;
    if (c->prev)
        c->prev->next = c->next;
    else
        l->all = c->next;
    if (c->next)
        c->next->prev = c->prev;
    c->prev = NULL;
    c->next = l->dead;
    l->dead = c;
    if (c->loop->h.closed)
        c->loop->h.closed(c, c->user, code);
}

void ws_drop(ws_conn *c)
{
    finish(c, WS_CLOSED_LOCAL);
}

/* ---- writing ---- */

/* Writes what is queued; false when the socket failed (already finished). */
static bool flush(ws_conn *c)
{
    while (c->out_off < c->out.len) {
        ssize_t n = send(c->fd, c->out.p + c->out_off, c->out.len - c->out_off, MSG_NOSIGNAL);
        if (n < 0) {
            if (errno == EAGAIN || errno == EWOULDBLOCK) {
                c->writable = false;
                return true;
            }
            if (errno == EINTR)
                continue;
            finish(c, WS_CLOSED_ABNORMAL);
            return false;
        }
        c->out_off += (size_t)n;
    }
    c->out.len = c->out_off = 0;
    /* A connection that once had a burst keeps no big buffer for ever. */
    if (c->out.cap > 64 * 1024)
        buf_free(&c->out);
    return true;
}

/* Sends bytes, directly when nothing is queued and the socket takes them. */
static bool put(ws_conn *c, const char *data, size_t len)
{
    if (c->out.len == 0 && c->writable && c->state != WS_CONNECTING) {
        ssize_t n = send(c->fd, data, len, MSG_NOSIGNAL);
        if (n < 0) {
            if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                finish(c, WS_CLOSED_ABNORMAL);
                return false;
            }
            if (errno != EINTR)
                c->writable = false;
            n = 0;
        }
        data += n;
        len -= (size_t)n;
        if (len == 0)
            return true;
    }
    if (!buf_append(&c->out, data, len)) {
        finish(c, WS_CLOSED_ABNORMAL);
        return false;
    }
    return true;
}

static bool send_frame(ws_conn *c, int op, const char *data, size_t len)
{
    char head[14];
    size_t h = 0;
    head[h++] = (char)(0x80 | op);
    if (len < 126) {
        head[h++] = (char)(0x80 | len);
    } else if (len <= 0xffff) {
        head[h++] = (char)(0x80 | 126);
        head[h++] = (char)(len >> 8);
        head[h++] = (char)len;
    } else {
        head[h++] = (char)(0x80 | 127);
        for (int i = 7; i >= 0; i--)
            head[h++] = (char)((uint64_t)len >> (8 * i));
    }
    uint32_t mask = next_mask(c->loop);
    unsigned char key[4] = {(unsigned char)mask, (unsigned char)(mask >> 8),
                            (unsigned char)(mask >> 16), (unsigned char)(mask >> 24)};
    memcpy(head + h, key, 4);
    h += 4;

    /* One send for header and payload: small frames are the common case. */
    char small[1024];
    char *frame = h + len <= sizeof small ? small : malloc(h + len);
    if (!frame) {
        finish(c, WS_CLOSED_ABNORMAL);
        return false;
    }
    memcpy(frame, head, h);
    for (size_t i = 0; i < len; i++)
        frame[h + i] = (char)(data[i] ^ key[i & 3]);
    bool ok = put(c, frame, h + len);
    if (frame != small)
        free(frame);
    return ok;
}

bool ws_send(ws_conn *c, int op, const char *data, size_t len)
{
    if (c->state != WS_OPEN)
        return false;
    return send_frame(c, op, data, len);
}

void ws_close(ws_conn *c, int code)
{
    if (c->state != WS_OPEN)
        return;
    char payload[2] = {(char)(code >> 8), (char)code};
    if (send_frame(c, 0x8, payload, 2))
        c->state = WS_CLOSING;
}

/* ---- connecting ---- */

static ws_conn *open_socket(ws_loop *l, void *user)
{
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return NULL;
    int one = 1;
    /* Failing to set these costs latency figures, not correctness. */
    (void)setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (l->sources > 1) {
        struct sockaddr_in src = {.sin_family = AF_INET};
        src.sin_addr.s_addr = htonl(0x7f000001u + (uint32_t)(l->next_source++ % l->sources));
        (void)setsockopt(fd, IPPROTO_IP, IP_BIND_ADDRESS_NO_PORT, &one, sizeof one);
        if (bind(fd, (struct sockaddr *)&src, sizeof src) != 0) {
            int e = errno;
            close(fd);
            errno = e;
            return NULL;
        }
    }
    if (connect(fd, (struct sockaddr *)&l->dest, sizeof l->dest) != 0 && errno != EINPROGRESS) {
        int e = errno;
        close(fd);
        errno = e;
        return NULL;
    }
    ws_conn *c = calloc(1, sizeof *c);
    if (!c) {
        close(fd);
        errno = ENOMEM;
        return NULL;
    }
    c->loop = l;
    c->user = user;
    c->fd = fd;
    c->state = WS_CONNECTING;
    struct epoll_event ev = {.events = EPOLLIN | EPOLLOUT | EPOLLRDHUP | EPOLLET, .data.ptr = c};
    if (epoll_ctl(l->epfd, EPOLL_CTL_ADD, fd, &ev) != 0) {
        int e = errno;
        close(fd);
        free(c);
        errno = e;
        return NULL;
    }
    l->live++;
    c->next = l->all;
    if (l->all)
        l->all->prev = c;
    l->all = c;
    return c;
}

static void random_key(ws_loop *l, char out[25])
{
    static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    unsigned char raw[18];
    for (int i = 0; i < 16; i += 4) {
        uint32_t m = next_mask(l);
        memcpy(raw + i, &m, 4);
    }
    raw[16] = raw[17] = 0;
    for (int i = 0, o = 0; i < 18; i += 3, o += 4) {
        uint32_t v = (uint32_t)raw[i] << 16 | (uint32_t)raw[i + 1] << 8 | raw[i + 2];
        out[o] = b64[v >> 18 & 63];
        out[o + 1] = b64[v >> 12 & 63];
        out[o + 2] = b64[v >> 6 & 63];
        out[o + 3] = b64[v & 63];
    }
    /* 16 bytes are 22 characters and "==". */
    out[22] = out[23] = '=';
    out[24] = '\0';
}

ws_conn *ws_connect(ws_loop *l, const char *path, void *user)
{
    ws_conn *c = open_socket(l, user);
    if (!c)
        return NULL;
    char key[25];
    random_key(l, key);
    char req[1024];
    int n = snprintf(req, sizeof req,
                     "GET %s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                     "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n",
                     path, l->host_header, key);
    if (n < 0 || (size_t)n >= sizeof req || !buf_append(&c->out, req, (size_t)n)) {
        finish(c, WS_CLOSED_CONNECT);
        return NULL;
    }
    return c;
}

ws_conn *ws_http(ws_loop *l, const char *method, const char *path, const char *body, void *user)
{
    ws_conn *c = open_socket(l, user);
    if (!c)
        return NULL;
    size_t blen = body ? strlen(body) : 0;
    char req[1024];
    int n = snprintf(req, sizeof req,
                     "%s %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n"
                     "Content-Type: application/json\r\nContent-Length: %zu\r\n\r\n",
                     method, path, l->host_header, blen);
    if (n < 0 || (size_t)n >= sizeof req || !buf_append(&c->out, req, (size_t)n) ||
        !buf_append(&c->out, body ? body : "", blen)) {
        finish(c, WS_CLOSED_CONNECT);
        return NULL;
    }
    c->http_status = -1; /* marks the connection as HTTP until it connects */
    return c;
}

/* ---- reading ---- */

static void deliver(ws_conn *c, int op, const char *data, size_t len)
{
    if (c->loop->h.message)
        c->loop->h.message(c, c->user, op, data, len);
}

/* Handles one complete frame; false when the connection ended. */
static bool on_frame(ws_conn *c, bool fin, int op, const char *p, size_t len)
{
    switch (op) {
    case 0x0: /* continuation */
        if (!c->frag_op || c->msg.len + len > WS_MAX_MESSAGE || !buf_append(&c->msg, p, len)) {
            finish(c, WS_CLOSED_PROTOCOL);
            return false;
        }
        if (fin) {
            int fop = c->frag_op;
            c->frag_op = 0;
            deliver(c, fop, c->msg.p, c->msg.len);
            c->msg.len = 0;
        }
        return c->state != WS_DEAD;
    case WS_OP_TEXT:
    case WS_OP_BINARY:
        if (c->frag_op) {
            finish(c, WS_CLOSED_PROTOCOL);
            return false;
        }
        if (fin) {
            deliver(c, op, p, len);
        } else {
            c->frag_op = (uint8_t)op;
            if (!buf_append(&c->msg, p, len)) {
                finish(c, WS_CLOSED_PROTOCOL);
                return false;
            }
        }
        return c->state != WS_DEAD;
    case 0x8: { /* close: answer it (unless it answers ours), then hang up */
        int code = len >= 2 ? ((unsigned char)p[0] << 8 | (unsigned char)p[1]) : 1005;
        if (c->state == WS_OPEN) {
            char payload[2] = {(char)(code >> 8), (char)code};
            (void)send_frame(c, 0x8, payload, len >= 2 ? 2 : 0);
        }
        finish(c, code);
        return false;
    }
    case 0x9: /* ping */
        return send_frame(c, 0xA, p, len);
    case 0xA: /* pong */
        return true;
    default:
        finish(c, WS_CLOSED_PROTOCOL);
        return false;
    }
}

/* Parses whole frames from data; returns how many bytes were used, or
 * (size_t)-1 when the connection ended. */
static size_t parse_frames(ws_conn *c, const char *data, size_t len)
{
    size_t at = 0;
    while (len - at >= 2) {
        const unsigned char *b = (const unsigned char *)data + at;
        bool fin = b[0] & 0x80;
        int op = b[0] & 0x0f;
        bool masked = b[1] & 0x80;
        uint64_t plen = b[1] & 0x7f;
        size_t h = 2;
        if (plen == 126) {
            if (len - at < 4)
                break;
            plen = (uint64_t)b[2] << 8 | b[3];
            h = 4;
        } else if (plen == 127) {
            if (len - at < 10)
                break;
            plen = 0;
            for (int i = 0; i < 8; i++)
                plen = plen << 8 | b[2 + i];
            h = 10;
        }
        if (masked || plen > WS_MAX_MESSAGE) { /* servers never mask */
            finish(c, WS_CLOSED_PROTOCOL);
            return (size_t)-1;
        }
        if (len - at - h < plen)
            break;
        if (!on_frame(c, fin, op, data + at + h, (size_t)plen))
            return (size_t)-1;
        at += h + (size_t)plen;
    }
    return at;
}

/* The end of the response header in c->in, or NULL. */
static const char *header_end(const ws_conn *c)
{
    const char *e = memmem(c->in.p, c->in.len, "\r\n\r\n", 4);
    return e ? e + 4 : NULL;
}

/* The 101 has arrived (or not yet): false when the connection ended. */
static bool on_handshake_bytes(ws_conn *c)
{
    const char *end = header_end(c);
    if (!end) {
        if (c->in.len > WS_MAX_HEADER) {
            finish(c, WS_CLOSED_HANDSHAKE);
            return false;
        }
        return true;
    }
    if (c->in.len < 12 || memcmp(c->in.p, "HTTP/1.1 101", 12) != 0) {
        finish(c, WS_CLOSED_HANDSHAKE);
        return false;
    }
    size_t used = (size_t)(end - c->in.p);
    memmove(c->in.p, end, c->in.len - used);
    c->in.len -= used;
    c->state = WS_OPEN;
    if (c->loop->h.open)
        c->loop->h.open(c, c->user);
    return c->state != WS_DEAD;
}

/* Decodes a chunked body in place; false when it is incomplete. */
static bool unchunk(char *body, size_t len, size_t *out_len)
{
    size_t r = 0, w = 0;
    for (;;) {
        char *eol = memmem(body + r, len - r, "\r\n", 2);
        if (!eol)
            return false;
        unsigned long size = strtoul(body + r, NULL, 16);
        r = (size_t)(eol - body) + 2;
        if (size == 0) {
            *out_len = w;
            return true;
        }
        if (len - r < size + 2)
            return false;
        memmove(body + w, body + r, size);
        w += size;
        r += size + 2;
    }
}

/* A whole HTTP response is in c->in (at EOF, or by its length). */
static bool http_complete(ws_conn *c, bool eof)
{
    const char *end = header_end(c);
    if (!end)
        return false;
    size_t head_len = (size_t)(end - c->in.p);
    size_t body_len = c->in.len - head_len;
    char *cl = memmem(c->in.p, head_len, "\r\nContent-Length:", 17);
    if (!cl)
        cl = memmem(c->in.p, head_len, "\r\ncontent-length:", 17);
    if (cl) {
        size_t want = strtoul(cl + 17, NULL, 10);
        return body_len >= want;
    }
    if (memmem(c->in.p, head_len, "chunked", 7)) {
        if (!buf_reserve(&c->in, 1))
            return false;
        return memmem(end, body_len, "\r\n0\r\n", 5) != NULL || eof;
    }
    return eof;
}

static void http_deliver(ws_conn *c)
{
    const char *end = header_end(c);
    int status = 0;
    if (c->in.len > 12 && memcmp(c->in.p, "HTTP/1.", 7) == 0)
        status = atoi(c->in.p + 9);
    c->http_status = status;
    if (!end) {
        finish(c, WS_CLOSED_HANDSHAKE);
        return;
    }
    size_t head_len = (size_t)(end - c->in.p);
    char *body = c->in.p + head_len;
    size_t body_len = c->in.len - head_len;
    if (memmem(c->in.p, head_len, "chunked", 7) && !unchunk(body, body_len, &body_len)) {
        finish(c, WS_CLOSED_HANDSHAKE);
        return;
    }
    deliver(c, 0, body, body_len);
    finish(c, 1000);
}

static void on_readable(ws_conn *c)
{
    ws_loop *l = c->loop;
    for (;;) {
        ssize_t n = recv(c->fd, l->scratch, WS_READ_CHUNK, 0);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            if (errno != EAGAIN && errno != EWOULDBLOCK)
                finish(c, WS_CLOSED_ABNORMAL);
            return;
        }
        if (n == 0) {
            if (c->state == WS_HTTP)
                http_deliver(c);
            else
                finish(c, c->state == WS_HANDSHAKE ? WS_CLOSED_HANDSHAKE : WS_CLOSED_ABNORMAL);
            return;
        }
        if (c->state == WS_HANDSHAKE || c->state == WS_HTTP) {
            if (!buf_append(&c->in, l->scratch, (size_t)n)) {
                finish(c, WS_CLOSED_ABNORMAL);
                return;
            }
            if (c->state == WS_HTTP) {
                if (http_complete(c, false)) {
                    http_deliver(c);
                    return;
                }
                continue;
            }
            if (!on_handshake_bytes(c))
                return;
            if (c->state != WS_OPEN || c->in.len == 0)
                continue;
            /* Frames that came with the 101: parse them from c->in below. */
            n = 0;
        }
        const char *data;
        size_t len;
        if (c->in.len) {
            if (n && !buf_append(&c->in, l->scratch, (size_t)n)) {
                finish(c, WS_CLOSED_ABNORMAL);
                return;
            }
            data = c->in.p;
            len = c->in.len;
        } else {
            data = l->scratch;
            len = (size_t)n;
        }
        size_t used = parse_frames(c, data, len);
        if (used == (size_t)-1)
            return;
        if (data == c->in.p) {
            memmove(c->in.p, c->in.p + used, len - used);
            c->in.len = len - used;
            if (c->in.len == 0 && c->in.cap > 64 * 1024)
                buf_free(&c->in);
        } else if (used < len && !buf_append(&c->in, data + used, len - used)) {
            finish(c, WS_CLOSED_ABNORMAL);
            return;
        }
    }
}

static void on_writable(ws_conn *c)
{
    c->writable = true;
    if (c->state == WS_CONNECTING) {
        int err = 0;
        socklen_t elen = sizeof err;
        if (getsockopt(c->fd, SOL_SOCKET, SO_ERROR, &err, &elen) != 0 || err != 0) {
            finish(c, WS_CLOSED_CONNECT);
            return;
        }
        c->state = c->http_status == -1 ? WS_HTTP : WS_HANDSHAKE;
    }
    (void)flush(c);
}

static void on_event(ws_conn *c, uint32_t events)
{
    if (c->state == WS_DEAD)
        return;
    if (c->state == WS_CONNECTING && (events & (EPOLLERR | EPOLLHUP)) && !(events & EPOLLOUT)) {
        finish(c, WS_CLOSED_CONNECT);
        return;
    }
    if (events & EPOLLOUT) {
        on_writable(c);
        if (c->state == WS_DEAD)
            return;
    }
    if (events & (EPOLLIN | EPOLLRDHUP | EPOLLERR | EPOLLHUP))
        on_readable(c);
}

int ws_poll(ws_loop *l, int timeout_ms)
{
    struct epoll_event evs[WS_MAX_EVENTS];
    int n = epoll_wait(l->epfd, evs, WS_MAX_EVENTS, timeout_ms);
    if (n < 0)
        return errno == EINTR ? 0 : -1;
    for (int i = 0; i < n; i++) {
        if (evs[i].data.ptr == &l->watch) {
            l->watch.ready(l->watch.fd, l->watch.arg);
            continue;
        }
        on_event(evs[i].data.ptr, evs[i].events);
    }
    free_dead(l);
    return n;
}
