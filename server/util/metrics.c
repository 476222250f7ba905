/* metrics.c: counters in Prometheus text exposition format. */
#include "metrics.h"

#include <inttypes.h>

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

void metrics_write(FILE *out)
{
    const metrics *m = &botpit_metrics;
    metrics_gauge(out, "botpit_connections", "WebSocket connections open now.",
                  m->connections_open);
    metrics_gauge(out, "botpit_send_queue_bytes", "Bytes waiting to be sent to clients.",
                  m->queued_bytes);
    metrics_counter(out, "botpit_connections_total", "WebSocket connections accepted.",
                    m->connections_total);
    metrics_counter(out, "botpit_connections_refused_total",
                    "WebSocket connections refused by a connection limit.",
                    m->connections_refused);
    metrics_counter(out, "botpit_messages_in_total", "WebSocket messages received.",
                    m->messages_in);
    metrics_counter(out, "botpit_messages_out_total", "WebSocket messages sent.",
                    m->messages_out);
    metrics_counter(out, "botpit_bytes_in_total", "WebSocket payload bytes received.",
                    m->bytes_in);
    metrics_counter(out, "botpit_bytes_out_total", "WebSocket payload bytes sent.",
                    m->bytes_out);
    metrics_counter(out, "botpit_http_requests_total", "HTTP requests answered.",
                    m->http_requests);
    metrics_counter(out, "botpit_inputs_total",
                    "Game inputs (actions, ticks) the engines accepted.", m->inputs_accepted);
    metrics_counter(out, "botpit_slow_disconnects_total",
                    "Clients disconnected because they stopped reading.", m->slow_disconnects);
    metrics_counter(out, "botpit_loop_wakeups_total",
                    "Times the event loop woke up (an idle server should hardly wake).",
                    m->loop_wakeups);
}
