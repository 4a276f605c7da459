#!/usr/bin/env python3
"""Writes the input-layer fixtures (see README.md). Deterministic: fixed mtimes, owners, order.
Run from this folder: python3 make_fixtures.py  (needs the `zstd` command for two.log.zst)."""
import bz2, gzip, io, lzma, random, subprocess, tarfile, zipfile

TWO = b"2024-03-01T10:00:00Z app: first line\n2024-03-01T10:05:00Z app: second line\n"
PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4
BPLIST = b"bplist00\xd1\x01\x02Tname\x10\x01" + b"\x00" * 64
TRACEV3 = (0x1000).to_bytes(4, "little") + b"\x00" * 4 + (200).to_bytes(8, "little") + bytes(200)
DS_STORE = b"\x00\x00\x00\x01Bud1" + bytes(120)
APPLEDOUBLE = b"\x00\x05\x16\x07\x00\x02\x00\x00" + b"\x00" * 80


def gz(data):
    return gzip.compress(data, mtime=0)


def write(name, data):
    with open(name, "wb") as f:
        f.write(data)


def tar_bytes(members, compress=None):
    """members: list of (name, bytes or None for a folder)."""
    buf = io.BytesIO()
    fmt = tarfile.PAX_FORMAT if any(ord(c) > 127 for n, _ in members for c in n) else tarfile.USTAR_FORMAT
    with tarfile.open(fileobj=buf, mode="w", format=fmt) as t:
        for name, data in members:
            info = tarfile.TarInfo(name)
            info.mtime = 1700000000
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            if data is None:
                info.type = tarfile.DIRTYPE
                info.mode = 0o755
                t.addfile(info)
            else:
                info.size = len(data)
                info.mode = 0o644
                t.addfile(info, io.BytesIO(data))
    raw = buf.getvalue()
    return gz(raw) if compress == "gz" else raw


def zip_bytes(members):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in members:
            info = zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_STORED if data is None else zipfile.ZIP_DEFLATED
            z.writestr(info, b"" if data is None else data)
    return buf.getvalue()


# Single compressed files.
write("two.log.gz", gz(TWO))
write("two.log.bz2", bz2.compress(TWO))
write("two.log.xz", lzma.compress(TWO))
write("two.log.zst", subprocess.run(["zstd", "-q", "-c", "--no-check"], input=TWO, capture_output=True, check=True).stdout)

# One bundle as zip, tar and tar.gz: two logs, a folder entry, binary members.
B = "2024-03-01T11:00:00Z b: in a sub-folder\n".encode()
bundle = [("bundle/", None), ("bundle/a.log", TWO), ("bundle/sub/b.log", B),
          ("bundle/photo.png", PNG), ("bundle/state.plist", BPLIST),
          ("bundle/.DS_Store", DS_STORE), ("__MACOSX/bundle/._a.log", APPLEDOUBLE)]
write("bundle.zip", zip_bytes(bundle))
tar_bundle = [(n.rstrip("/"), d) for n, d in bundle]
write("bundle.tar", tar_bytes(tar_bundle))
write("bundle.tgz", tar_bytes(tar_bundle, "gz"))

# A zip and a gzip inside a tar.gz.
C = b"2024-03-01T12:00:00Z c: inside the inner zip\n"
D = b"2024-03-01T12:30:00Z d: gzip inside the tar\n"
write("nested.tar.gz", tar_bytes([("nested/inner.zip", zip_bytes([("c.log", C)])), ("nested/d.log.gz", gz(D))], "gz"))

# Member names that point out of place: only names.
write("evil.tar", tar_bytes([("../../x.log", b"2024-03-01T13:00:00Z x: dot-dot\n"),
                             ("/etc/x.log", b"2024-03-01T13:01:00Z x: absolute\n")]))

# A sysdiagnose-shaped archive: a text log and a binary logarchive.
SD = "sysdiagnose_2024.09.18_11-33-57+0200_iPhone-OS_iPhone_21G93"
write(SD + ".tar.gz", tar_bytes([
    (SD, None),
    (SD + "/logs/app.log", b"2024-09-18T09:30:00Z app: before capture\n"),
    (SD + "/system_logs.logarchive", None),
    (SD + "/system_logs.logarchive/Info.plist", b'<?xml version="1.0"?>\n<plist version="1.0"><dict/></plist>\n'),
    (SD + "/system_logs.logarchive/Persist/0000000000000001.tracev3", TRACEV3),
    (SD + "/system_logs.logarchive/timesync/0000000000000001.timesync", bytes(48)),
], "gz"))

# Many distinct lines (for truncation) and a highly compressible one (for the bomb limit).
random.seed(7)
many = "".join(f"2024-03-01T{10 + i // 3600:02d}:{i // 60 % 60:02d}:{i % 60:02d}Z app: line {i} {random.getrandbits(64):016x}\n"
               for i in range(3000)).encode()
write("many.log.gz", gz(many))
write("bomb.log.gz", gz((b"2024-03-01T10:00:00Z app: " + b"a" * 200 + b"\n") * 20000))

# Two gzip members back to back (what `cat a.gz b.gz` makes).
write("two-members.log.gz", gz(TWO.splitlines(True)[0]) + gz(TWO.splitlines(True)[1]))

# Non-ASCII member names (UTF-8 flag in zip, PAX path in tar).
NAMED = [("café/日本.log", b"2024-03-01T14:00:00Z n: named\n")]
write("names.zip", zip_bytes(NAMED))
write("names.tar", tar_bytes(NAMED))
