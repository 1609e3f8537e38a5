# Records projects/regex with dryfire's own orchestration (--cassette-mode
# record) and a scripted provider answering from projects/regex-book.json:
#   DRYFIRE_ORACLE=<directory of dfharness.py> "$PY" record_regex.py \
#       projects/regex projects/regex-book.json
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, os.environ["DRYFIRE_ORACLE"])
import dfharness as h  # noqa: E402

book = json.load(open(sys.argv[2], encoding="utf-8"))
prov = h.ScriptedProvider("anthropic", book)
r = h.run_project(Path(sys.argv[1]), mode="record", providers={"anthropic": prov})
print(r["exit_code"])
print(r["stdout"])
print(r["stderr"])
