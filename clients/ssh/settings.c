/* settings.c: the settings file. */
#include "settings.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef BOTPIT_BINDIR
#define BOTPIT_BINDIR "/usr/local/bin"
#endif

#define SETTINGS_MAX 16384

void settings_defaults(settings *s)
{
    memset(s, 0, sizeof *s);
    snprintf(s->server, sizeof s->server, "ws://127.0.0.1:8080/ws");
    snprintf(s->tui, sizeof s->tui, "%s/botpit-tui", BOTPIT_BINDIR);
    snprintf(s->state, sizeof s->state, "/var/lib/botpit-ssh");
    s->limits = (limits_rules){.per_address = 4, .per_minute = 12, .total = 100};
}

static int set_count(int *slot, const char *value, const char *name, int line, char *why,
                     size_t why_len)
{
    char *end;
    errno = 0;
    long v = strtol(value, &end, 10);
    if (errno || end == value || *end || v < 0 || v > 1000000) {
        snprintf(why, why_len, "line %d: %s needs a number from 0 (no limit) up, not \"%.40s\"",
                 line, name, value);
        return -1;
    }
    *slot = (int)v;
    return 0;
}

static int set_text(char *slot, size_t len, const char *value, const char *name, int line,
                    char *why, size_t why_len)
{
    if (strlen(value) >= len) {
        snprintf(why, why_len, "line %d: %s is too long", line, name);
        return -1;
    }
    snprintf(slot, len, "%s", value);
    return 0;
}

static int set_one(settings *s, const char *name, const char *value, int line, char *why,
                   size_t why_len)
{
    if (strcmp(name, "server") == 0) {
        if (strncmp(value, "ws://", 5) != 0 && strncmp(value, "wss://", 6) != 0) {
            snprintf(why, why_len, "line %d: server needs a ws:// or wss:// address", line);
            return -1;
        }
        return set_text(s->server, sizeof s->server, value, name, line, why, why_len);
    }
    if (strcmp(name, "tui") == 0 || strcmp(name, "state") == 0) {
        if (value[0] != '/') {
            snprintf(why, why_len, "line %d: %s needs an absolute path", line, name);
            return -1;
        }
        return strcmp(name, "tui") == 0
                   ? set_text(s->tui, sizeof s->tui, value, name, line, why, why_len)
                   : set_text(s->state, sizeof s->state, value, name, line, why, why_len);
    }
    if (strcmp(name, "per-address") == 0)
        return set_count(&s->limits.per_address, value, name, line, why, why_len);
    if (strcmp(name, "per-minute") == 0)
        return set_count(&s->limits.per_minute, value, name, line, why, why_len);
    if (strcmp(name, "max") == 0)
        return set_count(&s->limits.total, value, name, line, why, why_len);
    snprintf(why, why_len, "line %d: unknown setting \"%.40s\"", line, name);
    return -1;
}

int settings_parse(settings *s, const char *text, char *why, size_t why_len)
{
    int line_no = 0;
    for (const char *line = text; line && *line;) {
        line_no++;
        const char *nl = strchr(line, '\n');
        size_t n = nl ? (size_t)(nl - line) : strlen(line);
        char buf[1024];
        if (n >= sizeof buf) {
            snprintf(why, why_len, "line %d is too long", line_no);
            return -1;
        }
        memcpy(buf, line, n);
        buf[n] = 0;
        line = nl ? nl + 1 : NULL;
        char *hash = strchr(buf, '#');
        if (hash)
            *hash = 0;
        char *name = buf;
        while (isspace((unsigned char)*name))
            name++;
        if (!*name)
            continue;
        char *value = name;
        while (*value && !isspace((unsigned char)*value))
            value++;
        if (*value)
            *value++ = 0;
        while (isspace((unsigned char)*value))
            value++;
        char *end = value + strlen(value);
        while (end > value && isspace((unsigned char)end[-1]))
            *--end = 0;
        if (!*value) {
            snprintf(why, why_len, "line %d: %s has no value", line_no, name);
            return -1;
        }
        if (set_one(s, name, value, line_no, why, why_len) < 0)
            return -1;
    }
    return 0;
}

int settings_load(settings *s, const char *path, char *why, size_t why_len)
{
    settings_defaults(s);
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) {
        if (errno == ENOENT)
            return 0;
        snprintf(why, why_len, "cannot read %s: %s", path, strerror(errno));
        return -1;
    }
    struct stat st;
    if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || (st.st_uid != 0 && st.st_uid != geteuid()) ||
        (st.st_mode & 022) || st.st_size > SETTINGS_MAX) {
        snprintf(why, why_len, "%s must be a file of root's that only root may change", path);
        close(fd);
        return -1;
    }
    char text[SETTINGS_MAX + 1];
    ssize_t n = read(fd, text, SETTINGS_MAX);
    close(fd);
    if (n < 0) {
        snprintf(why, why_len, "cannot read %s: %s", path, strerror(errno));
        return -1;
    }
    text[n] = 0;
    char line_why[300];
    if (settings_parse(s, text, line_why, sizeof line_why) < 0) {
        snprintf(why, why_len, "%s, %s", path, line_why);
        return -1;
    }
    return 0;
}
