#!/usr/bin/env python3
"""`make bench`: purgetrace against ripgrep on the same files, medians of several runs.

For each input it times `purgetrace analyze --format json` (all shipped rules,
correlation and report) and `rg --no-unicode -c -f PATTERNS` with the shipped rules'
patterns, and reads the peak resident memory of each run from wait4(). Benchmarks are
not tests: nothing here asserts a time.

Why `--no-unicode`: purgetrace compiles patterns with PCRE2_UTF but not PCRE2_UCP, so
`\\b`, `\\w`, `\\d` and `\\s` are ASCII classes; `--no-unicode` gives ripgrep the same
meaning. With ripgrep's default Unicode classes the patterns mean something else, and on
these files ripgrep 13 is also pathologically slow: its DFA gives up on a Unicode `\\b`
at the first non-ASCII byte (the 🛟 of the app's snapshot line) and the fallback engine
takes minutes per buffer with ~60 patterns (`-P` is as slow).

    bench/bench.py [--size-mb 500] [--runs 3] [--jobs N] [--bin PATH]

`--bin` times another purgetrace build (an older commit, for a before/after table); the
patterns always come from this checkout's build.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "bench", "out")
BIN = os.path.join(ROOT, ".build", "release", "purgetrace")


def run(cmd, stdout=subprocess.DEVNULL):
    """Runs cmd, returns (seconds, peak RSS in MB, exit status)."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=stdout, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    return elapsed, usage.ru_maxrss / 1024.0, os.waitstatus_to_exitcode(status)


def records_of(cmd):
    """Records purgetrace read (from its JSON report), for the per-record column."""
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return sum(source.get("records") or 0 for source in json.loads(out).get("inputs", []))


def median_run(cmd, runs):
    results = [run(cmd) for _ in range(runs)]
    for _, _, code in results:
        if code not in (0, 1):
            sys.exit(f"bench: {' '.join(cmd)} exited with {code}")
    return statistics.median(r[0] for r in results), max(r[1] for r in results)


def rg_pattern(pattern):
    """PCRE2 named groups `(?<name>…)` / `(?P<name>…)` / `(?'name'…)` as plain groups `(…)`.

    ripgrep 13's default engine rejects `(?<`; a group's name changes nothing about what
    matches, so the pattern keeps its meaning. Escapes (`\\(?<`) and character classes
    (`[(?<]`) are copied as they are, and so are lookbehinds (`(?<=`, `(?<!`).
    """
    out, i, n, in_class = [], 0, len(pattern), False
    while i < n:
        c = pattern[i]
        if c == "\\":
            out.append(pattern[i:i + 2])
            i += 2
            continue
        if in_class:
            if pattern.startswith("[:", i) and ":]" in pattern[i + 2:]:  # [[:alpha:]]
                end = pattern.index(":]", i + 2) + 2
                out.append(pattern[i:end])
                i = end
                continue
            if c == "]":
                in_class = False
            out.append(c)
            i += 1
            continue
        if c == "[":
            in_class = True
            out.append(c)
            i += 1
            # A `]` (or `^]`) right after the opening bracket is a member, not the end.
            if pattern[i:i + 1] == "^":
                out.append("^")
                i += 1
            if pattern[i:i + 1] == "]":
                out.append("]")
                i += 1
            continue
        if pattern.startswith("(?<", i) and i + 3 < n and pattern[i + 3] not in "=!":
            close = pattern.find(">", i + 3)
            out.append("(")
            i = close + 1
            continue
        if pattern.startswith("(?P<", i):
            out.append("(")
            i = pattern.find(">", i + 4) + 1
            continue
        if pattern.startswith("(?'", i):
            out.append("(")
            i = pattern.find("'", i + 3) + 1
            continue
        out.append(c)
        i += 1
    return "".join(out)


def patterns_file():
    out = subprocess.run([BIN, "rules", "list", "--format", "json"], check=True, capture_output=True, text=True).stdout
    patterns = []
    for rule in json.loads(out):
        patterns += [rg_pattern(p) for p in rule.get("patterns", [])]
    path = os.path.join(OUT, "patterns.txt")
    with open(path, "w") as f:
        f.write("\n".join(patterns) + "\n")
    return path, len(patterns)


def ensure_input(name, fmt, size_mb):
    path = os.path.join(OUT, name)
    if not os.path.exists(path) or os.path.getsize(path) < size_mb * 1024 * 1024 * 0.99:
        print(f"bench: generating {name} ({size_mb} MB)…", file=sys.stderr)
        subprocess.run([sys.executable, os.path.join(ROOT, "bench", "generate.py"), "--size-mb", str(size_mb),
                        "--format", fmt, "--out", path], check=True)
    return path


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--size-mb", type=int, default=int(os.environ.get("BENCH_SIZE_MB", "500")))
    ap.add_argument("--runs", type=int, default=int(os.environ.get("BENCH_RUNS", "3")))
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    ap.add_argument("--bin", default=BIN, help="the purgetrace binary to time")
    a = ap.parse_args()
    os.makedirs(OUT, exist_ok=True)
    rg = shutil.which("rg")
    if not rg:
        sys.exit("bench: ripgrep (rg) is required: apt-get install ripgrep / brew install ripgrep")
    pats, count = patterns_file()
    inputs = [ensure_input("bench-log-show.log", "log-show", a.size_mb),
              ensure_input("bench-ndjson.log", "log-ndjson", a.size_mb)]
    rows = []
    for path in inputs:
        size = os.path.getsize(path) / 1e6
        analyze = [a.bin, "analyze", "--format", "json", "--jobs", str(a.jobs), "--no-progress", path]
        records = records_of(analyze)
        pt, prss = median_run(analyze, a.runs)
        rt, rrss = median_run([rg, "--no-unicode", "-c", "-f", pats, path], a.runs)
        rows.append((os.path.basename(path), size, records, pt, size / pt, pt * 1e9 / max(records, 1), rt, pt / rt, prss, rrss))
    load = os.getloadavg()[0]
    print(f"machine: {os.cpu_count()} cores; purgetrace --jobs {a.jobs}; {count} patterns; median of {a.runs} runs; "
          f"load average {load:.2f} at the end\n")
    print("| input | MB | records | purgetrace s | MB/s | ns/record | rg -c -f s | ratio | peak RSS MB | rg RSS MB |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        print(f"| {r[0]} | {r[1]:.0f} | {r[2]} | {r[3]:.2f} | {r[4]:.0f} | {r[5]:.0f} | {r[6]:.2f} | {r[7]:.2f} | {r[8]:.0f} | {r[9]:.0f} |")


if __name__ == "__main__":
    main()
