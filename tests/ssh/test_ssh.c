/* botpit-ssh's decisions: the player from sshd's auth info, the address and
 * its /64, what the client may choose (TERM, locale), the keys command's
 * answer, the limits table, the settings file and the sandbox. */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "limits.h"
#include "play.h"
#include "sandbox.h"
#include "settings.h"

/* ssh-keygen -t ed25519 / -t rsa; the fingerprints are what ssh-keygen -l printed. */
#define ED25519 "AAAAC3NzaC1lZDI1NTE5AAAAINgrdgouauqahtj1ee1D5PcXSJhF9mZFkIlaWRL4Lpfa"
#define ED25519_FP "SHA256:NM78q1ENIBCxV9ISR0+E8wWDz080IjJENUmVtdw68Yc"
#define ED25519_HEX "34cefcab510d2010b157d212474f84f30583cf4f34223244354995b5dc3af187"
#define RSA "AAAAB3NzaC1yc2EAAAADAQABAAABAQDZEl65jz/YWqkrkq72p1EKuTyscWcm126Q4H5RWcNKbB70Q9D0mQMzJuUCCT5KR+DyrJ0/7G/IWzPWt0OsaPj/vIWOl3fsbD8flltn3V+N9wVsOPV12k85ceEoIa8mAspAd3j9cRSHa6Q7Ctu2sJqx+xds6KtJXU7Fcdw90f3nMN6KCiruxmLCcSPXweqqnqerk18NNcd1aH2Evm5CK8kOpbOvlsNRU47zXLF57wBU4P7MGgwia2dIwRowQnQCBfHcQylMaQU5sZMgep91H2x3GnummMhhuyLfYgsZA0nDKJVML4CH/t+GP+qz8R3RlS6LUp5zZMOmKMX/nwUYO3TH"
#define RSA_FP "SHA256:9TnN68zi+hXKo1heqrW/bmq5fPecrLuuTmdMtXIpCQM"

/* ---- the player ---- */

Test(play_key, a_key_is_named_by_the_digest_ssh_keygen_shows)
{
    play_key k;
    cr_assert_eq(play_key_of("publickey ssh-ed25519 " ED25519 "\n", &k), 1);
    cr_assert_str_eq(k.fingerprint, ED25519_FP);
    cr_assert_str_eq(k.hex, ED25519_HEX);
    cr_assert_eq(play_key_of("publickey ssh-rsa " RSA "\n", &k), 1);
    cr_assert_str_eq(k.fingerprint, RSA_FP);
}

Test(play_key, the_first_publickey_line_counts_after_other_methods)
{
    play_key k;
    cr_assert_eq(play_key_of("keyboard-interactive\npublickey ssh-ed25519 " ED25519 "\npublickey ssh-rsa " RSA "\n", &k), 1);
    cr_assert_str_eq(k.fingerprint, ED25519_FP);
}

Test(play_key, no_key_is_a_guest)
{
    play_key k;
    cr_assert_eq(play_key_of("keyboard-interactive\n", &k), 0);
    cr_assert_eq(play_key_of("", &k), 0);
    cr_assert_eq(play_key_of(NULL, &k), 0, "no auth info file at all");
    cr_assert_eq(k.hex[0], 0);
}

Test(play_key, a_line_that_is_not_a_key_is_refused_not_a_guest)
{
    play_key k;
    cr_assert_eq(play_key_of("publickey ssh-ed25519\n", &k), -1, "no key");
    cr_assert_eq(play_key_of("publickey ssh-ed25519 AAAA!!!!\n", &k), -1, "not base64");
    cr_assert_eq(play_key_of("publickey ssh-rsa " ED25519 "\n", &k), -1, "the blob names another type");
    cr_assert_eq(play_key_of("publickey ../../x " ED25519 "\n", &k), -1, "not a type's name");
}

/* ---- the address ---- */

