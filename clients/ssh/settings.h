/*
 * settings.h: botpit-ssh's settings, from /etc/botpit/botpit-ssh.conf.
 *
 * A line is a name and a value; # begins a comment:
 *
 *   server ws://127.0.0.1:8080/ws    the botpit to play on
 *   per-address 4                    sessions at once from one address
 *   per-minute 12                    sessions begun a minute from one address
 *   max 100                          sessions at once in all
 *   tui /usr/local/bin/botpit-tui    the client
 *   state /var/lib/botpit-ssh        keys/ (a folder per key) and sessions
 *
 * Nothing a player sends can reach these: sshd runs botpit-ssh as the play
 * account's shell (`botpit-ssh -c COMMAND`), and then it reads only this
 * file, which must belong to root (or to the account running it) and be
 * writable by nobody else.
 */
#ifndef BOTPIT_SSH_SETTINGS_H
#define BOTPIT_SSH_SETTINGS_H

#include <stddef.h>

#include "limits.h"

#define SETTINGS_FILE "/etc/botpit/botpit-ssh.conf"

typedef struct settings {
    char server[512];
    char tui[512];
    char state[512];
    limits_rules limits;
} settings;

void settings_defaults(settings *s);
/* Reads lines over what s holds. Returns 0, or -1 with why (naming the line). */
int settings_parse(settings *s, const char *text, char *why, size_t why_len);
/* Reads the file over the defaults; a missing file leaves them. Returns 0,
 * or -1 with why (unreadable, unsafe owner or mode, a bad line). */
int settings_load(settings *s, const char *path, char *why, size_t why_len);

#endif
