"""`{% load round_clock_tags %}`: the round clock's time left as the pages show it."""

from django import template

from ..rules.round_clock import shown

register = template.Library()


@register.filter
def clock_mmss(seconds) -> str:
    return shown(seconds or 0)


@register.simple_tag
def fresh_key() -> str:
    """A new Idempotency-Key for one clock button: a double tap is carried out once
    (tournament/web/idempotency.py)."""
    import secrets

    return secrets.token_urlsafe(18)


@register.filter
def clock_is_running(state) -> bool:
    return state == "running"
