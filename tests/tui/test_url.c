/* The addresses botpit-tui accepts, and the flags. */
#include <criterion/criterion.h>
#include <stdarg.h>
#include <string.h>

#include "args.h"
#include "url.h"

static url parse_ok(const char *text)
{
    url u;
    char why[200] = "";
    cr_assert_eq(url_parse(text, &u, why, sizeof why), 0, "%s: %s", text, why);
    return u;
}

static void endpoint_is(const char *text, const char *want)
{
    url u = parse_ok(text);
    char got[800];
    url_endpoint(&u, got, sizeof got);
    cr_assert_str_eq(got, want, "%s", text);
}

Test(url, a_ws_endpoint_is_taken_as_it_is)
{
    endpoint_is("ws://localhost:8080/ws", "ws://localhost:8080/ws");
    endpoint_is("wss://play.example.org/ws", "wss://play.example.org/ws");
    endpoint_is("wss://play.example.org:8443/botpit/ws", "wss://play.example.org:8443/botpit/ws");
}

Test(url, a_ws_address_without_a_path_gets_slash_ws)
{
    endpoint_is("ws://10.0.0.5:9000", "ws://10.0.0.5:9000/ws");
}

Test(url, the_page_address_leads_to_the_endpoint_beside_it)
{
    endpoint_is("http://localhost:8080/", "ws://localhost:8080/ws");
    endpoint_is("https://play.example.org/", "wss://play.example.org/ws");
    endpoint_is("https://play.example.org", "wss://play.example.org/ws");
    endpoint_is("https://example.org/games/botpit/", "wss://example.org/games/botpit/ws");
    endpoint_is("http://example.org/games/index.html", "ws://example.org/games/ws");
}

Test(url, default_ports_follow_the_scheme_and_a_bare_host_uses_8080)
{
    cr_assert_eq(parse_ok("wss://a.example").port, 443);
    cr_assert_eq(parse_ok("ws://a.example").port, 80);
    cr_assert_eq(parse_ok("http://a.example").port, 80);
    cr_assert(parse_ok("https://a.example").tls);
    url bare = parse_ok("localhost");
    cr_assert_eq(bare.port, 8080);
    cr_assert_not(bare.tls);
    cr_assert_str_eq(bare.path, "/ws");
    cr_assert_eq(parse_ok("localhost:9150").port, 9150);
}

Test(url, a_share_link_names_the_room_and_the_server)
{
    url u = parse_ok("https://play.example.org/r/k7p2x");
    cr_assert_str_eq(u.room, "K7P2X");
    cr_assert_str_eq(u.path, "/ws");
    cr_assert(u.tls);
    u = parse_ok("http://127.0.0.1:9150/#/room/K7P2X");
    cr_assert_str_eq(u.room, "K7P2X");
    cr_assert_eq(u.port, 9150);
    cr_assert_str_eq(u.path, "/ws");
    u = parse_ok("https://example.org/botpit/r/ABCDE");
    cr_assert_str_eq(u.room, "ABCDE");
    cr_assert_str_eq(u.path, "/botpit/ws");
}

Test(url, ipv6_literals_keep_their_brackets_in_the_endpoint)
{
    url u = parse_ok("ws://[::1]:9150/ws");
    cr_assert_str_eq(u.host, "::1");
    cr_assert_eq(u.port, 9150);
    endpoint_is("ws://[::1]:9150/ws", "ws://[::1]:9150/ws");
}

Test(url, bad_addresses_are_refused_with_a_reason)
{
    const char *bad[] = {"", "ftp://example.org/", "ws://:8080/ws", "ws://host:0/ws", "ws://host:99999/ws",
                         "ws://host:80x/ws", "ws://user@host/ws", "ws://[::1/ws", "http://host/r/ILO01",
                         "ws://host name/ws"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        url u;
        char why[200] = "";
        cr_assert_eq(url_parse(bad[i], &u, why, sizeof why), -1, "accepted \"%s\"", bad[i]);
        cr_assert(strlen(why) > 10, "no reason for \"%s\"", bad[i]);
    }
}

Test(url, the_share_link_shown_is_the_browsers_form)
{
    url u = parse_ok("wss://play.example.org/botpit/ws");
    char link[800];
    url_share_link(&u, NULL, "K7P2X", link, sizeof link);
    cr_assert_str_eq(link, "https://play.example.org/botpit/#/room/K7P2X");
    u = parse_ok("ws://127.0.0.1:9150/ws");
    url_share_link(&u, NULL, "K7P2X", link, sizeof link);
    cr_assert_str_eq(link, "http://127.0.0.1:9150/#/room/K7P2X");
    url_share_link(&u, "https://botpit.example/", "K7P2X", link, sizeof link);
    cr_assert_str_eq(link, "https://botpit.example/#/room/K7P2X", "the server's public address wins");
}

static int parse_args(args *a, char *why, int n, ...)
{
    char *argv[16] = {"botpit-tui"};
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n; i++)
        argv[i + 1] = va_arg(ap, char *);
    va_end(ap);
    return args_parse(n + 1, argv, a, why, 300);
}

