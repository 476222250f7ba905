/*
 * sandbox.h: what botpit-tui may do once botpit-ssh hands over to it.
 *
 * Every player's session runs as the one play account, so file modes
 * alone cannot keep one player's token from another's session. The
 * wrapper names the only folder botpit-tui --kiosk writes, and before the
 * exec it also asks the kernel to hold the program to that: with Landlock
 * (Linux 5.13 and later, Debian 12's kernel) the process and whatever it
 * could become can read the system's programs, libraries and settings,
 * read and write its own player's folder, and open nothing else: not
 * another player's folder, not another player's terminal, not /tmp; nor
 * trace another session. Resource limits go with it (no core file, which
 * would hold the token; small files; few descriptors).
 */
#ifndef BOTPIT_SSH_SANDBOX_H
#define BOTPIT_SSH_SANDBOX_H

#include <stddef.h>

/* No new privileges, no core files, files of at most 1 MiB, 64 open
 * files. Returns 0, or -1 with why. */
int sandbox_limits(char *why, size_t why_len);

/* Landlock as above; own_dir (may be NULL: a guest keeps nothing) is the
 * one folder it may write, program the one file outside the system's
 * folders it may run (botpit-tui where it is installed). Returns 1 when in
 * force, 0 when the kernel has no Landlock (nothing changed), -1 with why
 * on an error. */
int sandbox_landlock(const char *own_dir, const char *program, char *why, size_t why_len);

#endif
