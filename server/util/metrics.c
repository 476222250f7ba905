/* metrics.c: counters in Prometheus text exposition format. */
#include "metrics.h"

#include <inttypes.h>
#include <stddef.h>

metrics botpit_metrics;

void metrics_family(FILE *out, const char *name, const char *type, const char *help)
{
    fprintf(out, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, type);
}

void metrics_series(FILE *out, const char *name, const char *labels, int64_t value)
{
    fprintf(out, "%s{%s} %" PRId64 "\n", name, labels, value);
}

void metrics_counter(FILE *out, const char *name, const char *help, uint64_t value)
{
    metrics_family(out, name, "counter", help);
    fprintf(out, "%s %" PRIu64 "\n", name, value);
}

void metrics_gauge(FILE *out, const char *name, const char *help, int64_t value)
{
    metrics_family(out, name, "gauge", help);
    fprintf(out, "%s %" PRId64 "\n", name, value);
}

/* The counters, in the order /metrics shows them. */
static const struct {
    const char *name, *help;
    size_t offset; /* of a uint64_t in metrics */
} counters[] = {
    {"botpit_connections_total", "WebSocket connections accepted.",
     offsetof(metrics, connections_total)},
    {"botpit_connections_refused_total", "WebSocket connections refused by a connection limit.",
     offsetof(metrics, connections_refused)},
    {"botpit_messages_in_total", "WebSocket messages received.", offsetof(metrics, messages_in)},
    {"botpit_messages_out_total", "WebSocket messages sent.", offsetof(metrics, messages_out)},
    {"botpit_bytes_in_total", "WebSocket payload bytes received.", offsetof(metrics, bytes_in)},
    {"botpit_bytes_out_total", "WebSocket payload bytes sent.", offsetof(metrics, bytes_out)},
    {"botpit_ws_writes_total",
     "Writes of messages to WebSocket connections (one write can carry several).",
     offsetof(metrics, ws_writes)},
    {"botpit_http_requests_total", "HTTP requests answered.", offsetof(metrics, http_requests)},
    {"botpit_inputs_total", "Game inputs (actions, ticks) the engines accepted.",
     offsetof(metrics, inputs_accepted)},
    {"botpit_slow_disconnects_total", "Clients disconnected because they stopped reading.",
     offsetof(metrics, slow_disconnects)},
    {"botpit_loop_wakeups_total",
     "Times the event loop woke up (an idle server should hardly wake).",
     offsetof(metrics, loop_wakeups)},
};

void metrics_write(FILE *out)
{
    const metrics *m = &botpit_metrics;
    metrics_gauge(out, "botpit_connections", "WebSocket connections open now.",
                  m->connections_open);
    metrics_gauge(out, "botpit_send_queue_bytes", "Bytes waiting to be sent to clients.",
                  m->queued_bytes);
    for (size_t i = 0; i < sizeof counters / sizeof counters[0]; i++)
        metrics_counter(out, counters[i].name, counters[i].help,
                        *(const uint64_t *)((const char *)m + counters[i].offset));
}
