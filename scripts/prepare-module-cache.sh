#!/usr/bin/env bash
# Arranges local git clones as a Go module cache, so that union-gen can load dependencies
# without the Go toolchain or the network.
#
# usage: prepare-module-cache.sh CACHE_DIR MODULE_PATH GIT_DIR VERSION [MODULE_PATH GIT_DIR VERSION]...
#   e.g. prepare-module-cache.sh /tmp/gomodcache k8s.io/apimachinery ~/apimachinery.git v0.0.0-20260723070748-eed236ceee2c
# VERSION is the version go.mod requires; for a pseudo-version the commit is its last part.
# Then: GOMODCACHE=CACHE_DIR union-gen generate ./...
set -euo pipefail
cache=${1:?usage: prepare-module-cache.sh CACHE_DIR MODULE_PATH GIT_DIR VERSION...}
shift
escape() { sed -e 's/[A-Z]/!\L&/g' <<<"$1"; }
while [ "$#" -ge 3 ]; do
  module=$1 git_dir=$2 version=$3
  shift 3
  rev=${version##*-}
  git --git-dir="$git_dir" rev-parse --verify -q "$rev^{commit}" >/dev/null || rev=$version
  dest="$cache/$(escape "$module")@$(escape "$version")"
  if [ -d "$dest" ]; then
    echo "exists: $dest"
    continue
  fi
  mkdir -p "$dest"
  git --git-dir="$git_dir" archive "$rev" | tar -x -C "$dest"
  echo "$module@$version -> $dest"
done
