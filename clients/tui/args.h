/*
 * args.h: botpit-tui's command line.
 *
 *   botpit-tui [URL] [--name NAME] [--join CODE | --spectate CODE |
 *              --create GAME] [--insecure] [--ascii] [--no-color]
 *              [--state DIR] [--kiosk] [--forwarded-for ADDR]
 *              [--help] [--version]
 *
 * Plain values: the strings point into argv.
 */
#ifndef BOTPIT_TUI_ARGS_H
#define BOTPIT_TUI_ARGS_H

#include <stdbool.h>
#include <stddef.h>

#include "url.h"

typedef struct args {
    url server;
    const char *name;
    char join[6];         /* a room to join (from --join or a share link) */
    char spectate[6];     /* a room to watch */
    const char *create;   /* a game to create a room of */
    bool insecure;        /* TLS without certificate checks */
    bool ascii;           /* no Unicode drawing, whatever the locale says */
    bool mono;            /* no colours */
    const char *state;    /* the folder of tui.json instead of $XDG_CONFIG_HOME/botpit */
    bool kiosk;           /* a shared account's player (botpit-ssh): see args_usage */
    char forwarded_for[64]; /* an address sent as X-Real-IP, or "" */
    bool help, version;
} args;

/* Parses argv. Returns 0, or -1 with a sentence in why. */
int args_parse(int argc, char **argv, args *out, char *why, size_t why_len);
/* The --help text. */
extern const char args_usage[];

#endif
