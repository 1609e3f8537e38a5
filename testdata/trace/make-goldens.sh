#!/bin/sh
# Makes golden/<name>/ for every trace of traces.txt with the real dryfire:
# its stdout, stderr and exit code, the project's absolute path replaced by
# <PROJECT>. Needs the environment of the dryfire oracle: PY (the Python
# that imports dryfire) and DFCLI (a script that runs dryfire's own command
# line), with ruamel.yaml 0.19.1 first on PYTHONPATH
# (testdata/loaderdiff/README.md). Each project is copied to a scratch
# directory first; the PATHs of traces.txt, when given, follow the address
# as they are (globs are not expanded by the shell: dryfire expands them).
# Names given as arguments limit it to those traces.
set -eu
set -f
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
scratch=$(mktemp -d)
fake=
trap 'if [ -n "$fake" ]; then kill "$fake" 2>/dev/null; fi; rm -rf "$scratch"' EXIT
grep -v '^#' "$here/traces.txt" | while IFS='|' read -r name project address how flags paths; do
	name=$(echo "$name" | xargs)
	project=$(echo "$project" | xargs)
	address=$(echo "$address" | sed 's/^ *//; s/ *$//')
	how=$(echo "$how" | xargs)
	if [ $# -gt 0 ] && ! printf '%s\n' "$@" | grep -qx "$name"; then
		continue
	fi
	dir="$scratch/$name"
	cp -R "$repo/$project" "$dir"
	set +e
	case $how in
	replay)
		model=$(echo "$flags" | sed -n 's/.*--model \([^ ]*\).*/\1/p')
		# shellcheck disable=SC2086 # the PATHs are words
		(cd "$dir" && env -u ANTHROPIC_API_KEY -u OPENAI_API_KEY -u GEMINI_API_KEY \
			"$PY" "$here/tracereplay.py" "$address" "$model" $paths >"$scratch/stdout" 2>"$scratch/stderr")
		;;
	off)
		# shellcheck disable=SC2086 # flags are words
		(cd "$dir" && env -u ANTHROPIC_API_KEY -u OPENAI_API_KEY -u GEMINI_API_KEY \
			"$PY" "$DFCLI" trace "$address" $paths $flags >"$scratch/stdout" 2>"$scratch/stderr")
		;;
	live)
		python3 -u "$repo/testdata/golden/record/fakeprovider.py" --port 0 --max-seconds 120 >"$scratch/port" &
		fake=$!
		while [ ! -s "$scratch/port" ]; do sleep 0.1; done
		port=$(head -1 "$scratch/port")
		# shellcheck disable=SC2086 # flags are words
		(cd "$dir" && GEMINI_BASE_URL="http://127.0.0.1:$port" GEMINI_API_KEY=dummy-gemini-key \
			"$PY" "$repo/testdata/run/record/dfrecord.py" trace "$address" $flags >"$scratch/stdout" 2>"$scratch/stderr")
		;;
	esac
	code=$?
	set -e
	if [ -n "$fake" ]; then
		kill "$fake" 2>/dev/null || true
		wait "$fake" 2>/dev/null || true
		fake=
		rm -f "$scratch/port"
	fi
	out="$here/golden/$name"
	rm -rf "$out"
	mkdir -p "$out"
	echo "$code" >"$out/exit_code"
	root=$(cd "$dir" && pwd -P)
	for f in stdout stderr; do
		"$PY" -c 'import sys; t=open(sys.argv[1], encoding="utf-8").read(); open(sys.argv[2], "w", encoding="utf-8").write(t.replace(sys.argv[3], "<PROJECT>"))' \
			"$scratch/$f" "$out/$f.txt" "$root"
	done
	echo "$name: exit $code"
done
