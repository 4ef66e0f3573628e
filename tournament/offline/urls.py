from django.urls import path

from . import views

app_name = "offline"
urlpatterns = [
    path("offline/token/", views.token, name="token"),
    path("offline/engine-<str:digest>.json", views.engine, name="engine"),
    path("manifest.webmanifest", views.manifest, name="manifest"),
    path("sw.js", views.service_worker, name="worker"),
]
