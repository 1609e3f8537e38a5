"""Writes python311.txt: the Unicode tables of Python's re module, as
CPython 3.11 holds them (Unicode 14.0), for internal/pyregex.

    python3.11 gen.py > python311.txt

Each section starts with a line "# name" and holds, one a line, either
code point ranges ("lo hi", hexadecimal) or pairs ("from to"):

- word: what \\w matches in a str pattern (str.isalnum() or "_");
- digit: \\d (str.isdecimal());
- space: \\s (str.isspace());
- lower: the pairs c, _sre.unicode_tolower(c) where the two differ, the
  lowering re applies under IGNORECASE;
- cased: the code points _sre.unicode_iscased accepts;
- upper: the pairs c, u where u, the first character of c.upper(), differs
  from c: CPython's simple upper case, which re compares a lowered character
  with in a set whose ranges reach beyond the BMP;
- fixes: re._casefix's extra equivalences, "c other...";
- xidstart, xidcontinue: the characters str.isidentifier() accepts first
  and after the first (group names);
- named: the code points unicodedata.name() names;
- alias: the aliases unicodedata.lookup() resolves to one character, "hex
  name" (read through CPython's own name table, whose aliases live in a
  private range that unicodedata.name() does not report);
- names-sha256: the SHA-256 of the lines "%04X name\\n" for every named
  code point, in order: what the names dryfire-tui derives must hash to.
"""

import ctypes
import hashlib
import sys
import unicodedata

import _sre
from re import _casefix

MAX = 0x110000


def ranges(pred):
    out, lo = [], None
    for c in range(MAX):
        if pred(c):
            if lo is None:
                lo = c
        elif lo is not None:
            out.append((lo, c - 1))
            lo = None
    if lo is not None:
        out.append((lo, MAX - 1))
    return out


def section(name, rows):
    print("# " + name)
    for row in rows:
        print(" ".join("%x" % x for x in row))


def aliases():
    capi = unicodedata._ucnhash_CAPI
    get = ctypes.pythonapi.PyCapsule_GetPointer
    get.restype = ctypes.c_void_p
    get.argtypes = [ctypes.py_object, ctypes.c_char_p]
    ptr = get(capi, b"unicodedata._ucnhash_CAPI")
    getname = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_uint32, ctypes.c_char_p, ctypes.c_int, ctypes.c_int)(
        ctypes.cast(ptr, ctypes.POINTER(ctypes.c_void_p))[0])
    buf = ctypes.create_string_buffer(256)
    out = []
    for code in range(0xF0000, 0xF0000 + 0x10000):
        if not getname(code, buf, 256, 1):
            continue
        name = buf.value.decode("ascii")
        char = unicodedata.lookup(name)
        if len(char) == 1 and unicodedata.name(char, None) != name:
            out.append((ord(char), name))
    return out


def main():
    assert sys.version_info[:2] == (3, 11), sys.version
    section("word", ranges(lambda c: chr(c).isalnum() or c == 0x5F))
    section("digit", ranges(lambda c: chr(c).isdecimal()))
    section("space", ranges(lambda c: chr(c).isspace()))
    section("lower", [(c, _sre.unicode_tolower(c)) for c in range(MAX) if _sre.unicode_tolower(c) != c])
    section("cased", ranges(_sre.unicode_iscased))
    section("upper", [(c, ord(chr(c).upper()[0])) for c in range(MAX) if ord(chr(c).upper()[0]) != c])
    section("fixes", [(k,) + v for k, v in sorted(_casefix._EXTRA_CASES.items())])
    section("xidstart", ranges(lambda c: chr(c).isidentifier()))
    section("xidcontinue", ranges(lambda c: ("a" + chr(c)).isidentifier()))
    section("named", ranges(lambda c: unicodedata.name(chr(c), None) is not None))
    print("# alias")
    for code, name in aliases():
        print("%x %s" % (code, name))
    digest = hashlib.sha256()
    for c in range(MAX):
        name = unicodedata.name(chr(c), None)
        if name is not None:
            digest.update(("%04X %s\n" % (c, name)).encode("ascii"))
    print("# names-sha256")
    print(digest.hexdigest())
    print("# unidata")
    print(unicodedata.unidata_version)


main()
