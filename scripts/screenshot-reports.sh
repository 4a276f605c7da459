#!/bin/sh
# Renders the golden HTML reports in headless Chromium and saves a PNG of each, to look
# at after changing the HTML writer (Debian: apt-get install -y chromium).
#   scripts/screenshot-reports.sh [OUT_DIR]   (default /tmp/purgetrace-screenshots)
set -eu
cd "$(dirname "$0")/.."
out="${1:-/tmp/purgetrace-screenshots}"
mkdir -p "$out"
for golden in Tests/PurgeTraceTests/Fixtures/reports/*.html.golden; do
    name=$(basename "$golden" .html.golden)
    cp "$golden" "$out/$name.html"
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
        --screenshot="$out/$name.png" --window-size=1280,2000 "file://$(cd "$out" && pwd)/$name.html" 2>/dev/null
    echo "$out/$name.png"
done