Test(play_address, the_client_is_the_first_word_of_ssh_connection)
{
    char a[64];
    cr_assert(play_client_address("203.0.113.7 50022 198.51.100.1 22", a, sizeof a));
    cr_assert_str_eq(a, "203.0.113.7");
    cr_assert(play_client_address("2001:db8:1:2:3:4:5:6 50022 2001:db8::1 22", a, sizeof a));
    cr_assert_str_eq(a, "2001:db8:1:2:3:4:5:6");
    cr_assert_not(play_client_address("evil\r\nX: 1 2 3 4", a, sizeof a));
    cr_assert_not(play_client_address("", a, sizeof a));
    cr_assert_not(play_client_address(NULL, a, sizeof a));
}

Test(play_address, an_ipv6_address_counts_by_its_64)
{
    char k1[80], k2[80];
    cr_assert(play_address_key("2001:db8:1:2:3:4:5:6", k1, sizeof k1));
    cr_assert(play_address_key("2001:db8:1:2:ffff::1", k2, sizeof k2));
    cr_assert_str_eq(k1, "2001:db8:1:2::/64");
    cr_assert_str_eq(k1, k2);
    cr_assert(play_address_key("2001:db8:1:3::1", k2, sizeof k2));
    cr_assert_str_neq(k1, k2);
    cr_assert(play_address_key("203.0.113.7", k1, sizeof k1));
    cr_assert_str_eq(k1, "203.0.113.7");
}

/* ---- what the client may choose ---- */

Test(play_term, a_plain_terminfo_name_passes_anything_else_becomes_xterm)
{
    cr_assert_str_eq(play_term("xterm-256color"), "xterm-256color");
    cr_assert_str_eq(play_term("tmux-256color"), "tmux-256color");
    cr_assert_str_eq(play_term("rxvt-unicode+x"), "rxvt-unicode+x");
    cr_assert_str_eq(play_term("../../../tmp/evil"), "xterm-256color");
    cr_assert_str_eq(play_term("/tmp/evil"), "xterm-256color");
    cr_assert_str_eq(play_term("xterm;sh"), "xterm-256color");
    cr_assert_str_eq(play_term("xterm$(sh)"), "xterm-256color");
    cr_assert_str_eq(play_term(""), "xterm-256color");
    cr_assert_str_eq(play_term(NULL), "xterm-256color");
    char long_name[200];
    memset(long_name, 'x', sizeof long_name - 1);
    long_name[sizeof long_name - 1] = 0;
    cr_assert_str_eq(play_term(long_name), "xterm-256color");
}

Test(play_locale, utf8_unless_the_client_names_another_charset)
{
    cr_assert_str_eq(play_locale(NULL, NULL, NULL), "C.UTF-8");
    cr_assert_str_eq(play_locale(NULL, NULL, "en_GB.UTF-8"), "C.UTF-8");
    cr_assert_str_eq(play_locale(NULL, "UTF-8", "C"), "C.UTF-8", "macOS sends LC_CTYPE=UTF-8");
    cr_assert_str_eq(play_locale("de_DE.ISO-8859-1", NULL, "en_GB.UTF-8"), "C", "LC_ALL wins");
    cr_assert_str_eq(play_locale(NULL, NULL, "C"), "C");
    cr_assert_str_eq(play_locale(NULL, NULL, "../../../tmp/x"), "C", "never a path");
}

Test(play_keys, any_well_formed_key_is_let_in_with_a_terminal_only)
{
    char line[4096];
    cr_assert(play_authorized_line("ssh-ed25519", ED25519, line, sizeof line));
    cr_assert_str_eq(line, "restrict,pty ssh-ed25519 " ED25519);
    cr_assert_not(play_authorized_line("ssh-ed25519", "AAAA\nrestrict", line, sizeof line));
    cr_assert_not(play_authorized_line("command=\"sh\"", ED25519, line, sizeof line));
    cr_assert_not(play_authorized_line("ssh-rsa", ED25519, line, sizeof line));
    cr_assert_not(play_authorized_line(NULL, ED25519, line, sizeof line));
}

