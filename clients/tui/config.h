/*
 * config.h: what botpit-tui remembers between runs, in
 * $XDG_CONFIG_HOME/botpit/tui.json (~/.config when XDG_CONFIG_HOME is unset):
 * the player's name and, per server endpoint, the player token that
 * restores their identity and seat. A token is a credential: the file is
 * written with mode 0600 (in a 0700 folder) and a token is only ever sent
 * to the server that issued it.
 */
#ifndef BOTPIT_TUI_CONFIG_H
#define BOTPIT_TUI_CONFIG_H

#include <jansson.h>
#include <stddef.h>

typedef struct config {
    char path[4096];   /* the file */
    json_t *data;      /* {"name": ..., "servers": {endpoint: {"token": ...}}}; owned */
} config;

/* Finds and reads the file (a missing or unreadable one starts empty).
 * Returns 0, or -1 with why when no folder can be named (no HOME). */
int config_open(config *c, char *why, size_t why_len);
/* The same with the folder named (botpit-tui --state DIR): DIR/tui.json,
 * whatever the environment says. -1 with why when the path is too long. */
int config_open_in(config *c, const char *dir, char *why, size_t why_len);
void config_close(config *c);

/* Borrowed strings, or NULL. */
const char *config_name(const config *c);
const char *config_token(const config *c, const char *endpoint);
void config_set_name(config *c, const char *name);
void config_set_token(config *c, const char *endpoint, const char *token);

/* Writes the file (atomically, mode 0600). Returns 0 or -1 with why. */
int config_save(const config *c, char *why, size_t why_len);

#endif
