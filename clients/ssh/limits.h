/*
 * limits.h: how many players one address may have at once and may start
 * in a minute, and how many the host takes in all.
 *
 * Every session of the play account runs as the same user, so the count is
 * one small table in one file, read and rewritten under an exclusive lock
 * by each new session: a line per session, its address key, process id,
 * process start time and when it began. A session counts while its
 * process lives (botpit-tui keeps the wrapper's process id and start time
 * across exec), and for the minute's count until a minute has passed. The
 * file's first line is the boot's id: after a reboot no old process counts.
 */
#ifndef BOTPIT_SSH_LIMITS_H
#define BOTPIT_SSH_LIMITS_H

#include <stdbool.h>
#include <stddef.h>

typedef struct limits_rules {
    int per_address; /* sessions at once from one address (0: no limit) */
    int per_minute;  /* sessions begun in a minute from one address (0: no limit) */
    int total;       /* sessions at once in all (0: no limit) */
} limits_rules;

typedef struct limits_session {
    char addr[64];            /* the address key (play_address_key) */
    long pid;
    unsigned long long start; /* the process's start time, in clock ticks after boot */
    long long at;             /* when it began, seconds (the wall clock) */
} limits_session;

typedef enum limits_verdict {
    LIMITS_OK,
    LIMITS_BUSY,  /* per_address sessions from that address already */
    LIMITS_RATE,  /* per_minute begun from that address in the last minute */
    LIMITS_FULL,  /* total sessions already */
} limits_verdict;

/* Whether a session's process still runs. */
typedef bool (*limits_alive_fn)(long pid, unsigned long long start, void *ctx);

/* Decides whether `me` may begin, given the table's text (NULL or "" for
 * none), the boot's id and the time. On LIMITS_OK the new table (me
 * added) is in *out; on any verdict the table without what has expired.
 * *out is malloc'd (the caller frees it). *wait_s says, on LIMITS_RATE,
 * how many seconds until one more may begin. */
limits_verdict limits_decide(const char *table, const char *boot, const limits_rules *rules,
                             const limits_session *me, limits_alive_fn alive, void *ctx,
                             char **out, long long *wait_s);

/* The same on the file at path (created 0600 if missing), for this
 * process: locks it, decides, rewrites it. Returns the verdict, or -1 with
 * why when the file cannot be used. */
int limits_admit(const char *path, const limits_rules *rules, const char *addr,
                 long long *wait_s, char *why, size_t why_len);

/* This process's start time from /proc/PID/stat; false when it is gone. */
bool limits_process_start(long pid, unsigned long long *start);

#endif
