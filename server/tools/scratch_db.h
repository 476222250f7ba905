/* scratch_db.h: a database file of a benchmark's own, in a fresh folder
 * under /tmp, and its removal with SQLite's side files. */
#ifndef BOTPIT_SCRATCH_DB_H
#define BOTPIT_SCRATCH_DB_H

typedef struct scratch_db {
    char dir[48];   /* the folder, made by mkdtemp */
    char path[64];  /* the database file in it */
} scratch_db;

/* Makes the folder /tmp/<prefix>-XXXXXX; 0, or -1 if it cannot. */
int scratch_db_make(scratch_db *d, const char *prefix);
/* Removes the file, its -wal and -shm, and the folder. */
void scratch_db_remove(const scratch_db *d);

#endif
