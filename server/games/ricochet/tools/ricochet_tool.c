/* ricochet_tool.c: `botpit solve` and `botpit bench ricochet`, outside the
 * engine's library (they read files and clocks). */
#include <string.h>

#include "games/tool.h"
#include "ricochet_cli.h"

static const game_command ricochet_commands[] = {
    {"solve", "solve [--no-ricochet-rule] [--table-mib N] [FILE]   solve Ricochet Robots puzzles",
     ricochet_cli_solve},
    {NULL, NULL, NULL},
};

/* `botpit bench ricochet` is the solver's bench; `--bots` the bots'. */
static int ricochet_bench(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--bots") == 0)
            return ricochet_bench_bots(argc, argv);
    }
    return ricochet_cli_bench(argc, argv);
}

const game_tool ricochet_tool = {
    .engine = "ricochet",
    .bench = ricochet_bench,
    .commands = ricochet_commands,
};
