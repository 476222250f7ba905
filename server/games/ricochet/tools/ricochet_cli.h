/*
 * ricochet_cli.h: the command-line faces of the solver, for main.c to route
 * `botpit solve ...` and `botpit bench ricochet ...` to.
 *
 *   botpit solve [--no-ricochet-rule] [--table-mib N] [FILE]
 *     Reads one puzzle object, or an object with a "puzzles" array, in the
 *     format of data/ricochet/sample_puzzles.json (see ricochet_json.h) from
 *     FILE or stdin, and prints one JSON line per puzzle:
 *       {"id": "A001", "moves": 25, "solution": [["blue", "N"], ...], "ms": 812.4}
 *     Bad input: a sentence naming the field on stderr, exit status 2.
 *     Exit status 1 if some puzzle could not be solved, else 0.
 *
 *   botpit bench ricochet [--quick] [--random N] [--seed S] [--baseline]
 *     Solves a fixed built-in set (the sample puzzles and N seeded random
 *     ones) and prints per-group times (median, max) and total nodes. A
 *     benchmark, not a test.
 *
 * argv[0] is the subcommand ("solve") or the engine id ("ricochet"). Both
 * return the process exit status.
 */
#ifndef BOTPIT_RICOCHET_CLI_H
#define BOTPIT_RICOCHET_CLI_H

int ricochet_cli_solve(int argc, char **argv);
int ricochet_cli_bench(int argc, char **argv);

/* `botpit bench ricochet --bots`: bot levels against each other over many
 * rounds (ricochet_botbench.c). argv[0] is "ricochet". */
int ricochet_bench_bots(int argc, char **argv);

#endif
