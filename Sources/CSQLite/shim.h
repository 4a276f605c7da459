#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast of -1 to a function pointer, which Swift cannot import.
static inline int csqlite_bind_text_transient(sqlite3_stmt *s, int i, const char *text, int n) {
    return sqlite3_bind_text(s, i, text, n, SQLITE_TRANSIENT);
}
static inline int csqlite_bind_blob_transient(sqlite3_stmt *s, int i, const void *data, int n) {
    return sqlite3_bind_blob(s, i, data, n, SQLITE_TRANSIENT);
}
