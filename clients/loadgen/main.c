/*
 * main.c: botpit-loadgen. The parent process runs the levels: for each it
 * forks the workers, starts them together, reads the server's /proc around
 * the measured window, and prints the merged figures.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "args.h"
#include "procstat.h"
#include "report.h"
#include "worker.h"

typedef struct child {
    pid_t pid;
    int ctl, rep; /* the parent's ends */
} child;

/* Open files: as many as the hard limit allows (the machine's ceiling). */
static rlim_t raise_fd_limit(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) != 0)
        return 1024;
    rl.rlim_cur = rl.rlim_max;
    if (setrlimit(RLIMIT_NOFILE, &rl) != 0 && getrlimit(RLIMIT_NOFILE, &rl) != 0)
        return 1024;
    return rl.rlim_cur;
}

static void sleep_until(int64_t at_us)
{
    struct timespec ts = {.tv_sec = at_us / 1000000, .tv_nsec = (at_us % 1000000) * 1000};
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR) {
    }
}

/* Reads exactly len bytes, waiting at most until deadline_us. */
static bool read_full(int fd, void *buf, size_t len, int64_t deadline_us)
{
    char *p = buf;
    while (len) {
        int64_t left = deadline_us - lg_now_us();
        if (left <= 0)
            return false;
        struct pollfd pfd = {.fd = fd, .events = POLLIN};
        int r = poll(&pfd, 1, (int)(left / 1000) + 1);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return false;
        ssize_t n = read(fd, p, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        p += n;
        len -= (size_t)n;
    }
    return true;
}

static bool write_full(int fd, const void *buf, size_t len)
{
    const char *p = buf;
    while (len) {
        ssize_t n = write(fd, p, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        p += n;
        len -= (size_t)n;
    }
    return true;
}

static bool spawn(child *ch, const lg_opts *o, int index, uint32_t first, uint32_t count,
                  uint32_t total)
{
    int ctl[2], rep[2];
    if (pipe2(ctl, O_CLOEXEC) != 0)
        return false;
    if (pipe2(rep, O_CLOEXEC) != 0) {
        close(ctl[0]);
        close(ctl[1]);
        return false;
    }
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0)
        return false;
    if (pid == 0) {
        close(ctl[1]);
        close(rep[0]);
        _exit(worker_main(o, index, first, count, total, ctl[0], rep[1]));
    }
    close(ctl[0]);
    close(rep[1]);
    *ch = (child){pid, ctl[1], rep[0]};
    return true;
}

static void end_children(child *kids, int n)
{
    for (int i = 0; i < n; i++) {
        /* A worker that is gone already makes this write fail: nothing to do. */
        (void)write_full(kids[i].ctl, "Q", 1);
        close(kids[i].ctl);
    }
    for (int i = 0; i < n; i++) {
        int status;
        while (waitpid(kids[i].pid, &status, 0) < 0 && errno == EINTR) {
        }
        close(kids[i].rep);
    }
}

/* The workers' shares: whole rooms each, as even as they come. */
static uint32_t share(const lg_opts *o, int clients, int workers, int i)
{
    uint32_t unit = o->scenario == LG_CHAT || o->scenario == LG_CHURN ||
                            o->scenario == LG_RECONNECT
                        ? (uint32_t)o->room_size
                        : 1;
    uint32_t rooms = ((uint32_t)clients + unit - 1) / unit;
    uint32_t first_room = rooms * (uint32_t)i / (uint32_t)workers;
    uint32_t end_room = rooms * (uint32_t)(i + 1) / (uint32_t)workers;
    uint32_t first = first_room * unit, end = end_room * unit;
    if (end > (uint32_t)clients)
        end = (uint32_t)clients;
    return first < end ? end - first : 0;
}

/* The servers' figures summed (the nodes of a distributed one): false if
 * none is given or one is gone. */
static bool servers_read(const lg_opts *o, procstat *sum)
{
    *sum = (procstat){0};
    for (int i = 0; i < o->n_server_pids; i++) {
        procstat one;
        if (!procstat_read(o->server_pids[i], &one))
            return false;
        sum->cpu_s += one.cpu_s;
        sum->rss_mb += one.rss_mb;
        sum->wait_s += one.wait_s;
    }
    return o->n_server_pids > 0;
}

/* Runs one level; false when it could not (the message is printed). */
static bool run_level(const lg_opts *o, int clients, report_level *r)
{
    int workers = (clients + o->per_process - 1) / o->per_process;
    /* Every host (node) gets as many workers, so the same share of clients. */
    workers = (workers + o->n_hosts - 1) / o->n_hosts * o->n_hosts;
    child *kids = calloc((size_t)workers, sizeof *kids);
    if (!kids)
        return false;
    *r = (report_level){.o = o, .clients = clients};
    int started = 0;
    uint32_t first = 0;
    for (int i = 0; i < workers; i++) {
        uint32_t count = share(o, clients, workers, i);
        if (!spawn(&kids[i], o, i, first, count, (uint32_t)clients)) {
            fprintf(stderr, "botpit-loadgen: cannot start a worker: %s\n", strerror(errno));
            end_children(kids, started);
            free(kids);
            return false;
        }
        first += count;
        started++;
    }
    bool ok = true;
    int64_t setup_deadline = lg_now_us() + (int64_t)((o->setup_timeout_s + 10) * 1e6);
    for (int i = 0; i < workers && ok; i++) {
        char tag;
        uint32_t ready;
        ok = read_full(kids[i].rep, &tag, 1, setup_deadline) && tag == 'R' &&
             read_full(kids[i].rep, &ready, sizeof ready, setup_deadline);
    }
    if (!ok) {
        fprintf(stderr, "botpit-loadgen: a worker did not finish setting up\n");
        end_children(kids, workers);
        free(kids);
        return false;
    }
    int64_t go = lg_now_us() + 200000;
    for (int i = 0; i < workers; i++) {
        char msg[1 + sizeof go];
        msg[0] = 'G';
        memcpy(msg + 1, &go, sizeof go);
        if (!write_full(kids[i].ctl, msg, sizeof msg))
            ok = false;
    }
    int64_t window_at = go + (int64_t)(o->warmup_s * 1e6);
    sleep_until(window_at);
    procstat before = {0}, after = {0};
    bool server = servers_read(o, &before);
    int64_t end_deadline = window_at + (int64_t)((o->seconds + 30) * 1e6);
    lg_result *res = malloc(sizeof *res);
    for (int i = 0; i < workers && ok && res; i++) {
        char tag;
        ok = read_full(kids[i].rep, &tag, 1, end_deadline) && tag == 'D' &&
             read_full(kids[i].rep, res, sizeof *res, end_deadline);
        if (ok)
            report_merge(r, res);
    }
    int64_t window_end = lg_now_us();
    server = server && servers_read(o, &after);
    free(res);
    end_children(kids, workers);
    free(kids);
    if (!ok) {
        fprintf(stderr, "botpit-loadgen: a worker did not report\n");
        return false;
    }
    r->window_s = (double)(window_end - window_at) / 1e6;
    r->server_known = server;
    if (server) {
        r->server_cpu_pct = (after.cpu_s - before.cpu_s) / r->window_s * 100;
        r->server_rss_mb = after.rss_mb;
        r->server_wait_pct = (after.wait_s - before.wait_s) / r->window_s * 100;
    }
    return true;
}

int main(int argc, char **argv)
{
    lg_opts o;
    int a = args_parse(argc, argv, &o, stderr);
    if (a != 0)
        return a > 0 ? 0 : 2;
    if (o.header_only) {
        report_header(stdout);
        return 0;
    }
    signal(SIGPIPE, SIG_IGN);
    rlim_t files = raise_fd_limit();
    /* Each worker needs a few descriptors of its own beyond its clients. */
    if ((rlim_t)o.per_process + 64 > files) {
        o.per_process = files > 128 ? (int)(files - 64) : 64;
        fprintf(stderr, "botpit-loadgen: %llu open files a process here: %d clients per worker\n",
                (unsigned long long)files, o.per_process);
    }
    if (!o.no_header)
        report_header(stdout);
    for (int i = 0; i < o.n_levels; i++) {
        report_level r;
        if (!run_level(&o, o.levels[i], &r))
            return 1;
        report_row(stdout, &r);
        report_json(stdout, &r);
        fflush(stdout);
        if (r.sum.first_error[0])
            fprintf(stderr, "botpit-loadgen: first error at %d clients: %s\n", o.levels[i],
                    r.sum.first_error);
        if (o.stop_p99_ms > 0 && report_p99_ms(&r) > o.stop_p99_ms) {
            fprintf(stderr, "botpit-loadgen: p99 %.1f ms is over %.0f ms: stopping at %d clients\n",
                    report_p99_ms(&r), o.stop_p99_ms, o.levels[i]);
            break;
        }
    }
    return 0;
}
