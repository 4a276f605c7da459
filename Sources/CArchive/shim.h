#include <archive.h>
#include <archive_entry.h>
#include <zlib.h>

// File-type macros are casts, which Swift cannot import.
static inline int carchive_is_regular(struct archive_entry *e) { return archive_entry_filetype(e) == AE_IFREG; }
static inline int carchive_is_directory(struct archive_entry *e) { return archive_entry_filetype(e) == AE_IFDIR; }
static inline int carchive_is_symlink(struct archive_entry *e) { return archive_entry_filetype(e) == AE_IFLNK; }

// inflateInit2 is a macro. 15 + 16: a 32 KiB window, gzip framing only.
static inline int carchive_gzip_inflate_init(z_stream *s) { return inflateInit2(s, 15 + 16); }
