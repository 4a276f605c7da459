#!/usr/bin/env python3
"""Writes the hostile-input fixtures of the reliability suite (deterministic: fixed
mtimes, owners and compression settings). Run from anywhere; writes next to itself.

The evidence inside is the repository's invented sample `samples/lost-purge-log-show.log`
(or lines in its shape), so a test can check that the purge chain is still found.
"""
import gzip, io, lzma, os, tarfile, zipfile, zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", "..", ".."))
SAMPLE = open(os.path.join(ROOT, "samples", "lost-purge-log-show.log"), "rb").read()
MTIME = 1_700_000_000
LINE = (b"2026-03-14 09:30:08.119439+0900 0x1a2b3    Info        0x0                  88     0    "
        b"locationd: [com.apple.locationd.Core:Client] client authorization\n")


def write(name, data):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)


def gz(data):
    # Fixed mtime and no file name: the bytes do not depend on when this ran.
    return gzip.compress(data, compresslevel=9, mtime=0)


def tar(members):
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w", format=tarfile.PAX_FORMAT) as t:
        for name, kind, payload in members:
            info = tarfile.TarInfo(name)
            info.mtime, info.uid, info.gid, info.uname, info.gname = MTIME, 0, 0, "", ""
            if kind == "file":
                info.size = len(payload)
                t.addfile(info, io.BytesIO(payload))
            elif kind == "symlink":
                info.type, info.linkname = tarfile.SYMTYPE, payload
                t.addfile(info)
            elif kind == "hardlink":
                info.type, info.linkname = tarfile.LNKTYPE, payload
                t.addfile(info)
    return out.getvalue()


def zipped(members):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, payload in members:
            z.writestr(zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0)), payload, zipfile.ZIP_DEFLATED)
    return out.getvalue()


def main():
    # Decompression bombs: one 64 MiB unit each; the tests concatenate copies (gzip members,
    # xz streams) into a 2 GiB stream of a few hundred KiB.
    write("bomb-unit-zeros.gz", gz(bytes(64 << 20)))
    write("bomb-unit-lines.xz", lzma.compress(LINE * ((256 << 20) // len(LINE)), preset=6))
    # A zip whose one member is 2 GiB of log lines, LZMA-compressed (method 14) into ~300 KiB.
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_LZMA) as zf:
        info = zipfile.ZipInfo("case/lines.log", date_time=(2024, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_LZMA
        with zf.open(info, "w", force_zip64=True) as member:
            chunk = LINE * ((16 << 20) // len(LINE))
            for _ in range((2 << 30) // len(chunk)):
                member.write(chunk)
    write("bomb-lines.zip", out.getvalue())
    # Containers nested deeper than the limit (8): the sample gzipped 12 times.
    deep = SAMPLE
    for _ in range(12):
        deep = gz(deep)
    write("deep-12.log.gz", deep)

    # Members named to escape: nothing may be written, the names are only names; a
    # symlink member to /etc/passwd must not be read.
    escape = [("../../escaped/purge.log", "file", SAMPLE), ("/etc/purgetrace-absolute.log", "file", LINE),
              ("case/passwd.log", "symlink", "/etc/passwd"), ("case/hard.log", "hardlink", "/etc/shadow")]
    write("escape.tar", tar(escape))
    write("escape.zip", zipped([("../../escaped/purge.log", SAMPLE), ("/etc/purgetrace-absolute.log", LINE)]))

    # Truncated containers of the sample: cut in the middle.
    whole_gz = gz(SAMPLE)
    write("truncated-sample.log.gz", whole_gz[: len(whole_gz) // 2])
    whole_xz = lzma.compress(SAMPLE, preset=6)
    write("truncated-sample.log.xz", whole_xz[: len(whole_xz) // 2])
    whole_zip = zipped([("case/first.log", SAMPLE), ("case/second.log", SAMPLE.replace(b"Ledgerly", b"Notely"))])
    write("truncated-sample.zip", whole_zip[: len(whole_zip) * 3 // 4])
    write("truncated-sample.tar", tar([("case/system.log", "file", SAMPLE)])[:30_000])
    whole_tgz = gz(tar([("case/system.log", "file", SAMPLE)]))
    write("truncated-sample.tar.gz", whole_tgz[: len(whole_tgz) // 2])


if __name__ == "__main__":
    main()
