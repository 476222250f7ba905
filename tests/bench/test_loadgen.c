/*
 * test_loadgen.c: the load generator's own parts: the latency histogram,
 * the games of the play scenario, and the WebSocket client (against a
 * hand-driven server socket in the same process, so every byte on the wire
 * is the test's choice).
 */
#include <arpa/inet.h>
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <jansson.h>

#include "args.h"
#include "hist.h"
#include "lg.h"
#include "ws.h"

/* ---- the play scenario's games ---- */

static int game_index(const char *id)
{
    for (int g = 0; g < lg_game_count; g++) {
        if (strcmp(lg_games[g].id, id) == 0)
            return g;
    }
    cr_assert_fail("no game %s among the play scenario's", id);
    return -1;
}

/* Every game of the registry (generated, so this names none but the ones it
 * checks), each with the room options of its play.json. */
Test(games, are_the_registry_s_each_with_its_play_json)
{
    cr_assert_gt(lg_game_count, 0);
    for (int g = 0; g < lg_game_count; g++) {
        cr_assert_eq(game_index(lg_games[g].id), g, "%s is listed once", lg_games[g].id);
        json_error_t err;
        json_t *play = json_loads(lg_games[g].play, 0, &err);
        cr_assert_not_null(play, "%s: %s", lg_games[g].id, err.text);
        cr_assert(json_is_object(json_object_get(json_object_get(play, "loadgen"), "options")),
                  "%s's play.json gives a load test's room options", lg_games[g].id);
        json_decref(play);
    }
    json_t *rally = json_loads(lg_games[game_index("roborally")].play, 0, NULL);
    json_t *options = json_object_get(json_object_get(rally, "loadgen"), "options");
    cr_assert_str_eq(json_string_value(json_object_get(options, "course")), "dizzy_dash");
    json_decref(rally);
    cr_assert(lg_play_knows(game_index("ricochet")) && lg_play_knows(game_index("manoover")));
    cr_assert(!lg_play_knows(game_index("boxing")), "the client watches bots play boxing");
}

Test(games, are_chosen_by_id_and_all_by_default)
{
    lg_opts o;
    char *none[] = {"botpit-loadgen", NULL};
    cr_assert_eq(args_parse(1, none, &o, stderr), 0);
    cr_assert_eq(o.games, (1u << lg_game_count) - 1);
    char *two[] = {"botpit-loadgen", "--games", "roborally,boxing", NULL};
    cr_assert_eq(args_parse(3, two, &o, stderr), 0);
    cr_assert_eq(o.games, (1u << game_index("roborally")) | (1u << game_index("boxing")));
    char *unknown[] = {"botpit-loadgen", "--games", "chess", NULL};
    FILE *sink = fopen("/dev/null", "w");
    cr_assert_neq(args_parse(3, unknown, &o, sink), 0);
    fclose(sink);
}

/* ---- hist ---- */

static hist h;

Test(hist, is_exact_below_a_millisecond)
{
    hist_clear(&h);
    for (int us = 1; us <= 1000; us++)
        hist_add(&h, us);
    cr_assert_eq(h.count, 1000);
    cr_assert_eq(hist_quantile(&h, 0.5), 500);
    cr_assert_eq(hist_quantile(&h, 0.99), 990);
    cr_assert_eq(hist_quantile(&h, 1.0), 1000);
    cr_assert_eq(h.max_us, 1000);
}

Test(hist, keeps_large_values_within_two_per_mille)
{
    static const int64_t values[] = {1500, 65432, 1234567, 59000000};
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        hist_clear(&h);
        hist_add(&h, values[i]);
        hist_add(&h, values[i] * 2); /* so the max does not answer for it */
        uint64_t got = hist_quantile(&h, 0.5);
        cr_assert(got <= (uint64_t)values[i] && got >= (uint64_t)(values[i] * 0.998),
                  "%lld came back as %llu", (long long)values[i], (unsigned long long)got);
    }
}

Test(hist, merges_and_answers_zero_when_empty)
{
    static hist other;
    hist_clear(&h);
    hist_clear(&other);
    cr_assert_eq(hist_quantile(&h, 0.99), 0);
    hist_add(&h, 10);
    hist_add(&other, 20);
    hist_add(&other, -5); /* a clock step backwards counts as 0 */
    hist_merge(&h, &other);
    cr_assert_eq(h.count, 3);
    cr_assert_eq(hist_quantile(&h, 0.01), 0);
    cr_assert_eq(hist_quantile(&h, 1.0), 20);
}

/* ---- ws, against a socket the test plays the server on ---- */

typedef struct seen {
    int opens, closes, close_code;
    int ops[8];
    char msgs[8][64];
    int n_msgs;
    int http_status;
} seen;

static seen got;

static void on_open(ws_conn *c, void *user)
{
    (void)c;
    (void)user;
    got.opens++;
}

static void on_message(ws_conn *c, void *user, int op, const char *data, size_t len)
{
    (void)user;
    if (got.n_msgs < 8) {
        got.ops[got.n_msgs] = op;
        snprintf(got.msgs[got.n_msgs], sizeof got.msgs[0], "%.*s", (int)len, data);
        got.n_msgs++;
    }
    got.http_status = ws_http_status(c);
}

