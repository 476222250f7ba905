/* store/rconn: the --redis URL, as an operator writes it, and the sentence
 * each mistake gets. */
#include <criterion/criterion.h>

#include "store/rconn.h"

static rconn_url parsed(const char *text)
{
    rconn_url u;
    char why[256];
    int rc = rconn_parse_url(text, &u, why, sizeof why);
    cr_assert_eq(rc, 0, "%s: %s", text, why);
    return u;
}

static void refused(const char *text, const char *words)
{
    rconn_url u;
    char why[256] = "";
    cr_assert_eq(rconn_parse_url(text, &u, why, sizeof why), -1, "%s is refused", text);
    cr_assert(strstr(why, words), "%s: \"%s\" says %s", text, why, words);
}

Test(redis_url, host_port_and_database)
{
    rconn_url u = parsed("redis://127.0.0.1:6390/2");
    cr_assert_str_eq(u.host, "127.0.0.1");
    cr_assert_str_eq(u.ip, "127.0.0.1");
    cr_assert_eq(u.port, 6390);
    cr_assert_eq(u.db, 2);
    cr_assert_str_eq(u.password, "");
}

Test(redis_url, the_default_port_is_redis_own_and_database_0)
{
    rconn_url u = parsed("redis://localhost");
    cr_assert_eq(u.port, RCONN_DEFAULT_PORT);
    cr_assert_eq(u.db, 0);
    cr_assert(strcmp(u.ip, "127.0.0.1") == 0 || strcmp(u.ip, "::1") == 0, "resolved: %s", u.ip);
    cr_assert_eq(parsed("redis://localhost/").db, 0);
}

Test(redis_url, a_password_and_a_user)
{
    rconn_url u = parsed("redis://:s3cret@10.0.0.5:16380");
    cr_assert_str_eq(u.password, "s3cret");
    cr_assert_str_eq(u.user, "");
    u = parsed("redis://botpit:p%40ss%3Aword@10.0.0.5");
    cr_assert_str_eq(u.user, "botpit");
    cr_assert_str_eq(u.password, "p@ss:word", "percent escapes are decoded");
}

Test(redis_url, an_ipv6_literal)
{
    rconn_url u = parsed("redis://[::1]:7000");
    cr_assert_str_eq(u.host, "::1");
    cr_assert_eq(u.port, 7000);
}

Test(redis_url, mistakes_say_what_is_expected)
{
    refused("http://127.0.0.1:16380", "redis://[:PASSWORD@]HOST[:PORT][/DB]");
    refused("redis://", "redis://[:PASSWORD@]HOST");
    refused("redis://127.0.0.1:0", "redis://");
    refused("redis://127.0.0.1:70000", "redis://");
    refused("redis://127.0.0.1:16380/x", "redis://");
    refused("redis://pass@127.0.0.1", "redis://");
    refused("redis://no-such-host.invalid", "cannot find the Redis host \"no-such-host.invalid\"");
}
