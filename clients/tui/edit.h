/*
 * edit.h: a one-line text field (the command line, the name, the chat):
 * insert at the cursor, Left/Right, Home/End (Ctrl-A/E), Backspace, Delete,
 * Ctrl-U (clear to the start), Ctrl-W (the word before), Ctrl-K (to the end).
 * Text is kept as code points; edit_text gives it back as UTF-8.
 */
#ifndef BOTPIT_TUI_EDIT_H
#define BOTPIT_TUI_EDIT_H

#include <stdbool.h>
#include <stddef.h>
#include <wchar.h>

#define EDIT_MAX 600

typedef struct edit {
    wchar_t buf[EDIT_MAX];
    int len, cursor;
} edit;

/* Replaces the text (UTF-8; invalid bytes are dropped), cursor at the end. */
void edit_set(edit *e, const char *utf8);
/* Handles an editing key (keymap.h codes); false when the key is not one. */
bool edit_key(edit *e, int key);
/* The text as UTF-8. */
char *edit_text(const edit *e, char *out, size_t len);

#endif
