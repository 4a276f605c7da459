#include <archive.h>
#include <archive_entry.h>

// File-type macros are casts, which Swift cannot import.
static inline int carchive_is_regular(struct archive_entry *e) { return archive_entry_filetype(e) == AE_IFREG; }
static inline int carchive_is_directory(struct archive_entry *e) { return archive_entry_filetype(e) == AE_IFDIR; }
static inline int carchive_is_symlink(struct archive_entry *e) { return archive_entry_filetype(e) == AE_IFLNK; }
