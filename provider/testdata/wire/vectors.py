"""Wire vectors: what dryfire's own adapters make of sample requests and answers.

    PYTHONPATH=<dryfire 0.4.0 source> python3 vectors.py > vectors.json

For every request below, each wire family's to_wire payload (or the exception it
raises); for every provider answer below, its from_wire ModelResponse (or the
exception). Only dryfire's pure to_wire/from_wire functions run: no SDK, no network.
"""

import json
import sys

from dryfire.adapters.driven.providers import anthropic, gemini, openai
from dryfire.application.ports.model_gateway import CompletionRequest

SCHEMA = {"type": "object", "properties": {"order_id": {"type": "string"},
                                           "amount": {"type": "number", "minimum": 0.0, "maximum": 1e-05},
                                           "qty": {"type": "integer", "default": 10000000000000000000}},
          "required": ["order_id"]}
TOOLS = [{"name": "lookup_order", "description": "Find an order.", "input_schema": SCHEMA},
         {"name": "refund", "description": None, "input_schema": {"type": "object"}}]

ANTHROPIC_RAW = {"id": "msg_01", "type": "message", "role": "assistant", "model": "m",
                 "content": [{"type": "text", "text": "Checking."},
                             {"type": "tool_use", "id": "toolu_01A", "name": "lookup_order", "input": {"order_id": "A-1"}}],
                 "stop_reason": "tool_use", "usage": {"input_tokens": 10, "output_tokens": 5}}
GEMINI_RAW = {"candidates": [{"content": {"parts": [
    {"text": "Checking.", "thoughtSignature": "c2ln"},
    {"functionCall": {"name": "lookup_order", "args": {"order_id": "A-1"}, "id": "g1"}, "thoughtSignature": "c2ln"}],
    "role": "model"}, "finishReason": "STOP"}], "responseId": "r1"}


def loop(raw):
    return [
        {"role": "user", "content": "Refund order A-1, please. Ça marche ? 東京 🗼"},
        {"role": "assistant", "content": "Checking.", "raw": raw,
         "tool_calls": [{"id": "toolu_01A", "name": "lookup_order", "arguments": {"order_id": "A-1"}},
                        {"id": "toolu_01B", "name": "refund", "arguments": {},
                         "malformed_arguments": "{\"order_id\": \"A-"}]},
        {"role": "tool", "tool_results": [
            {"call_id": "toolu_01A", "content": {"status": "late", "total": 42.0, "items": [1, 2.5, None, True]}},
            {"call_id": "toolu_01B", "content": "refund failed: no such order", "is_error": True}]},
        {"role": "user", "content": None, "tool_results": [{"call_id": "toolu_01A", "content": None}]},
        {"role": "tool", "content": "a tool message without results"},
        {"role": "assistant", "content": ""},
        {"role": "user", "content": [{"type": "text", "text": "Thanks!"}]},
    ]


REQUESTS = {
    "plain": {"model": "m-1", "system": "Be brief.", "messages": [{"role": "user", "content": "Hi"}],
              "tools": [], "params": {"temperature": 0.0}},
    "all params, no system": {"model": "m-2", "system": None, "messages": [{"role": "user", "content": "Hi"}],
                              "tools": TOOLS,
                              "params": {"temperature": 0.7, "top_p": 0.9, "max_tokens": 256,
                                         "stop_sequences": ["END", "STOP"]}},
    "empty system": {"model": "m", "system": "", "messages": [{"role": "user", "content": "Hi"}],
                     "tools": [], "params": {}},
    "loop, no raw": {"model": "m", "system": "S", "messages": loop(None), "tools": TOOLS,
                     "params": {"temperature": 1.0}},
    "loop, anthropic raw": {"model": "m", "system": "S", "messages": loop(ANTHROPIC_RAW), "tools": TOOLS,
                            "params": {}},
    "loop, gemini raw": {"model": "m", "system": "S", "messages": loop(GEMINI_RAW), "tools": TOOLS,
                         "params": {}},
    "raw without content": {"model": "m", "system": None, "messages": [
        {"role": "user", "content": "Hi"},
        {"role": "assistant", "content": "Hello", "raw": {"candidates": []}}], "tools": [], "params": {}},
    "raw with empty candidate content": {"model": "m", "system": None, "messages": [
        {"role": "user", "content": "Hi"},
        {"role": "assistant", "content": "Hello", "raw": {"content": [], "candidates": [{"index": 0}]}},
        {"role": "assistant", "content": None, "raw": {"content": [{"type": "text", "text": "x"}]},
         "tool_calls": [{"id": "", "name": "refund", "arguments": {"n": 1}}]},
        {"role": "tool", "tool_results": [{"call_id": "", "content": "x"}]}],
        "tools": [], "params": {}},
    "unknown call id": {"model": "m", "system": None, "messages": [
        {"role": "user", "content": "Hi"},
        {"role": "tool", "tool_results": [{"call_id": "nobody", "content": {"ok": False}, "is_error": True}]}],
        "tools": [], "params": {"max_tokens": 30000}},
}

