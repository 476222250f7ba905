/*
 * procstat.h: another process's CPU time and resident memory, from /proc.
 */
#ifndef BOTPIT_LOADGEN_PROCSTAT_H
#define BOTPIT_LOADGEN_PROCSTAT_H

#include <stdbool.h>

typedef struct procstat {
    double cpu_s;  /* user + system seconds so far */
    double rss_mb; /* resident set, MiB */
} procstat;

/* Reads /proc/<pid>/stat and /proc/<pid>/status; false if pid is gone. */
bool procstat_read(int pid, procstat *out);
/* This process's own CPU seconds (user + system). */
double procstat_self_cpu(void);

#endif
