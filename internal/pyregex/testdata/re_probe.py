import re, json, sys
pats = [r"a(b", r"ab)", r"*a", r"a**", r"a{2,1}", r"[a", r"[z-a]", r"\q", "\\", r"\x4", r"(?P<1>x)", r"(?P=n)", r"(?<x)",
 r"(?i)abc", r"a(?i)b", r"(?x) a b # c", r"(?L)a", r"(?au)a", r"(?z)a", r"(?i-i:a)", r"(?#c", r"(?P<n>a)(?P<n>b)", r"(?P", r"(?",
 r"\1", r"(a)\2", r"(a\1)", r"[\8]", r"\777", r"[\777]", r"\N{EM DASH}", r"\N", r"a{,3}", r"a{3", r"x{}", r"^*", r"$+", r"\b?",
 r"(?:a*)*", r"(?=a)", r"(?<=a)b", r"(a)\1", r"(?>a)", r"a*+", r"(?(1)a|b)", r"a{1001}", r"\d+", r"\w+", r"\s", r"€$", r"a$",
 r"(?m)a$", r"[\W]", r"[^\d]", r"\Z", r"\u00e9", r"[\w-]", r"[a-\d]", r"[]a]", r"[^]a]", r"(?s).", r".", "a\nb(", r"(?i)straße", r"\x41", r"[\s]",
 r"\D", r"\S", r"\W", r"(?a)\w", r"(?a:\d)", r"a|*", r"(|a)", r"a{,}", r"(?-x:a)", r"(?i:a)b", r"[\b]", r"\0", r"\01", r"\012", r"\12", r"(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)\10"]
texts = ["", "a", "abc", "ab\n", "a\n", "ABC", "€\n", "٣", "é", "x y", " ", "\t", "\u2003", "_", "b", "\b", "STRASSE", "straße", "A", "\x00", "\n", "aaaa", "a b", "-", "]", "\x0c", "abcdefghij"]
out=[]
for p in pats:
    try:
        r = re.compile(p)
    except re.error as e:
        out.append({"pattern": p, "error": str(e)}); continue
    except Exception as e:
        out.append({"pattern": p, "error": type(e).__name__ + ": " + str(e)}); continue
    out.append({"pattern": p, "matches": [t for t in texts if r.search(t)]})
json.dump({"texts": texts, "cases": out}, sys.stdout, ensure_ascii=False, indent=1)
