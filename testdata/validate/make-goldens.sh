#!/bin/sh
# Makes golden/<name>/ for every line of runs.txt with the real dryfire: its
# stdout, stderr and exit code. Needs the environment of the dryfire oracle:
# PY (the Python that imports dryfire) and DFCLI (a script that runs
# dryfire's own command line). Each project is copied to a scratch
# directory and the command runs there (or in the working directory the
# line's fifth field gives, relative to the copy); the directory's real path is then
# replaced by <PROJECT>. Names given as arguments limit it to those runs.
# The arguments are passed as they are (globs are not expanded by the
# shell: dryfire expands them). Made with ruamel.yaml 0.19.1 first on
# PYTHONPATH (testdata/loaderdiff/README.md).
set -eu
set -f
here=$(cd "$(dirname "$0")" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
grep -v '^#' "$here/runs.txt" | grep . | while IFS='|' read -r name project mode args cwd; do
	name=$(echo "$name" | xargs)
	project=$(echo "$project" | xargs)
	cwd=$(echo "$cwd" | xargs)
	if [ $# -gt 0 ] && ! printf '%s\n' "$@" | grep -qx "$name"; then
		continue
	fi
	dir="$scratch/$name"
	cp -R "$here/projects/$project" "$dir"
	set +e
	# shellcheck disable=SC2086 # args are words
	(cd "$dir/${cwd:-.}" && env -u ANTHROPIC_API_KEY -u OPENAI_API_KEY "$PY" "$DFCLI" $args >"$scratch/stdout" 2>"$scratch/stderr")
	code=$?
	set -e
	out="$here/golden/$name"
	rm -rf "$out"
	mkdir -p "$out"
	echo "$code" >"$out/exit_code"
	root=$(cd "$dir" && pwd -P)
	for f in stdout stderr; do
		"$PY" -c 'import sys; t=open(sys.argv[1], "rb").read(); open(sys.argv[2], "wb").write(t.replace(sys.argv[3].encode(), b"<PROJECT>"))' \
			"$scratch/$f" "$out/$f.txt" "$root"
	done
	echo "$name: exit $code"
done
