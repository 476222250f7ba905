#include "tools/scratch_db.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int scratch_db_make(scratch_db *d, const char *prefix)
{
    int n = snprintf(d->dir, sizeof d->dir, "/tmp/%s-XXXXXX", prefix);
    if (n < 0 || (size_t)n >= sizeof d->dir || !mkdtemp(d->dir))
        return -1;
    snprintf(d->path, sizeof d->path, "%s/bench.db", d->dir);
    return 0;
}

void scratch_db_remove(const scratch_db *d)
{
    static const char *const sides[] = {"", "-wal", "-shm"};
    for (int k = 0; k < 3; k++) {
        char f[sizeof d->path + 8];
        snprintf(f, sizeof f, "%s%s", d->path, sides[k]);
        unlink(f);
    }
    rmdir(d->dir);
}
