/*
 * keymap.h: keys, and what each key does on each screen.
 *
 * Keys are Unicode code points for characters (Ctrl-A..Ctrl-Z are 1..26)
 * and the KEY_* codes below for the rest; the terminal module translates
 * ncurses' codes into these, so nothing else depends on curses. Each entry
 * of the map names a word command (cmd.h) or a command line to open
 * prefilled (a prompt), when it applies (host only, during a game, ...) and
 * the label the footer and the help show. Game keys are the renderer's
 * (games/game_ui.h) and are looked up before the table's own.
 */
#ifndef BOTPIT_TUI_KEYMAP_H
#define BOTPIT_TUI_KEYMAP_H

#include <stdbool.h>
#include <stddef.h>

enum {
    KEY_BASE_ = 0x200000,
    KEY_UP_,
    KEY_DOWN_,
    KEY_LEFT_,
    KEY_RIGHT_,
    KEY_HOME_,
    KEY_END_,
    KEY_PGUP_,
    KEY_PGDN_,
    KEY_DELETE_,
    KEY_BACKSPACE_,
    KEY_ENTER_,
    KEY_ESC_,
    KEY_TAB_,
    KEY_BTAB_,
    KEY_RESIZE_,
    KEY_MOUSE_,
    KEY_F1_,
};
#define K_UP KEY_UP_
#define K_DOWN KEY_DOWN_
#define K_LEFT KEY_LEFT_
#define K_RIGHT KEY_RIGHT_
#define K_HOME KEY_HOME_
#define K_END KEY_END_
#define K_PGUP KEY_PGUP_
#define K_PGDN KEY_PGDN_
#define K_DELETE KEY_DELETE_
#define K_BACKSPACE KEY_BACKSPACE_
#define K_ENTER KEY_ENTER_
#define K_ESC KEY_ESC_
#define K_TAB KEY_TAB_
#define K_BTAB KEY_BTAB_
#define K_RESIZE KEY_RESIZE_
#define K_MOUSE KEY_MOUSE_
#define K_F(n) (KEY_F1_ + (n) - 1)
#define K_CTRL(c) ((c) & 0x1f)

typedef enum km_screen { KM_NAME, KM_LOBBY, KM_CREATE, KM_ROOM, KM_TABLE, KM_REPLAY, KM_SCREENS } km_screen;

/* When an entry applies: every bit it names must be in the current state. */
enum {
    KM_HOST = 1 << 0,        /* we are the room's host */
    KM_ROOM_LOBBY = 1 << 1,  /* the room is filling its seats */
    KM_ROOM_OVER = 1 << 2,   /* the game has ended */
    KM_SEATED = 1 << 3,      /* we have a seat */
    KM_HAS_ROOMS = 1 << 4,   /* the lobby lists a room */
    KM_PLAYING = 1 << 5,     /* the game is on */
    KM_SEAT_FREE = 1 << 6,   /* the room has an empty seat */
};
/* In `when`: bits the footer also waits for before it offers the key. The
 * key works without them (and says why it can do nothing). */
#define KM_OFFER(bits) ((unsigned)(bits) << 16)

typedef struct km_entry {
    km_screen screen;
    int key;
    const char *command;   /* a command line (cmd.h) */
    bool prompt;           /* open the command line with `command` typed */
    unsigned when;         /* KM_* bits, and KM_OFFER(KM_* bits) */
    const char *label;     /* for the footer and help; NULL: help only */
} km_entry;

/* The entry for key on screen in state, or NULL. Keys every screen shares
 * (?, :, Ctrl-L, Esc) come with every screen. */
const km_entry *keymap_find(km_screen screen, int key, unsigned state);
/* The entries that apply, in the map's order; returns how many (at most max). */
int keymap_entries(km_screen screen, unsigned state, const km_entry **out, int max);
/* Whether the footer offers e in state (a label, and its KM_OFFER bits). */
bool keymap_offered(const km_entry *e, unsigned state);
/* "Enter", "Up", "Ctrl-L", "F1", "q": a key's name for people. */
const char *keymap_key_name(int key, char *buf, size_t len);
/* The keys of e for people: "Left/Right" where another key does the same
 * unlabelled, else its key's name. */
const char *keymap_entry_keys(const km_entry *e, char *buf, size_t len);

#endif
