#!/bin/sh
# Makes oracle/: whether the real dryfire replays what dryfire-tui records.
# For every record fixture (testdata/golden/record), plainly and with the
# fake provider failing its first two answers:
#   1. dryfire-tui records a copy of the fixture's project
#      (`run --cassette-mode record --yes --json-out tui-run.json`) against
#      fakeprovider.py, with dummy keys;
#   2. the real dryfire replays the copy
#      (`run --cassette-mode replay --json-out dryfire-run.json`, through
#      dfreplay.py, which counts its cassette lookups and hits);
#   3. dryfire-tui replays it too (--json-out tui-replay.json);
#   4. oracle_check.py compares: the tree with dryfire's own recording, the
#      requests with dryfire's, dryfire's verdicts with dryfire-tui's, and
#      dryfire's replay with dryfire-tui's.
# Each result goes to oracle/<fixture>-fail-first-<N>.json.
# Needs Go and the dryfire oracle's environment: PY, the Python that imports
# dryfire (its PYTHONPATH exported). ORACLE_ONLY=<fixture> runs one fixture;
# ORACLE_KEEP=1 keeps the scratch directory (its path is printed).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
golden="$repo/testdata/golden/record"
scratch=$(mktemp -d)
fake=
trap '[ -n "$fake" ] && kill "$fake" 2>/dev/null; [ -n "${ORACLE_KEEP:-}" ] && echo "kept $scratch" || rm -rf "$scratch"' EXIT
(cd "$repo" && go build -o "$scratch/dryfire-tui" .)
mkdir -p "$here/oracle"

for fixture in ${ORACLE_ONLY:-anthropic-A compat-S gemini-B judge-anthropic-F judge-openai-H openai-C}; do
	for fail in 0 2; do
		work="$scratch/$fixture-$fail"
		mkdir -p "$work"
		python3 -u "$golden/fakeprovider.py" --port 0 --max-seconds 600 --fail-first "$fail" \
			--log "$work/requests.jsonl" >"$work/port" &
		fake=$!
		while [ ! -s "$work/port" ]; do sleep 0.1; done
		port=$(head -1 "$work/port")
		cp -R "$golden/$fixture/project" "$work/project"
		sed "s/FAKEPORT/$port/g" "$golden/$fixture/project/dryfire.yaml" >"$work/project/dryfire.yaml"
		keys=$(python3 -c 'import json,sys; print(" ".join(k + "=dummy-" + k.lower() for k in json.load(open(sys.argv[1]))["key_env"]))' \
			"$golden/$fixture/fixture.json")
		set +e
		# shellcheck disable=SC2086 # keys is a list of NAME=value words
		(cd "$work/project" && env -i PATH="$PATH" HOME="$work" \
			ANTHROPIC_BASE_URL="http://127.0.0.1:$port" OPENAI_BASE_URL="http://127.0.0.1:$port/v1" \
			GEMINI_BASE_URL="http://127.0.0.1:$port" ANTHROPIC_API_KEY=dummy-anthropic-key \
			OPENAI_API_KEY=dummy-openai-key GEMINI_API_KEY=dummy-gemini-key $keys \
			"$scratch/dryfire-tui" run --cassette-mode record --yes --json-out "$work/tui-run.json" \
			>"$work/tui.stdout" 2>"$work/tui.stderr")
		tui=$?
		set -e
		kill "$fake"
		wait "$fake" 2>/dev/null || true
		fake=
		# The replays have no key and no provider to reach: replay needs neither.
		(cd "$work/project" && env -i PATH="$PATH" HOME="$work" \
			"$scratch/dryfire-tui" run --cassette-mode replay --json-out "$work/tui-replay.json" \
			>/dev/null 2>&1) || true
		set +e
		(cd "$work/project" && env -i PATH="$PATH" HOME="$work" PYTHONPATH="$PYTHONPATH" \
			PYTHONHASHSEED=0 DFREPLAY_COUNTS="$work/counts.json" \
			"$PY" "$here/dfreplay.py" run --cassette-mode replay --json-out "$work/dryfire-run.json" \
			>"$work/dryfire.stdout" 2>"$work/dryfire.stderr")
		dryfire=$?
		set -e
		python3 "$here/oracle_check.py" "$golden/$fixture" "$work" "$fail" "$tui" "$dryfire" \
			>"$here/oracle/$fixture-fail-first-$fail.json"
	done
done