ANSWERS = {
    "anthropic": {
        "text": {"id": "msg_1", "type": "message", "role": "assistant", "content": [{"type": "text", "text": "Hello"}, {"type": "text", "text": " world"}], "stop_reason": "end_turn", "stop_sequence": None, "usage": {"input_tokens": 12, "output_tokens": 3, "cache_creation_input_tokens": 7, "cache_read_input_tokens": 100, "service_tier": "standard"}},
        "parallel tools": {"content": [{"type": "text", "text": "Let me check."}, {"type": "tool_use", "id": "toolu_1", "name": "a", "input": {"x": 1.0, "y": [1, 2]}}, {"type": "tool_use", "id": "toolu_2", "name": "b", "input": {}}, {"type": "tool_use", "id": "toolu_3", "name": "c", "input": None}, {"type": "thinking", "thinking": "hmm"}], "stop_reason": "tool_use", "usage": {"input_tokens": 1, "output_tokens": 2}},
        "max tokens": {"content": [{"type": "text", "text": "Cut of"}], "stop_reason": "max_tokens", "usage": {"input_tokens": 1, "output_tokens": 2}},
        "refusal": {"content": [], "stop_reason": "refusal", "usage": {"input_tokens": 1, "output_tokens": 0}},
        "pause turn": {"content": [{"type": "text"}], "stop_reason": "pause_turn"},
        "stop sequence": {"content": [{"type": "text", "text": "a"}], "stop_reason": "stop_sequence", "usage": {}},
        "unknown stop": {"content": [{"type": "text", "text": ""}], "stop_reason": "model_context_window_exceeded", "usage": {"input_tokens": "5", "output_tokens": 2.0}},
        "null stop, no content": {"stop_reason": None, "usage": None},
        "tool_use without id": {"content": [{"type": "tool_use", "name": "a", "input": {}}], "stop_reason": "tool_use"},
        "null token count": {"content": [], "stop_reason": "end_turn", "usage": {"input_tokens": None, "output_tokens": 1}},
        "text not a string": {"content": [{"type": "text", "text": 5}], "stop_reason": "end_turn"},
        "input not an object": {"content": [{"type": "tool_use", "id": "t", "name": "a", "input": [1]}], "stop_reason": "tool_use"},
    },
    "openai": {
        "text": {"id": "chatcmpl-1", "object": "chat.completion", "choices": [{"index": 0, "message": {"role": "assistant", "content": "Hello", "refusal": None}, "finish_reason": "stop"}], "usage": {"prompt_tokens": 20, "completion_tokens": 4, "total_tokens": 24, "prompt_tokens_details": {"cached_tokens": 8}}},
        "parallel tools": {"choices": [{"message": {"content": None, "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "a", "arguments": "{\"x\": 1.0, \"name\": \"Zo\u00eb\"}"}}, {"id": "call_2", "type": "function", "function": {"name": "b", "arguments": "{}"}}]}, "finish_reason": "tool_calls"}], "usage": {"prompt_tokens": 1, "completion_tokens": 2, "prompt_tokens_details": None}},
        "malformed arguments": {"choices": [{"message": {"content": "Cut", "tool_calls": [{"id": "call_1", "function": {"name": "a", "arguments": "{\"sku\":\"SK"}}, {"id": "call_2", "function": {"name": "b", "arguments": "[1, 2]"}}, {"id": "call_3", "function": {"name": "c", "arguments": {"already": "parsed", "n": 2.0}}}, {"function": {"arguments": None}}, {"id": "call_5", "function": {"name": "e", "arguments": " {\"a\": NaN} "}}]}, "finish_reason": "length"}]},
        "empty text": {"choices": [{"message": {"content": ""}, "finish_reason": "content_filter"}], "usage": {"prompt_tokens": 1, "completion_tokens": 0}},
        "function_call": {"choices": [{"message": {"content": "x"}, "finish_reason": "function_call"}]},
        "unknown finish": {"choices": [{"message": {"content": "x"}, "finish_reason": "eos"}]},
        "no choices": {"choices": [], "usage": {}},
        "choices missing": {"object": "chat.completion"},
        "content is a list": {"choices": [{"message": {"content": [{"type": "text", "text": "x"}]}, "finish_reason": "stop"}]},
        "null call id": {"choices": [{"message": {"content": None, "tool_calls": [{"id": None, "function": {"name": "a", "arguments": "{}"}}]}, "finish_reason": "tool_calls"}]},
    },
    "gemini": {
        "text": {"candidates": [{"content": {"parts": [{"text": "Hello", "thoughtSignature": "c2ln"}, {"text": " there"}], "role": "model"}, "finishReason": "STOP", "index": 0}], "usageMetadata": {"promptTokenCount": 30, "candidatesTokenCount": 5, "thoughtsTokenCount": 7, "cachedContentTokenCount": 12, "totalTokenCount": 42}, "modelVersion": "g", "responseId": "r"},
        "parallel tools": {"candidates": [{"content": {"parts": [{"text": "Let me check."}, {"functionCall": {"name": "a", "args": {"x": 1.0}, "id": "f1"}}, {"functionCall": {"name": "b"}}], "role": "model"}, "finishReason": "STOP"}], "usageMetadata": {"promptTokenCount": 1, "candidatesTokenCount": 2}},
        "max tokens": {"candidates": [{"content": {"parts": [{"text": "Cut"}]}, "finishReason": "MAX_TOKENS"}]},
        "safety": {"candidates": [{"finishReason": "SAFETY"}]},
        "malformed function call": {"candidates": [{"content": {}, "finishReason": "MALFORMED_FUNCTION_CALL"}]},
        "no finish reason": {"candidates": [{"content": {"parts": [{"text": "x"}]}}]},
        "blocked": {"promptFeedback": {"blockReason": "PROHIBITED_CONTENT"}, "usageMetadata": {"promptTokenCount": 9}},
        "no candidates": {"candidates": []},
        "text is null": {"candidates": [{"content": {"parts": [{"text": None}]}, "finishReason": "STOP"}]},
    },
}


def run(fn):
    try:
        return {"ok": fn()}
    except Exception as exc:  # noqa: BLE001 -- the vector records that dryfire raises
        return {"error": type(exc).__name__}


def main() -> None:
    out = {"requests": [], "answers": []}
    for name, req in REQUESTS.items():
        request = CompletionRequest(**req)
        entry = {"name": name, "request": request.model_dump(mode="json")}
        for family, mod in (("anthropic", anthropic), ("openai", openai), ("gemini", gemini)):
            entry[family] = run(lambda mod=mod: mod.to_wire(request))
        out["requests"].append(entry)
    for family, answers in ANSWERS.items():
        mod = {"anthropic": anthropic, "openai": openai, "gemini": gemini}[family]
        for name, raw in answers.items():
            out["answers"].append({"family": family, "name": name, "raw": raw,
                                   "response": run(lambda mod=mod, raw=raw: mod.from_wire(raw, 0).model_dump(mode="json"))})
    json.dump(out, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
