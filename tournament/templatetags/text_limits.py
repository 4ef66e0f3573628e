"""The text limits the actions enforce (tournament/text/clean.py), for the `maxlength` of boxes
written by hand in templates: the phone then stops typing where the server would refuse,
instead of refusing a long text after it was sent."""

from django import template

from ..text.clean import MAX_REASON

register = template.Library()


@register.simple_tag
def max_reason() -> int:
    return MAX_REASON
