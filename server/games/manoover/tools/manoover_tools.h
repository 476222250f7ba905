/* manoover_tools.h: the engine's commands, outside its library: the bench
 * (manoover_bench.c) and the refit of the hard bot's weights
 * (manoover_fit.c). */
#ifndef MANOOVER_TOOLS_H
#define MANOOVER_TOOLS_H

/* `botpit bench manoover`; argv[0] is "manoover". */
int manoover_bench(int argc, char **argv);
/* `botpit manoover-fit`: refits hard's weights by self-play. */
int manoover_fit_main(int argc, char **argv);

#endif
