#ifndef JOURNAL_BUILDINFO_H
#define JOURNAL_BUILDINFO_H

/// The git commit this binary was built from (`make` passes it; see Package.swift), or "" when unknown.
const char *journal_build_commit(void);

#endif
