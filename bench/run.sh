#!/bin/sh
# bench/run.sh [FIGURE...] [-- gitlate-bench flags]
#
# Reproduces gitlate's performance figures (see bench/README.md): builds gitlate,
# the constant-bytes gin baseline and the harness into bench/out/bin, then runs
# the harness for the figures named (start, scan, serve, memory, incremental, scale,
# restart, components, commits, routes, changes-memory, log-restart,
# log-restart-sizes, replicas, edit, first-stats,
# progress, formats; default: all). Run by hand from anywhere in the
# repository; CI does not run it.
#
# Needs: go, git, wrk, /usr/bin/python3 with translate-toolkit (python3-translate),
# PostgreSQL's server binaries (replicas), and the shared corpora directory next
# to the repository (elsewhere: bench/run.sh FIGURE -- -shared DIR). `formats` reads
# real components that bench/gather-formats.sh fetches (GATHER_MIRRORS=DIR without network).
set -eu
cd "$(dirname "$0")/.."
figures=""
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
	figures="$figures $1"
	shift
done
[ "${1:-}" = "--" ] && shift
[ -n "$figures" ] || figures=all

for tool in git wrk /usr/bin/python3; do
	command -v "$tool" >/dev/null 2>&1 || echo "warning: $tool is not installed; the figures that need it will fail" >&2
done
mkdir -p bench/out/bin
go build -o bench/out/bin/gitlate ./cmd/gitlate
go build -o bench/out/bin/constsrv ./bench/cmd/constsrv
go build -o bench/out/bin/version ./bench/cmd/version
go build -o bench/out/bin/gitlate-bench ./bench/cmd/gitlate-bench
# shellcheck disable=SC2086
exec bench/out/bin/gitlate-bench -bin bench/out/bin -work bench/out/work "$@" $figures
