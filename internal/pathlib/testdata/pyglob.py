"""Makes pyglob.json: a tree of files, directories and links, and what
Python's glob.glob(pattern, root_dir=ROOT, recursive=True) matches in it
for each pattern (sorted; an absolute match starts with ROOT).

Run with Python 3.11: python3 pyglob.py > pyglob.json
"""
import glob
import json
import os
import sys
import tempfile

FILES = [
    "top.eval.yaml", "notes.txt", ".top/g.eval.yaml", ".hidden.eval.yaml",
    "evals/a.eval.yaml", "evals/b.eval.yml", "evals/.hidden.eval.yaml",
    "evals/sub/c.eval.yaml", "evals/sub/deep/d.eval.yaml", "evals/.dot/e.eval.yaml",
    "evals/[x].eval.yaml", "evals/x.eval.yaml", "evals/we*ird.eval.yaml",
    "evals/-dash.yaml", "evals/a-b.yaml", "evals/]bracket.yaml", "evals/ü.eval.yaml",
    "evals/Upper.eval.yaml", "evals/back\\slash.yaml", "evals/!bang.yaml",
    "other/f.eval.yaml", "other/sub/h.eval.yaml",
]
DIRS = ["empty"]
LINKS = {
    "link-to-sub": "evals/sub",
    "evals/broken.eval.yaml": "nowhere.yaml",
    "evals/sub/up.eval.yaml": "../a.eval.yaml",
    "other/loop": ".",
}
PATTERNS = [
    "evals/*.eval.yaml", "evals/**/*.eval.yaml", "**/*.eval.yaml", "**", "**/", "evals/**", "evals/**/",
    "evals/", "evals", "evals/*", "*", "*/", ".*", "evals/.*", "evals/**/.*", "**/.*/*",
    "evals/?.eval.yaml", "evals/[ab].eval.y*ml", "evals/[!a].eval.yaml", "evals/[a-c].eval.yaml",
    "evals/[x].eval.yaml", "evals/[[]x].eval.yaml", "evals/[", "evals/[x", "evals/*[", "top.eval.yaml",
    "./top.eval.yaml", "evals//a.eval.yaml", "evals/./a.eval.yaml", "evals/../top.eval.yaml",
    "./evals/*.yml", "nosuch.yaml", "nosuch/*.yaml", "nosuch/**", "evals/broken.eval.yaml", "evals/broken*",
    "link-to-sub/*.yaml", "link-to-sub/**", "**/deep", "*/sub/*", "evals/sub/", "e*/s*/", "[!e]*",
    "evals/*-*.yaml", "evals/[a-]*.yaml", "evals/[-a]*.yaml", "evals/[]]*", "evals/[!]]*.yaml", "evals/ü*",
    "evals/we*ird*", "evals/we[*]ird*", "evals/back\\slash.yaml", "evals/back[\\]slash.yaml",
    "evals/[!!]*.yaml", "evals/[z-a]*", "evals/[a-c-e]*", "evals/[a--c]*", "evals/[u-]*", "evals/[U]*",
    "evals/*.EVAL.yaml", "empty/**", "empty/*", "other/loop/*.eval.yaml", "other/loop/loop/f.eval.yaml",
    "evals/sub/**/*.yaml", "**/sub/**/*.eval.yaml", "*/**/d.eval.yaml", "evals/**/deep/*", "**/**/c.eval.yaml",
    "evals/**.yaml", "evals/a**", "notes.txt/", "empty/", "notes.txt/*",
    "ROOT/evals/*.eval.yaml", "ROOT/**/deep/*.yaml", "ROOT/top.eval.yaml", "ROOT/nosuch",
]


def main() -> None:
    root = os.path.realpath(tempfile.mkdtemp())
    for f in FILES:
        p = os.path.join(root, f)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        open(p, "w").close()
    for d in DIRS:
        os.makedirs(os.path.join(root, d), exist_ok=True)
    for link, target in LINKS.items():
        os.symlink(target, os.path.join(root, link))
    cases = []
    for pat in PATTERNS:
        real = pat.replace("ROOT", root)
        try:
            got = sorted(m.replace(root, "ROOT") for m in glob.glob(real, root_dir=root, recursive=True))
            cases.append({"pattern": pat, "matches": got})
        except Exception as e:  # noqa: BLE001
            cases.append({"pattern": pat, "error": type(e).__name__})
    json.dump({"python": sys.version.split()[0], "files": FILES, "dirs": DIRS, "links": LINKS, "cases": cases},
              sys.stdout, indent=1, ensure_ascii=False)
    sys.stdout.write("\n")


main()
