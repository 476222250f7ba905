/*
 * faultvfs.c: a SQLite VFS over the default one whose writes can be made to
 * fail as a full disk or a read-only file system makes them fail, for tests
 * that need no privileges (no mounts, no root).
 *
 * botpit-test links it: when BOTPIT_FAULTS names a file, it becomes the
 * default VFS at start-up and reads that file before every write: "full"
 * fails the write as a full disk does (SQLITE_FULL), "readonly" as a file
 * system remounted read-only does (EROFS: SQLITE_IOERR_WRITE), anything else
 * (or no file) lets it through. Unit tests switch it with faultvfs_set.
 */
#include "faultvfs.h"

#include <fcntl.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct fault_file {
    sqlite3_file base;
    sqlite3_file *real; /* the default VFS's file, right after this struct */
} fault_file;

static sqlite3_vfs *real_vfs;
static sqlite3_vfs fault_vfs;
static const char *control_path;
static fault_mode forced = FAULT_NONE;

void faultvfs_set(fault_mode m)
{
    forced = m;
}

static fault_mode current_mode(void)
{
    if (forced != FAULT_NONE || !control_path)
        return forced;
    char word[16] = "";
    int fd = open(control_path, O_RDONLY);
    if (fd >= 0) {
        ssize_t n = read(fd, word, sizeof word - 1);
        word[n > 0 ? n : 0] = '\0';
        close(fd);
    }
    if (strncmp(word, "full", 4) == 0)
        return FAULT_FULL;
    if (strncmp(word, "readonly", 8) == 0)
        return FAULT_READONLY;
    return FAULT_NONE;
}

/* The error a write gets under the current mode, or SQLITE_OK. */
static int write_fault(void)
{
    switch (current_mode()) {
    case FAULT_FULL: return SQLITE_FULL;
    case FAULT_READONLY: return SQLITE_IOERR_WRITE;
    case FAULT_NONE: break;
    }
    return SQLITE_OK;
}

static sqlite3_file *real_of(sqlite3_file *f)
{
    return ((fault_file *)f)->real;
}

static int f_close(sqlite3_file *f)
{
    return real_of(f)->pMethods->xClose(real_of(f));
}

static int f_read(sqlite3_file *f, void *buf, int n, sqlite3_int64 off)
{
    return real_of(f)->pMethods->xRead(real_of(f), buf, n, off);
}

static int f_write(sqlite3_file *f, const void *buf, int n, sqlite3_int64 off)
{
    int fault = write_fault();
    return fault ? fault : real_of(f)->pMethods->xWrite(real_of(f), buf, n, off);
}

static int f_truncate(sqlite3_file *f, sqlite3_int64 size)
{
    int fault = write_fault();
    return fault ? fault : real_of(f)->pMethods->xTruncate(real_of(f), size);
}

static int f_sync(sqlite3_file *f, int flags)
{
    return real_of(f)->pMethods->xSync(real_of(f), flags);
}

static int f_file_size(sqlite3_file *f, sqlite3_int64 *size)
{
    return real_of(f)->pMethods->xFileSize(real_of(f), size);
}

static int f_lock(sqlite3_file *f, int level)
{
    return real_of(f)->pMethods->xLock(real_of(f), level);
}

static int f_unlock(sqlite3_file *f, int level)
{
    return real_of(f)->pMethods->xUnlock(real_of(f), level);
}

static int f_check_reserved(sqlite3_file *f, int *out)
{
    return real_of(f)->pMethods->xCheckReservedLock(real_of(f), out);
}

static int f_file_control(sqlite3_file *f, int op, void *arg)
{
    return real_of(f)->pMethods->xFileControl(real_of(f), op, arg);
}

static int f_sector_size(sqlite3_file *f)
{
    return real_of(f)->pMethods->xSectorSize(real_of(f));
}

static int f_device(sqlite3_file *f)
{
    return real_of(f)->pMethods->xDeviceCharacteristics(real_of(f));
}

static int f_shm_map(sqlite3_file *f, int region, int size, int extend, void volatile **p)
{
    return real_of(f)->pMethods->xShmMap(real_of(f), region, size, extend, p);
}

static int f_shm_lock(sqlite3_file *f, int offset, int n, int flags)
{
    return real_of(f)->pMethods->xShmLock(real_of(f), offset, n, flags);
}

static void f_shm_barrier(sqlite3_file *f)
{
    real_of(f)->pMethods->xShmBarrier(real_of(f));
}

static int f_shm_unmap(sqlite3_file *f, int delete_flag)
{
    return real_of(f)->pMethods->xShmUnmap(real_of(f), delete_flag);
}

static int f_fetch(sqlite3_file *f, sqlite3_int64 off, int n, void **p)
{
    return real_of(f)->pMethods->xFetch(real_of(f), off, n, p);
}

static int f_unfetch(sqlite3_file *f, sqlite3_int64 off, void *p)
{
    return real_of(f)->pMethods->xUnfetch(real_of(f), off, p);
}

static const sqlite3_io_methods fault_io = {
    3,           f_close,      f_read,        f_write,          f_truncate,
    f_sync,      f_file_size,  f_lock,        f_unlock,         f_check_reserved,
    f_file_control, f_sector_size, f_device,  f_shm_map,        f_shm_lock,
    f_shm_barrier, f_shm_unmap, f_fetch,      f_unfetch,
};

static int f_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *file, int flags,
                  int *out_flags)
{
    (void)vfs;
    fault_file *f = (fault_file *)file;
    f->real = (sqlite3_file *)&f[1];
    int rc = real_vfs->xOpen(real_vfs, name, f->real, flags, out_flags);
    f->base.pMethods = f->real->pMethods ? &fault_io : NULL;
    return rc;
}

void faultvfs_install(void)
{
    if (real_vfs)
        return;
    real_vfs = sqlite3_vfs_find(NULL);
    fault_vfs = *real_vfs;
    fault_vfs.zName = "faults";
    fault_vfs.szOsFile = (int)sizeof(fault_file) + real_vfs->szOsFile;
    fault_vfs.xOpen = f_open;
    fault_vfs.pNext = NULL;
    sqlite3_vfs_register(&fault_vfs, 1);
}

__attribute__((constructor)) static void install_from_environment(void)
{
    control_path = getenv("BOTPIT_FAULTS");
    if (control_path)
        faultvfs_install();
}
