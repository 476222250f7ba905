/* test_msg.c: a message is serialized once into its shared buffer, with the
 * same bytes jansson's compact dump gives, whatever its size. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "util/msg.h"

static void expect_same_as_dumps(json_t *j)
{
    char *want = json_dumps(j, JSON_COMPACT);
    msg *m = msg_from_json(j);
    cr_assert_not_null(m);
    cr_assert_eq(m->len, strlen(want));
    cr_assert_str_eq(msg_text(m), want);
    cr_assert_eq(m->refs, 1);
    msg_unref(m);
    free(want);
}

Test(msg, a_small_message_is_its_compact_json)
{
    json_t *j = json_pack("{s:s,s:i}", "type", "pong", "id", 7);
    expect_same_as_dumps(j);
    json_decref(j);
}

Test(msg, a_message_longer_than_the_first_buffer_grows_and_keeps_every_byte)
{
    for (size_t len = 200; len <= 70000; len = len * 3 + 1) {
        char *text = malloc(len + 1);
        for (size_t i = 0; i < len; i++)
            text[i] = (char)('a' + i % 26);
        text[len] = '\0';
        json_t *j = json_pack("{s:s,s:s,s:[i,i,i]}", "type", "chat", "text", text, "n", 1, 2, 3);
        expect_same_as_dumps(j);
        json_decref(j);
        free(text);
    }
}

Test(msg, what_cannot_be_a_message_gives_null)
{
    json_t *j = json_integer(3); /* a message is an object */
    cr_assert_null(msg_from_json(j));
    json_decref(j);
}
