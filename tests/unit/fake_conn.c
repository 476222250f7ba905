/* fake_conn.c: fake connections and a lobby on a real libuv loop. */
#include "fake_conn.h"

#include <criterion/criterion.h>
#include <string.h>

uv_loop_t fake_loop;
lobby *fake_lobby;

static void fake_send(lobby_conn *c, msg *m)
{
    fake *f = (fake *)c;
    json_array_append_new(f->inbox, json_loads(msg_text(m), 0, NULL));
    /* Holding the buffer keeps its address from being reused by the next
     * allocation, so equal pointers really mean one shared buffer. */
    msg_unref(f->last);
    f->last = msg_ref(m);
}

static void fake_close(lobby_conn *c, int code, const char *reason)
{
    (void)reason;
    ((fake *)c)->closed_code = code;
}

static const lobby_conn_ops fake_ops = {fake_send, fake_close};

void fake_lobby_start(void)
{
    uv_loop_init(&fake_loop);
    lobby_config cfg = lobby_config_defaults();
    cfg.grace_ms = 200;
    cfg.room_grace_ms = 300;
    cfg.bot_pace_ms = 10;
    cfg.chat_per_10s = 1000;
    cfg.room_chat_per_10s = 0; /* tests of the room-wide limit set their own */
    fake_lobby = lobby_new(&fake_loop, &cfg);
}

void fake_lobby_stop(void)
{
    lobby_free(fake_lobby);
    uv_run(&fake_loop, UV_RUN_DEFAULT);
    cr_assert_eq(uv_loop_close(&fake_loop), 0, "every handle was closed");
}

void fake_init(fake *f)
{
    memset(f, 0, sizeof *f);
    f->conn.ops = &fake_ops;
    f->inbox = json_array();
}

void fake_free(fake *f)
{
    msg_unref(f->last);
    json_decref(f->inbox);
}

void fake_say(fake *f, const char *text)
{
    lobby_receive(fake_lobby, &f->conn, text, strlen(text));
}

json_t *fake_last(fake *f, const char *type)
{
    for (size_t i = json_array_size(f->inbox); i-- > 0;) {
        json_t *m = json_array_get(f->inbox, i);
        if (strcmp(json_string_value(json_object_get(m, "type")), type) == 0)
            return m;
    }
    return NULL;
}

const char *fake_str(json_t *m, const char *key)
{
    return json_string_value(json_object_get(m, key));
}

void fake_hello(fake *f, const char *name)
{
    char text[128];
    snprintf(text, sizeof text, "{\"type\":\"hello\",\"name\":\"%s\"}", name);
    fake_say(f, text);
    cr_assert_not_null(fake_last(f, "welcome"));
}

void fake_join(fake *f, const char *code)
{
    char text[64];
    snprintf(text, sizeof text, "{\"type\":\"join\",\"room\":\"%s\"}", code);
    fake_say(f, text);
}

void fake_act(fake *f, int n)
{
    char text[80];
    snprintf(text, sizeof text, "{\"type\":\"act\",\"action\":{\"kind\":\"add\",\"n\":%d}}", n);
    fake_say(f, text);
}

const char *fake_two_seated(fake *ada, fake *bob, const char *game, const char *options)
{
    static char code[8];
    fake_hello(ada, "Ada");
    fake_hello(bob, "Bob");
    char text[256];
    snprintf(text, sizeof text, "{\"type\":\"create\",\"game\":\"%s\",\"options\":%s}", game,
             options);
    fake_say(ada, text);
    snprintf(code, sizeof code, "%s", fake_str(fake_last(ada, "room"), "code"));
    fake_join(bob, code);
    return code;
}

void fake_run_for(uint64_t ms)
{
    uint64_t until = uv_now(&fake_loop) + ms;
    while (uv_now(&fake_loop) < until) {
        uv_run(&fake_loop, UV_RUN_NOWAIT);
        uv_sleep(5);
        uv_update_time(&fake_loop);
    }
}
