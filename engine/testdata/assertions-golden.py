# Grades every assertion of assertions-cases.json against every trace with
# dryfire's own assertion classes and writes assertions-expected.json:
#   "$PY" assertions-golden.py > assertions-expected.json
import json
import sys

from dryfire.adapters.driven.pricing.bundled import BundledPricingCatalog
from dryfire.domain.assertions.base import safe_evaluate
from dryfire.domain.assertions.registry import build
from dryfire.domain.judging.keys import judge_key
from dryfire.domain.judging.rubric import Rubric
from dryfire.domain.judging.verdict import JudgeVerdict
from dryfire.domain.model.message import ModelResponse, Usage
from dryfire.domain.model.tooling import ToolCall
from dryfire.domain.model.trace import Trace, Turn
from dryfire.domain.pricing.calculator import calculate

spec = json.load(open("assertions-cases.json", encoding="utf-8"))
catalog = BundledPricingCatalog()
out = {}
for name, t in spec["traces"].items():
    turns, total = [], Usage(input_tokens=0, output_tokens=0)
    for i, tu in enumerate(t["turns"]):
        calls = [ToolCall(id=f"c{i}{j}", name=c["name"], arguments=c["arguments"],
                          malformed_arguments=c.get("malformed")) for j, c in enumerate(tu["calls"])]
        usage = Usage(**tu["usage"])
        total = Usage(input_tokens=total.input_tokens + usage.input_tokens,
                      output_tokens=total.output_tokens + usage.output_tokens,
                      cache_read_tokens=total.cache_read_tokens + usage.cache_read_tokens,
                      cache_write_tokens=total.cache_write_tokens + usage.cache_write_tokens)
        resp = ModelResponse(text=tu["text"], tool_calls=calls, stop_reason="tool_use" if calls else "end_turn",
                             usage=usage, latency_ms=tu["latency_ms"], raw={})
        turns.append(Turn(index=i, request_messages=[], response=resp, tool_results=[]))
    cost = calculate(total, catalog.rates(t["provider"], t["model"]))
    verdicts = {}
    for v in t.get("verdicts", []):
        rubric = Rubric(text=v["rubric"], threshold=v["threshold"])
        if "error" in v:
            vd = JudgeVerdict.from_error(reasoning="", rubric=rubric, judge_model=v["model"],
                                         judge_model_version=v["model"], error=v["error"])
        else:
            vd = JudgeVerdict.from_score(score=v["score"], reasoning=v["reasoning"], rubric=rubric,
                                         judge_model=v["model"], judge_model_version=v["model"])
        verdicts[judge_key(model=v["model"], rubric_hash=rubric.hash())] = vd
    trace = Trace(case_name="c", suite_name="s", turns=turns,
                  final_text=turns[-1].response.text if turns else None, termination=t["termination"],
                  total_usage=total, total_cost_usd=float(cost.total) if cost else None, duration_ms=0,
                  model=t["model"], judge_verdicts=verdicts)
    out[name] = []
    for entry in spec["assertions"]:
        kind = next(iter(entry))
        out[name].append(safe_evaluate(build(kind, entry[kind]), trace).model_dump(mode="json"))
json.dump(out, sys.stdout, ensure_ascii=False, indent=1)
