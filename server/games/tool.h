/*
 * tool.h: what an engine adds to the botpit command line: a benchmark
 * (`botpit bench <engine>`) and subcommands (`botpit solve`); and what the
 * tools share (tool.c): their flags read from a table, bots' games played
 * and timed.
 *
 * Tools read clocks, files and standard input, so they never live in an
 * engine's library: each engine folder builds them as a separate library
 * (<id>_tools) that only the botpit binary links, and registers a game_tool
 * named <id>_tool (see server/games/meson.build).
 */
#ifndef BOTPIT_TOOL_H
#define BOTPIT_TOOL_H

#include <stdbool.h>
#include <stdint.h>

#include "games/game.h"

/* A subcommand of the botpit binary. argv[0] is the subcommand name. Returns
 * the process exit status. */
typedef struct game_command {
    const char *name;
    const char *usage; /* one line for `botpit --help` */
    int (*main)(int argc, char **argv);
} game_command;

typedef struct game_tool {
    const char *engine;                   /* the engine id */
    int (*bench)(int argc, char **argv);  /* `botpit bench <engine> ...`, or NULL */
    const game_command *commands;         /* ended by a name NULL, or NULL */
} game_tool;

/* The tools this binary ships (tools_registry.c), NULL-terminated. */
extern const game_tool *const game_tools[];

/* The tool of engine `id`, or NULL. */
const game_tool *game_tool_find(const char *id);

/* ---- a tool's flags (tool.c) ---- */

typedef enum tool_flag_kind {
    TOOL_SWITCH, /* no value: sets a bool */
    TOOL_INT,    /* a whole number from min to max: an int */
    TOOL_SEED,   /* any whole number from 0 to 2^64-1: a uint64_t */
    TOOL_REAL,   /* a number: a double */
    TOOL_TEXT,   /* the value as given: a const char * */
    TOOL_OWN,    /* the flag's own reader, `read`, which says whether it took it */
} tool_flag_kind;

/* One flag a tool takes, most easily written with the TOOL_* makers below:
 * `--games N` is TOOL_INT_FLAG("--games", &games, 1, 1000000). A table of
 * flags is ended by TOOL_FLAGS_END. */
typedef struct tool_flag {
    const char *name; /* "--games" */
    tool_flag_kind kind;
    void *into;
    int min, max;                           /* TOOL_INT */
    bool (*read)(const char *value, void *into); /* TOOL_OWN */
    const char *what;                       /* TOOL_OWN: what the value must be, for the refusal */
    bool *given;                            /* set when the flag is given, or NULL */
} tool_flag;

#define TOOL_SWITCH_FLAG(n, p) {.name = (n), .kind = TOOL_SWITCH, .into = (p)}
#define TOOL_INT_FLAG(n, p, lo, hi) {.name = (n), .kind = TOOL_INT, .into = (p), .min = (lo), .max = (hi)}
#define TOOL_SEED_FLAG(n, p) {.name = (n), .kind = TOOL_SEED, .into = (p)}
#define TOOL_REAL_FLAG(n, p) {.name = (n), .kind = TOOL_REAL, .into = (p)}
#define TOOL_TEXT_FLAG(n, p) {.name = (n), .kind = TOOL_TEXT, .into = (p)}
#define TOOL_OWN_FLAG(n, p, reader, wanted) {.name = (n), .kind = TOOL_OWN, .into = (p), .read = (reader), .what = (wanted)}
#define TOOL_FLAGS_END {.name = NULL}

/* Reads argv[1..argc-1] (argv[0] names the tool) into the flags' places,
 * which hold their defaults. A flag not in the table, a flag without its
 * value or a value it cannot take is said on stderr, `who` first ("bench
 * boxing: --games needs a value"), then `usage`; returns -1 then, else 0. */
int tool_flags_read(const char *who, const char *usage, const tool_flag *flags, int argc,
                    char **argv);

/* A whole number from min to max, as TOOL_INT reads it, for a tool that
 * reads its words itself: into *into, or false (*into kept). */
bool tool_read_int(const char *v, int min, int max, int *into);

/* ---- bots' games, timed (tool.c) ---- */

/* The calling thread's CPU time in ms: what a bot call costs, without the
 * time the machine spent on other work meanwhile. */
double tool_cpu_ms(void);

/* The CPU time of one bot level's calls. */
typedef struct tool_level_time {
    double total_ms, max_ms;
    long calls;
} tool_level_time;

void tool_level_time_add(tool_level_time *lt, double ms);

/* Plays g to its end with a bot in every seat (levels[seat]), as a room
 * with no pacing would: each seat's bot is asked in turn and its action
 * given at the next ms; when none acts, the clock jumps to the deadline
 * and the game ticks. Bot calls draw their salts from `salt` and add their
 * CPU time to times[level]. Returns 0, or -1 if a bot's action was refused
 * or the game waits with no bot acting and no deadline (said on stderr,
 * `who` first). */
int tool_play_bots(const char *who, const game_engine *e, game *g, int seats, const int *levels,
                   uint64_t salt, tool_level_time *times);

#endif
