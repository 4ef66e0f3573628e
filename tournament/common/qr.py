"""QR codes as inline SVG (segno): a printed result slip points at its board's entry page."""

import segno
from django.utils.html import escape
from django.utils.safestring import mark_safe


def svg(data: str, *, title: str = "", scale: int = 3):
    """An <svg> element encoding `data` (medium error correction: a creased or smudged
    slip still scans), safe to put in a template. `title` names it for screen readers."""
    code = segno.make(data, error="m", micro=False)
    markup = code.svg_inline(scale=scale, border=2, title=title or None,
                             svgclass="qr", lineclass=None)
    if title:
        markup = markup.replace("<svg ", f'<svg role="img" aria-label="{escape(title)}" ', 1)
    return mark_safe(markup)  # noqa: S308 - segno's own markup; the title is escaped
