/*
 * screens.h: drawing botpit-tui from the app, which it only reads: the
 * header with the connection, the name screen, the lobby, the create form,
 * the room, the table (the frame around a game's renderer, the players,
 * chat and log), the status line, the footer's keys, and the help and
 * question overlays.
 *
 * A renderer draws here with a table that cannot act (app_read_table);
 * what a renderer does when its moment comes happens before, in its tick.
 * What the app keeps in range as the screens scroll, it measures here.
 */
#ifndef BOTPIT_TUI_SCREENS_H
#define BOTPIT_TUI_SCREENS_H

#include "app.h"

/* Draws everything on g, sized as the terminal (a->h by a->w). */
void screens_draw(const app *a, cv_grid *g);

/* Rows the create form shows of its options in a terminal h rows tall. */
int screens_form_rows(int h);
/* Lines of the help overlay, and how many a terminal h rows tall shows. */
int screens_help_lines(const app *a);
int screens_help_rows(int h);

#endif
