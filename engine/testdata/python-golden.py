# Writes what dryfire (and the Python it runs on) answer for small inputs:
#   "$PY" python-golden.py
# judge-answers.json: the verdict dryfire's judge evaluator reads from each
#   answer text (score, reasoning, or the error), and the rubric hashes;
# wilson.json: dryfire's Wilson interval for passes/total, and its errors.
import json

from dryfire.application.judging.evaluator import JudgeEvaluator, JudgeRequest
from dryfire.domain.judging.rubric import Rubric
from dryfire.domain.model.message import ModelResponse, Usage
from dryfire.domain.pass_rate import wilson_interval

answers = [
    '{"score": 0.9, "reasoning": "fine"}', '```json\n{"score": 1, "reasoning": "ok"}\n```', '```\n{"score": 0.5}\n```',
    '```json {"score": 0.5}```', 'Here: {"score": "0.8", "reasoning": ["a", 1, null, true, 1.5, {"k": "v"}]} thanks',
    'no json here', '', '   ', '{"score": 0.5,, }', '{"reasoning": "x"}', '{"score": null}', '{"score": "high"}',
    '{"score": [1]}', '{"score": {}}', '[1, {"score": 1}]', '{"score": 0.25, "reasoning": "meh\\nline2"}',
    '{"score": true, "reasoning": 5}', '{"score": false}', '{"score": 12345678.5}', '{"score": "1_000"}', '{"score": " 7 "}',
    '{"score": "inf"}', '{"score": "-Infinity"}', '{"score": NaN}', '{"score": 1e400}', '} {', '{"a": {"score": 1}}',
    '{"score": 1, "score": 0.2}', '\u2003{"score": 0.3}\n', '{"score": 0.7, "reasoning": null}', '"just a string"',
    '{"score": "0x10"}', '{"score": 1}}', '{{"score": 1}', '```json\n[1]\n```', 'json {"score": 2}',
]
verdicts = []
ev = JudgeEvaluator(gateway=None)
rubric = Rubric(text="Be good.")
for text in answers:
    resp = ModelResponse(text=text, tool_calls=[], stop_reason="end_turn", usage=Usage(input_tokens=1, output_tokens=2),
                         latency_ms=0, raw={"model": "served-version"})
    v = ev._parse(resp, JudgeRequest(assertion_id="x", rubric=rubric, model="asked"))
    verdicts.append({"text": text, "score": v.score, "reasoning": v.reasoning, "error": v.error, "passed": v.passed,
                     "version": v.judge_model_version})
hashes = [{"text": t, "threshold": th, "hash": Rubric(text=t, threshold=th).hash()}
          for t, th in [("Be good.", 0.7), ("Be good. ", 0.7), ("Be good.", 0.5), ("Be good.", 1), ("naïve", 1e-05), ("Cafe\u0301", 0.7)]]
json.dump({"answers": verdicts, "rubric_hashes": hashes}, open("judge-answers.json", "w", encoding="utf-8"), ensure_ascii=False, indent=1)

w = []
for total in [1, 2, 3, 4, 5, 7, 10, 20, 100, 1000, 123457]:
    for passes in sorted({0, 1, total // 3, total // 2, total - 1, total}):
        lo, hi = wilson_interval(passes, total)
        w.append({"passes": passes, "total": total, "lo": lo.hex(), "hi": hi.hex(), "lo2": f"{lo:.2f}", "hi2": f"{hi:.2f}"})
errs = []
for passes, total in [(0, 0), (1, 0), (-1, 3), (4, 3)]:
    try:
        wilson_interval(passes, total)
    except ValueError as e:
        errs.append({"passes": passes, "total": total, "error": str(e)})
json.dump({"intervals": w, "errors": errs}, open("wilson.json", "w"), indent=1)
