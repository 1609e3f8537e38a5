#!/bin/sh
# Makes numkeys/: what the real dryfire records for the numkeys project (mock
# results whose mappings have number keys) through Gemini against
# fakeprovider.py (testdata/golden/record), laid out as a record fixture:
# expected-cassettes/ (recorded_at pinned to 2026-08-01T12:00:00Z and
# response.latency_ms to 0, the two fields that vary), expected-requests.jsonl
# (every request, with the suite, case and turn of the cassette it made) and
# expected-replies.jsonl (the fake's answer to each, by make_replies.py).
# Needs the dryfire oracle's environment: PY, the Python that imports dryfire.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
golden="$repo/testdata/golden/record"
out="$here/numkeys"
scratch=$(mktemp -d)
trap 'kill "$fake" 2>/dev/null; rm -rf "$scratch"' EXIT
python3 -u "$golden/fakeprovider.py" --port 0 --max-seconds 300 --log "$scratch/log.jsonl" >"$scratch/port" &
fake=$!
while [ ! -s "$scratch/port" ]; do sleep 0.1; done
port=$(head -1 "$scratch/port")
dir="$scratch/project"
cp -R "$out/project" "$dir"
set +e
(cd "$dir" && GEMINI_BASE_URL="http://127.0.0.1:$port" GEMINI_API_KEY=dummy-gemini-key \
	"$PY" "$here/dfrecord.py" run --cassette-mode record >"$scratch/stdout" 2>"$scratch/stderr")
code=$?
set -e
echo "numkeys: exit $code"
rm -rf "$out/expected-cassettes"
"$PY" - "$dir/.dryfire/cassettes" "$out" "$scratch/log.jsonl" "$code" <<'PY'
import json, pathlib, re, shutil, sys
src, out, log, code = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]), sys.argv[3], int(sys.argv[4])
by_id = {}
for f in sorted(src.rglob("*.json")):
    rel = f.relative_to(src)
    text = f.read_text(encoding="utf-8")
    text = re.sub(r'"recorded_at": "[^"]*"', '"recorded_at": "2026-08-01T12:00:00Z"', text)
    text = re.sub(r'"latency_ms": \d+', '"latency_ms": 0', text)
    dst = out / "expected-cassettes" / rel
    dst.parent.mkdir(parents=True, exist_ok=True)
    dst.write_text(text, encoding="utf-8")
    body = json.loads(text)
    by_id[body["response"]["raw"]["responseId"]] = body
lines = []
for line in open(log, encoding="utf-8"):
    rec = json.loads(line)
    c = by_id[rec["reply_id"]]
    lines.append(json.dumps({"suite": c["suite"], "case": c["case"], "turn": c["turn"], "path": rec["path"],
                             "body": rec["body"]}, ensure_ascii=False, separators=(",", ":")))
lines.sort(key=lambda l: (json.loads(l)["suite"], json.loads(l)["case"], json.loads(l)["turn"]))
(out / "expected-requests.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
(out / "expected.json").write_text(json.dumps({"record_exit_code": code, "requests": len(lines)}, indent=2) + "\n")
PY
cp "$golden/fakeprovider.py" "$golden/make_replies.py" "$scratch/"
(cd "$scratch" && mkdir -p numkeys && cp "$out/expected-requests.jsonl" numkeys/ && cp -R "$out/expected-cassettes" numkeys/ && python3 make_replies.py)
cp "$scratch/numkeys/expected-replies.jsonl" "$out/"
