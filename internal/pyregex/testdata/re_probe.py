"""Writes python-re.json: what Python 3.11's re module does with each
pattern below on each text (python3.11 re_probe.py > python-re.json).

For each pattern: the exception re.compile raises (its type and str()),
or, for each text re.search finds it in, the span of the match. The
"hangs" are patterns and texts re.search does not finish on: each is run
in a child process, which must still be running after a few seconds.
"""

import json
import re
import subprocess
import sys

PATTERNS = [
    # errors of the parser
    r"a(b", r"ab)", r"*a", r"a**", r"a{2,1}", r"[a", r"[z-a]", r"\q", "\\", r"\x4", r"(?P<1>x)", r"(?P=n)",
    r"(?<x)", r"a(?i)b", r"(?L)a", r"(?au)a", r"(?z)a", r"(?i-i:a)", r"(?#c", r"(?P<n>a)(?P<n>b)", r"(?P", r"(?",
    r"\1", r"(a)\2", r"(a\1)", r"[\8]", r"\777", r"[\777]", r"\N", r"a{3", r"^*", r"$+", r"\b?", r"a|*",
    r"[\x41-\x30]", r"[z-\x30]", r"[\d-z]", r"[\N{EM DASH}-a]", r"\U00110000", r"(?P<a b>x)", r"(?P=1)",
    r"(?<", r"(?<=", r"(?=a", r"(?P<é>x)(?P=é)", r"(?P<a·>x)", r"(?t:a)", r"(?-t:a)", r"(?i-:a)", r"(?-", r"(?i",
    r"(?x-i", r"(?-a:x)", r"(?a)(?u)x", r"(?a)(?a)x", r"(?u)(?a)x",
    # plain patterns
    r"(?i)abc", r"(?x) a b # c", r"\N{EM DASH}", r"a{,3}", r"x{}", r"(?:a*)*", r"\d+", r"\w+", r"\s", r"€$",
    r"a$", r"(?m)a$", r"[\W]", r"[^\d]", r"\Z", r"\u00e9", r"[\w-]", r"[]a]", r"[^]a]", r"(?s).", r".",
    "a\nb(", r"(?i)straße", r"\x41", r"[\s]", r"\D", r"\S", r"\W", r"(?a)\w", r"(?a:\d)", r"(|a)", r"a{,}",
    r"(?-x:a)", r"(?i:a)b", r"[\b]", r"\0", r"\01", r"\012", r"\12", r"(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)\10",
    r"a{1001}", r"a{0,1001}b", r"(?:ab){2,}", r"a+?b", r"^a", r"(?m)^b", r"(?m)^$", r"^$", r"$", r"a$\n",
    r"a$$", r"a$\Z", r"a$\b", r"(a$)", r"(a$)*", r"(?:a$|b)c", r"\Aa", r"c\Z", r"x*", r"(?s)a.b", r"a.b",
    # look-ahead and look-behind
    r"foo(?=bar)", r"foo(?!bar)", r"(?<=foo)bar", r"(?<!foo)bar", r"(?<=fo+)bar", r"(?<=a|bc)", r"(?<=ab|cd)x",
    r"(?<=\d{2})-", r"(?<=(?(1)a|b))(c)", r"(a)(?<=\1)", r"(?<=(a)\1)", r"(?<=(?P<x>a)(?P=x))", r"(?=a)*b",
    r"(?<=a)", r"(?<!)", r"(?=)", r"(?!)", r"a(?=b|$)", r"(?<=^)a", r"(?<=\b)b", r"(?<=\w)\b", r"(?<=a{2})b",
    r"(?<=a{0,2})b", r"(?<=(?<=a)b)c", r"(?<=a(?=b))b", r"(?=.*\d)(?=.*[a-z]).{4,}", r"^(?!.*bad).*$",
    r"(?<=[\u00e9é])", r"(?<=\N{EM DASH})x",
    # backreferences
    r"(a)\1", r"(a)(b)\2\1", r"(?P<w>\w+) (?P=w)", r"(\w+)\s\1", r"(?i)(a)\1", r"(a)|\1b", r"(a)?\1",
    r"(a*)\1b", r"(?P<n>a)\g<n>", r"(a)\1{2}", r"(ab|a)\1c", r"(.)\1", r"((a)\2)", r"(a)(?:\1)*$",
    # conditionals
    r"(?(1)a|b)", r"(a)?(?(1)b|c)", r"(?P<q>\()?\w+(?(q)\))", r"(?(1)a|b|c)(x)", r"(?(2)a)(x)", r"(?( 1 )a)(x)",
    r"(?(-1)a)", r"(?(1_0)a)", r"(?(99999999999)a)", r"(?(१)a)(x)", r"(?(0)a)", r"(?(a)b)", r"(?(1)a)(x)",
    r"(a)(?(1)|b)", r"(?(1)", r"(?()a)", r"(?(1)a|b)(?<=(?(1)a|b))(c)", r"(?(x", r"(<)?\w+(?(1)>|$)",
    # atomic groups and possessive repeats
    r"(?>a+)b", r"(?>a+)a", r"a++a", r"a++b", r"a*+a", r"a?+a", r"a{1,3}+a", r"a{2}+", r"a*+?", r"a*++",
    r"(?>a|ab)c", r"(?>ab|a)c", r"(?:a|ab)c", r"x(?>\d+)y", r"\d++\.", r"(?>)", r"(?>a", r"[ab]*+b",
    # \N{...}
    r"\N{em dash}", r"\N{Em Dash}", r"\N{}", r"\N{EM DASH", r"\N{NOPE}", r"[\N{EM DASH}]", r"\N{LF}",
    r"\N{LINE FEED}", r"\N{NULL}", r"\N{BYTE ORDER MARK}", r"\N{LATIN CAPITAL LETTER A WITH MACRON AND GRAVE}",
    r"\N{CJK UNIFIED IDEOGRAPH-4E00}", r"\N{cjk unified ideograph-4E00}", r"\N{CJK UNIFIED IDEOGRAPH-4e00}",
    r"\N{CJK UNIFIED IDEOGRAPH-04E00}", r"\N{CJK UNIFIED IDEOGRAPH-31350}", r"\N{HANGUL SYLLABLE GA}",
    r"\N{hangul syllable GAG}", r"\N{HANGUL SYLLABLE ga}", r"\N{TANGUT IDEOGRAPH-17000}",
    r"\N{KHITAN SMALL SCRIPT CHARACTER-18B00}", r"\N{EM  DASH}", r"\N{ EM DASH}", r"\N{LATIN SMALL LETTER GHA}",
    r"\N{GRINNING FACE}", r"\N{HANGUL SYLLABLE}", r"\N{HANGUL SYLLABLE GGAEG}", r"\N{CJK COMPATIBILITY IDEOGRAPH-F900}",
    r"\N{TOPBAR}", r"\N{LATIN SMALL LETTER E WITH ACUTE}+", r"\N{LATIN CAPITAL LETTER I WITH DOT ABOVE}",
    r"\N{KANNADA LETTER LLLA}", r"\N{ZWJ}", r"\N{COMBINING ACUTE ACCENT}", r"[^\N{SPACE}]",
    # word boundaries
    r"\b", r"\B", r"\bé", r"é\b", r"\bcafé\b", r"\Bé", r"\b\d", r"(?a)\bé", r"(?a)é\b", r"\B$", r"^\B",
    r"\w\b", r"\b\w+\b", r"(?a)\b\w+\b", r"x\b", r"\b_", r"\b١", r"e\u0301\b", r"\b\u0301",
    # case-insensitive matching
    r"(?i)i", r"(?i)I", r"(?i)ı", r"(?i)İ", r"(?i)s", r"(?i)ſ", r"(?i)k", r"(?i)K", r"(?i)σ", r"(?i)Σ",
    r"(?i)ς", r"(?i)ß", r"(?i)ẞ", r"(?i)\U00010400", r"(?i)\U00010428", r"(?i)[\U00010400x]",
    r"(?i)[\U00010400]", r"(?i)\U00010400|x", r"(?i)[\U00010400-\U00010401]", r"(?i)[\U00010428-\U00010429]",
    r"(?i)[a-z]+", r"(?i)[^a-z]", r"(?i)[^k]", r"(?i)[k]", r"(?i)[^i]", r"(?ai)k", r"(?ai)[a-z]", r"(?ai)i",
    r"(?ai)ſ", r"(?i)[i-k]", r"(?i)ǅ", r"(?i)[ǅ]", r"(?i)é", r"(?i)É", r"(?i)[À-Ö]", r"(?i)\w", r"(?i)[\W]",
    r"(?i)[^\w]", r"(?i)a|b", r"(?i)strasse", r"(?i)[^\WA-Z]", r"(?i:S)s", r"(?-i:a)", r"(?i)(?-i:a)A",
    r"(?i)(ı)\1", r"(?i)[\u0130]", r"(?i)[\s\wé]", r"(?i)[\W\dK]", r"(?i)[\d\s\w]", r"(?i)[^\s\w]", r"(?i)\u0345", r"(?i)ι", r"(?i)[\x00-\U0010ffff]", r"(?i)[^\x00-\U0010ffff]",
    # the TEMPLATE flag, flags that are no error
    r"(?t)a*", r"(?t)a", r"(?t)(?<=a+)b", r"(?t)(?<=a+)b*", r"(?u)\w", r"(?a:(?u:\w))", r"(?a)(?u:é)", r"(?x:a b)c",
    # repeat counts
    r"a{4294967295}", r"a{4294967294}", r"a{2,4294967295}", r"a{99999999999999999999}", r"a{3000000000}",
    r"(?<=a{4294967294})b", r"(?:a|b){3000000000}",
]

