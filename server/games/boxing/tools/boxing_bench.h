/* boxing_bench.h: `botpit bench boxing` (boxing_bench.c). */
#ifndef BOTPIT_BOXING_BENCH_H
#define BOTPIT_BOXING_BENCH_H

/* argv[0] is "boxing"; prints figures; 0, or 2 on bad arguments. */
int boxing_bench(int argc, char **argv);

#endif
