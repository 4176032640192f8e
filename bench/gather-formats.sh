#!/bin/sh
# bench/gather-formats.sh [WORK]
#
# Builds the real components of the `formats` figure (bench/formats.tsv) as git
# repositories under WORK/formats/<id>/repo (WORK: bench/out/work), each holding
# the files of its filemask and template at the pinned commit, committed once with a
# fixed author and date. The files come from GATHER_MIRRORS/owner+name/repo (bare
# git mirrors) when that is set, else from a `git clone` of the GitHub repository.
# A component already built at its commit is kept. The data is not redistributed:
# see each project's licence (formats.tsv's last column).
set -eu
cd "$(dirname "$0")/.."
work=${1:-bench/out/work}
mkdir -p "$work/formats/clones"
work=$(cd "$work" && pwd)
tsv=$PWD/bench/formats.tsv

# source_git REPO COMMIT: a git dir holding COMMIT.
source_git() {
	if [ -n "${GATHER_MIRRORS:-}" ]; then
		g="$GATHER_MIRRORS/$(echo "$1" | tr / +)/repo"
		[ -d "$g" ] || { echo "gather-formats: no mirror $g" >&2; return 1; }
		echo "$g"
		return
	fi
	g="$work/formats/clones/$(echo "$1" | tr / +).git"
	if [ ! -d "$g" ]; then
		git clone -q --bare --filter=blob:none "https://github.com/$1.git" "$g" >&2
	fi
	git --git-dir="$g" cat-file -e "$2^{commit}" 2>/dev/null ||
		git --git-dir="$g" fetch -q origin "$2" >&2
	echo "$g"
}

# mask_regex MASK: an extended regular expression of MASK, each * one path segment's part.
mask_regex() {
	printf '^%s$' "$(printf '%s' "$1" | sed 's/[].[^$\\+?(){}|]/\\&/g; s/\*/[^\/]*/g')"
}

grep -v '^#' "$tsv" | while IFS='	' read -r id repo commit mask template source licence; do
	[ -n "$id" ] || continue
	dir="$work/formats/$id"
	if [ -f "$dir/commit" ] && [ "$(cat "$dir/commit")" = "$commit" ]; then
		continue
	fi
	echo "gather-formats: $id from $repo at $commit" >&2
	g=$(source_git "$repo" "$commit")
	rm -rf "$dir"
	mkdir -p "$dir/repo"
	re=$(mask_regex "$mask")
	paths=$(git --git-dir="$g" ls-tree -r --name-only "$commit" | grep -E "$re|^$(printf '%s' "$template" | sed 's/[].[^$\\+?(){}|*]/\\&/g')\$" || true)
	[ -n "$paths" ] || { echo "gather-formats: $id: nothing matches $mask at $commit" >&2; exit 1; }
	echo "$paths" | while IFS= read -r p; do
		mkdir -p "$dir/repo/$(dirname "$p")"
		git --git-dir="$g" cat-file blob "$commit:$p" >"$dir/repo/$p"
	done
	(
		cd "$dir/repo"
		git init -q -b main
		git add -A
		GIT_AUTHOR_DATE=2026-01-01T00:00:00Z GIT_COMMITTER_DATE=2026-01-01T00:00:00Z \
			git -c user.name=bench -c user.email=bench@example.org commit -q -m "$repo at $commit: $mask"
	)
	echo "$commit" >"$dir/commit"
done
