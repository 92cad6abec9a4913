#ifndef COUNTERPART_CSQLITESETTINGS_H
#define COUNTERPART_CSQLITESETTINGS_H

/// Turns off SQLite's memory statistics, process-wide: each allocation SQLite makes then skips the
/// global mutex that guards them. Only before SQLite is initialized (before the first connection
/// opens); returns SQLITE_OK, or SQLITE_MISUSE once it is. C because `sqlite3_config` is variadic,
/// which Swift cannot call.
int counterpart_sqlite_disable_memory_statistics(void);

#endif
