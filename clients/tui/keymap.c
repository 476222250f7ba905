/* keymap.c: the key map. */
#include "keymap.h"

#include "util/utf8.h"

#include <stdio.h>

#define ANY KM_SCREENS /* an entry every screen has */

static const km_entry entries[] = {
    /* choosing a name: the field takes the keys; only these are special */
    {KM_NAME, K_ENTER, "open", false, 0, "play"},
    {KM_NAME, K_ESC, "quit", false, 0, "quit"},

    {KM_LOBBY, K_UP, "prev", false, KM_HAS_ROOMS, NULL},
    {KM_LOBBY, K_DOWN, "next", false, KM_HAS_ROOMS, NULL},
    {KM_LOBBY, K_ENTER, "join", false, KM_HAS_ROOMS, "join"},
    {KM_LOBBY, 'w', "spectate", false, KM_HAS_ROOMS, "watch"},
    {KM_LOBBY, 'c', "create", false, 0, "create"},
    {KM_LOBBY, 'j', "join ", true, 0, "join by code"},
    {KM_LOBBY, 'v', "spectate ", true, 0, "watch by code"},
    {KM_LOBBY, 'n', "name ", true, 0, "name"},
    {KM_LOBBY, 'r', "rooms", false, 0, NULL},
    {KM_LOBBY, 'q', "quit", false, 0, "quit"},

    {KM_CREATE, K_UP, "prev", false, 0, NULL},
    {KM_CREATE, K_DOWN, "next", false, 0, NULL},
    {KM_CREATE, K_TAB, "next", false, 0, NULL},
    {KM_CREATE, K_BTAB, "prev", false, 0, NULL},
    {KM_CREATE, K_LEFT, "left", false, 0, "change"},
    {KM_CREATE, K_RIGHT, "right", false, 0, NULL},
    {KM_CREATE, ' ', "right", false, 0, NULL},
    {KM_CREATE, K_ENTER, "open", false, 0, "create"},
    {KM_CREATE, K_ESC, "cancel", false, 0, "back"},

    {KM_ROOM, K_UP, "prev", false, 0, NULL},
    {KM_ROOM, K_DOWN, "next", false, 0, NULL},
    {KM_ROOM, 's', "start", false, KM_HOST | KM_ROOM_LOBBY, "start"},
    {KM_ROOM, 'b', "bot", false, KM_HOST | KM_ROOM_LOBBY, "bot"},
    {KM_ROOM, 'k', "kick", false, KM_HOST, "kick"},
    {KM_ROOM, 't', "sit", false, KM_OFFER(KM_SEAT_FREE), "take seat"},
    {KM_ROOM, 'u', "stand", false, KM_SEATED, "stand up"},
    {KM_ROOM, '/', "chat ", true, 0, "chat"},
    {KM_ROOM, 'L', "leave", false, 0, "leave"},
    {KM_ROOM, 'q', "quit", false, 0, "quit"},

    {KM_TABLE, '/', "chat ", true, 0, "chat"},
    {KM_TABLE, K_TAB, "log", false, 0, "log"},
    {KM_TABLE, 'R', "rematch", false, KM_HOST | KM_ROOM_OVER, "rematch"},
    {KM_TABLE, 'L', "leave", false, 0, "leave"},
    {KM_TABLE, 'Q', "quit", false, 0, "quit"},

    {KM_REPLAY, K_RIGHT, "replay step 1", false, 0, "step"},
    {KM_REPLAY, K_LEFT, "replay step -1", false, 0, "back"},
    {KM_REPLAY, ' ', "replay play", false, 0, "play"},
    {KM_REPLAY, ']', "replay turn next", false, 0, "next turn"},
    {KM_REPLAY, '[', "replay turn prev", false, 0, "prev turn"},
    {KM_REPLAY, K_HOME, "replay start", false, 0, "start"},
    {KM_REPLAY, K_END, "replay end", false, 0, "end"},
    {KM_REPLAY, '+', "replay speed up", false, 0, "faster"},
    {KM_REPLAY, '-', "replay speed down", false, 0, "slower"},
    {KM_REPLAY, 'v', "replay seen next", false, 0, "seen by"},
    {KM_REPLAY, 'g', "replay to ", true, 0, "go to input"},
    {KM_REPLAY, K_TAB, "log", false, 0, "log"},
    {KM_REPLAY, 'q', "replay close", false, 0, "close"},
    {KM_REPLAY, K_ESC, "replay close", false, 0, "close"},

    {ANY, '?', "help", false, 0, "help"},
    {ANY, ':', "", true, 0, "command"},
    {ANY, K_CTRL('l'), "redraw", false, 0, NULL},
    {ANY, K_ESC, "cancel", false, 0, NULL},
    {ANY, K_F(1), "help", false, 0, NULL},
    {ANY, K_F(10), "quit", false, 0, NULL},
};