/* ---- the limits ---- */

typedef struct fake_procs {
    long alive[16];
    int n;
} fake_procs;

static bool fake_alive(long pid, unsigned long long start, void *ctx)
{
    (void)start;
    const fake_procs *f = ctx;
    for (int i = 0; i < f->n; i++)
        if (f->alive[i] == pid)
            return true;
    return false;
}

static limits_session at(const char *addr, long pid, long long t)
{
    limits_session s;
    memset(&s, 0, sizeof s);
    snprintf(s.addr, sizeof s.addr, "%s", addr);
    s.pid = pid;
    s.start = (unsigned long long)pid * 10;
    s.at = t;
    return s;
}

/* Admits sessions one after another into *table (owned). */
static limits_verdict admit(char **table, const limits_rules *r, limits_session me, fake_procs *f,
                            long long *wait)
{
    char *out = NULL;
    limits_verdict v = limits_decide(*table, "boot-1", r, &me, fake_alive, f, &out, wait);
    cr_assert_not_null(out);
    free(*table);
    *table = out;
    if (v == LIMITS_OK)
        f->alive[f->n++] = me.pid;
    return v;
}

Test(limits, one_address_gets_per_address_sessions_at_once_others_are_not_held_up)
{
    limits_rules r = {.per_address = 2, .per_minute = 100, .total = 100};
    fake_procs f = {0};
    char *table = NULL;
    long long wait;
    cr_assert_eq(admit(&table, &r, at("203.0.113.7", 101, 1000), &f, &wait), LIMITS_OK);
    cr_assert_eq(admit(&table, &r, at("203.0.113.7", 102, 1001), &f, &wait), LIMITS_OK);
    cr_assert_eq(admit(&table, &r, at("203.0.113.7", 103, 1002), &f, &wait), LIMITS_BUSY);
    cr_assert_eq(admit(&table, &r, at("198.51.100.9", 104, 1002), &f, &wait), LIMITS_OK,
                 "another address still gets in");
    f.alive[0] = 0; /* session 101 ends */
    cr_assert_eq(admit(&table, &r, at("203.0.113.7", 105, 1003), &f, &wait), LIMITS_OK,
                 "a place is free again once a session ends");
    free(table);
}

Test(limits, one_address_begins_per_minute_sessions_then_waits_for_the_oldest_to_age)
{
    limits_rules r = {.per_address = 100, .per_minute = 3, .total = 100};
    fake_procs f = {0};
    char *table = NULL;
    long long wait = 0;
    /* Sessions that end at once still count for the minute. */
    for (int i = 0; i < 3; i++) {
        cr_assert_eq(admit(&table, &r, at("203.0.113.7", 200 + i, 1000 + 10 * i), &f, &wait), LIMITS_OK);
        f.n = 0;
    }
    cr_assert_eq(admit(&table, &r, at("203.0.113.7", 210, 1030), &f, &wait), LIMITS_RATE);
    cr_assert_eq(wait, 30, "the first of the three leaves the minute at 1060");
    cr_assert_eq(admit(&table, &r, at("198.51.100.9", 211, 1030), &f, &wait), LIMITS_OK);
    cr_assert_eq(admit(&table, &r, at("203.0.113.7", 212, 1060), &f, &wait), LIMITS_OK,
                 "a minute after the first, one more may begin");
    free(table);
}

Test(limits, the_host_takes_total_sessions_in_all)
{
    limits_rules r = {.per_address = 0, .per_minute = 0, .total = 2};
    fake_procs f = {0};
    char *table = NULL;
    long long wait;
    cr_assert_eq(admit(&table, &r, at("192.0.2.1", 301, 1000), &f, &wait), LIMITS_OK);
    cr_assert_eq(admit(&table, &r, at("192.0.2.2", 302, 1000), &f, &wait), LIMITS_OK);
    cr_assert_eq(admit(&table, &r, at("192.0.2.3", 303, 1000), &f, &wait), LIMITS_FULL);
    free(table);
}