# Patterns only compiled: a search runs for ever (minutes for the first, on
# an empty text).
COMPILE_ONLY = [r"(?:){4294967294}", r"(?:a?){3000000000}"]

TEXTS = [
    "", "a", "abc", "ab\n", "a\n", "ABC", "€\n", "٣", "é", "x y", " ", "\t", "\u2003", "_", "b", "\b", "STRASSE",
    "straße", "A", "\x00", "\n", "aaaa", "a b", "-", "]", "\f", "abcdefghij", "foobar", "barfoo", "fobar", "ı",
    "İ", "I", "i", "ſ", "S", "s", "K", "k", "Σ", "σ", "ς", "ẞ", "\U00010400", "\U00010428", "e\u0301", "café",
    "naïve", "x1", "١٢٣", "—", "\u00a0", "ab ab", "abab", "aa", "abcabc", "<a>", "(word)", "word", "2024-01-15",
    "\U0001F600", "a\nb\nc", "\n\n", "ǅ", "ǆ", "Ǆ", "x12y", "12.5", "aab", "ab", "cd-x", "ac", "abc1", "ta bad",
    "Ā̀", "一", "가각", "\u0345", "ι", "É", "Ö", "ÿ", "ab\nab",
]

HANGS = [
    # RE2 runs these in linear time; the answer is plain from the text.
    (r"(x+x+)+y", "x" * 40, False),
    (r"^(a+)+$", "a" * 40 + "b", False),
    (r"(a|aa)+$", "a" * 60 + "b", False),
    # only the backtracking engine runs these: they reach the time limit
    (r"(x+x+)+(?=y)", "x" * 40, None),
    (r"(a+)+\1$", "a" * 40 + "b", None),
    (r"(a|aa)+(?=b)", "a" * 60, None),
    (r"\b(x+x+)+y", "é " + "x" * 40, None),
]

