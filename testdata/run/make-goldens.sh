#!/bin/sh
# Makes golden/<name>/ for every run of runs.txt with the real dryfire:
# its stdout, stderr, exit code, --json-out document and --junit-out XML.
# Needs the environment of the dryfire oracle: PY (the Python that imports
# dryfire) and DFCLI (a script that runs dryfire's own command line).
# Each project is copied to a scratch directory first; its absolute path
# is then replaced by <PROJECT> in every file. Names given as arguments
# limit it to those runs.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
grep -v '^#' "$here/runs.txt" | while IFS='|' read -r name project flags; do
	name=$(echo "$name" | xargs)
	project=$(echo "$project" | xargs)
	if [ $# -gt 0 ] && ! printf '%s\n' "$@" | grep -qx "$name"; then
		continue
	fi
	dir="$scratch/$name"
	cp -R "$repo/$project" "$dir"
	rm -f "$dir/run.json" "$dir/junit.xml"
	set +e
	# shellcheck disable=SC2086 # flags are words
	(cd "$dir" && "$PY" "$DFCLI" run --cassette-mode replay --json-out run.json --junit-out junit.xml $flags \
		>"$scratch/stdout" 2>"$scratch/stderr")
	code=$?
	set -e
	out="$here/golden/$name"
	rm -rf "$out"
	mkdir -p "$out"
	echo "$code" >"$out/exit_code"
	root=$(cd "$dir" && pwd -P)
	for f in stdout stderr; do
		"$PY" -c 'import sys; t=open(sys.argv[1], encoding="utf-8").read(); open(sys.argv[2], "w", encoding="utf-8").write(t.replace(sys.argv[3], "<PROJECT>"))' \
			"$scratch/$f" "$out/$f.txt" "$root"
	done
	for f in run.json junit.xml; do
		if [ -f "$dir/$f" ]; then
			"$PY" -c 'import sys; t=open(sys.argv[1], encoding="utf-8").read(); open(sys.argv[2], "w", encoding="utf-8").write(t.replace(sys.argv[3], "<PROJECT>"))' \
				"$dir/$f" "$out/$f" "$root"
		fi
	done
	echo "$name: exit $code"
done
