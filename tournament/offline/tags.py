"""Opting a page into the offline machinery (docs/offline.md): `{% load offline %}`
(registered in settings, TEMPLATES `libraries`), then `{% offline_head %}` in its
head block; an entry form adds `{% offline_engine table %}` to check on the phone."""

from django import template
from django.templatetags.static import static
from django.urls import reverse

from ..entry.record.check import table_json
from .bundle import engine_zip
from .config import pyodide_index
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
    return {"table": table_json(table), "pyodide": pyodide_index(),
            "worker": static("js/engine-worker.js"), "digest": engine_zip()[1]}
