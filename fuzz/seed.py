#!/usr/bin/env python3
"""Writes the committed seed corpora fuzz/corpus/<target>/ from the repository's
samples, shipped rules and test fixtures (deterministic; run again after they change).

Seeds are kept small (cut at 16 KiB, except the pipeline's whole samples, whose incident
chains sit deep in the file) so that libFuzzer's default max_len stays low and each
execution fast. Names say where a seed came from.
"""
import os, shutil

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "fuzz", "corpus")
FIX = os.path.join(ROOT, "Tests", "PurgeTraceTests", "Fixtures")
CUT = 16 << 10

# LogFormat.allCases order (Sources/PurgeTrace/Records/LogFormat.swift); 13 = detect.
FORMATS = ["log-show", "log-compact", "log-syslog", "log-json", "log-ndjson", "unifiedlog-csv",
           "unifiedlog-jsonl", "idevicesyslog", "xcode-console", "console-copy", "oslog-export",
           "lumberjack", "plain"]
DETECT = 13
FORMAT_FIXTURES = {
    "log-show.log": "log-show", "log-show-stream.log": "log-show", "log-compact.log": "log-compact",
    "log-syslog.log": "log-syslog", "log-json.json": "log-json", "log-json-unclosed.json": "log-json",
    "log-json-broken.json": "log-json", "log-ndjson.ndjson": "log-ndjson", "unifiedlog.csv": "unifiedlog-csv",
    "unifiedlog.jsonl": "unifiedlog-jsonl", "idevicesyslog-current.log": "idevicesyslog",
    "idevicesyslog-legacy.log": "idevicesyslog", "idevicesyslog-newyear.log": "idevicesyslog",
    "pymobiledevice3.log": "idevicesyslog", "xcode-console.log": "xcode-console",
    "console-copy.txt": "console-copy", "oslog-export.log": "oslog-export",
    "MyApp 2024-01-15--10-23-45-678.log": "lumberjack", "plain.log": "plain", "garbage.txt": "plain",
}
SAMPLE_FORMATS = {"lost-purge-log-show.log": "log-show", "recovered-purge-ndjson.log": "log-ndjson",
                  "no-incident-xcode.log": "xcode-console"}


def read(path, cut=CUT):
    with open(path, "rb") as f:
        return f.read(cut) if cut else f.read()


def put(target, name, data):
    d = os.path.join(OUT, target)
    os.makedirs(d, exist_ok=True)
    safe = name.replace(" ", "_").replace("/", "_")
    with open(os.path.join(d, safe), "wb") as f:
        f.write(data)


def main():
    shutil.rmtree(OUT, ignore_errors=True)
    # formats: selector byte + text. 16 = with --year/--date, 32 = with --timezone.
    for name, fmt in sorted(FORMAT_FIXTURES.items()):
        data = read(os.path.join(FIX, "formats", name))
        index = FORMATS.index(fmt)
        put("formats", f"{fmt}-{name}", bytes([index | 16]) + data)
        put("formats", f"detect-{name}", bytes([DETECT | 32]) + data)
    for name in sorted(os.listdir(os.path.join(ROOT, "samples"))):
        if not name.endswith(".log"):
            continue
        data = read(os.path.join(ROOT, "samples", name))
        selector = FORMATS.index(SAMPLE_FORMATS[name]) if name in SAMPLE_FORMATS else DETECT
        put("formats", f"sample-{name}", bytes([selector | 16]) + data)
    # rules: each shipped file whole and each of its documents alone.
    for name in sorted(os.listdir(os.path.join(ROOT, "rules"))):
        if not name.endswith(".yml"):
            continue
        data = read(os.path.join(ROOT, "rules", name), cut=None)
        put("rules", name, data[:CUT])
        for i, doc in enumerate(data.split(b"\n---")):
            if doc.strip():
                put("rules", f"{name}-doc{i}", doc.lstrip(b"-\n"))
    # archive: every container fixture.
    for folder in ("input", "archives"):
        for name in sorted(os.listdir(os.path.join(FIX, folder))):
            if name.endswith((".md", ".py")):
                continue
            put("archive", f"{folder}-{name}", read(os.path.join(FIX, folder, name), cut=None))
    # pipeline: whole samples and the case archives.
    for name in sorted(os.listdir(os.path.join(ROOT, "samples"))):
        if name.endswith(".log"):
            put("pipeline", name, read(os.path.join(ROOT, "samples", name), cut=None))
    for name in ("case-1.tar.gz", "case-2.zip", "single.log.gz"):
        put("pipeline", name, read(os.path.join(FIX, "archives", name), cut=None))


if __name__ == "__main__":
    main()
