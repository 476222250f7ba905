/*
 * names.h: seats as people read them. The engines know seats, not names;
 * their sentences say "Seat N" (from 1), and the client puts the player's
 * name in its place, from the room message.
 */
#ifndef BOTPIT_TUI_NAMES_H
#define BOTPIT_TUI_NAMES_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

/* The seat's occupant: the player's name, or "Bot (level)" ("Bot 3
 * (normal)" when two bots of that level play: seat 3's); an empty seat (or
 * no such seat) writes "Seat N" and returns false. */
bool names_seat(const json_t *room, int seat, char *buf, size_t len);
/* Copies text with every "Seat N" of an existing seat replaced by its name.
 * (The lobby's own lower-case "seat N" counts from 0 and is left alone.) */
void names_humanize(const json_t *room, const char *text, char *out, size_t len);

#endif
