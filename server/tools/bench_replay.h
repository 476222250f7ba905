/* bench_replay.h: `botpit bench replay` (bench_replay.c). */
#ifndef BOTPIT_BENCH_REPLAY_H
#define BOTPIT_BENCH_REPLAY_H

/* argv[0] is "replay"; prints each engine's replay digest, or checks,
 * writes or records them (see `botpit bench replay --help`). */
int bench_replay_main(int argc, char **argv);

#endif
