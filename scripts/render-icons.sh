#!/usr/bin/env bash
# Renders build/icon.svg, the one source of the app icon, to the PNGs electron-builder reads:
# build/icon.png (1024 px: macOS and Windows, which electron-builder turns into .icns and .ico) and
# build/icons/512x512.png (the Linux icon set). Each size is rendered from the vector, not scaled
# down from the other. Uses Debian's Chromium headless, the same browser the e2e tests use.
set -euo pipefail
cd "$(dirname "$0")/.."
chromium="${CHROMIUM:-/usr/bin/chromium}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p build/icons

render() { # <size> <output>
  cat >"$work/page.html" <<HTML
<!doctype html><html><head><style>html,body{margin:0;background:transparent}img{display:block;width:$1px;height:$1px}</style></head>
<body><img src="file://$PWD/build/icon.svg"></body></html>
HTML
  # --no-sandbox: CI runs as root, where Chromium refuses its sandbox; it only opens our own SVG.
  "$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars --allow-file-access-from-files \
    --default-background-color=00000000 --window-size="$1,$1" --screenshot="$PWD/$2" "file://$work/page.html" 2>/dev/null
}

render 1024 build/icon.png
render 512 build/icons/512x512.png
file build/icon.png build/icons/512x512.png 2>/dev/null || ls -l build/icon.png build/icons/512x512.png