#define NENTRIES (sizeof entries / sizeof entries[0])

static bool applies(const km_entry *e, km_screen screen, unsigned state)
{
    if (e->screen != screen && e->screen != ANY)
        return false;
    /* the name screen's field takes every printable key */
    if (e->screen == ANY && screen == KM_NAME && e->key < 0x200000 && e->key >= ' ')
        return false;
    unsigned need = e->when & 0xffff;
    return (need & state) == need;
}

bool keymap_offered(const km_entry *e, unsigned state)
{
    unsigned offer = e->when >> 16;
    return e->label && (offer & state) == offer;
}

const km_entry *keymap_find(km_screen screen, int key, unsigned state)
{
    for (size_t i = 0; i < NENTRIES; i++) {
        if (entries[i].key == key && applies(&entries[i], screen, state))
            return &entries[i];
    }
    return NULL;
}

int keymap_entries(km_screen screen, unsigned state, const km_entry **out, int max)
{
    int n = 0;
    for (size_t i = 0; i < NENTRIES && n < max; i++) {
        if (!applies(&entries[i], screen, state))
            continue;
        /* a key the screen maps itself hides the shared one */
        if (entries[i].screen == ANY && keymap_find(screen, entries[i].key, state) != &entries[i])
            continue;
        out[n++] = &entries[i];
    }
    return n;
}

const char *keymap_key_name(int key, char *buf, size_t len)
{
    static const struct {
        int key;
        const char *name;
    } names[] = {
        {K_UP, "Up"},         {K_DOWN, "Down"},       {K_LEFT, "Left"},   {K_RIGHT, "Right"},
        {K_HOME, "Home"},     {K_END, "End"},         {K_PGUP, "PgUp"},   {K_PGDN, "PgDn"},
        {K_DELETE, "Del"},    {K_BACKSPACE, "Bksp"},  {K_ENTER, "Enter"}, {K_ESC, "Esc"},
        {K_TAB, "Tab"},       {K_BTAB, "Shift-Tab"},  {' ', "Space"},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (names[i].key == key) {
            snprintf(buf, len, "%s", names[i].name);
            return buf;
        }
    }
    if (key >= K_F(1) && key <= K_F(12))
        snprintf(buf, len, "F%d", key - K_F(1) + 1);
    else if (key >= 1 && key <= 26)
        snprintf(buf, len, "Ctrl-%c", 'A' + key - 1);
    else if (key > ' ' && key < 0x7f)
        snprintf(buf, len, "%c", key);
    else if (key >= 0xa0 && key < 0x110000 && len > 4) {
        buf[utf8_put((unsigned long)key, buf)] = 0;
    } else
        snprintf(buf, len, "key %d", key);
    return buf;
}

const char *keymap_entry_keys(const km_entry *e, char *buf, size_t len)
{
    /* the form's Left and Right both change the value: "Left change" read
     * as if only Left did */
    static const struct {
        km_screen screen;
        int key;
        const char *keys;
    } together[] = {{KM_CREATE, K_LEFT, "Left/Right"}};
    for (size_t i = 0; i < sizeof together / sizeof together[0]; i++) {
        if (together[i].screen == e->screen && together[i].key == e->key) {
            snprintf(buf, len, "%s", together[i].keys);
            return buf;
        }
    }
    return keymap_key_name(e->key, buf, len);
}
