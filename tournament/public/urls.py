from django.urls import path

from . import hall, league_pages, people_pages, views
from .http_cache import public_cache

# Whole answers cached by the event's revision (http_cache.py); the parameters listed are
# the only ones each view reads (django-tables2: sort, page, per_page).
TABLE = ("sort", "page", "per_page")

app_name = "public"
urlpatterns = [
    path("", public_cache(views.events, params=TABLE), name="events"),
    # People across events (before the events' <slug>: these words are reserved slugs).
    path("ratings/", people_pages.ratings, name="ratings_mso"),
    path("ratings/about/", people_pages.about, name="ratings_about"),
    path("ratings/<slug:ruleset>/", people_pages.ratings, name="ratings"),
    path("people/<slug:key>/", people_pages.person, name="person"),
    path("series/<slug:slug>/", people_pages.series, name="series"),
    # The hall display (public/hall.py): drawn for each request, which a television makes
    # only when an event changed (its script polls revision.json, cached, between).
    path("series/<slug:slug>/hall/", hall.series_hall, name="series_hall"),
    path("series/<slug:slug>/festival/", people_pages.festival, name="festival"),
    path("<slug:slug>/", public_cache(views.event), name="event"),
    # What the live pages poll: cached by the revision like the pages, so a poll while
    # nothing changed costs no query (browsers revalidate every time: public, no-cache).
    path("<slug:slug>/revision.json", public_cache(views.revision, single_render=False),
         name="revision"),
    path("<slug:slug>/hall/", hall.event_hall, name="hall"),
    path("<slug:slug>/round/<int:number>/",
         public_cache(views.round_view, params=("print", "sort", "page", "find")), name="round"),
    # The round's clock now (not cached: its remaining_s is true at its server_time), which
    # clock.js asks when a page opens and when the page's live region changes.
    path("<slug:slug>/round/<int:number>/clock.json", views.round_clock, name="round_clock"),
    path("<slug:slug>/round/<int:number>/pairings.csv", public_cache(views.round_csv),
         name="round_csv"),
    path("<slug:slug>/standings/",
         public_cache(views.standings_view, params=("after_round", "print", *TABLE)),
         name="standings"),
    path("<slug:slug>/standings.csv", public_cache(views.standings_csv, params=("after_round",)),
         name="standings_csv"),
    path("<slug:slug>/bracket/", public_cache(views.bracket, params=("stage", "print")),
         name="bracket"),
    path("<slug:slug>/crosstable/", public_cache(views.crosstable, params=TABLE),
         name="crosstable"),
    path("<slug:slug>/crosstable.csv", public_cache(views.crosstable_csv),
         name="crosstable_csv"),
    path("<slug:slug>/entrants.csv", public_cache(views.entrants_csv), name="entrants_csv"),
    path("<slug:slug>/player/<int:number>/", public_cache(views.player), name="player"),
    # A team event's pages (docs/leagues.md).
    path("<slug:slug>/fixtures/", public_cache(league_pages.fixtures, params=("team",)),
         name="fixtures"),
    path("<slug:slug>/fixtures/<int:pk>/", public_cache(league_pages.team_match),
         name="team_match"),
    path("<slug:slug>/table/", public_cache(league_pages.table), name="league_table"),
    path("<slug:slug>/team/<int:number>/", public_cache(league_pages.team), name="team"),
]
