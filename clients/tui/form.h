/*
 * form.h: the "create a room" form, built from the server's games message.
 *
 * Row 0 chooses the game; then one row per option of that game (each an
 * int with its range, a bool, or a choice, starting at its default, with
 * its label and help from the server), then "private". Left and Right
 * change the selected row, digits type a number, and form_options gives
 * the options that differ from their defaults, ready for `create`.
 * form_set does the same for `:create ricochet timer_s=30 private`.
 */
#ifndef BOTPIT_TUI_FORM_H
#define BOTPIT_TUI_FORM_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#define FORM_MAX_FIELDS 32
#define FORM_MAX_CHOICES 16
#define FORM_MAX_GAMES 16

typedef enum form_kind { FORM_INT, FORM_BOOL, FORM_CHOICE } form_kind;

typedef struct form_field {
    char name[48];
    char label[120];
    char help[400];
    form_kind kind;
    long long min, max;     /* FORM_INT */
    long long def, value;   /* int value; bool 0/1; choice index */
    int nchoices;
    char choices[FORM_MAX_CHOICES][48];
    char choice_labels[FORM_MAX_CHOICES][64]; /* the words for a choice, or "" (the choice itself) */
    char typing[24];        /* FORM_INT: digits being typed, "" when none */
} form_field;

typedef struct form {
    int ngames;
    char game_ids[FORM_MAX_GAMES][48];
    char game_titles[FORM_MAX_GAMES][120];
    int game;               /* index into game_ids */
    int nfields;
    form_field fields[FORM_MAX_FIELDS];
    bool is_private;
    int row;                /* 0 the game, 1..nfields the options, nfields+1 private */
} form;

/* Builds the form for game_id (NULL: the first game) from the games array.
 * Returns 0, or -1 with a sentence in why: no games yet, or no such game
 * (listing the games; the form is then built for the first). */
int form_build(form *f, const json_t *games, const char *game_id, char *why, size_t why_len);
int form_rows(const form *f);
/* Moves the selection by delta rows (committing a typed number). */
void form_move(form *f, int delta);
/* Left (-1) or Right (+1) on the selected row; on the game row it switches
 * the game (and rebuilds the options from games). */
void form_change(form *f, int delta, const json_t *games);
/* A digit, '-' or Backspace typed on an int row; false when not taken. */
bool form_type(form *f, int key);
/* Ends typing on every row, clamping to the range; returns -1 with why
 * ("Sand timer (seconds) is 2 to 600: it is 600 now") when a typed number
 * was out of range. */
int form_commit(form *f, char *why, size_t why_len);
/* name=value or "private" (from the command line). Returns 0, or -1 with
 * sentences for people in why, naming the option by its label; a refused
 * option becomes the selected row, a number out of range stays typed in it. */
int form_set(form *f, const char *word, char *why, size_t why_len);
/* "2 to 600", "0 or more" (a range too wide to read), "5 choices", "". */
void form_range_text(const form_field *fl, char *buf, size_t len);
/* The row as :create takes it: "timer_s=60", "silver=off", "sides=AB". */
void form_typed_text(const form_field *fl, char *buf, size_t len);
/* The options that differ from their defaults (a new object). */
json_t *form_options(const form *f);
const char *form_game(const form *f);
/* The row's value for people ("60", "on", "ABC"; a choice by its label
 * when the server gives one). */
void form_value_text(const form_field *fl, char *buf, size_t len);
/* A room's option as the form shows it, from its game's descriptor (the
 * games message): "Sand timer (seconds): 30"; the raw name and value for an
 * option the descriptor lacks. Returns whether it differs from the default. */
bool form_option_words(const json_t *game, const char *name, const json_t *value, char *buf, size_t len);

#endif
