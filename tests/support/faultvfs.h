/*
 * faultvfs.h: make SQLite's writes fail on demand, as a full disk or a
 * read-only file system would (faultvfs.c). For tests only.
 */
#ifndef BOTPIT_FAULTVFS_H
#define BOTPIT_FAULTVFS_H

typedef enum fault_mode { FAULT_NONE, FAULT_FULL, FAULT_READONLY } fault_mode;

/* Makes the fault VFS the default (idempotent; before opening a store). */
void faultvfs_install(void);
/* Every write from now on fails as `m` says (FAULT_NONE: they work). */
void faultvfs_set(fault_mode m);

#endif
