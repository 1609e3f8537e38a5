"""Write <fixture>/expected-replies.jsonl: fakeprovider's answer to every recorded request.

    cd testdata/golden/record && python3 make_replies.py

Line i answers line i of expected-requests.jsonl: {"suite", "case", "turn", "reply"}, where
"reply" is the exact body text fakeprovider.py sends for that request (its answer() policy,
serialised as its HTTP handler does). A Go test server answers a request with the reply of
the recorded request whose body is the same JSON value, as fakeprovider.py would.
"""

import json
import pathlib

import fakeprovider

HERE = pathlib.Path(__file__).parent


def main() -> None:
    for fixture in sorted(p for p in HERE.iterdir() if (p / "expected-requests.jsonl").exists()):
        ids = set()
        for f in (fixture / "expected-cassettes").rglob("*.json"):
            raw = json.loads(f.read_text(encoding="utf-8"))["response"]["raw"]
            ids.add(raw.get("id") or raw.get("responseId"))
        out = []
        for line in (fixture / "expected-requests.jsonl").read_text(encoding="utf-8").splitlines():
            rec = json.loads(line)
            proto, path_model = fakeprovider.route(rec["path"])
            model = path_model if proto == "gemini" else str(rec["body"].get("model"))
            reply = fakeprovider.answer(proto, model, rec["body"])
            reply_id = reply.get("id") or reply.get("responseId")
            assert reply_id in ids, f"{fixture.name}: no cassette holds the answer {reply_id}"
            text = json.dumps(reply, ensure_ascii=False, separators=(",", ":"))
            out.append(json.dumps({"suite": rec["suite"], "case": rec["case"], "turn": rec["turn"],
                                   "reply": text}, ensure_ascii=False, separators=(",", ":")))
        (fixture / "expected-replies.jsonl").write_text("\n".join(out) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
