"""The limits the server enforces, in the OpenAPI document (docs/api.md, "Limits and
failures"): each operation's `429` names the limits that apply to it, with their rates as
this server is set, and carries `Retry-After`, as `503` does; `413` names the body's
limit; `info` lists every limit, and `x-rate-limits` gives them to machines (per
operation, the names of those that apply). The rates and their words are those of
tournament/web/limits.py and the settings, read when the document is asked for."""

from django.conf import settings
from ninja import NinjaAPI

from ..web import limits

RETRY_AFTER = {"Retry-After": {
    "description": "Seconds to wait before sending the request again.",
    "schema": {"type": "integer", "minimum": 1}}}
READ, WRITE = ["read_per_address"], ["write_per_address"]
TOKEN_FAILURES = ["token_failures_per_address", "key_failures_per_prefix"]
PLAYER_FAILURES = ["player_codes_per_address", "key_failures_per_prefix"]
ENTRY_FAILURES = ["entry_codes_per_address", "key_failures_per_prefix"]


class Api(NinjaAPI):
    """The API, whose document also says what it limits. `checks_keys`: the operation ids
    of the public reads that check an Authorization header sent to them (the cached reads,
    public/http_cache.py `bad_token`), and so count a wrong key."""

    checks_keys: frozenset[str] = frozenset()

    def get_openapi_schema(self, **kwargs):
        schema = super().get_openapi_schema(**kwargs)
        document_limits(schema, self.checks_keys)
        return schema


def enforced() -> dict:
    """{name: {limit, period_seconds, counts}} of the limits this server enforces."""
    rates = settings.API_RATE_LIMITS or {}
    out = {}
    for name, counts in limits.COUNTS.items():
        if rates.get(name):
            limit, span = limits.parse_rate(rates[name])
            out[name] = {"limit": limit, "period_seconds": span, "counts": counts}
    return out


def applying(method: str, path: str, operation: dict, checks_keys) -> list[str]:
    """The names of the limits an operation answers 429 for, in the order checked."""
    schemes = {name for requirement in operation.get("security", []) for name in requirement}
    names = list(READ if method == "get" else WRITE)
    if method != "get":
        names += ["write_per_token"] * ("TokenAuth" in schemes)
        names += ["write_per_card"] * ("PlayerAuth" in schemes)
    if "TokenAuth" in schemes or operation.get("operationId") in checks_keys:
        names += TOKEN_FAILURES
    if "PlayerAuth" in schemes or operation.get("operationId") in checks_keys:
        names += PLAYER_FAILURES
        if "PlayerAuth" in schemes and "{match_id}" in path:
            names.append("player_codes_per_board")
    if method == "post" and path.endswith("/tournaments/{slug}/entries/"):
        names.append(limits.ENTRIES)  # making an entry (api/entries_api.py)
    if "{code}" in path:  # an entry's code (api/entries_api.py)
        names += ENTRY_FAILURES
    return list(dict.fromkeys(names))


def rate_words(rule: dict) -> str:
    span = rule["period_seconds"]
    per = {1: "a second", 60: "a minute", 3600: "an hour", 86400: "a day"}.get(span)
    if per is None:
        per = f"in {span // 60} minutes" if span % 60 == 0 else f"in {span} seconds"
    return f"{rule['limit']} {per}"


def document_limits(schema: dict, checks_keys=frozenset()) -> None:
    rules = enforced()
    schema["x-rate-limits"] = rules
    if rules:
        lines = [f"- `{name}`: {rate_words(rule)}: {rule['counts']}."
                 for name, rule in rules.items()]
        summary = ("Limits this server enforces (`429` with `Retry-After` over one; "
                   "per window, counted by the server):\n\n" + "\n".join(lines))
    else:
        summary = "Request limits are off on this server (`API_RATE_LIMITS=off`)."
    info = schema.setdefault("info", {})
    info["description"] = (info.get("description", "") + "\n\n" + summary
                           + f"\n\nA request body is at most "
                           f"{settings.DATA_UPLOAD_MAX_MEMORY_SIZE} bytes (`413` over it).")
    for path, operations in schema.get("paths", {}).items():
        for method, operation in operations.items():
            # ninja keys the responses by number until the document is sent as JSON.
            responses = {str(code): answer
                         for code, answer in operation.get("responses", {}).items()}
            names = [n for n in applying(method, path, operation, checks_keys) if n in rules]
            operation["x-rate-limits"] = names
            if "429" in responses:
                words = "; ".join(f"`{n}` ({rate_words(rules[n])}: {rules[n]['counts']})"
                                  for n in names) or "none are set on this server"
                responses["429"]["description"] = (
                    f"Too Many Requests: over a limit ({words}). Nothing was done; send it "
                    "again after Retry-After seconds.")
                responses["429"]["headers"] = RETRY_AFTER
            if "503" in responses:
                responses["503"]["description"] = (
                    "Service Unavailable: the database cannot be reached, or a race was "
                    "lost three times. Send it again after Retry-After seconds.")
                responses["503"]["headers"] = RETRY_AFTER
            if "413" in responses:
                responses["413"]["description"] = (
                    f"Content Too Large: the body is over "
                    f"{settings.DATA_UPLOAD_MAX_MEMORY_SIZE} bytes (MAX_REQUEST_BYTES).")
