/* log.c: timestamped lines on stderr. */
#include "log.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>

static log_level current = LOG_INFO;
static const char *const names[] = {"error", "warn", "info", "debug"};

void log_set_level(log_level level)
{
    current = level;
}

int log_level_from_name(const char *name)
{
    for (int i = 0; i < 4; i++) {
        if (strcmp(names[i], name) == 0)
            return i;
    }
    return -1;
}

int log_enabled(log_level level)
{
    return level <= current;
}

void log_write(log_level level, const char *fmt, ...)
{
    if (level > current)
        return;
    struct timeval tv;
    gettimeofday(&tv, NULL);
    struct tm tm;
    gmtime_r(&tv.tv_sec, &tm);
    char line[1024];
    int n = (int)strftime(line, sizeof line, "%Y-%m-%dT%H:%M:%S", &tm);
    n += snprintf(line + n, sizeof line - (size_t)n, ".%03ldZ %-5s ", (long)tv.tv_usec / 1000,
                  names[level]);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line + n, sizeof line - (size_t)n, fmt, ap);
    va_end(ap);
    fprintf(stderr, "%s\n", line);
}