Test(limits, ended_sessions_older_than_a_minute_are_forgotten)
{
    limits_rules r = {.per_address = 5, .per_minute = 5, .total = 5};
    fake_procs f = {0};
    char *table = NULL;
    long long wait;
    admit(&table, &r, at("192.0.2.1", 401, 1000), &f, &wait);
    admit(&table, &r, at("192.0.2.2", 402, 1000), &f, &wait);
    f.n = 1; /* 402 ended; 401 lives on */
    admit(&table, &r, at("192.0.2.3", 403, 2000), &f, &wait);
    cr_assert(strstr(table, "192.0.2.1 401 "), "a live session stays, however old:\n%s", table);
    cr_assert_null(strstr(table, "192.0.2.2"), "an ended one out of the minute goes:\n%s", table);
    cr_assert(strstr(table, "192.0.2.3 403 "));
    free(table);
}

Test(limits, a_table_from_another_boot_or_damaged_counts_nothing)
{
    limits_rules r = {.per_address = 1, .per_minute = 1, .total = 1};
    fake_procs f = {.alive = {501}, .n = 1};
    limits_session me = at("192.0.2.1", 502, 1000);
    char *out = NULL;
    long long wait;
    cr_assert_eq(limits_decide("boot-0\n192.0.2.1 501 5010 999\n", "boot-1", &r, &me, fake_alive, &f, &out, &wait),
                 LIMITS_OK, "pid 501 is another boot's");
    free(out);
    cr_assert_eq(limits_decide("boot boot-1\ngarbage\n\n192.0.2.1 x y z\n", "boot-1", &r, &me, fake_alive, &f,
                               &out, &wait), LIMITS_OK);
    cr_assert(strstr(out, "192.0.2.1 502 5020 1000"), "%s", out);
    free(out);
}

Test(limits, the_file_counts_this_process_until_it_ends)
{
    char dir[] = "/tmp/botpit-ssh-test-XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    char path[128], why[300];
    snprintf(path, sizeof path, "%s/sessions", dir);
    limits_rules r = {.per_address = 1, .per_minute = 10, .total = 10};
    long long wait;
    cr_assert_eq(limits_admit(path, &r, "192.0.2.1", &wait, why, sizeof why), LIMITS_OK, "%s", why);
    struct stat st;
    cr_assert_eq(stat(path, &st), 0);
    cr_assert_eq(st.st_mode & 0777, 0600);
    cr_assert_eq(limits_admit(path, &r, "192.0.2.1", &wait, why, sizeof why), LIMITS_BUSY,
                 "this process still runs, so its session counts");
    unsigned long long start;
    cr_assert(limits_process_start(getpid(), &start));
    cr_assert_not(limits_process_start(999999999, &start));
    unlink(path);
    rmdir(dir);
}

/* ---- settings ---- */

Test(settings, defaults_then_the_file_over_them)
{
    settings s;
    settings_defaults(&s);
    cr_assert_str_eq(s.server, "ws://127.0.0.1:8080/ws");
    cr_assert_eq(s.limits.per_address, 4);
    char why[300];
    cr_assert_eq(settings_parse(&s, "# a comment\n\nserver ws://127.0.0.1:9000/ws  # trailing\n"
                                    "per-address 2\nper-minute 0\nmax 7\nstate /srv/x\n", why, sizeof why), 0, "%s", why);
    cr_assert_str_eq(s.server, "ws://127.0.0.1:9000/ws");
    cr_assert_eq(s.limits.per_address, 2);
    cr_assert_eq(s.limits.per_minute, 0);
    cr_assert_eq(s.limits.total, 7);
    cr_assert_str_eq(s.state, "/srv/x");
}