RUN = """
import re, sys
re.search(sys.argv[1], sys.argv[2])
"""


def probe(pattern, search=True):
    try:
        r = re.compile(pattern)
    except Exception as e:  # noqa: BLE001 - every exception is data here
        return {"pattern": pattern, "error": type(e).__name__, "message": str(e)}
    if not search:
        return {"pattern": pattern, "compiles": True}
    spans = []
    for i, t in enumerate(TEXTS):
        m = r.search(t)
        if m:
            spans.append([i, m.start(), m.end()])
    return {"pattern": pattern, "spans": spans}


def hang(pattern, text, found, seconds=3):
    p = subprocess.Popen([sys.executable, "-c", RUN, pattern, text])
    try:
        p.wait(seconds)
        raise SystemExit("re.search(%r, %r) finished" % (pattern, text))
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait()
    return {"pattern": pattern, "text": text, "found": found, "python": "still running after %d s" % seconds}


def main():
    assert sys.version_info[:2] == (3, 11), sys.version
    cases = [probe(p) for p in PATTERNS] + [probe(p, search=False) for p in COMPILE_ONLY]
    hangs = [hang(*h) for h in HANGS]
    json.dump({"python": sys.version.split()[0], "texts": TEXTS, "cases": cases, "hangs": hangs},
              sys.stdout, ensure_ascii=False, indent=0)
    sys.stdout.write("\n")


main()
