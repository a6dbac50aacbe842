#include "buildinfo.h"

#ifndef JOURNAL_COMMIT
#define JOURNAL_COMMIT ""
#endif

const char *journal_build_commit(void) { return JOURNAL_COMMIT; }
