/*
 * bench_replays.h: `botpit bench replays`, the cost of opening and
 * stepping a finished game's replay at the server (bench_replays.c).
 */
#ifndef BOTPIT_BENCH_REPLAYS_H
#define BOTPIT_BENCH_REPLAYS_H

/* argv[0] is "replays". Prints a JSON line per game; returns the exit code. */
int bench_replays_main(int argc, char **argv);

#endif
