/* bench_restore.h: `botpit bench restore` (bench_restore.c). */
#ifndef BOTPIT_BENCH_RESTORE_H
#define BOTPIT_BENCH_RESTORE_H

/* argv[0] is "restore"; prints one JSON line of figures. */
int bench_restore_main(int argc, char **argv);

#endif
