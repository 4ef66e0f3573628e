"""`api/v1/`: the JSON API of shared/spec/api.md (docs/api.md), with django-ninja."""

from django.urls import path
from ninja import NinjaAPI

from . import errors, reads, writes

api = NinjaAPI(
    title="Fives and Threes tournaments",
    version="1",
    description="Published events, pairings, standings; result entry for arbiters.",
    urls_namespace="api",
)
errors.install(api)
api.add_router("", reads.router)
api.add_router("", writes.router)

urlpatterns = [path("", api.urls)]
