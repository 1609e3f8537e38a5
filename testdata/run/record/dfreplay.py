# dryfire's own command line, counting the cassette lookups of a run: every
# call of its cassette store's get, and how many of them found a cassette.
# The counts go, as JSON, to the file named by DFREPLAY_COUNTS.
import json
import os
import sys

from dryfire.adapters.driven.cache import file_store

counts = {"lookups": 0, "hits": 0, "missed": []}
_get = file_store.FileCassetteStore.get


def counting_get(self, fingerprint):
    found = _get(self, fingerprint)
    counts["lookups"] += 1
    if found is None:
        counts["missed"].append(fingerprint)
    else:
        counts["hits"] += 1
    return found


file_store.FileCassetteStore.get = counting_get

from dryfire.adapters.driving.cli.app import app  # noqa: E402

if __name__ == "__main__":
    sys.argv[0] = "dryfire"
    try:
        code = app()
    except SystemExit as exit_:
        code = exit_.code
    with open(os.environ["DFREPLAY_COUNTS"], "w", encoding="utf-8") as out:
        json.dump(counts, out)
    sys.exit(code)
