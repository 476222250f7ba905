/* Tokens, player ids and room codes. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "lobby/ids.h"

Test(ids_tokens, are_128_bits_shown_as_32_hex_digits_and_parse_back)
{
    uint8_t t[IDS_TOKEN_BYTES], back[IDS_TOKEN_BYTES];
    char hex[IDS_TOKEN_HEX];
    ids_token_new(t);
    ids_token_hex(t, hex);
    cr_assert_eq(strlen(hex), 32);
    cr_assert_eq(strspn(hex, "0123456789abcdef"), 32);
    cr_assert(ids_token_parse(hex, back));
    cr_assert(ids_equal(t, back, IDS_TOKEN_BYTES));
}

Test(ids_tokens, differ_from_one_another)
{
    uint8_t a[IDS_TOKEN_BYTES], b[IDS_TOKEN_BYTES];
    ids_token_new(a);
    ids_token_new(b);
    cr_assert_not(ids_equal(a, b, IDS_TOKEN_BYTES));
}

Test(ids_tokens, equality_sees_a_difference_in_the_last_byte)
{
    uint8_t a[IDS_TOKEN_BYTES] = {0}, b[IDS_TOKEN_BYTES] = {0};
    b[IDS_TOKEN_BYTES - 1] = 1;
    cr_assert_not(ids_equal(a, b, IDS_TOKEN_BYTES));
    b[IDS_TOKEN_BYTES - 1] = 0;
    cr_assert(ids_equal(a, b, IDS_TOKEN_BYTES));
}

Test(ids_tokens, malformed_hex_is_refused)
{
    uint8_t t[IDS_TOKEN_BYTES];
    cr_assert_not(ids_token_parse("", t));
    cr_assert_not(ids_token_parse("abc", t));
    cr_assert_not(ids_token_parse("zz345678901234567890123456789012", t));
    cr_assert_not(ids_token_parse("0123456789abcdef0123456789abcdef0", t));
    cr_assert(ids_token_parse("0123456789ABCDEF0123456789abcdef", t), "either case");
}

Test(ids_codes, have_five_characters_without_look_alikes)
{
    for (int i = 0; i < 2000; i++) {
        char code[IDS_CODE_LEN + 1];
        ids_room_code(code);
        cr_assert_eq(strlen(code), 5);
        cr_assert_eq(strcspn(code, "0O1IL"), 5, "code %s has a look-alike", code);
        cr_assert_eq(strspn(code, IDS_CODE_ALPHABET), 5);
    }
}

Test(ids_codes, typed_codes_are_upper_cased_and_checked)
{
    char out[IDS_CODE_LEN + 1];
    cr_assert(ids_code_normalize("k7p2x", out));
    cr_assert_str_eq(out, "K7P2X");
    cr_assert_not(ids_code_normalize("K7P2", out));
    cr_assert_not(ids_code_normalize("K7P2XX", out));
    cr_assert_not(ids_code_normalize("K0P2X", out), "0 is never in a code");
    cr_assert_not(ids_code_normalize("K7P-X", out));
}

Test(ids_players, ids_are_short_and_public)
{
    char a[IDS_PLAYER_ID_LEN + 1], b[IDS_PLAYER_ID_LEN + 1];
    ids_player_id(a);
    ids_player_id(b);
    cr_assert_eq(strlen(a), IDS_PLAYER_ID_LEN);
    cr_assert_eq(a[0], 'p');
    cr_assert_str_neq(a, b);
}

static void hex(const uint8_t *b, size_t n, char *out)
{
    for (size_t i = 0; i < n; i++)
        sprintf(out + 2 * i, "%02x", b[i]);
}

/* The digests the hand-written SHA-256 this replaced gave for these tokens
 * (the same as sha256sum's): tokens stored before the switch still match. */
Test(ids_tokens, hash_to_the_same_sha256_the_database_holds)
{
    uint8_t token[IDS_TOKEN_BYTES], d[IDS_HASH_BYTES];
    char h[2 * IDS_HASH_BYTES + 1];
    for (int i = 0; i < IDS_TOKEN_BYTES; i++)
        token[i] = (uint8_t)i;
    ids_token_hash(token, d);
    hex(d, sizeof d, h);
    cr_assert_str_eq(h, "be45cb2605bf36bebde684841a28f0fd43c69850a3dce5fedba69928ee3a8991");
    memcpy(token, "0123456789abcdef", IDS_TOKEN_BYTES);
    ids_token_hash(token, d);
    hex(d, sizeof d, h);
    cr_assert_str_eq(h, "9f9f5111f7b27a781f1f1ddde5ebc2dd2b796bfc7365c9c28b548e564176929f");
}
