#!/bin/sh
# Makes golden/<name>/ for every comparison of compares.txt with the real
# dryfire: its stdout, stderr and exit code, run in a scratch copy of
# projects/support with no API key set, the copy's absolute path replaced
# by <PROJECT>. Needs the environment of the dryfire oracle: PY (the
# Python that imports dryfire) and DFCLI (a script that runs dryfire's own
# command line), with ruamel.yaml 0.19.1 first on PYTHONPATH
# (testdata/loaderdiff/README.md). The flags are passed as they are (globs
# are not expanded by the shell: dryfire expands them); a page written with
# --html-out is kept beside the outputs. Names given as arguments limit it
# to those comparisons.
set -eu
set -f
here=$(cd "$(dirname "$0")" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
grep -v '^#' "$here/compares.txt" | while IFS='|' read -r name flags; do
	name=$(echo "$name" | xargs)
	if [ $# -gt 0 ] && ! printf '%s\n' "$@" | grep -qx "$name"; then
		continue
	fi
	dir="$scratch/$name"
	cp -R "$here/projects/support" "$dir"
	set +e
	# shellcheck disable=SC2086 # flags are words
	(cd "$dir" && env -u ANTHROPIC_API_KEY -u OPENAI_API_KEY -u GEMINI_API_KEY \
		"$PY" "$DFCLI" compare $flags >"$scratch/stdout" 2>"$scratch/stderr")
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
	find "$dir" -maxdepth 1 -name '*.html' -exec cp {} "$out/" \;
	echo "$name: exit $code"
done
