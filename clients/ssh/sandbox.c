/* sandbox.c: resource limits and Landlock before the exec. */
#include "sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/landlock.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#define FS_READ (LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR)
#define FS_RUN (FS_READ | LANDLOCK_ACCESS_FS_EXECUTE)
#define FS_OWN (FS_READ | LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_MAKE_REG | \
                LANDLOCK_ACCESS_FS_REMOVE_FILE)
/* The rights a file (not a folder) can be given. */
#define FS_FILE (LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_WRITE_FILE | \
                 LANDLOCK_ACCESS_FS_EXECUTE)
/* Everything Landlock's first version can refuse, and REFER from its second. */
#define FS_ALL_V1 ((LANDLOCK_ACCESS_FS_MAKE_SYM << 1) - 1)

/* Programs and libraries (Debian's /lib and /bin are links into /usr; on
 * an older layout they are folders of their own). */
static const char *const run_paths[] = {"/usr", "/lib", "/lib64", "/lib32", "/libx32", "/bin", "/sbin"};
/* Settings, terminfo, locales; /proc and /sys for the C library (and the
 * sanitizers of a test build). */
static const char *const read_paths[] = {"/etc", "/proc", "/sys"};
/* Of /dev only these: other players' terminals are /dev/pts too. */
static const char *const dev_read[] = {"/dev/urandom", "/dev/random", "/dev/zero"};

int sandbox_limits(char *why, size_t why_len)
{
    static const struct {
        int resource;
        rlim_t max;
        const char *what;
    } limits[] = {
        {RLIMIT_CORE, 0, "core files"},
        {RLIMIT_FSIZE, 1 << 20, "file size"},
        {RLIMIT_NOFILE, 64, "open files"},
    };
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0) {
        snprintf(why, why_len, "cannot drop privileges for good: %s", strerror(errno));
        return -1;
    }
    for (size_t i = 0; i < sizeof limits / sizeof limits[0]; i++) {
        struct rlimit r;
        if (getrlimit(limits[i].resource, &r) < 0)
            r.rlim_max = limits[i].max;
        rlim_t v = limits[i].max < r.rlim_max ? limits[i].max : r.rlim_max;
        r.rlim_cur = r.rlim_max = v;
        if (setrlimit(limits[i].resource, &r) < 0) {
            snprintf(why, why_len, "cannot limit %s: %s", limits[i].what, strerror(errno));
            return -1;
        }
    }
    return 0;
}

/* Grants access beneath path (to path itself when it is a file); a path
 * that does not exist is skipped. */
static int allow(int ruleset, const char *path, uint64_t access, char *why, size_t why_len)
{
    int fd = open(path, O_PATH | O_CLOEXEC);
    if (fd < 0) {
        if (errno == ENOENT)
            return 0;
        snprintf(why, why_len, "cannot open %s: %s", path, strerror(errno));
        return -1;
    }
    struct stat st;
    if (fstat(fd, &st) == 0 && !S_ISDIR(st.st_mode))
        access &= FS_FILE;
    struct landlock_path_beneath_attr rule = {.allowed_access = access, .parent_fd = fd};
    long rc = syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &rule, 0);
    int err = errno;
    close(fd);
    if (rc < 0) {
        snprintf(why, why_len, "Landlock refused a rule for %s: %s", path, strerror(err));
        return -1;
    }
    return 0;
}

int sandbox_landlock(const char *own_dir, const char *program, char *why, size_t why_len)
{
    long abi = syscall(SYS_landlock_create_ruleset, NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);
    if (abi < 1)
        return 0; /* no Landlock in this kernel (ENOSYS) or switched off (EOPNOTSUPP) */
    struct landlock_ruleset_attr attr = {.handled_access_fs = FS_ALL_V1};
    if (abi >= 2)
        attr.handled_access_fs |= LANDLOCK_ACCESS_FS_REFER;
    int ruleset = (int)syscall(SYS_landlock_create_ruleset, &attr, sizeof attr, 0);
    if (ruleset < 0) {
        snprintf(why, why_len, "cannot make a Landlock ruleset: %s", strerror(errno));
        return -1;
    }
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < sizeof run_paths / sizeof run_paths[0]; i++)
        rc = allow(ruleset, run_paths[i], FS_RUN, why, why_len);
    for (size_t i = 0; rc == 0 && i < sizeof read_paths / sizeof read_paths[0]; i++)
        rc = allow(ruleset, read_paths[i], FS_READ, why, why_len);
    for (size_t i = 0; rc == 0 && i < sizeof dev_read / sizeof dev_read[0]; i++)
        rc = allow(ruleset, dev_read[i], LANDLOCK_ACCESS_FS_READ_FILE, why, why_len);
    if (rc == 0)
        rc = allow(ruleset, "/dev/null", LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_WRITE_FILE,
                   why, why_len);
    if (rc == 0 && program)
        rc = allow(ruleset, program, LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_READ_FILE, why,
                   why_len);
    if (rc == 0 && own_dir)
        rc = allow(ruleset, own_dir, FS_OWN, why, why_len);
    if (rc == 0 && syscall(SYS_landlock_restrict_self, ruleset, 0) < 0) {
        snprintf(why, why_len, "cannot enter the Landlock ruleset: %s", strerror(errno));
        rc = -1;
    }
    close(ruleset);
    return rc < 0 ? -1 : 1;
}