Test(settings, a_bad_line_is_named)
{
    settings s;
    settings_defaults(&s);
    char why[300];
    cr_assert_eq(settings_parse(&s, "per-address 2\nper-adress 3\n", why, sizeof why), -1);
    cr_assert(strstr(why, "line 2") && strstr(why, "per-adress"), "%s", why);
    cr_assert_eq(settings_parse(&s, "max -1\n", why, sizeof why), -1);
    cr_assert_eq(settings_parse(&s, "server http://x\n", why, sizeof why), -1);
    cr_assert_eq(settings_parse(&s, "tui botpit-tui\n", why, sizeof why), -1, "%s", why);
    cr_assert_eq(settings_parse(&s, "max\n", why, sizeof why), -1);
}

Test(settings, a_file_others_may_change_is_refused)
{
    char path[] = "/tmp/botpit-ssh-conf-XXXXXX";
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    cr_assert_eq(write(fd, "max 3\n", 6), 6);
    close(fd);
    settings s;
    char why[300];
    chmod(path, 0644);
    cr_assert_eq(settings_load(&s, path, why, sizeof why), 0, "%s", why);
    cr_assert_eq(s.limits.total, 3);
    chmod(path, 0666);
    cr_assert_eq(settings_load(&s, path, why, sizeof why), -1);
    cr_assert(strstr(why, "only root may change"), "%s", why);
    unlink(path);
    cr_assert_eq(settings_load(&s, path, why, sizeof why), 0, "no file: the defaults");
    cr_assert_eq(s.limits.total, 100);
}

/* ---- the sandbox ---- */

/* In a child held to `own`: 0 when it may write own/tui.json and may not
 * read other/tui.json nor open a terminal, else the step that failed. */
static int sandboxed_child(const char *own, const char *other)
{
    char why[300], path[300];
    if (sandbox_limits(why, sizeof why) < 0)
        return 10;
    int in_force = sandbox_landlock(own, NULL, why, sizeof why);
    if (in_force < 0)
        return 11;
    if (in_force == 0)
        return 77; /* this kernel has no Landlock */
    snprintf(path, sizeof path, "%s/tui.json", own);
    FILE *f = fopen(path, "w");
    if (!f || fputs("{}\n", f) < 0 || fclose(f) != 0)
        return 12;
    snprintf(path, sizeof path, "%s/tui.json", other);
    if (fopen(path, "r") != NULL || errno != EACCES)
        return 13;
    if (open("/dev/ptmx", O_RDWR) >= 0 || open("/tmp", O_RDONLY | O_DIRECTORY) >= 0)
        return 14;
    if (fopen("/etc/hostname", "r") == NULL && errno == EACCES)
        return 15; /* the system's settings stay readable */
    struct rlimit r;
    if (getrlimit(RLIMIT_CORE, &r) < 0 || r.rlim_max != 0)
        return 16;
    return 0;
}

Test(sandbox, a_player_reaches_their_own_folder_and_no_other)
{
    char own[] = "/tmp/botpit-ssh-own-XXXXXX", other[] = "/tmp/botpit-ssh-other-XXXXXX";
    cr_assert_not_null(mkdtemp(own));
    cr_assert_not_null(mkdtemp(other));
    char path[300];
    snprintf(path, sizeof path, "%s/tui.json", other);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    fputs("{\"token\": \"secret\"}\n", f);
    fclose(f);
    pid_t pid = fork();
    cr_assert_geq(pid, 0);
    if (pid == 0)
        _exit(sandboxed_child(own, other));
    int status = 0;
    cr_assert_eq(waitpid(pid, &status, 0), pid);
    cr_assert(WIFEXITED(status));
    if (WEXITSTATUS(status) == 77)
        cr_skip_test("this kernel has no Landlock");
    cr_assert_eq(WEXITSTATUS(status), 0, "the sandboxed child failed at step %d", WEXITSTATUS(status));
    char cmd[200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s' '%s'", own, other);
    cr_assert_eq(system(cmd), 0);
}
