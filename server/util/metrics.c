/* metrics.c: counters in Prometheus text exposition format. */
#include "metrics.h"

#include <inttypes.h>

metrics botpit_metrics;

static void counter(FILE *out, const char *name, const char *help, uint64_t v)
{
    fprintf(out, "# HELP %s %s\n# TYPE %s counter\n%s %" PRIu64 "\n", name, help, name, name, v);
}

void metrics_write(FILE *out)
{
    const metrics *m = &botpit_metrics;
    fprintf(out, "# HELP botpit_connections WebSocket connections open now.\n"
                 "# TYPE botpit_connections gauge\nbotpit_connections %" PRId64 "\n",
            m->connections_open);
    fprintf(out, "# HELP botpit_send_queue_bytes Bytes waiting to be sent to clients.\n"
                 "# TYPE botpit_send_queue_bytes gauge\nbotpit_send_queue_bytes %" PRId64 "\n",
            m->queued_bytes);
    counter(out, "botpit_connections_total", "WebSocket connections accepted.",
            m->connections_total);
    counter(out, "botpit_connections_refused_total",
            "WebSocket connections refused by a connection limit.", m->connections_refused);
    counter(out, "botpit_messages_in_total", "WebSocket messages received.", m->messages_in);
    counter(out, "botpit_messages_out_total", "WebSocket messages sent.", m->messages_out);
    counter(out, "botpit_bytes_in_total", "WebSocket payload bytes received.", m->bytes_in);
    counter(out, "botpit_bytes_out_total", "WebSocket payload bytes sent.", m->bytes_out);
    counter(out, "botpit_http_requests_total", "HTTP requests answered.", m->http_requests);
    counter(out, "botpit_inputs_total", "Game inputs (actions, ticks) the engines accepted.",
            m->inputs_accepted);
    counter(out, "botpit_slow_disconnects_total",
            "Clients disconnected because they stopped reading.", m->slow_disconnects);
    counter(out, "botpit_store_errors_total", "Database writes that failed.", m->store_errors);
    fprintf(out, "# HELP botpit_errors_total Error replies sent, by code.\n"
                 "# TYPE botpit_errors_total counter\n");
    for (int c = 1; c < PROTO_CODE_COUNT; c++)
        fprintf(out, "botpit_errors_total{code=\"%s\"} %" PRIu64 "\n", proto_code_name(c),
                m->errors[c]);
}
