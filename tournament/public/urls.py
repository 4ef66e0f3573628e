from django.urls import path

from . import views

app_name = "public"
urlpatterns = [
    path("", views.events, name="events"),
    path("<slug:slug>/", views.event, name="event"),
    path("<slug:slug>/round/<int:number>/", views.round_view, name="round"),
    path("<slug:slug>/round/<int:number>/pairings.csv", views.round_csv, name="round_csv"),
    path("<slug:slug>/standings/", views.standings_view, name="standings"),
    path("<slug:slug>/standings.csv", views.standings_csv, name="standings_csv"),
    path("<slug:slug>/crosstable/", views.crosstable, name="crosstable"),
    path("<slug:slug>/player/<int:number>/", views.player, name="player"),
]
