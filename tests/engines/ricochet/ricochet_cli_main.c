/* ricochet-cli: a test helper that routes to the solver's command-line
 * entry points the way botpit's main.c will:
 *   ricochet-cli solve [--no-ricochet-rule] [FILE]
 *   ricochet-cli bench ricochet [--quick] ... */
#include <stdio.h>
#include <string.h>

#include "games/ricochet/tools/ricochet_cli.h"

int main(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "solve") == 0)
        return ricochet_cli_solve(argc - 1, argv + 1);
    if (argc >= 3 && strcmp(argv[1], "bench") == 0 && strcmp(argv[2], "ricochet") == 0)
        return ricochet_cli_bench(argc - 2, argv + 2);
    fprintf(stderr, "usage: ricochet-cli solve [--no-ricochet-rule] [FILE]\n"
                    "       ricochet-cli bench ricochet [--quick] [--random N] [--seed S]\n");
    return 2;
}
