#!/usr/bin/env bash
# fuzz/run.sh TARGET [SECONDS] [libFuzzer flags...]
#
# Builds purgetrace-fuzz with libFuzzer and AddressSanitizer and runs one target
# (formats | rules | archive | pipeline) for SECONDS (default 60), one process.
# New inputs go to fuzz/out/<target>/corpus (git-ignored); the committed seeds in
# fuzz/corpus/<target>/ are read, never written. A crash, leak or timeout is saved as
# fuzz/out/<target>/artifacts/crash-… (or leak-/timeout-/oom-); replay one with
#   PURGETRACE_FUZZ_TARGET=TARGET fuzz/.build/fuzzing/debug/purgetrace-fuzz FILE
# The last lines of the run (libFuzzer's final stats: executions, exec/s, cov, ft) are
# in fuzz/out/<target>/last-run.log.
#
# Configuration: SwiftPM's debug configuration with -O, not `-c release`: the root
# package builds release with -Ounchecked, which drops the overflow and bounds checks
# that turn many memory bugs into clean traps a fuzzer can see. The scratch folder is
# fuzz/.build/fuzzing, so the instrumented build never touches the normal .build.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
target="${1:?usage: fuzz/run.sh formats|rules|archive|pipeline [SECONDS] [libFuzzer flags...]}"
seconds="${2:-60}"
shift $(( $# >= 2 ? 2 : 1 ))
case "$target" in formats|rules|archive|pipeline) ;; *) echo "unknown target '$target'" >&2; exit 2 ;; esac

cd "$here"
swift build -c debug --scratch-path .build/fuzzing --product purgetrace-fuzz \
    -Xswiftc -O -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING 2>&1 \
    | grep -v "Cannot export local symbol" >&2
[ -d "corpus/$target" ] || python3 seed.py
out="out/$target"
mkdir -p "$out/corpus" "$out/artifacts"
export PURGETRACE_FUZZ_TARGET="$target"
# No Swift backtracer: a trap goes straight to libFuzzer, which saves the input (the
# backtracer's helper thread also trips ASan while it reads the dying process).
export SWIFT_BACKTRACE="enable=no"
export ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}"
export PURGETRACE_RULES_DIR="${PURGETRACE_RULES_DIR:-$here/../rules}"
# -detect_leaks=0: LeakSanitizer cannot see pointers that Swift stores with enum tags in
# their spare bits (indirect enums such as JSONValue), so it reports reachable objects
# as leaked; ASan's memory-error checks are unaffected.
# -timeout: one input taking 10 s is a hang. -rss_limit_mb: a bomb that gets past the
# limits shows up as an oom- artifact. -max_len: big enough for the whole samples.
set +e
./.build/fuzzing/debug/purgetrace-fuzz "$out/corpus" "corpus/$target" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 -detect_leaks=0 \
    -artifact_prefix="$out/artifacts/" -print_final_stats=1 "$@" 2>&1 | tee "$out/last-run.log" | tail -n 40
exit "${PIPESTATUS[0]}"
