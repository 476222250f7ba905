/* The one UTF-8 decoder (util/utf8.h), which the protocol and the terminal
 * client share: what it reads, what it refuses and how far it skips. */
#include <criterion/criterion.h>
#include <string.h>

#include "util/utf8.h"

static long decode(const char *s, size_t n, size_t *used)
{
    return utf8_decode((const unsigned char *)s, n, used);
}

Test(utf8, code_points_of_every_length_are_read_with_their_length)
{
    size_t used;
    cr_assert_eq(decode("A", 1, &used), 'A');
    cr_assert_eq(used, 1);
    cr_assert_eq(decode("é", 2, &used), 0xe9);
    cr_assert_eq(used, 2);
    cr_assert_eq(decode("↑", 3, &used), 0x2191);
    cr_assert_eq(used, 3);
    cr_assert_eq(decode("🤖", 4, &used), 0x1f916);
    cr_assert_eq(used, 4);
}

Test(utf8, bad_sequences_are_refused_and_skipped_without_reading_past_the_end)
{
    size_t used;
    cr_assert_eq(decode("\xff" "A", 2, &used), -1, "a stray byte");
    cr_assert_eq(used, 1);
    cr_assert_eq(decode("\xe2\x86" "A", 3, &used), -1, "a cut sequence");
    cr_assert_eq(used, 2, "skips to the byte that broke it");
    cr_assert_eq(decode("\xe2\x86\x91", 2, &used), -1, "the rest is past n");
    cr_assert_eq(used, 2);
    cr_assert_eq(decode("\xc0\xaf", 2, &used), -1, "overlong");
    cr_assert_eq(used, 2);
    cr_assert_eq(decode("\xed\xa0\x80", 3, &used), -1, "a surrogate");
    cr_assert_eq(decode("\xf4\x90\x80\x80", 4, &used), -1, "past U+10FFFF");
    cr_assert_eq(used, 4);
}

Test(utf8, next_walks_a_string_and_stops_a_cut_sequence_at_its_nul)
{
    const char *text = "a\xe2\x86\x91\xff" "b\xe2\x86";
    const unsigned char *p = (const unsigned char *)text;
    long want[] = {'a', 0x2191, -1, 'b', -1};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        cr_assert_eq(utf8_next(&p), want[i], "code point %zu", i);
    cr_assert_eq(*p, 0, "at the end, not past it");
}

Test(utf8, put_writes_what_decode_reads)
{
    unsigned long cps[] = {0x41, 0xe9, 0x7ff, 0x800, 0x2191, 0xffff, 0x10000, 0x1f916, 0x10ffff};
    for (size_t i = 0; i < sizeof cps / sizeof cps[0]; i++) {
        char buf[4];
        size_t n = utf8_put(cps[i], buf), used;
        cr_assert_eq(decode(buf, n, &used), (long)cps[i], "U+%lX", cps[i]);
        cr_assert_eq(used, n);
    }
}
