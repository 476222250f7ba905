/*
 * app.h: botpit-tui as a whole: the main loop that waits on the keyboard,
 * the network and the clock at once, the screens (name, lobby, create,
 * room, table), the command line, and the glue between the store, the
 * connection and the game renderers.
 *
 * app.c runs commands and keeps the state of the screens; screens.c draws
 * them (screens.h: it only reads the app).
 */
#ifndef BOTPIT_TUI_APP_H
#define BOTPIT_TUI_APP_H

#include <stdbool.h>
#include <stdint.h>

#include "args.h"
#include "canvas.h"
#include "config.h"
#include "conn.h"
#include "edit.h"
#include "form.h"
#include "games/game_ui.h"
#include "keymap.h"
#include "replay.h"
#include "store.h"

#define APP_MIN_H 24
#define APP_MIN_W 80
#define APP_HISTORY 32

/* The overlay of what players have done, when open. */
typedef enum app_records {
    RECORDS_NONE,
    RECORDS_HISTORY, /* a player's games (store.history) */
    RECORDS_RATINGS, /* a game's leaderboard (store.ratings) */
} app_records;

typedef enum app_input {
    INPUT_NONE,
    INPUT_COMMAND, /* the ":" command line */
    INPUT_NAME,    /* the name screen's field */
} app_input;

typedef struct app {
    args opts;
    config cfg;
    bool cfg_ok;
    store st;
    conn *net;
    unsigned gen;           /* the open link, 0 when none */
    long long next_id;
    long long hello_id;
    int64_t retry_at;       /* when the next connection attempt is due (our clock) */
    char endpoint[700];     /* ws://host:port/path */
    char pending_create[2048]; /* a create typed before the games list came */
    bool quiet_drop;        /* we are closing the link ourselves (a new name, :reconnect) */
    bool running;
    bool started_actions;   /* --join/--spectate/--create done */
    bool room_due;          /* the welcome put us back in a room: its room message is on its way */
    int64_t last_rx, last_ping;

    cv_grid grid;
    int h, w;
    bool utf8, color;

    /* screens */
    int lobby_sel;          /* the selected public room */
    int seat_sel;           /* the selected seat in the room */
    bool form_open;
    form form;
    int form_scroll;
    long long create_id;    /* our last create request, to show its refusal in the form */
    char form_refusal[STORE_TEXT_MAX]; /* why the form is not a room yet (its values, the server), or "" */
    bool form_refused_by_server; /* ... the server said it: our rooms are offered to go back to */
    bool help_open;
    int help_scroll;
    bool log_open;          /* the log overlay (narrow terminals) */
    int log_scroll;
    char confirm_text[300]; /* a yes/no question, or "" */
    char confirm_cmd[64];   /* what "yes" runs */
    char confirm_no[64];    /* what "no" runs, or "" */
    char sit_asker[64];     /* (host) the player asking for a bot's seat, or "" */
    long long moderation_id; /* (host) our last mute/unmute/remove, until its answer */
    char moderation_done[160]; /* what the status line says when it is done */
    int sit_seat;
    app_records records;    /* the history or leaderboard overlay, or none */
    int records_sel;        /* the chosen game of the history, the first row of a leaderboard */
    char pending_link[16];  /* a link code the next hello says, or "" */
    char link_refusal[300]; /* why the last code was refused, kept past the reconnection */
    /* The last join sent, and one to send again on the node a `moved` sent
     * us to (distributed mode), or "". */
    long long join_id;
    bool join_spectate;
    char rejoin[8];
    bool rejoin_spectate;
    int moves;              /* moved followed since we were last in a room (a loop: stop) */

    /* the command line and the name field */
    app_input input;
    edit line;
    char history[APP_HISTORY][256];
    int nhistory, history_pos;

    /* the game on the table */
    const game_ui *ui;
    void *ui_self;
    char ui_room[8];
    table tbl;
    long long act_ids[16];  /* our recent act requests, to tell renderers of refusals */
    int nact_ids;
    char moment[200];       /* the room and the moment of play the status line belongs to */
    bool join_to_play;      /* our last join asked for a seat (not to watch) */

    /* a replay of a finished game (app_replay.c), on its own renderer */
    replay_view rp;
    const game_ui *rp_ui;
    void *rp_self;
    table rp_tbl;
    long long rp_open_id;   /* our replay request, to tell its refusal */
    int rp_seen;            /* the eyes last asked for (PROTO_SEAT_ALL, -1 or a seat) */
    long long rp_at;        /* the input last asked for (frames may be on their way) */
    bool rp_log_open;       /* its log overlay (narrow terminals) */
} app;

/* Sets up everything but the terminal and the network. Returns 0 or -1. */
int app_init(app *a, const args *opts, char *why, size_t why_len);
/* Connects, runs until quit, and leaves the terminal as it was. */
int app_run(app *a);
void app_free(app *a);

/* ---- used by screens.c ---- */

km_screen app_screen(const app *a);
unsigned app_key_state(const app *a);
/* Refreshes a->tbl from the store for a renderer call that may act. */
table *app_table(app *a);
/* The rows the history or leaderboard overlay lists (its games, its
 * players). */
int app_records_rows(const app *a);
/* The table as it is now, for drawing: it cannot act (no ops). */
void app_read_table(const app *a, table *t);
int64_t app_now(void);
/* One message from the server, as the loop hands it on (tests feed
 * captured ones). */
void app_receive(app *a, const char *text, size_t len);
/* A command line, as typed after ':' (tests type theirs). */
void app_command(app *a, const char *line);

/* ---- the replay (app_replay.c), and what it uses of app.c ---- */

/* Sends a request (the app's own id); its id, or -1 when offline. */
long long app_send(app *a, json_t *msg);
/* The status line. */
void app_say(app *a, bool error, const char *text);
/* `:replay ...`: the words after "replay". */
void app_replay_command(app *a, const char *rest);
/* A server message that may be the replay's (its header, a frame, the
 * refusal of one of its requests): applied; true if the screen changed. */
bool app_replay_message(app *a, const json_t *m, long long id);
/* A new connection said hello: an open replay is opened again. */
void app_replay_welcome(app *a);
/* Playing: the next step when it is due; ms until then (-1: not playing). */
void app_replay_tick(app *a, int64_t now);
int app_replay_wait(const app *a, int64_t now);
void app_replay_close(app *a);
/* The replay's table as it is now, for drawing (it cannot act). */
void app_read_replay(const app *a, table *t);

#endif
