/*
 * url.h: the addresses a player may give botpit-tui, turned into the one
 * WebSocket endpoint to connect to (and, for a share link, the room to join).
 *
 *   ws://host:port/ws, wss://host/ws      the endpoint itself
 *   http(s)://host[:port]/[prefix/]       the page address: <prefix>/ws
 *   http(s)://host/[prefix/]r/CODE        a share link: the endpoint + CODE
 *   http(s)://host/[prefix/]#/room/CODE   the browser's share link, the same
 *   host[:port]                           ws://host:port/ws (port 8080)
 *
 * Plain values, nothing allocated.
 */
#ifndef BOTPIT_TUI_URL_H
#define BOTPIT_TUI_URL_H

#include <stdbool.h>
#include <stddef.h>

#define URL_DEFAULT "ws://localhost:8080/ws"
#define URL_DEFAULT_PORT 8080

typedef struct url {
    bool tls;          /* wss (or https) */
    char host[256];    /* without brackets for IPv6 literals */
    int port;
    char path[512];    /* the endpoint's path, from "/" */
    char room[6];      /* a share link's room code, or "" */
} url;

/* Reads text into out. Returns 0, or -1 with a sentence in why. */
int url_parse(const char *text, url *out, char *why, size_t why_len);
/* "ws://host:port/path" (the endpoint, for people). */
void url_endpoint(const url *u, char *buf, size_t len);
/* The page address a browser opens to join `code`, in the browser's own
 * share link form: <base>/#/room/CODE, where base is the server's public
 * address when it announced one (public_base, may be NULL) or else
 * http(s)://host[:port]/<prefix> of the endpoint. */
void url_share_link(const url *u, const char *public_base, const char *code, char *buf,
                    size_t len);

#endif