static void on_closed(ws_conn *c, void *user, int code)
{
    (void)c;
    (void)user;
    got.closes++;
    got.close_code = code;
}

static const ws_handlers handlers = {on_open, on_message, on_closed};

static int listen_fd = -1;
static ws_loop *loop;

static void start_server(void)
{
    memset(&got, 0, sizeof got);
    listen_fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    cr_assert(bind(listen_fd, (struct sockaddr *)&a, sizeof a) == 0);
    cr_assert(listen(listen_fd, 8) == 0);
    socklen_t alen = sizeof a;
    cr_assert(getsockname(listen_fd, (struct sockaddr *)&a, &alen) == 0);
    loop = ws_loop_new(&handlers, "127.0.0.1", ntohs(a.sin_port), 1);
    cr_assert_not_null(loop);
}

static void stop_server(void)
{
    ws_loop_free(loop);
    close(listen_fd);
}

/* Runs the client's loop until the server side has a connection. */
static int accept_client(void)
{
    for (int i = 0; i < 200; i++) {
        int fd = accept(listen_fd, NULL, NULL);
        if (fd >= 0) {
            /* Without it the kernel holds our second small write for the
             * client's delayed ack, longer than a test waits. */
            int one = 1;
            cr_assert(setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one) == 0);
            return fd;
        }
        ws_poll(loop, 5);
    }
    cr_assert_fail("the client never connected");
    return -1;
}

/* Reads what the client sent until `until` appears (running its loop). */
static size_t read_until(int fd, char *buf, size_t cap, size_t want)
{
    size_t len = 0;
    for (int i = 0; i < 400 && len < want; i++) {
        ws_poll(loop, 2);
        struct pollfd p = {.fd = fd, .events = POLLIN};
        if (poll(&p, 1, 2) == 1) {
            ssize_t n = read(fd, buf + len, cap - len);
            if (n <= 0)
                break;
            len += (size_t)n;
        }
    }
    return len;
}

static void spin(int rounds)
{
    for (int i = 0; i < rounds; i++)
        ws_poll(loop, 2);
}

static void send_all(int fd, const void *data, size_t len)
{
    cr_assert_eq(write(fd, data, len), (ssize_t)len);
}

/* Unmasks the client frame at buf: its opcode and payload. */
static size_t client_frame(const char *buf, size_t len, int *op, char *payload)
{
    const unsigned char *b = (const unsigned char *)buf;
    cr_assert(len >= 6);
    cr_assert(b[1] & 0x80, "client frames are masked");
    *op = b[0] & 0x0f;
    size_t n = b[1] & 0x7f;
    cr_assert(n < 126 && len >= 6 + n);
    for (size_t i = 0; i < n; i++)
        payload[i] = (char)(b[6 + i] ^ b[2 + (i & 3)]);
    payload[n] = '\0';
    return 6 + n;
}

static int upgraded_client(void)
{
    ws_conn *c = ws_connect(loop, "/ws", NULL);
    cr_assert_not_null(c);
    int fd = accept_client();
    char req[2048];
    size_t n = read_until(fd, req, sizeof req - 1, 1);
    for (int i = 0; i < 50 && !memmem(req, n, "\r\n\r\n", 4); i++)
        n += read_until(fd, req + n, sizeof req - 1 - n, 1);
    req[n] = '\0';
    cr_assert(strstr(req, "GET /ws HTTP/1.1\r\n") == req, "%s", req);
    cr_assert(strstr(req, "Upgrade: websocket\r\n") && strstr(req, "Sec-WebSocket-Version: 13\r\n"));
    cr_assert(strstr(req, "Sec-WebSocket-Key: ") != NULL);
    return fd;
}

Test(ws, reassembles_fragments_and_answers_a_ping_between_them, .init = start_server,
     .fini = stop_server)
{
    int fd = upgraded_client();
    /* The 101 and the first frames in one write: they are parsed from the
     * handshake's leftover bytes. */
    static const char first[] = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n"
                                "Connection: Upgrade\r\n\r\n"
                                "\x01\x05hello"         /* text, not final */
                                "\x89\x02hi"            /* ping in between */
                                "\x00\x03 wo";          /* continuation */
    send_all(fd, first, sizeof first - 1);
    spin(10);
    cr_assert_eq(got.opens, 1);
    cr_assert_eq(got.n_msgs, 0, "no message before the final fragment");
    send_all(fd, "\x80\x04rld!", 6); /* final continuation */
    send_all(fd, "\x82\x03\x01\x02\x03", 5);
    spin(10);
    cr_assert_eq(got.n_msgs, 2, "%d messages, %d closes (%d): %d %s", got.n_msgs, got.closes, got.close_code, got.ops[0], got.msgs[0]);
    cr_assert_eq(got.ops[0], WS_OP_TEXT);
    cr_assert_str_eq(got.msgs[0], "hello world!");
    cr_assert_eq(got.ops[1], WS_OP_BINARY);
    char buf[256], payload[128];
    int op;
    size_t n = read_until(fd, buf, sizeof buf, 8);
    client_frame(buf, n, &op, payload);
    cr_assert_eq(op, 0xA, "a pong");
    cr_assert_str_eq(payload, "hi");
    close(fd);
}

