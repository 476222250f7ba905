/* args.c: the command line of botpit-tui. */
#include "args.h"

#include <arpa/inet.h>
#include <stdio.h>
#include <string.h>

#include "client.h"

const char args_usage[] =
    "Usage: botpit-tui [URL] [options]\n"
    "\n"
    "Play Botpit's games in a terminal.\n"
    "\n"
    "URL is the server: ws://host:port/ws, wss://host/ws, the page address\n"
    "http(s)://host[:port]/, or a room's share link (https://host/#/room/CODE\n"
    "or https://host/r/CODE), which joins that room. Default: " URL_DEFAULT "\n"
    "\n"
    "Options:\n"
    "  --name NAME       play as NAME (otherwise the name you used last, or ask)\n"
    "  --join CODE       join room CODE as a player\n"
    "  --spectate CODE   watch room CODE\n"
    "  --create GAME     open the form to create a room of GAME (ricochet, ...)\n"
    "  --insecure        TLS without certificate checks (a self-signed test box)\n"
    "  --ascii           draw with plain ASCII even in a UTF-8 terminal\n"
    "  --no-color        draw without colours (also: NO_COLOR=1)\n"
    "  --state DIR       keep the name and token in DIR/tui.json\n"
    "  --kiosk           for a shared account (botpit-ssh): the name and token only\n"
    "                    in --state DIR (none: nothing is kept), no debug log,\n"
    "                    Ctrl-Z does not suspend\n"
    "  --forwarded-for ADDR  the player's own address, sent as X-Real-IP for a\n"
    "                    server with --trust-proxy to count its limits by\n"
    "  --help            this text\n"
    "  --version         the version\n"
    "\n"
    "In the program, ? lists every key and : opens the command line (:help).\n"
    "Your name and player token are kept in $XDG_CONFIG_HOME/botpit/\n"
    "(~/.config/botpit/ by default), or in --state DIR.\n";

/* --flag VALUE or --flag=VALUE: returns the value and advances *i, or NULL. */
static const char *flag_value(int argc, char **argv, int *i, const char *flag, bool *matched)
{
    size_t n = strlen(flag);
    const char *a = argv[*i];
    *matched = false;
    if (strncmp(a, flag, n) != 0)
        return NULL;
    if (a[n] == '=') {
        *matched = true;
        return a + n + 1;
    }
    if (a[n] != 0)
        return NULL;
    *matched = true;
    if (*i + 1 >= argc)
        return NULL;
    return argv[++*i];
}

static int code_flag(const char *value, const char *flag, char out[6], char *why, size_t len)
{
    if (!proto_client_room_code(value, out)) {
        snprintf(why, len, "%s needs a room code of 5 letters and digits, not \"%.20s\"", flag,
                 value ? value : "");
        return -1;
    }
    return 0;
}

/* An IPv4 or IPv6 address, nothing else: it goes into a header as it is. */
static int address_flag(const char *value, char *out, size_t len, char *why, size_t why_len)
{
    unsigned char bytes[16];
    if (!value || strlen(value) >= len ||
        (inet_pton(AF_INET, value, bytes) != 1 && inet_pton(AF_INET6, value, bytes) != 1)) {
        snprintf(why, why_len, "--forwarded-for needs an IP address, not \"%.60s\"",
                 value ? value : "");
        return -1;
    }
    snprintf(out, len, "%s", value);
    return 0;
}

int args_parse(int argc, char **argv, args *out, char *why, size_t why_len)
{
    memset(out, 0, sizeof *out);
    const char *address = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool m;
        const char *v;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            out->help = true;
        } else if (strcmp(a, "--version") == 0 || strcmp(a, "-V") == 0) {
            out->version = true;
        } else if (strcmp(a, "--insecure") == 0) {
            out->insecure = true;
        } else if (strcmp(a, "--ascii") == 0) {
            out->ascii = true;
        } else if (strcmp(a, "--no-color") == 0 || strcmp(a, "--no-colour") == 0) {
            out->mono = true;
        } else if (strcmp(a, "--kiosk") == 0) {
            out->kiosk = true;
        } else if ((v = flag_value(argc, argv, &i, "--state", &m)) || m) {
            if (!v || !*v) {
                snprintf(why, why_len, "--state needs a folder");
                return -1;
            }
            out->state = v;
        } else if ((v = flag_value(argc, argv, &i, "--forwarded-for", &m)) || m) {
            if (address_flag(v, out->forwarded_for, sizeof out->forwarded_for, why, why_len) < 0)
                return -1;
        } else if ((v = flag_value(argc, argv, &i, "--name", &m)) || m) {
            if (!v || !*v) {
                snprintf(why, why_len, "--name needs a name");
                return -1;
            }
            out->name = v;
        } else if ((v = flag_value(argc, argv, &i, "--join", &m)) || m) {
            if (code_flag(v, "--join", out->join, why, why_len) < 0)
                return -1;
        } else if ((v = flag_value(argc, argv, &i, "--spectate", &m)) || m) {
            if (code_flag(v, "--spectate", out->spectate, why, why_len) < 0)
                return -1;
        } else if ((v = flag_value(argc, argv, &i, "--create", &m)) || m) {
            if (!v || !*v) {
                snprintf(why, why_len, "--create needs a game id, such as ricochet");
                return -1;
            }
            out->create = v;
        } else if (a[0] == '-' && a[1] != 0) {
            snprintf(why, why_len, "unknown option %.40s (see --help)", a);
            return -1;
        } else if (address) {
            snprintf(why, why_len, "one server address only (got \"%.60s\" and \"%.60s\")",
                     address, a);
            return -1;
        } else {
            address = a;
        }
    }
    if (url_parse(address ? address : URL_DEFAULT, &out->server, why, why_len) < 0)
        return -1;
    int wanted = (out->join[0] != 0) + (out->spectate[0] != 0) + (out->create != NULL);
    if (wanted > 1) {
        snprintf(why, why_len, "choose one of --join, --spectate and --create");
        return -1;
    }
    if (out->server.room[0]) {
        if (out->create) {
            snprintf(why, why_len, "a share link joins a room: --create does not go with it");
            return -1;
        }
        if (!out->join[0] && !out->spectate[0])
            memcpy(out->join, out->server.room, sizeof out->join);
    }
    return 0;
}
