/*
 * game_ui.h: the contract between the table frame and a game's renderer.
 *
 * The frame (table.c) owns everything around the board: the turn bar with
 * the countdown, the players, the chat and game log, the status line with
 * every error, the result, rematch and leave, reconnection. A renderer owns
 * the game's view → screen and nothing else: it draws the view on a canvas,
 * turns keys and word commands into actions, and describes events for the
 * log. One folder per game, games/<engine id>/, with a file a concern on
 * the kit they share (games/kit/kit.h: reading a view, squares,
 * directions), whose <engine id>.c defines
 *
 *     const game_ui <id>_ui = {.id = "<id>", .draw = ..., ...};
 *
 * and one entry (the id) in the list of games/meson.build. A game without a
 * renderer gets the fallback (games/fallback.c): its view as readable text
 * and `:act {...}` for actions, so every engine is playable on its first day.
 *
 * Renderers read the snapshot in `table` and call the table_* functions
 * below; they never see the network, the store or curses, so a test can
 * drive one with a view and a canvas alone.
 */
#ifndef BOTPIT_TUI_GAME_UI_H
#define BOTPIT_TUI_GAME_UI_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "canvas.h"
#include "keymap.h"

typedef struct table table;

/* What the frame does for a renderer (tests substitute their own). */
typedef struct table_ops {
    /* Sends {"type":"act","action":action}; steals action. 0, or -1 when
     * offline (the frame has said so on the status line). */
    int (*act)(table *t, json_t *action);
    /* The status line: a short sentence for the player. */
    void (*notify)(table *t, bool error, const char *text);
    /* Opens the command line with `text` typed (a bid's "bid 7", say). */
    void (*prompt)(table *t, const char *text);
    /* Takes a sentence of the renderer's back from the status line, if it
     * still shows it: the moment it spoke of has passed. */
    void (*retract)(table *t, const char *text);
} table_ops;

/* The snapshot a renderer reads. Every json_t is borrowed from the frame and
 * valid during the call only. */
struct table {
    const json_t *view;    /* this seat's view, exactly as the server sent it */
    int seat;              /* whose view it is: 0..n-1, or -1 for a spectator */
    long long seq;         /* the server's input counter */
    const json_t *events;  /* in update(): the events new since the last update */
    const json_t *room;    /* the last room message (seats, options, host, status) */
    const json_t *result;  /* the over message's result once the game ended, or NULL */
    const char *my_name;
    int64_t now;           /* our clock, in ms */
    bool has_deadline;
    int64_t deadline_at;   /* our clock when the state's deadline runs out */
    bool has_game_clock;
    int64_t game_offset;   /* our clock = the game's clock + game_offset */
    const table_ops *ops;
    void *frame;           /* the frame's own */
};

/* ---- what a renderer may call ---- */

