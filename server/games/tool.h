/*
 * tool.h: what an engine adds to the botpit command line: a benchmark
 * (`botpit bench <engine>`) and subcommands (`botpit solve`).
 *
 * Tools read clocks, files and standard input, so they never live in an
 * engine's library: each engine folder builds them as a separate library
 * (<id>_tools) that only the botpit binary links, and registers a game_tool
 * named <id>_tool (see server/games/meson.build).
 */
#ifndef BOTPIT_TOOL_H
#define BOTPIT_TOOL_H

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

#endif
