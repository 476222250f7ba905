/*
 * report.c: the table and the JSON lines.
 */
#include "report.h"

#include <inttypes.h>

void report_merge(report_level *r, const lg_result *w)
{
    lg_result *s = &r->sum;
    hist_merge(&s->lat, &w->lat);
    s->delivered += w->delivered;
    s->sent += w->sent;
    s->errors += w->errors;
    s->disconnects += w->disconnects;
    s->clients += w->clients;
    s->ready += w->ready;
    s->cpu_s += w->cpu_s;
    s->wait_s += w->wait_s;
    s->rss_mb += w->rss_mb;
    s->resumed += w->resumed;
    s->seats_lost += w->seats_lost;
    s->games_over += w->games_over;
    if (w->setup_s > s->setup_s)
        s->setup_s = w->setup_s;
    /* The storm is over when the slowest worker's last client is back. */
    if (r->workers == 0)
        s->resume_s = w->resume_s;
    else if (s->resume_s >= 0)
        s->resume_s = w->resume_s < 0 ? -1 : (w->resume_s > s->resume_s ? w->resume_s : s->resume_s);
    if (!s->first_error[0] && w->first_error[0])
        snprintf(s->first_error, sizeof s->first_error, "%s", w->first_error);
    r->workers++;
}

static double ms(const report_level *r, double q)
{
    return (double)hist_quantile(&r->sum.lat, q) / 1000.0;
}

double report_p99_ms(const report_level *r)
{
    return ms(r, 0.99);
}

static double per_s(const report_level *r, uint64_t n)
{
    return r->window_s > 0 ? (double)n / r->window_s : 0;
}

void report_header(FILE *out)
{
    fprintf(out, "%-9s %7s %7s %8s %8s %8s %8s %8s %10s %9s %7s %5s %8s %8s %8s %8s %8s %7s %7s  %s\n",
            "scenario", "clients", "ready", "p50 ms", "p95 ms", "p99 ms", "p99.9 ms", "max ms",
            "deliv/s", "sent/s", "errors", "disc", "srv cpu", "srv wait", "srv MB", "gen cpu",
            "gen wait", "gen MB", "setup s", "notes");
}

void report_row(FILE *out, const report_level *r)
{
    const lg_result *s = &r->sum;
    char srv_cpu[16] = "-", srv_wait[16] = "-", srv_mb[16] = "-", notes[128] = "";
    if (r->server_known) {
        snprintf(srv_cpu, sizeof srv_cpu, "%.0f%%", r->server_cpu_pct);
        snprintf(srv_wait, sizeof srv_wait, "%.0f%%", r->server_wait_pct);
        snprintf(srv_mb, sizeof srv_mb, "%.1f", r->server_rss_mb);
    }
    if (r->o->scenario == LG_RECONNECT) {
        if (s->resume_s >= 0)
            snprintf(notes, sizeof notes, "all %u resumed in %.2f s, %u seats lost (reconnects paced at %d/s)",
                     s->resumed, s->resume_s, s->seats_lost, r->o->connect_rate);
        else
            snprintf(notes, sizeof notes, "%u resumed, %u seats lost (reconnects paced at %d/s)",
                     s->resumed, s->seats_lost, r->o->connect_rate);
    } else if (r->o->scenario == LG_PLAY) {
        snprintf(notes, sizeof notes, "%u games over", s->games_over);
    }
    char gen_cpu[16], gen_wait[16];
    snprintf(gen_cpu, sizeof gen_cpu, "%.0f%%",
             r->window_s > 0 ? s->cpu_s / r->window_s * 100 : 0);
    snprintf(gen_wait, sizeof gen_wait, "%.0f%%",
             r->window_s > 0 ? s->wait_s / r->window_s * 100 : 0);
    fprintf(out,
            "%-9s %7d %7u %8.2f %8.2f %8.2f %8.2f %8.2f %10.0f %9.0f %7" PRIu64 " %5" PRIu64
            " %8s %8s %8s %8s %8s %7.1f %7.1f  %s\n",
            lg_scenario_name(r->o->scenario), r->clients, s->ready, ms(r, 0.5), ms(r, 0.95),
            ms(r, 0.99), ms(r, 0.999), (double)s->lat.max_us / 1000.0, per_s(r, s->delivered),
            per_s(r, s->sent), s->errors, s->disconnects, srv_cpu, srv_wait, srv_mb, gen_cpu,
            gen_wait, s->rss_mb, s->setup_s, notes);
}

/* A string for JSON: the error sentences are ours or the server's, but a
 * quote or backslash in them must not break the line. */
static void json_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            fprintf(out, "\\%c", ch);
        else if (ch < 0x20)
            fprintf(out, "\\u%04x", ch);
        else
            fputc(ch, out);
    }
    fputc('"', out);
}

void report_json(FILE *out, const report_level *r)
{
    const lg_result *s = &r->sum;
    fprintf(out,
            "{\"scenario\":\"%s\",\"wire\":\"%s\",\"clients\":%d,\"ready\":%u,\"room_size\":%d,"
            "\"period_ms\":%d,\"window_s\":%.2f,\"samples\":%" PRIu64 ","
            "\"p50_ms\":%.3f,\"p95_ms\":%.3f,\"p99_ms\":%.3f,\"p999_ms\":%.3f,\"max_ms\":%.3f,"
            "\"delivered_per_s\":%.1f,\"sent_per_s\":%.1f,\"errors\":%" PRIu64
            ",\"disconnects\":%" PRIu64 ",",
            lg_scenario_name(r->o->scenario), r->o->wire == LG_WIRE_COLYSEUS ? "colyseus" : "botpit",
            r->clients, s->ready, r->o->room_size, r->o->period_ms, r->window_s, s->lat.count,
            ms(r, 0.5), ms(r, 0.95), ms(r, 0.99), ms(r, 0.999), (double)s->lat.max_us / 1000.0,
            per_s(r, s->delivered), per_s(r, s->sent), s->errors, s->disconnects);
    if (r->server_known)
        fprintf(out, "\"server_cpu_pct\":%.1f,\"server_wait_pct\":%.1f,\"server_rss_mb\":%.1f,",
                r->server_cpu_pct, r->server_wait_pct, r->server_rss_mb);
    else
        fputs("\"server_cpu_pct\":null,\"server_wait_pct\":null,\"server_rss_mb\":null,", out);
    fprintf(out,
            "\"gen_cpu_pct\":%.1f,\"gen_wait_pct\":%.1f,\"gen_rss_mb\":%.1f,\"workers\":%d,"
            "\"setup_s\":%.2f,",
            r->window_s > 0 ? s->cpu_s / r->window_s * 100 : 0,
            r->window_s > 0 ? s->wait_s / r->window_s * 100 : 0, s->rss_mb, r->workers, s->setup_s);
    if (r->o->scenario == LG_RECONNECT)
        fprintf(out, "\"resumed\":%u,\"seats_lost\":%u,\"resume_s\":%.3f,", s->resumed,
                s->seats_lost, s->resume_s);
    if (r->o->scenario == LG_PLAY)
        fprintf(out, "\"games_over\":%u,", s->games_over);
    fputs("\"first_error\":", out);
    if (s->first_error[0])
        json_string(out, s->first_error);
    else
        fputs("null", out);
    fputs("}\n", out);
}
