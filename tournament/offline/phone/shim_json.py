"""The phone's `json` (docs/offline.md): MicroPython's `dumps` writes letters beyond ASCII
as they are, where CPython's (ensure_ascii, the default) writes "\\u00e9"; the validator
quotes a record's strings with `json.dumps`, so the phone escapes them as CPython does.
`loads` is MicroPython's own."""

import json as _json

loads = _json.loads


def _escape(c):
    n = ord(c)
    if n < 0x7F:
        return c
    if n < 0x10000:
        return f"\\u{n:04x}"
    n -= 0x10000
    return f"\\u{0xD800 + (n >> 10):04x}\\u{0xDC00 + (n & 0x3FF):04x}"


def dumps(obj):
    text = _json.dumps(obj)
    if len(text) == len(text.encode()) and "\x7f" not in text:
        return text
    return "".join(_escape(c) for c in text)
