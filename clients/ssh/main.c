/*
 * botpit-ssh: the play account's only program. sshd runs it for every
 * session of that account (as its login shell, and as the Match block's
 * ForceCommand), and for every offered key (AuthorizedKeysCommand
 * `botpit-ssh keys %t %k`, which lets any key in). It counts the session
 * against the limits, refuses commands, file copies and sessions without a
 * terminal, picks the player's folder from the key sshd verified (none
 * for a guest), drops the environment, holds the process to that folder,
 * and becomes `botpit-tui --kiosk` on the local server.
 *
 *   botpit-ssh                     a session, with /etc/botpit/botpit-ssh.conf
 *   botpit-ssh -c ANYTHING         the same (sshd runs a shell so); ANYTHING is ignored
 *   botpit-ssh --config FILE       a session with another settings file (tests)
 *   botpit-ssh keys TYPE KEY       the AuthorizedKeysCommand's answer
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <syslog.h>
#include <unistd.h>

#include "limits.h"
#include "play.h"
#include "sandbox.h"
#include "settings.h"

static const char usage[] =
    "Usage: botpit-ssh [--config FILE]\n"
    "       botpit-ssh keys TYPE KEY\n"
    "\n"
    "The play account's program: sshd runs it for each session of that account\n"
    "and it becomes botpit-tui --kiosk, the player's folder chosen by their key\n"
    "(none: a guest). Settings: " SETTINGS_FILE ". See the README, \"Play over SSH\".\n";

/* What sshd said, read before the environment is dropped. */
typedef struct session_env {
    const char *connection, *auth_file, *command, *term, *lc_all, *lc_ctype, *lang;
} session_env;

