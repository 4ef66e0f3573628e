"""`/{slug}/enter/`: entries before the day (players/entering.py), beside the event's
public pages but never cached: each carries a form or one person's entry."""

from django.urls import path

from . import entering

app_name = "entering"
urlpatterns = [
    path("<slug:slug>/enter/", entering.enter, name="form"),
    path("<slug:slug>/enter/done/", entering.entered, name="done"),
    path("<slug:slug>/enter/status/", entering.status, name="status"),
]