int table_act(table *t, json_t *action);
/* table_act of json_pack(fmt, ...): table_actf(t, "{s:s, s:i}", "kind", "bid", "moves", 7). */
int table_actf(table *t, const char *fmt, ...);
void table_notify(table *t, bool error, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void table_prompt(table *t, const char *text);
/* The status line no longer shows text, if it still did ("Press x again..."
 * once the demonstration is over). */
void table_retract(table *t, const char *text);
/* The seat's name for people: the player's name, "Bot (hard)", "Seat 3". */
void table_name(const table *t, int seat, char *buf, size_t len);
int table_seats(const table *t);
/* ms left on the state's deadline, or -1 when none runs. */
int64_t table_ms_left(const table *t);
/* ms from now to a time on the game's own clock, or INT64_MIN when the
 * game's clock is not known yet. */
int64_t table_game_ms_left(const table *t, int64_t game_time);
/* "1:05", "0:09" */
void table_clock_text(int64_t ms, char *buf, size_t len);
/* Replaces "Seat N" in an engine's sentence with the seat's name. */
void table_humanize(const table *t, const char *text, char *out, size_t len);
/* The game is over (a result came, or the room says so). */
bool table_over(const table *t);
/* The moment of play the view is at, as a key that changes when the game
 * moves on: the view's phase, turn, round, turn_number and game. A
 * renderer whose game has moments these miss (one robot's turn after
 * another's) adds its own after it (game_ui.moment). */
void table_moment(const table *t, char *buf, size_t len);

/* A key the footer and the help show: "b" "bid", clickable to run command. */
typedef struct game_hint {
    const char *key;
    const char *what;
    const char *command; /* a word command a click runs, or NULL */
} game_hint;

enum game_cmd_result {
    GAME_CMD_UNKNOWN = 0, /* not this game's command */
    GAME_CMD_DONE = 1,    /* handled (sent, or a local change) */
    GAME_CMD_ERROR = -1,  /* this game's command, used wrongly: the renderer said why */
};

typedef struct game_ui {
    const char *id;            /* the engine id */
    size_t size;               /* bytes of the renderer's own state; the frame zeroes them */
    /* One line per game command for the help: "bid N   bid N moves". */
    const char *const *commands_help;

    /* A room of this game is on the table (once; a rematch is a new room). */
    void (*init)(void *self, table *t);
    /* The table goes (leaving, a rematch, quitting): free what init took. */
    void (*fini)(void *self);
    /* A new state arrived; t->events holds the events new since the last. */
    void (*update)(void *self, table *t);
    /* Draws the board and the game's own panel on c. Required. */
    void (*draw)(void *self, table *t, canvas c);
    /* A key on the table; true when handled (the frame's keys come next). */
    bool (*key)(void *self, table *t, int key);
    /* A word command the core does not know (argv[0] is the word; rest is
     * the raw text after it, or ""). */
    int (*command)(void *self, table *t, int argc, char **argv, const char *rest);
    /* The keys that do something now, for the footer and the help. */
    int (*hints)(void *self, table *t, game_hint *out, int max);
    /* Whose move and what to do, for the turn bar ("Your turn: bid"). Writes
     * the seats to wait on into seats (at most 8) and returns how many, or
     * -1 when nobody is to move. */
    int (*status)(void *self, table *t, char *text, size_t len, int *seats);
    /* One event as a sentence for the log; false for the frame's generic line. */
    bool (*describe)(void *self, table *t, const json_t *event, char *buf, size_t len);
    /* When the renderer next wants a redraw (an animation), in ms; -1: never. */
    int (*next_frame_ms)(void *self, table *t);
    /* Optional: true while the turn bar leaves the countdown out, because a
     * playback of the board's runs that the server's deadline allows for
     * (RoboRally's turn); the renderer asks for a redraw when it ends. */
    bool (*clock_held)(void *self, table *t);
    /* Before each redraw, with a table that may act: what the renderer does
     * when its moment comes (a draft due). draw itself only draws. */
    void (*tick)(void *self, table *t);
    /* An action of ours was refused (the frame has shown the sentence). */
    void (*refused)(void *self, table *t, const char *code, const char *message);
    /* More lines for the help after commands_help, for this table (a mode's
     * own commands), NULL-terminated; or NULL. */
    const char *const *(*more_help)(void *self, table *t);
    /* The moment of play, as a key (NULL: table_moment). The status line
     * belongs to the moment that made it: a refusal or a "press again"
     * goes when the key changes. */
    void (*moment)(void *self, table *t, char *buf, size_t len);
    /* Whether the turn bar counts the state's deadline down now (NULL:
     * whenever there is one); false when the deadline is no one's limit
     * (Ricochet's before the sand runs: when the timer starts by itself). */
    bool (*countdown)(void *self, table *t);
} game_ui;

/* The renderer for a game id: its own, or the fallback. Never NULL. */
const game_ui *game_ui_find(const char *id);
/* Whether id has a renderer of its own. */
bool game_ui_has(const char *id);
extern const game_ui fallback_ui;

#endif