static void tell(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void tell(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("Botpit: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

static int keys_answer(int argc, char **argv)
{
    char line[20000];
    if (argc != 4 || !play_authorized_line(argv[2], argv[3], line, sizeof line))
        return 1; /* nothing printed: sshd refuses the key */
    puts(line);
    return fflush(stdout) == 0 ? 0 : 1;
}

static char *read_small_file(const char *path)
{
    FILE *f = path ? fopen(path, "re") : NULL;
    if (!f)
        return NULL;
    static char text[65536];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = 0;
    return text;
}

/* The limits say no: a sentence for the player, a line for the host's log. */
static void refuse(int verdict, const settings *s, const char *addr, long long wait_s)
{
    switch (verdict) {
    case LIMITS_BUSY:
        tell("%d games are already open from your address; close one of them first.",
             s->limits.per_address);
        break;
    case LIMITS_RATE:
        tell("too many new connections from your address in the last minute; try again in %lld s.",
             wait_s);
        break;
    default:
        tell("the server has as many terminal players as it takes; try again later, "
             "or open its page in a browser.");
        break;
    }
    syslog(LOG_NOTICE, "refused %s: %s", addr,
           verdict == LIMITS_BUSY ? "sessions at once" : verdict == LIMITS_RATE ? "sessions a minute"
                                                                              : "server full");
}

/* A terminal this machine has no description of (a newer emulator's own
 * TERM) would stop the game before it starts: it gets the common one. */
static const char *known_term(const char *term)
{
    static const char *const dirs[] = {"/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo"};
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        char path[200];
        snprintf(path, sizeof path, "%s/%c/%s", dirs[i], term[0], term);
        if (access(path, R_OK) == 0)
            return term;
    }
    return "xterm-256color";
}

/* keys/<hex> under the state folder, made 0700 if new. */
static int player_folder(const settings *s, const play_key *key, char *out, size_t len)
{
    char keys[600];
    snprintf(keys, sizeof keys, "%s/keys", s->state);
    if (mkdir(keys, 0700) < 0 && errno != EEXIST)
        return -1;
    if ((size_t)snprintf(out, len, "%s/%s", keys, key->hex) >= len)
        return -1;
    if (mkdir(out, 0700) < 0 && errno != EEXIST)
        return -1;
    struct stat st;
    return lstat(out, &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == geteuid() ? 0 : -1;
}

static int session(const char *config_path)
{
    session_env e = {getenv("SSH_CONNECTION"), getenv("SSH_USER_AUTH"), getenv("SSH_ORIGINAL_COMMAND"),
                     getenv("TERM"), getenv("LC_ALL"), getenv("LC_CTYPE"), getenv("LANG")};
    openlog("botpit-ssh", LOG_PID, LOG_AUTH);
    umask(077);
    settings s;
    char why[600];
    if (settings_load(&s, config_path, why, sizeof why) < 0) {
        syslog(LOG_ERR, "%s", why);
        tell("the game's settings here are wrong; the host's log says how.");
        return 1;
    }
    char addr[64], addr_key[80];
    if (!play_client_address(e.connection, addr, sizeof addr) ||
        !play_address_key(addr, addr_key, sizeof addr_key)) {
        fputs("botpit-ssh: sshd runs this for the play account; SSH_CONNECTION names no client\n",
              stderr);
        return 2;
    }
    /* Every session counts, whatever it asks for: a refused command costs a
     * login too. */
    char table[600];
    snprintf(table, sizeof table, "%s/sessions", s.state);
    long long wait_s = 0;
    int verdict = limits_admit(table, &s.limits, addr_key, &wait_s, why, sizeof why);
    if (verdict < 0) {
        syslog(LOG_ERR, "%s", why);
        tell("cannot count sessions here, so none may begin; the host's log says why.");
        return 1;
    }
    if (verdict != LIMITS_OK) {
        refuse(verdict, &s, addr, wait_s);
        return 1;
    }
    if (e.command && *e.command) {
        tell("this account only plays the game: it runs no commands, copies no files and has "
             "no sftp. Connect with no command: ssh play@<this host>");
        syslog(LOG_NOTICE, "refused %s: a command, file copy or subsystem", addr);
        return 1;
    }
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
        tell("the game needs a terminal: connect with ssh -t play@<this host> (or leave out -T).");
        return 1;
    }

    play_key key;
    int has_key = play_key_of(read_small_file(e.auth_file), &key);
    char folder[700] = "";
    if (has_key < 0) {
        syslog(LOG_ERR, "%s: the auth info names a key that does not parse", addr);
        tell("your key could not be read here; connect without it to play as a guest.");
        return 1;
    }
    if (has_key && player_folder(&s, &key, folder, sizeof folder) < 0) {
        syslog(LOG_ERR, "cannot make the folder of %s under %s/keys: %s", key.fingerprint, s.state,
               strerror(errno));
        tell("cannot keep your player here right now; the host's log says why.");
        return 1;
    }
    syslog(LOG_INFO, "%s plays as %s", addr, has_key ? key.fingerprint : "a guest");
    if (has_key)
        tell("your key %s is your player here: the same name and games each time.",
             key.fingerprint);
    else
        tell("no key, so you play as a guest (log in with an SSH key to keep your name).");

    char term[80], lang[32];
    snprintf(term, sizeof term, "TERM=%s", known_term(play_term(e.term)));
    snprintf(lang, sizeof lang, "LANG=%s", play_locale(e.lc_all, e.lc_ctype, e.lang));
    char *env[] = {"PATH=/usr/bin:/bin", term, lang, NULL};
    char *args[10];
    int n = 0;
    args[n++] = s.tui;
    args[n++] = "--kiosk";
    if (has_key) {
        args[n++] = "--state";
        args[n++] = folder;
    }
    args[n++] = "--forwarded-for";
    args[n++] = addr;
    args[n++] = s.server;
    args[n] = NULL;

    if (sandbox_limits(why, sizeof why) < 0 || sandbox_landlock(has_key ? folder : NULL, s.tui, why, sizeof why) < 0) {
        syslog(LOG_ERR, "%s", why);
        tell("the game cannot start safely here; the host's log says why.");
        return 1;
    }
    closelog();
    execve(s.tui, args, env);
    int err = errno;
    openlog("botpit-ssh", LOG_PID, LOG_AUTH);
    syslog(LOG_ERR, "cannot run %s: %s", s.tui, strerror(err));
    tell("the game cannot start here; the host's log says why.");
    return 1;
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "keys") == 0)
        return keys_answer(argc, argv);
    if (argc == 1 || strcmp(argv[1], "-c") == 0)
        return session(SETTINGS_FILE); /* sshd's shell call: its words are the player's */
    if (argc == 3 && strcmp(argv[1], "--config") == 0)
        return session(argv[2]);
    if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        fputs(usage, stdout);
        return 0;
    }
    if (argc == 2 && strcmp(argv[1], "--version") == 0) {
        printf("botpit-ssh %s\n", BOTPIT_VERSION);
        return 0;
    }
    fputs(usage, stderr);
    return 2;
}
