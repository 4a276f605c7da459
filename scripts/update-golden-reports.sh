#!/bin/sh
# Regenerates Tests/PurgeTraceTests/Fixtures/reports/*.golden from the sample analyses
# (Tests/PurgeTraceTests/Reports/SampleAnalyses.swift). Review `git diff` afterwards:
# every change in a golden file is a change users see.
set -eu
cd "$(dirname "$0")/.."
PURGETRACE_UPDATE_GOLDEN=1 swift test --filter Golden
git status --short Tests/PurgeTraceTests/Fixtures/reports
