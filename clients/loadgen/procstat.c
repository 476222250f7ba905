/*
 * procstat.c: /proc readings.
 */
#include "procstat.h"

#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

static bool read_cpu(int pid, double *cpu_s)
{
    char path[64], line[1024];
    snprintf(path, sizeof path, "/proc/%d/stat", pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    size_t n = fread(line, 1, sizeof line - 1, f);
    fclose(f);
    line[n] = '\0';
    /* The command name may hold spaces and parentheses: fields start after
     * the last ')'. utime and stime are fields 14 and 15. */
    char *p = strrchr(line, ')');
    if (!p)
        return false;
    unsigned long utime, stime;
    if (sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &utime, &stime) != 2)
        return false;
    *cpu_s = (double)(utime + stime) / (double)sysconf(_SC_CLK_TCK);
    return true;
}

static bool read_rss(int pid, double *rss_mb)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    bool found = false;
    while (fgets(line, sizeof line, f)) {
        unsigned long kb;
        if (sscanf(line, "VmRSS: %lu kB", &kb) == 1) {
            *rss_mb = (double)kb / 1024.0;
            found = true;
            break;
        }
    }
    fclose(f);
    return found;
}

/* /proc/<pid>/schedstat: on-CPU ns, run-queue wait ns, time slices. */
static double read_wait(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    unsigned long long run_ns, wait_ns;
    int n = fscanf(f, "%llu %llu", &run_ns, &wait_ns);
    fclose(f);
    return n == 2 ? (double)wait_ns / 1e9 : 0;
}

bool procstat_read(int pid, procstat *out)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/schedstat", pid);
    out->wait_s = read_wait(path);
    return read_cpu(pid, &out->cpu_s) && read_rss(pid, &out->rss_mb);
}

double procstat_self_wait(void)
{
    return read_wait("/proc/self/schedstat");
}

double procstat_self_cpu(void)
{
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0)
        return 0;
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
           (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
}
