"""The time a print view is printed, filled in as each answer leaves.

A print view is cached whole like any public page (http_cache.py), so a time rendered into
it would be the time it was first rendered. The page carries MARK instead, and `stamp`
writes the time of this answer there. A user's text cannot make the mark: it is escaped.
"""

from django.utils import dateformat, timezone
from django.utils.safestring import mark_safe

MARK = "<!--printed-at-->"
MARK_BYTES = MARK.encode()
FORMAT = "j M Y, H:i"

# What the templates show where the time goes ({{ printed_at }}).
placeholder = mark_safe(MARK)  # noqa: S308  (a constant, no user text)


def now_text() -> str:
    return dateformat.format(timezone.localtime(), FORMAT)


def stamp(content: bytes) -> bytes:
    return content.replace(MARK_BYTES, now_text().encode())


def stamp_response(response):
    """The response with the time written in (a streamed answer has no mark to fill)."""
    if not response.streaming and MARK_BYTES in response.content:
        response.content = stamp(response.content)
    return response