Test(ws, buffers_a_frame_split_across_reads_and_masks_what_it_sends, .init = start_server,
     .fini = stop_server)
{
    int fd = upgraded_client();
    send_all(fd, "HTTP/1.1 101 Switching Protocols\r\n\r\n", 36);
    spin(10);
    cr_assert_eq(got.opens, 1);
    /* A 200-byte text frame (16-bit length) in two pieces. */
    char frame[204];
    frame[0] = (char)0x81;
    frame[1] = 126;
    frame[2] = 0;
    frame[3] = (char)200;
    memset(frame + 4, 'x', 200);
    send_all(fd, frame, 50);
    spin(5);
    cr_assert_eq(got.n_msgs, 0);
    send_all(fd, frame + 50, sizeof frame - 50);
    spin(10);
    cr_assert_eq(got.n_msgs, 1);
    cr_assert_eq(strlen(got.msgs[0]), 63, "the copy in the test is cut at 63");
    close(fd);
}

Test(ws, echoes_a_close_and_reports_its_code, .init = start_server, .fini = stop_server)
{
    int fd = upgraded_client();
    send_all(fd, "HTTP/1.1 101 Switching Protocols\r\n\r\n", 36);
    spin(10);
    send_all(fd, "\x88\x02\x03\xe9", 4); /* close 1001 */
    spin(10);
    cr_assert_eq(got.closes, 1);
    cr_assert_eq(got.close_code, 1001);
    char buf[64], payload[16];
    int op;
    size_t n = read_until(fd, buf, sizeof buf, 8);
    client_frame(buf, n, &op, payload);
    cr_assert_eq(op, 0x8);
    cr_assert_eq((unsigned char)payload[0] << 8 | (unsigned char)payload[1], 1001);
    close(fd);
}

Test(ws, refuses_a_masked_server_frame_and_a_failed_upgrade, .init = start_server,
     .fini = stop_server)
{
    int fd = upgraded_client();
    send_all(fd, "HTTP/1.1 101 Switching Protocols\r\n\r\n\x81\x81" "abcdX", 36 + 7);
    spin(10);
    cr_assert_eq(got.closes, 1);
    cr_assert_eq(got.close_code, WS_CLOSED_PROTOCOL);
    close(fd);

    memset(&got, 0, sizeof got);
    fd = upgraded_client();
    send_all(fd, "HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n", 45);
    spin(10);
    cr_assert_eq(got.opens, 0);
    cr_assert_eq(got.close_code, WS_CLOSED_HANDSHAKE);
    close(fd);
}

Test(ws, sends_masked_text_the_server_can_read, .init = start_server, .fini = stop_server)
{
    static ws_conn *conn;
    conn = ws_connect(loop, "/ws", NULL);
    int fd = accept_client();
    char buf[2048], payload[128];
    read_until(fd, buf, sizeof buf, 100);
    send_all(fd, "HTTP/1.1 101 Switching Protocols\r\n\r\n", 36);
    spin(10);
    cr_assert(ws_is_open(conn));
    cr_assert(ws_send(conn, WS_OP_TEXT, "{\"type\":\"ping\"}", 15));
    int op;
    size_t n = read_until(fd, buf, sizeof buf, 6 + 15);
    client_frame(buf, n, &op, payload);
    cr_assert_eq(op, WS_OP_TEXT);
    cr_assert_str_eq(payload, "{\"type\":\"ping\"}");
    ws_drop(conn);
    cr_assert_eq(got.close_code, WS_CLOSED_LOCAL);
    cr_assert_eq(ws_live(loop), 0);
    close(fd);
}

Test(ws, reads_an_http_response_body, .init = start_server, .fini = stop_server)
{
    ws_conn *c = ws_http(loop, "POST", "/matchmake/joinOrCreate/chat", "{}", NULL);
    cr_assert_not_null(c);
    int fd = accept_client();
    char req[1024];
    size_t n = read_until(fd, req, sizeof req - 1, 10);
    for (int i = 0; i < 50 && !memmem(req, n, "{}", 2); i++)
        n += read_until(fd, req + n, sizeof req - 1 - n, 1);
    req[n] = '\0';
    cr_assert(strstr(req, "POST /matchmake/joinOrCreate/chat HTTP/1.1\r\n") == req);
    cr_assert(strstr(req, "Content-Length: 2\r\n"));
    send_all(fd, "HTTP/1.1 200 OK\r\nContent-Length: 16\r\n\r\n{\"roomId\":\"abc\"}", 55);
    spin(10);
    cr_assert_eq(got.n_msgs, 1);
    cr_assert_eq(got.http_status, 200);
    cr_assert_str_eq(got.msgs[0], "{\"roomId\":\"abc\"}");
    cr_assert_eq(got.closes, 1);
    close(fd);
}
