/* ratings_tool.h: `botpit ratings` (ratings_tool.c). */
#ifndef BOTPIT_RATINGS_TOOL_H
#define BOTPIT_RATINGS_TOOL_H

/* argv[0] is "ratings". */
int ratings_main(int argc, char **argv);

#endif
