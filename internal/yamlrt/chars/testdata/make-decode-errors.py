"""Makes decode-errors.json: suite files that are not UTF-8, each with the
message the real dryfire printed for it.

In the dryfire oracle's environment (PY and PYTHONPATH as its README says,
ruamel.yaml 0.19.1 first on the path), from this directory:

    "$PY" make-decode-errors.py DFCLI > decode-errors.json

where DFCLI is the oracle's dfcli.py. Each file is written as the only
suite of a project, and `dfcli.py run --cassette-mode replay` is run in it.
"""
import base64, json, os, re, subprocess, sys, tempfile

BASE = b'name: s\ncases:\n  - name: c1\n    input: "hi '
CASES = {
    "invalid continuation, second byte": BASE + b'\xc3\x28"\n',
    "invalid continuation, third byte": BASE + b'\xe2\x82\x28"\n',
    "invalid continuation, fourth byte": BASE + b'\xf0\x9f\x98\x28"\n',
    "overlong E0": BASE + b'\xe0\x80\x80"\n',
    "past U+10FFFF": BASE + b'\xf4\x90\x80\x80"\n',
    "surrogate": BASE + b'\xed\xa0\x80"\n',
    "C0 start byte": BASE + b'\xc0\xaf"\n',
    "file ends in a character, two bytes": BASE + b'ok"\n\xe2\x82',
    "file ends in a character, one byte": BASE + b'ok"\n\xe2',
    "bad byte in the second chunk": b"# " + b"x" * 9000 + b"\n" + BASE + b'\xff"\n',
    "bad byte first in the second chunk": b"# " + b"x" * 8190 + b"\xff\n" + BASE + b'"\n',
    "character across the chunk boundary, then a bad one": b"# " + b"x" * 8188 + b"\xc3\xa9\xc3\x28\n" + BASE + b'"\n',
    "surrogate cut by the chunk boundary": b"# " + b"x" * 8188 + b"\xed\xa0\x80\n" + BASE + b'"\n',
    "file ends in a surrogate's first two bytes": BASE + b'ok"\n#\xed\xa0',
    "NUL, then a surrogate cut by the chunk boundary": b"# " + b"x" * 100 + b"\x00" + b"x" * 8087 + b"\xed\xa0\x80\n" + BASE + b'"\n',
    "NUL, then a character cut by the chunk boundary and a bad byte": b"# " + b"x" * 100 + b"\x00" + b"x" * 8087 + b"\xed\x80\xff\n" + BASE + b'"\n',
}

out = []
for name, data in CASES.items():
    with tempfile.TemporaryDirectory() as d:
        os.makedirs(os.path.join(d, "evals"))
        with open(os.path.join(d, "dryfire.yaml"), "w") as f:
            f.write('version: 1\ndefaults:\n  provider: anthropic\n  model: claude-sonnet-4-6\nsuites:\n  - "evals/*.eval.yaml"\n')
        with open(os.path.join(d, "evals", "s.eval.yaml"), "wb") as f:
            f.write(data)
        p = subprocess.run([sys.executable, sys.argv[1], "run", "--cassette-mode", "replay"], cwd=d, capture_output=True, text=True)
        m = re.search(r"'utf-8' codec.*", p.stdout + p.stderr)
        out.append({"name": name, "file": base64.b64encode(data).decode(), "dryfire": m.group(0)})
json.dump(out, sys.stdout, indent=1)
print()
