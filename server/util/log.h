/*
 * log.h: one line per event on stderr, with a UTC timestamp and a level.
 * journald or the container runtime collects it; nothing here writes files.
 * Never log a token or a chat text.
 */
#ifndef BOTPIT_LOG_H
#define BOTPIT_LOG_H

typedef enum log_level { LOG_ERROR, LOG_WARN, LOG_INFO, LOG_DEBUG } log_level;

void log_set_level(log_level level);
/* "error", "warn", "info", "debug" -> level; -1 if unknown. */
int log_level_from_name(const char *name);
void log_write(log_level level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int log_enabled(log_level level);

#define log_error(...) log_write(LOG_ERROR, __VA_ARGS__)
#define log_warn(...) log_write(LOG_WARN, __VA_ARGS__)
#define log_info(...) log_write(LOG_INFO, __VA_ARGS__)
#define log_debug(...) \
    do { \
        if (log_enabled(LOG_DEBUG)) \
            log_write(LOG_DEBUG, __VA_ARGS__); \
    } while (0)

#endif
