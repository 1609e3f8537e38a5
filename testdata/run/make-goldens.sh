#!/bin/sh
# Makes golden/<name>/ for every run of runs.txt with the real dryfire:
# its stdout, stderr, exit code, --json-out document and --junit-out XML.
# Needs the environment of the dryfire oracle: PY (the Python that imports
# dryfire) and DFCLI (a script that runs dryfire's own command line), with
# ruamel.yaml 0.19.1 first on PYTHONPATH (testdata/loaderdiff/README.md).
# Each project is copied to a scratch directory first (the project `init`
# is the files dryfire-tui init writes, examples/scaffold/project); the
# command runs there, or in the working directory runs.txt gives, with the
# PATHs it gives, passed as they are (globs are not expanded by the shell:
# dryfire expands them). The copy's absolute path is then replaced by
# <PROJECT> in every file. Names given as arguments limit it to those runs.
set -eu
set -f
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
grep -v '^#' "$here/runs.txt" | while IFS='|' read -r name project flags paths cwd; do
	name=$(echo "$name" | xargs)
	project=$(echo "$project" | xargs)
	cwd=$(echo "$cwd" | xargs)
	if [ $# -gt 0 ] && ! printf '%s\n' "$@" | grep -qx "$name"; then
		continue
	fi
	dir="$scratch/$name"
	if [ "$project" = init ]; then
		cp -R "$repo/examples/scaffold/project" "$dir"
	else
		cp -R "$repo/$project" "$dir"
	fi
	rm -f "$dir/run.json" "$dir/junit.xml"
	mode="--cassette-mode replay"
	case " $flags " in *" --cassette-mode "*) mode= ;; esac
	set +e
	# shellcheck disable=SC2086 # the mode, flags and PATHs are words
	(cd "$dir/${cwd:-.}" && env -u ANTHROPIC_API_KEY -u OPENAI_API_KEY -u GEMINI_API_KEY \
		"$PY" "$DFCLI" run $mode --json-out "$dir/run.json" --junit-out "$dir/junit.xml" $flags $paths \
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
