/* url.c: server addresses and share links. */
#include "url.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "client.h"

static int fail(char *why, size_t len, const char *text, const char *what)
{
    snprintf(why, len, "\"%.80s\" is not a server address: %s", text, what);
    return -1;
}

/* Splits "scheme://" off; returns the rest, with *web (http/https) and tls set. */
static const char *read_scheme(const char *text, bool *tls, bool *web, bool *known)
{
    static const struct {
        const char *prefix;
        bool tls, web;
    } schemes[] = {
        {"ws://", false, false},
        {"wss://", true, false},
        {"http://", false, true},
        {"https://", true, true},
    };
    *known = true;
    for (size_t i = 0; i < sizeof schemes / sizeof schemes[0]; i++) {
        size_t n = strlen(schemes[i].prefix);
        if (strncasecmp(text, schemes[i].prefix, n) == 0) {
            *tls = schemes[i].tls;
            *web = schemes[i].web;
            return text + n;
        }
    }
    *tls = false;
    *web = false;
    *known = strstr(text, "://") == NULL;
    return text;
}

/* host[:port] or [v6][:port], up to the first '/', '#' or '?'. */
static int read_authority(const char *s, const char **end, url *out, int default_port,
                          const char *text, char *why, size_t len)
{
    const char *stop = s + strcspn(s, "/#?");
    *end = stop;
    const char *host = s, *host_end, *colon = NULL;
    if (*s == '[') {
        const char *close = memchr(s, ']', (size_t)(stop - s));
        if (!close)
            return fail(why, len, text, "an IPv6 address needs its closing ]");
        host = s + 1;
        host_end = close;
        if (close + 1 < stop) {
            if (close[1] != ':')
                return fail(why, len, text, "only :port may follow ]");
            colon = close + 1;
        }
    } else {
        colon = memchr(s, ':', (size_t)(stop - s));
        host_end = colon ? colon : stop;
    }
    if (memchr(s, '@', (size_t)(stop - s)))
        return fail(why, len, text, "user names in addresses are not supported");
    size_t hl = (size_t)(host_end - host);
    if (hl == 0)
        return fail(why, len, text, "the host is missing");
    if (hl >= sizeof out->host)
        return fail(why, len, text, "the host name is too long");
    memcpy(out->host, host, hl);
    out->host[hl] = 0;
    out->port = default_port;
    if (colon) {
        char *num_end;
        const char *num = colon + 1;
        if (num == stop || !isdigit((unsigned char)*num))
            return fail(why, len, text, "the port must be a number");
        long p = strtol(num, &num_end, 10);
        if (num_end != stop || p < 1 || p > 65535)
            return fail(why, len, text, "the port must be a number from 1 to 65535");
        out->port = (int)p;
    }
    return 0;
}

/* A share link's room: ".../r/CODE" in the path or "#/room/CODE". Sets
 * out->room and cuts the path down to the page's folder. */
static int read_share(char *path, const char *fragment, url *out, const char *text, char *why,
                      size_t len)
{
    char *r = strstr(path, "/r/");
    const char *code = NULL;
    if (r && !strchr(r + 3, '/')) {
        code = r + 3;
    } else if (fragment && strncasecmp(fragment, "#/room/", 7) == 0) {
        code = fragment + 7;
    }
    if (!code)
        return 0;
    char buf[16];
    size_t n = strcspn(code, "/?#");
    if (n >= sizeof buf)
        n = sizeof buf - 1;
    memcpy(buf, code, n);
    buf[n] = 0;
    if (!proto_client_room_code(buf, out->room))
        return fail(why, len, text, "the share link's room code is not 5 letters and digits");
    if (r && code == r + 3)
        r[1] = 0; /* keep ".../" */
    return 0;
}

int url_parse(const char *text, url *out, char *why, size_t why_len)
{
    memset(out, 0, sizeof *out);
    if (!text || !*text)
        return fail(why, why_len, "", "it is empty");
    for (const char *c = text; *c; c++) {
        if (isspace((unsigned char)*c) || iscntrl((unsigned char)*c))
            return fail(why, why_len, text, "it contains spaces");
    }
    bool web, known;
    const char *rest = read_scheme(text, &out->tls, &web, &known);
    if (!known)
        return fail(why, why_len, text, "use ws://, wss://, http:// or https://");
    bool bare = rest == text;
    int default_port = bare ? URL_DEFAULT_PORT : out->tls ? 443 : 80;
    const char *after;
    if (read_authority(rest, &after, out, default_port, text, why, why_len) < 0)
        return -1;

    char path[sizeof out->path - 4]; /* room for "ws" */
    size_t pl = strcspn(after, "?#");
    if (pl >= sizeof path)
        return fail(why, why_len, text, "the path is too long");
    memcpy(path, after, pl);
    path[pl] = 0;
    const char *fragment = strchr(after, '#');
    if (path[0] != '/')
        snprintf(path, sizeof path, "/");

    if (web || bare) {
        if (read_share(path, fragment, out, text, why, why_len) < 0)
            return -1;
        /* the page's folder: drop a last segment such as index.html */
        char *slash = strrchr(path, '/');
        bool is_endpoint = strcmp(slash, "/ws") == 0;
        if (!is_endpoint)
            slash[1] = 0;
        snprintf(out->path, sizeof out->path, "%s%s", path, is_endpoint ? "" : "ws");
    } else {
        snprintf(out->path, sizeof out->path, "%s", strcmp(path, "/") == 0 ? "/ws" : path);
    }
    return 0;
}

static void authority(const url *u, char *buf, size_t len)
{
    bool v6 = strchr(u->host, ':') != NULL;
    snprintf(buf, len, "%s%s%s", v6 ? "[" : "", u->host, v6 ? "]" : "");
    int plain = u->tls ? 443 : 80;
    if (u->port != plain) {
        size_t n = strlen(buf);
        snprintf(buf + n, len - n, ":%d", u->port);
    }
}

void url_endpoint(const url *u, char *buf, size_t len)
{
    char auth[300];
    authority(u, auth, sizeof auth);
    snprintf(buf, len, "%s://%s%s", u->tls ? "wss" : "ws", auth, u->path);
}

void url_share_link(const url *u, const char *public_base, const char *code, char *buf,
                    size_t len)
{
    char base[1200];
    if (public_base && *public_base) {
        snprintf(base, sizeof base, "%s", public_base);
    } else {
        char auth[300], prefix[sizeof u->path];
        authority(u, auth, sizeof auth);
        snprintf(prefix, sizeof prefix, "%s", u->path);
        char *slash = strrchr(prefix, '/');
        if (slash)
            *slash = 0; /* drop "ws" */
        snprintf(base, sizeof base, "%s://%s%s", u->tls ? "https" : "http", auth, prefix);
    }
    size_t n = strlen(base);
    while (n > 0 && base[n - 1] == '/')
        base[--n] = 0;
    snprintf(buf, len, "%s/#/room/%s", base, code);
}
