#!/bin/sh
# Makes gemini-B/: what the real dryfire's `run --cassette-mode record` prints
# and writes when it records the gemini-B record fixture against
# fakeprovider.py (testdata/golden/record). Gemini goes through dryfire's own
# HTTP code, unchanged but for its base URL (dryfire has no override for it;
# dfrecord.py sets one), so no SDK stand-in is involved.
# Needs the dryfire oracle's environment: PY, the Python that imports dryfire.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
scratch=$(mktemp -d)
trap 'kill "$fake" 2>/dev/null; rm -rf "$scratch"' EXIT
python3 -u "$repo/testdata/golden/record/fakeprovider.py" --port 0 --max-seconds 300 >"$scratch/port" &
fake=$!
while [ ! -s "$scratch/port" ]; do sleep 0.1; done
port=$(head -1 "$scratch/port")
dir="$scratch/gemini-B"
cp -R "$repo/testdata/golden/record/gemini-B/project" "$dir"
set +e
(cd "$dir" && GEMINI_BASE_URL="http://127.0.0.1:$port" GEMINI_API_KEY=dummy-gemini-key \
	"$PY" "$here/dfrecord.py" run --cassette-mode record --json-out run.json --junit-out junit.xml \
	>"$scratch/stdout" 2>"$scratch/stderr")
code=$?
set -e
out="$here/gemini-B"
rm -rf "$out"
mkdir -p "$out"
echo "$code" >"$out/exit_code"
root=$(cd "$dir" && pwd -P)
for f in stdout stderr run.json junit.xml; do
	src="$dir/$f"
	case $f in stdout | stderr) src="$scratch/$f" ;; esac
	name=$f
	case $f in stdout | stderr) name=$f.txt ;; esac
	"$PY" -c 'import sys; t=open(sys.argv[1], encoding="utf-8").read(); open(sys.argv[2], "w", encoding="utf-8").write(t.replace(sys.argv[3], "<PROJECT>"))' \
		"$src" "$out/$name" "$root"
done
echo "gemini-B: exit $code"
