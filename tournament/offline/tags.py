"""Opting a page into the offline machinery (docs/offline.md): `{% load offline %}`
(registered in settings, TEMPLATES `libraries`), then `{% offline_head %}` in its
head block; an entry form adds `{% offline_engine table %}` to check on the phone."""

from django import template
from django.templatetags.static import static
from django.urls import reverse

from ..entry.record.check import table_json
from .bundle import engine_bundle
from .user import request_tag

register = template.Library()


@register.inclusion_tag("offline/_head.html", takes_context=True)
def offline_head(context):
    return {"entry": {"worker": reverse("offline:worker"),
                      "user": request_tag(context.get("request"))}}


@register.inclusion_tag("offline/_engine.html")
def offline_engine(table=None):
    """The phone's check of an entry form; nothing where the page has no board's format
    (the form then goes unchecked to the server, which checks it)."""
    if table is None or table == "":
        return {}
    return {"table": table_json(table), "worker": static("js/engine.mjs"),
            "micropython": static("micropython/micropython.mjs"),
            "wasm": static("micropython/micropython.wasm"), "digest": engine_bundle()[1]}
