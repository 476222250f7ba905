/* walltime.c: CLOCK_REALTIME in ms. */
#include "walltime.h"

#include <time.h>

int64_t walltime_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}
