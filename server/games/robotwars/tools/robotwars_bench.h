/* robotwars_bench.h: `botpit bench robotwars` (robotwars_bench.c). */
#ifndef BOTPIT_ROBOTWARS_BENCH_H
#define BOTPIT_ROBOTWARS_BENCH_H

/* argv[0] is "robotwars"; prints figures; 0, or 2 on bad arguments. */
int rw_bench(int argc, char **argv);

#endif