Test(args, no_arguments_mean_the_local_server)
{
    args a;
    char why[300];
    cr_assert_eq(parse_args(&a, why, 0), 0);
    cr_assert_str_eq(a.server.host, "localhost");
    cr_assert_eq(a.server.port, 8080);
    cr_assert_not(a.insecure);
}

Test(args, flags_take_values_with_a_space_or_an_equals_sign)
{
    args a;
    char why[300];
    cr_assert_eq(parse_args(&a, why, 5, "ws://h:1/ws", "--name", "Ada", "--join=k7p2x", "--insecure"), 0, "%s", why);
    cr_assert_str_eq(a.name, "Ada");
    cr_assert_str_eq(a.join, "K7P2X");
    cr_assert(a.insecure);
    cr_assert_eq(parse_args(&a, why, 2, "--spectate", "ABCDE"), 0, "%s", why);
    cr_assert_str_eq(a.spectate, "ABCDE");
    cr_assert_eq(parse_args(&a, why, 2, "--create", "ricochet"), 0, "%s", why);
    cr_assert_str_eq(a.create, "ricochet");
    cr_assert_eq(parse_args(&a, why, 3, "--ascii", "--no-color", "--version"), 0);
    cr_assert(a.ascii && a.mono && a.version);
}

Test(args, a_share_link_joins_its_room)
{
    args a;
    char why[300];
    cr_assert_eq(parse_args(&a, why, 1, "https://play.example.org/r/K7P2X"), 0, "%s", why);
    cr_assert_str_eq(a.join, "K7P2X");
    cr_assert_eq(parse_args(&a, why, 3, "https://play.example.org/r/K7P2X", "--spectate", "K7P2X"), 0);
    cr_assert_str_eq(a.spectate, "K7P2X");
    cr_assert_str_eq(a.join, "", "watching, not joining");
}

Test(args, wrong_flags_say_what_is_wrong)
{
    args a;
    char why[300];
    cr_assert_eq(parse_args(&a, why, 1, "--frobnicate"), -1);
    cr_assert(strstr(why, "--frobnicate"));
    cr_assert_eq(parse_args(&a, why, 1, "--name"), -1);
    cr_assert_eq(parse_args(&a, why, 2, "--join", "nope"), -1);
    cr_assert(strstr(why, "room code"));
    cr_assert_eq(parse_args(&a, why, 4, "--join", "ABCDE", "--create", "ricochet"), -1);
    cr_assert_eq(parse_args(&a, why, 2, "ws://a/ws", "ws://b/ws"), -1);
    cr_assert_eq(parse_args(&a, why, 3, "https://h/r/ABCDE", "--create", "boxing"), -1);
}

#include "conn.h"

Test(args, kiosk_state_and_the_forwarded_address)
{
    args a;
    char why[300];
    cr_assert_eq(parse_args(&a, why, 6, "--kiosk", "--state", "/var/lib/x/keys/ab", "--forwarded-for",
                            "2001:db8::7", "ws://127.0.0.1:8080/ws"), 0, "%s", why);
    cr_assert(a.kiosk);
    cr_assert_str_eq(a.state, "/var/lib/x/keys/ab");
    cr_assert_str_eq(a.forwarded_for, "2001:db8::7");
    cr_assert_eq(parse_args(&a, why, 1, "--forwarded-for=203.0.113.9"), 0, "%s", why);
    cr_assert_str_eq(a.forwarded_for, "203.0.113.9");
    cr_assert_not(a.kiosk);
    cr_assert_null(a.state);
    /* It goes into a header as it is: an address and nothing else. */
    cr_assert_eq(parse_args(&a, why, 2, "--forwarded-for", "1.2.3.4\r\nX-Evil: 1"), -1);
    cr_assert(strstr(why, "needs an IP address"), "%s", why);
    cr_assert_eq(parse_args(&a, why, 2, "--forwarded-for", "example.org"), -1);
    cr_assert_eq(parse_args(&a, why, 1, "--state"), -1);
    cr_assert(strstr(why, "--state needs a folder"), "%s", why);
}

Test(conn, connection_failures_are_put_in_words)
{
    char out[300];
    conn_plain_error("connect SSL err 1: error:00000001:lib(0)::reason(1)", out, sizeof out);
    cr_assert(strstr(out, "certificate") && strstr(out, "--insecure"), "%s", out);
    conn_plain_error("HS: ws upgrade response not 101", out, sizeof out);
    cr_assert(strstr(out, "not a Botpit WebSocket"), "%s", out);
    conn_plain_error("Unable to connect", out, sizeof out);
    cr_assert(strstr(out, "is the server running?"), "%s", out);
    conn_plain_error("something new", out, sizeof out);
    cr_assert_str_eq(out, "the connection failed (something new)");
    conn_plain_error(NULL, out, sizeof out);
    cr_assert_str_eq(out, "the connection failed (no answer)");
}
