/* walltime.h: the wall clock, as clients see time (ms since the epoch). */
#ifndef BOTPIT_WALLTIME_H
#define BOTPIT_WALLTIME_H

#include <stdint.h>

int64_t walltime_ms(void);

#endif
