"""Rendered public fragments, cached until the event changes.

Every action writes an audit row, which changes Tournament.change_id, so a key that
contains it can never serve stale results; old keys simply expire.
"""

from django.core.cache import cache
from django.http import Http404

TIMEOUT = 6 * 60 * 60


def fragment_key(kind: str, tournament, **params) -> str:
    parts = [f"{k}={params[k]}" for k in sorted(params)]
    return ":".join(["public", kind, str(tournament.pk), str(tournament.change_id), *parts])


def cached_fragment(key: str, build):
    """The cached HTML under key, or build() stored there."""
    html = cache.get(key)
    if html is None:
        html = build()
        cache.set(key, html, TIMEOUT)
    return html


def sortable(table_class) -> set[str]:
    """The values `?sort=` may take for a django-tables2 table: each orderable column,
    ascending or descending (`-name`)."""
    names = {c.name for c in table_class([], slug="").columns if c.orderable}
    return names | {f"-{n}" for n in names}


def table_params(params, *, rows: int, per_page: int | None, sorts: set[str]):
    """Make `params` (the request's query, mutable) name only what exists, so a cache key
    built from them can take only as many values as the table has pages and columns.

    `page` becomes the plain number of a page of the table (`0002` -> `2`); a number
    outside it is a 404, as a missing page is; anything else is dropped (the first page).
    An unknown `sort` is dropped: the table is shown in its own order. With per_page None
    (everything on one page) there is no page.
    """
    page = params.pop("page", [None])[-1]
    if per_page is not None and page is not None and page.isascii() and page.isdigit():
        pages = max(1, -(-rows // per_page))
        if not 1 <= int(page) <= pages:
            raise Http404(f"There is no page {int(page)} of this table (pages 1 to {pages}).")
        params["page"] = str(int(page))
    if params.get("sort") is not None and params["sort"] not in sorts:
        params.pop("sort")
