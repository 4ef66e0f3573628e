"""Series: events grouped (a season, a festival) and scored by place. Every change is
audited (the audit row names no one event: a series spans several)."""

import re

from django.db import IntegrityError, transaction

from ..entry import numbers
from ..models import Series
from ..models.series import DEFAULT_SCALE
from ..rules.entrant_rules import clean_name
from ..text.clean import TextError
from .base import Action, ActionError, PermissionDenied, atomic_action, audit, require_director
from .events import address_from, require_creator

MAX_PLACES = 64
MAX_POINTS = 1000


def parse_scale(text) -> list[int]:
    """"10-8-6-5-4-3-2-1" (or commas, spaces): points for 1st, 2nd, ...; ActionError if not
    whole numbers from 0 to MAX_POINTS, not rising, at most MAX_PLACES."""
    if isinstance(text, list):
        parts = text
    else:
        parts = [p for p in re.split(r"[\s,;-]+", str(text or "").strip()) if p]
    problem = None
    if not parts:
        problem = "give the points of 1st place at least"
    elif len(parts) > MAX_PLACES:
        problem = f"at most {MAX_PLACES} places score"
    else:
        try:
            scale = [numbers.whole(str(p), "a place's points") for p in parts]
        except numbers.NumberError:
            problem = "whole numbers in the digits 0-9 only, such as 10-8-6-5-4-3-2-1"
        else:
            if any(not 0 <= p <= MAX_POINTS for p in scale):
                problem = f"each place's points are from 0 to {MAX_POINTS}"
            elif any(a < b for a, b in zip(scale, scale[1:], strict=False)):
                problem = "a lower place cannot score more than a higher one"
    if problem:
        raise ActionError(f"The points by place are not usable: {problem}.",
                          {"scale": [problem[:1].upper() + problem[1:] + "."]})
    return scale


def require_manager(series, user):
    """Who may change a series: the director who made it, a superuser, the command line."""
    if not (user is None or user.is_superuser or series.created_by_id == user.pk):
        raise PermissionDenied(f"Only the director who made {series.name} may change it.")


@atomic_action
def create_series(actor, *, name: str, slug: str = "", scale=None) -> Series:
    """A new series; its web address `slug` typed, or made from the name as an event's is
    (actions.events.address_from)."""
    require_creator(actor, "Only directors may make a series.")
    try:
        name = clean_name(name or "", "name", 120)
    except TextError as exc:
        raise ActionError(str(exc), {"name": [str(exc)]}) from None
    if not name:
        raise ActionError("A series needs a name.", {"name": ["The name is empty."]})
    slug = address_from(name, slug)
    scale = parse_scale(scale) if scale not in (None, "") else list(DEFAULT_SCALE)
    try:
        with transaction.atomic():
            series = Series.objects.create(name=name, slug=slug, scale=scale, created_by=actor)
    except IntegrityError:
        raise ActionError(f"/series/{slug}/ is taken.", {"slug": ["Already used."]}) from None
    audit(None, actor, Action.CREATE_SERIES, f"Made the series {name}", series=series.pk,
          scale=scale)
    return series


def lock(series) -> Series:
    return Series.objects.select_for_update().get(pk=series.pk)


@atomic_action
def set_scale(series, actor, *, scale) -> Series:
    series = lock(series)
    require_manager(series, actor)
    new = parse_scale(scale)
    old, series.scale = series.scale, new
    series.save(update_fields=["scale"])
    audit(None, actor, Action.SERIES_SCALE, f"{series.name}: points by place "
          f"{'-'.join(map(str, new))}", series=series.pk, old=old, new=new)
    return series


@atomic_action
def add_event(series, actor, *, tournament) -> None:
    series = lock(series)
    require_manager(series, actor)
    require_director(tournament, actor)
    if series.events.filter(pk=tournament.pk).exists():
        raise ActionError(f"{tournament.name} is already in {series.name}.")
    series.events.add(tournament)
    audit(None, actor, Action.SERIES_ADD_EVENT, f"Added {tournament.name} to {series.name}",
          series=series.pk, event=tournament.slug)


@atomic_action
def remove_event(series, actor, *, tournament) -> None:
    series = lock(series)
    require_manager(series, actor)
    if not series.events.filter(pk=tournament.pk).exists():
        raise ActionError(f"{tournament.name} is not in {series.name}.")
    series.events.remove(tournament)
    audit(None, actor, Action.SERIES_REMOVE_EVENT, f"Took {tournament.name} out of "
          f"{series.name}", series=series.pk, event=tournament.slug)
