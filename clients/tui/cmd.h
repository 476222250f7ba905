/*
 * cmd.h: word commands, the one way every action enters the client.
 *
 * What the `:` command line reads, what keys and mouse clicks run (the key
 * map and clickable regions name a command line each), and what scripts
 * type. A line splits into words (double quotes group words); the first
 * word names the command. cmd_parse knows the core commands (the lobby and
 * the room); any other first word may be the game's own (the renderer's
 * command, such as `bid 7`), which the caller offers to the renderer.
 *
 * Seats are numbered from 1 here, as people count them (and as the
 * engines' sentences say "Seat 1"); cmd_parse turns them into the
 * protocol's seat index.
 */
#ifndef BOTPIT_TUI_CMD_H
#define BOTPIT_TUI_CMD_H

#include <stdbool.h>
#include <stddef.h>

#define CMD_MAX_WORDS 32
#define CMD_MAX_LEN 2048

/* A line split into words. */
typedef struct cmd_words {
    int argc;
    char *argv[CMD_MAX_WORDS + 1];
    const char *rest[CMD_MAX_WORDS]; /* the raw line after word i's start (for free text) */
    char buf[CMD_MAX_LEN];
    char raw[CMD_MAX_LEN];
} cmd_words;

/* Splits text into words. Returns argc (0 for a blank line), or -1 with why
 * (an unclosed quote, too many words, too long). */
int cmd_split(const char *text, cmd_words *out, char *why, size_t why_len);

typedef enum cmd_id {
    CMD_NONE,
    /* anywhere */
    CMD_HELP,
    CMD_QUIT,
    CMD_NAME,
    CMD_RECONNECT,
    CMD_CANCEL,
    CMD_REDRAW,
    CMD_LOG,
    /* lobby */
    CMD_CREATE,
    CMD_JOIN,
    CMD_SPECTATE,
    CMD_ROOMS,
    /* selection in lists and forms */
    CMD_PREV,
    CMD_NEXT,
    CMD_LEFT,
    CMD_RIGHT,
    CMD_OPEN,
    /* the room */
    CMD_LEAVE,
    CMD_SIT,
    CMD_STAND,
    CMD_BOT,
    CMD_KICK,
    CMD_MUTE,
    CMD_UNMUTE,
    CMD_REMOVE,
    CMD_APPROVE,
    CMD_DENY,
    CMD_START,
    CMD_REMATCH,
    CMD_CHAT,
    CMD_ACT,
    /* replays */
    CMD_REPLAY,
    /* what players have done; carrying the identity */
    CMD_HISTORY,
    CMD_RATINGS,
    CMD_LINK,
    CMD_COUNT
} cmd_id;

typedef struct cmd_spec {
    const char *name;
    const char *alias;
    cmd_id id;
    const char *usage;  /* "bot [SEAT] [LEVEL]" */
    const char *help;   /* one line for people */
} cmd_spec;

/* The core commands, in the order help lists them; ends with a NULL name. */
extern const cmd_spec cmd_specs[];
const cmd_spec *cmd_find(const char *word);

typedef struct cmd {
    cmd_id id;
    int seat;             /* SIT, BOT, KICK: 0-based; -1 = the selected seat */
    char level[24];       /* BOT: a level, or "" for the default / the next */
    char code[8];         /* JOIN, SPECTATE: a room code; "" = the selected room */
    const char *text;     /* NAME, CHAT, ACT, MUTE, UNMUTE, REMOVE, REPLAY: the rest of the line;
                           * CREATE: the game id or NULL; HISTORY: a player id, RATINGS:
                           * a game id, LINK: a code (each NULL when not given) */
    bool force;           /* LEAVE, QUIT: "!" or "yes" skips the question */
    int argc;             /* CREATE: option words (name=value, "private") */
    char **argv;
} cmd;

typedef enum cmd_result {
    CMD_ERROR = -1, /* a core command used wrongly: why says how to use it */
    CMD_CORE = 0,   /* a core command, in out */
    CMD_OTHER = 1,  /* not a core command: words->argv[0] may be the game's */
} cmd_result;

/* Parses split words into a core command. out borrows from words. */
cmd_result cmd_parse(const cmd_words *words, cmd *out, char *why, size_t why_len);

#endif
