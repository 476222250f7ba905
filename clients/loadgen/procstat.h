/*
 * procstat.h: another process's CPU time and resident memory, from /proc.
 */
#ifndef BOTPIT_LOADGEN_PROCSTAT_H
#define BOTPIT_LOADGEN_PROCSTAT_H

#include <stdbool.h>

typedef struct procstat {
    double cpu_s;  /* user + system seconds so far */
    double rss_mb; /* resident set, MiB */
    /* Seconds its main thread (the server's loop) was ready to run but
     * waiting for a CPU: on a shared machine, what other work took. */
    double wait_s;
} procstat;

/* Reads /proc/<pid>/stat and /proc/<pid>/status; false if pid is gone. */
bool procstat_read(int pid, procstat *out);
/* This process's own CPU seconds (user + system). */
double procstat_self_cpu(void);
/* This process's seconds spent waiting for a CPU (0 if unknown). */
double procstat_self_wait(void);

#endif
