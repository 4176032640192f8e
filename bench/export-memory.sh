#!/bin/bash
# bench/export-memory.sh [UNITS] [PARALLEL] [FORMAT]
#
# The memory a server spends on converted downloads: builds gitlate, makes a git
# repository holding one PO file of UNITS units (default 100000), serves it, then
# starts PARALLEL (default 4) simultaneous downloads of
# /api/translations/p/c/cs/file/?format=FORMAT (default xliff) while sampling the
# server's VmRSS every 50 ms. Prints the RSS before, the peak, the growth, and
# each download's status, size and time. WARM=1 converts once before measuring
# (the units are then parsed and kept: what is left is the conversions' own
# cost). GOMAXPROCS sets the server's export slots (max(2, GOMAXPROCS)). Run by
# hand on loopback; CI does not run it.
set -eu
units=${1:-100000} par=${2:-4} format=${3:-xliff}
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/gitlate" ./cmd/gitlate

mkdir "$work/repo"
(
	cd "$work/repo"
	git init -q -b main .
	{
		printf 'msgid ""\nmsgstr ""\n"Language: cs\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
		printf '"Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\\n"\n'
		awk -v n="$units" 'BEGIN { for (i = 0; i < n; i++) printf "\nmsgid \"Source string number %d with some words\"\nmsgstr \"Zdrojový řetězec číslo %d s několika slovy\"\n", i, i }'
	} >cs.po
	git add cs.po
	git -c user.name=bench -c user.email=bench@gitlate.invalid commit -qm po
)
cat >"$work/projects.yaml" <<EOF
projects: [{name: P, slug: p, components: [{name: C, slug: c, repo: $work/repo, file_format: po, filemask: "*.po"}]}]
EOF
port=$((20000 + RANDOM % 20000))
base=http://127.0.0.1:$port
url="$base/api/translations/p/c/cs/file/?format=$format"
"$work/gitlate" serve --listen 127.0.0.1:$port --data "$work/data" --config "$work/projects.yaml" >"$work/log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 1 600); do
	curl -sf -o /dev/null "$base/api/translations/p/c/cs/" && break
	sleep 0.2
done
sleep 2
if [ -n "${WARM:-}" ]; then
	curl -s -o /dev/null "$url"
	sleep 1
fi
rss() { awk '/VmRSS/ {print $2}' /proc/$pid/status; }
before=$(rss)
peak=$before
pids=""
for i in $(seq 1 "$par"); do
	curl -s -o /dev/null -w "%{http_code} %{size_download} bytes %{time_total} s\n" "$url" >"$work/res.$i" &
	pids="$pids $!"
done
while :; do
	r=$(rss)
	[ "$r" -gt "$peak" ] && peak=$r
	alive=0
	for j in $pids; do kill -0 "$j" 2>/dev/null && alive=1; done
	[ $alive -eq 0 ] && break
	sleep 0.05
done
echo "$units units, $par × ?format=$format: RSS $((before / 1024)) MB before, peak $((peak / 1024)) MB, growth $(((peak - before) / 1024)) MB"
cat "$work"/res.*
