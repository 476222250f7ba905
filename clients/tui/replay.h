/*
 * replay.h: the replay of a finished game on botpit-tui (`:replay ID`),
 * as the server's `replay` and `replay_frame` messages say it.
 *
 * The server rebuilds the game at any input (PROTOCOL.md, Replays); this
 * keeps what the screen shows of it: the game (its header, and a room
 * message made from it so that the game's renderer can name the seats), the
 * frame on the board (its view, whose eyes, which input), the events not
 * yet shown to the renderer, the log's sentences up to the input shown
 * (tagged with their input, so that a step back takes them back), and the
 * playing (speed, when the next step is due). It never sends and never
 * draws: the app asks the server and the renderer (app.c), the screen
 * draws it (screens.c), and every change here is testable from JSON.
 *
 * `replay` sub-commands, as keys and the command line give them, are
 * parsed here too (replay_parse).
 */
#ifndef BOTPIT_TUI_REPLAY_H
#define BOTPIT_TUI_REPLAY_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define REPLAY_LOG_MAX 300
#define REPLAY_LINE_MAX 400
#define REPLAY_SPEEDS 5 /* 0.5, 1, 2, 4 and 8 inputs a second */

typedef struct replay_line {
    long long seq; /* the input whose event it tells */
    char text[REPLAY_LINE_MAX];
} replay_line;

typedef struct replay_view {
    bool open;          /* a replay is on screen, or opening */
    long long game;     /* the finished game's id */
    json_t *header;     /* the replay message without its frame; NULL while opening */
    json_t *room;       /* a room message made from it (seats, names, status), for renderers */
    json_t *view;       /* the frame's view */
    int seat;           /* whose view: a seat, or -1 (a spectator's, or "all") */
    bool all;           /* the view of everything (every secret) */
    long long seq, inputs;
    json_t *events;     /* events the renderer has not been shown (the inputs stepped over) */
    json_t *event_seqs; /* the input of each of them */
    replay_line log[REPLAY_LOG_MAX];
    int log_n;
    bool playing;
    int speed;          /* index into the speeds */
    int64_t next_at;    /* our clock: when playing takes the next step */
    int waiting;        /* requests sent, not yet answered */
} replay_view;

/* What a change did (replay_apply's result, a mask). */
enum {
    REPLAY_OPENED = 1 << 0, /* a header came: a new renderer, the log anew */
    REPLAY_FRAME = 1 << 1,  /* another frame is on the board */
    REPLAY_AT_END = 1 << 2, /* ... the last one */
};

void replay_init(replay_view *r);
/* Forgets the replay (closed, or another opens). */
void replay_clear(replay_view *r);
/* A replay is asked for: the screen shows it opening. */
void replay_opening(replay_view *r, long long game);
/* Applies a `replay` or `replay_frame` message (others change nothing);
 * returns the REPLAY_* mask. A frame moving back takes back the log's
 * lines of the inputs after it. */
unsigned replay_apply(replay_view *r, const json_t *msg);
/* Adds a sentence of input seq to the log (the oldest go past the max). */
void replay_log_add(replay_view *r, long long seq, const char *text);

/* The result, once the frame shown is the last; else NULL (borrowed). */
const json_t *replay_result(const replay_view *r);
const char *replay_engine(const replay_view *r);
const char *replay_title(const replay_view *r);
/* The last turn or round mark at or before seq ("Turn 3"), or NULL. */
const char *replay_mark_at(const replay_view *r, long long seq);
/* The input of the mark after (dir 1) or before (dir -1) input from, or -1. */
long long replay_mark_near(const replay_view *r, long long from, int dir);
/* Inputs a second at the current speed, times 2 (1, 2, 4, 8 or 16). */
int replay_speed_halves(const replay_view *r);
/* "0.5x", "1x", ... */
const char *replay_speed_name(const replay_view *r);
/* How the screen names the eyes it shows: "everyone", "a spectator", a name. */
void replay_seen_by(const replay_view *r, char *buf, size_t len);

/* ---- the `replay` command ---- */

typedef enum replay_verb {
    REPLAY_OPEN,  /* replay ID */
    REPLAY_CLOSE, /* replay close */
    REPLAY_STEP,  /* replay step N (N may be negative) */
    REPLAY_TO,    /* replay to N; start (0); end */
    REPLAY_END,
    REPLAY_PLAY,  /* play or pause */
    REPLAY_SPEED, /* replay speed up|down|N (a multiple: 0.5, 1, 2, 4, 8) */
    REPLAY_TURN,  /* replay turn next|prev */
    REPLAY_SEEN,  /* replay seen all|spectator|SEAT|next */
} replay_verb;

typedef struct replay_cmd {
    replay_verb verb;
    long long n;   /* OPEN: the game; STEP: by; TO: the input; TURN: +1 or -1; SPEED: +1/-1 or 0 with speed set */
    int speed;     /* SPEED: an index, or -1 */
    int seat;      /* SEEN: a seat (0-based), -1 a spectator, -2 all, -3 the next in turn */
} replay_cmd;

#define REPLAY_SEEN_ALL (-2)
#define REPLAY_SEEN_NEXT (-3)

/* Parses the words after "replay": 0, or -1 with a sentence in why. */
int replay_parse(const char *rest, replay_cmd *out, char *why, size_t why_len);

#endif
