/*
 * fake_conn.h: connections for driving a lobby through its own interface
 * in unit tests: each records what it was sent, parsed, and how it was
 * closed. One lobby and one libuv loop per test (fake_lobby_*).
 */
#ifndef BOTPIT_FAKE_CONN_H
#define BOTPIT_FAKE_CONN_H

#include <jansson.h>
#include <stdint.h>
#include <uv.h>

#include "lobby/lobby.h"

typedef struct fake {
    lobby_conn conn;
    json_t *inbox; /* every message received, parsed */
    msg *last;     /* the last buffer received, held (to see sharing) */
    int closed_code;
} fake;

extern uv_loop_t fake_loop;
extern lobby *fake_lobby;

/* A lobby with short grace periods and fast bots on fake_loop. */
void fake_lobby_start(void);
/* Frees the lobby and checks every handle closed. */
void fake_lobby_stop(void);

void fake_init(fake *f);
void fake_free(fake *f);
/* f sends text to the lobby. */
void fake_say(fake *f, const char *text);
/* The last message of `type` f received (borrowed), or NULL. */
json_t *fake_last(fake *f, const char *type);
/* Says hello as name; the welcome must come. */
void fake_hello(fake *f, const char *name);
const char *fake_str(json_t *m, const char *key);
/* f joins room `code` (as a player if a seat is free). */
void fake_join(fake *f, const char *code);
/* f acts in a testgame: adds n. */
void fake_act(fake *f, int n);
/* Ada and Bob say hello; Ada creates a room of `game` with `options` (a
 * JSON object's text) and Bob joins it. Returns the room code (static). */
const char *fake_two_seated(fake *ada, fake *bob, const char *game, const char *options);
/* Runs the loop for about ms. */
void fake_run_for(uint64_t ms);

#endif
