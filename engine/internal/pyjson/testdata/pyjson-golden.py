# Writes what Python's json.loads makes of small documents, for
# TestPythonJSONLoads: from this directory, with Python 3.11,
#   python3 pyjson-golden.py
# pyjson.json: each document and its value, or str(JSONDecodeError).
import json

docs = ['', ' ', '{', '[', '{"a" 1}', '{"a": 1,}', '[1,]', '[1 2]', '{"a": 1} x', '"abc', '"a\\x"', '"a\\u12"', '"a\\u12zz"',
        '"\\ud83d\\ude00"', '"tab\there"', 'tru', 'nul', '-', '-x', '01', '1.', '1.e5', '1e', '1e+', '.5',
        '{"a": [1, {"b": }]}', '\n\n  {"a": tru}', '{"é": "\\x"}', '\ufeff{}', '{"a": 1, "a": 2}', 'NaN', '-Infinity', '[Infinity, -1e400]',
        '{"k": "v"}  \n', '[]', '{}', '"\u00e9\u4e2d"', '1e400', '{"a":1}{"b":2}', '"\\/\\b\\f\\n\\r\\t"', '[1, 2, 3', '{"a": 1 "b": 2}',
        '"😀 ok" x']
res = []
for d in docs:
    try:
        res.append({"doc": d, "value": json.loads(d)})
    except json.JSONDecodeError as e:
        res.append({"doc": d, "error": str(e)})
json.dump(res, open("pyjson.json", "w", encoding="utf-8"), ensure_ascii=False, indent=1, allow_nan=True)

