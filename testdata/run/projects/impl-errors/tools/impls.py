"""Passthrough callables for the passthrough fixture."""

CALLS = []


def lookup(args):
    CALLS.append(args)
    return {"order_id": args.get("order_id"), "total": 12.5, "calls": len(CALLS)}


def as_list(args):
    return [1, 2, {"a": None}]


def boom(args):
    raise ValueError("no such order " + str(args.get("order_id")))


async def async_echo(args):
    return "echo " + str(args.get("order_id"))


def number(args):
    return 42


def nothing(args):
    return None


def noisy(args):
    print("impl output goes to stderr, not into the protocol")
    return "quiet"
