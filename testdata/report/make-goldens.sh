#!/bin/sh
# Makes golden/<name>/ for every line of runs.txt with the real dryfire:
# `dryfire report ARGS` run in a copy of inputs/ (plus dir.json, a
# directory). It writes exit_code, stdout.txt (the first line only when
# stdout is an HTML page, else all of it), stderr.txt and files.txt (the
# files the command left beside the inputs). Needs the environment of the
# dryfire oracle: PY (the Python that imports dryfire) and DFCLI (a script
# that runs dryfire's own command line).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
grep -v '^#' "$here/runs.txt" | while IFS='|' read -r name args; do
	name=$(echo "$name" | xargs)
	dir="$scratch/$name"
	cp -R "$here/inputs" "$dir"
	mkdir "$dir/dir.json"
	set +e
	# shellcheck disable=SC2086 # args are words
	(cd "$dir" && "$PY" "$DFCLI" report $args >"$scratch/stdout" 2>"$scratch/stderr")
	code=$?
	set -e
	out="$here/golden/$name"
	rm -rf "$out"
	mkdir -p "$out"
	echo "$code" >"$out/exit_code"
	if head -c 15 "$scratch/stdout" | grep -q '^<!doctype html>'; then
		head -n 1 "$scratch/stdout" >"$out/stdout.txt"
	else
		cp "$scratch/stdout" "$out/stdout.txt"
	fi
	cp "$scratch/stderr" "$out/stderr.txt"
	(cd "$dir" && find . -type f | sed 's|^\./||' | sort) | while read -r f; do
		[ -f "$here/inputs/$f" ] || echo "$f"
	done >"$out/files.txt"
done
