#!/usr/bin/env bash
# `npm test`: everything CI runs. The keychain is real: when a private D-Bus session can be made,
# all tests run inside one with its own unlocked gnome-keyring, so a developer's own keychain is
# never touched and CI needs no desktop session.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${MC_PRIVATE_KEYRING:-}" ] && command -v dbus-run-session >/dev/null && command -v gnome-keyring-daemon >/dev/null; then
  export MC_PRIVATE_KEYRING=1
  # Its own keyring folder too: gnome-keyring keeps keyrings under $XDG_DATA_HOME, and one left
  # there by another run with another password would refuse to unlock.
  keyring_home=$(mktemp -d)
  status=0
  XDG_DATA_HOME="$keyring_home" dbus-run-session -- bash -c 'echo -n test | gnome-keyring-daemon --unlock --components=secrets >/dev/null; exec bash scripts/test.sh' || status=$?
  rm -rf "$keyring_home"
  exit "$status"
fi

mkdir -p test-results
step() { echo; echo "== $*"; "$@"; }
step npm run typecheck
step npm run lint
step npm run scan
step npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
step npm run build
step npx playwright test -c e2e/playwright.config.ts
# The real Electron opens real windows: where there is no display (CI, SSH), under a private Xvfb.
electron_suite=(npx playwright test -c e2e/electron/playwright.config.ts)
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  if command -v xvfb-run >/dev/null; then
    electron_suite=(xvfb-run -a "${electron_suite[@]}")
  else
    echo "No display and no xvfb-run: where Electron's binary is installed, the _electron suite cannot open its windows (apt-get install xvfb)."
  fi
fi
step "${electron_suite[@]}"
node scripts/test-summary.ts test-results/vitest.json test-results/e2e.json test-results/electron.json
