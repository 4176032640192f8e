#!/bin/sh
# Regenerates the goldens of this folder: runs Weblate's own quality checks
# (the weblate-checks oracle, oracle_checks.py) on every corpus of corpora.tsv.
#
#   oracle.sh [ORACLE_DIR]
#
# ORACLE_DIR is the folder holding oracle_checks.py (default
# $GITLATE_TEST_WEBLATE_CHECKS). It writes NAME.oracle.json and
# NAME.details.jsonl for each corpus; with GITLATE_TEST_SHARED=DIR set, also
# NAME.full.oracle.json for the corpora whose full copy is DIR/corpora/NAME
# (a dir of ../NAME in corpora.tsv). The project and component names, which the
# `same` check reads, are the corpus's name, as the test's config names them.
# Runs with /usr/bin/python3 and the Debian packages the oracle's README lists.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
oracle=${1:-${GITLATE_TEST_WEBLATE_CHECKS:-}}
if [ -z "$oracle" ] || [ ! -f "$oracle/oracle_checks.py" ]; then
	echo "usage: $0 ORACLE_DIR (the folder of oracle_checks.py), or set GITLATE_TEST_WEBLATE_CHECKS" >&2
	exit 2
fi
oracle=$(cd "$oracle" && pwd)
shared=${GITLATE_TEST_SHARED:-}

# run NAME DIR FORMAT FILEMASK TEMPLATE NEW_BASE OUT [DETAILS]
run() {
	set -- "$@" ""
	# (sh has no local variables: r_ keeps these apart from the loop's.)
	r_name=$1 r_template=$5 r_base=$6 r_details=$8
	set -- "$2" --format "$3" --filemask "$4" --project-name "$1" --component-name "$1" -o "$7"
	[ "$r_template" = - ] || set -- "$@" --template "$r_template"
	[ "$r_base" = - ] || set -- "$@" --new-base "$r_base"
	[ -z "$r_details" ] || set -- "$@" --details "$r_details"
	if ! msg=$(/usr/bin/python3 "$oracle/oracle_checks.py" "$@" 2>&1); then
		printf '%s: oracle failed:\n%s\n' "$r_name" "$msg" >&2
		exit 1
	fi
	echo "$r_name: $(printf '%s\n' "$msg" | tail -n 1)"
}

grep -v '^#' "$here/corpora.tsv" | while IFS='	' read -r name dir format mask template base; do
	run "$name" "$here/$dir" "$format" "$mask" "$template" "$base" \
		"$here/$name.oracle.json" "$here/$name.details.jsonl"
	case $dir in
	../*)
		if [ -n "$shared" ]; then
			run "$name" "$shared/corpora/${dir#../}" "$format" "$mask" "$template" "$base" \
				"$here/$name.full.oracle.json"
		fi
		;;
	esac
done
