"""Rendered public fragments, cached until the event changes.

Every action writes an audit row, which changes Tournament.change_id (but a check-in's,
which no public page shows), so a key that contains it can never serve stale results; old
keys simply expire.
"""

from django.core.cache import cache
from django.http import Http404

from ..entry import numbers

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


def sortable(table_class, **kwargs) -> set[str]:
    """The values `?sort=` may take for a django-tables2 table: each orderable column,
    ascending or descending (`-name`). `kwargs` are what the table's constructor needs
    besides its rows (its slug, a cross-table's rounds)."""
    names = {c.name for c in table_class([], **kwargs).columns if c.orderable}
    return names | {f"-{n}" for n in names}


def table_params(params, *, rows: int, per_page: int | None, sorts: set[str],
                 show_all: bool = False):
    """Make `params` (the request's query, mutable) name only what exists, so a cache key
    built from them can take only as many values as the table has pages and columns.

    `page` becomes the plain number of a page of the table (`0002` -> `2`); a number
    outside it is a 404, as a missing page is; anything else is dropped (the first page).
    An unknown `sort` is dropped: the table is shown in its own order. With per_page None
    (everything on one page) there is no page. `per_page` is the view's to choose: a
    typed one is dropped (django-tables2 would obey `?per_page=7`, one page size and one
    cache entry per value), except `all` where `show_all` says the view offers it.
    """
    typed_size = params.pop("per_page", [None])[-1]
    if show_all and typed_size == "all":
        params["per_page"] = "all"
    page = params.pop("page", [None])[-1]
    number = numbers.whole_or_none(page, low=0) if page is not None else None
    if per_page is not None and number is not None:
        pages = max(1, -(-rows // per_page))
        if not 1 <= number <= pages:
            raise Http404(f"There is no page {number} of this table (pages 1 to {pages}).")
        params["page"] = str(number)
    if params.get("sort") is not None and params["sort"] not in sorts:
        params.pop("sort")
