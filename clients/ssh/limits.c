/* limits.c: the table of sessions, and its file. */
#include "limits.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define MINUTE_S 60
/* A table larger than this is not ours: start afresh rather than trust it. */
#define TABLE_MAX (4 << 20)

typedef struct table {
    limits_session *rows;
    size_t n, cap;
} table;

static int table_add(table *t, const limits_session *s)
{
    if (t->n == t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 64;
        limits_session *rows = realloc(t->rows, cap * sizeof *rows);
        if (!rows)
            return -1;
        t->rows = rows;
        t->cap = cap;
    }
    t->rows[t->n++] = *s;
    return 0;
}

/* Reads the rows of a table written on this boot; anything else is dropped. */
static int table_read(table *t, const char *text, const char *boot)
{
    if (!text)
        return 0;
    const char *line = text;
    const char *nl = strchr(line, '\n');
    char first[80];
    snprintf(first, sizeof first, "boot %s", boot);
    if (!nl || (size_t)(nl - line) != strlen(first) || strncmp(line, first, strlen(first)) != 0)
        return 0;
    for (line = nl + 1; *line; line = nl + 1) {
        limits_session s;
        memset(&s, 0, sizeof s);
        if (sscanf(line, "%63s %ld %llu %lld", s.addr, &s.pid, &s.start, &s.at) == 4 && s.pid > 0 &&
            table_add(t, &s) < 0)
            return -1;
        nl = strchr(line, '\n');
        if (!nl)
            break;
    }
    return 0;
}

static char *table_text(const table *t, const char *boot)
{
    size_t cap = 80 + t->n * 128, len = 0;
    char *out = malloc(cap);
    if (!out)
        return NULL;
    len += (size_t)snprintf(out, cap, "boot %s\n", boot);
    for (size_t i = 0; i < t->n; i++) {
        const limits_session *s = &t->rows[i];
        len += (size_t)snprintf(out + len, cap - len, "%s %ld %llu %lld\n", s->addr, s->pid,
                                s->start, s->at);
    }
    return out;
}

limits_verdict limits_decide(const char *text, const char *boot, const limits_rules *rules,
                             const limits_session *me, limits_alive_fn alive, void *ctx,
                             char **out, long long *wait_s)
{
    table old = {0}, kept = {0};
    *out = NULL;
    *wait_s = 0;
    if (table_read(&old, text, boot) < 0)
        goto fail;
    int live = 0, live_here = 0, recent_here = 0;
    long long oldest_here = me->at;
    for (size_t i = 0; i < old.n; i++) {
        const limits_session *s = &old.rows[i];
        bool running = alive(s->pid, s->start, ctx);
        bool recent = s->at > me->at - MINUTE_S && s->at <= me->at;
        if (!running && !recent)
            continue; /* over, and out of the minute: forgotten */
        if (table_add(&kept, s) < 0)
            goto fail;
        bool here = strcmp(s->addr, me->addr) == 0;
        live += running;
        live_here += running && here;
        if (here && recent) {
            recent_here++;
            if (s->at < oldest_here)
                oldest_here = s->at;
        }
    }
    limits_verdict v = LIMITS_OK;
    if (rules->total > 0 && live >= rules->total)
        v = LIMITS_FULL;
    else if (rules->per_address > 0 && live_here >= rules->per_address)
        v = LIMITS_BUSY;
    else if (rules->per_minute > 0 && recent_here >= rules->per_minute) {
        v = LIMITS_RATE;
        *wait_s = oldest_here + MINUTE_S - me->at;
    }
    if (v == LIMITS_OK && table_add(&kept, me) < 0)
        goto fail;
    *out = table_text(&kept, boot);
    free(old.rows);
    free(kept.rows);
    return *out ? v : LIMITS_FULL;
fail:
    free(old.rows);
    free(kept.rows);
    *out = NULL;
    return LIMITS_FULL; /* out of memory: refuse, never admit uncounted */
}

bool limits_process_start(long pid, unsigned long long *start)
{
    char path[64], buf[1024];
    snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    FILE *f = fopen(path, "re");
    if (!f)
        return false;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    /* The name, in parentheses, may hold spaces: fields go on after the last ')'. */
    char *p = strrchr(buf, ')');
    if (!p)
        return false;
    /* Field 3 (state) is the first after it; the start time is field 22. */
    p++;
    for (int field = 3; field < 22; field++) {
        p = strchr(p + 1, ' ');
        if (!p)
            return false;
    }
    return sscanf(p + 1, "%llu", start) == 1;
}

static bool process_alive(long pid, unsigned long long start, void *ctx)
{
    (void)ctx;
    unsigned long long now_start;
    return limits_process_start(pid, &now_start) && now_start == start;
}

static void boot_id(char *out, size_t len)
{
    FILE *f = fopen("/proc/sys/kernel/random/boot_id", "re");
    if (!f || !fgets(out, (int)len, f))
        snprintf(out, len, "unknown");
    if (f)
        fclose(f);
    out[strcspn(out, "\n ")] = 0;
}

static char *read_all(int fd)
{
    struct stat st;
    if (fstat(fd, &st) < 0)
        return NULL;
    size_t size = st.st_size > TABLE_MAX ? 0 : (size_t)st.st_size;
    char *text = malloc(size + 1);
    if (!text)
        return NULL;
    size_t got = 0;
    while (got < size) {
        ssize_t r = pread(fd, text + got, size - got, (off_t)got);
        if (r <= 0)
            break;
        got += (size_t)r;
    }
    text[got] = 0;
    return text;
}

static int write_all(int fd, const char *text)
{
    size_t len = strlen(text), done = 0;
    if (ftruncate(fd, 0) < 0)
        return -1;
    while (done < len) {
        ssize_t w = pwrite(fd, text + done, len - done, (off_t)done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        done += (size_t)w;
    }
    return 0;
}

int limits_admit(const char *path, const limits_rules *rules, const char *addr,
                 long long *wait_s, char *why, size_t why_len)
{
    limits_session me;
    memset(&me, 0, sizeof me);
    snprintf(me.addr, sizeof me.addr, "%s", addr);
    me.pid = (long)getpid();
    me.at = (long long)time(NULL);
    if (!limits_process_start(me.pid, &me.start)) {
        snprintf(why, why_len, "cannot read /proc/self/stat: %s", strerror(errno));
        return -1;
    }
    char boot[64];
    boot_id(boot, sizeof boot);

    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0) {
        snprintf(why, why_len, "cannot open %s: %s", path, strerror(errno));
        return -1;
    }
    if (flock(fd, LOCK_EX) < 0) {
        snprintf(why, why_len, "cannot lock %s: %s", path, strerror(errno));
        close(fd);
        return -1;
    }
    char *text = read_all(fd), *out = NULL;
    limits_verdict v = limits_decide(text, boot, rules, &me, process_alive, NULL, &out, wait_s);
    free(text);
    int rc = (int)v;
    if (!out || write_all(fd, out) < 0) {
        snprintf(why, why_len, "cannot write %s: %s", path, out ? strerror(errno) : "out of memory");
        rc = -1;
    }
    free(out);
    close(fd); /* and the lock with it */
    return rc;
}
