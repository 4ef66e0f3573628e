from django.urls import path

from . import views_cards as cards
from . import views_entrants as entrants
from . import views_entries as entries
from . import views_event as event
from . import views_jobs as jobs
from . import views_league as league
from . import views_people as people
from . import views_people_bulk as people_bulk
from . import views_rounds as rounds
from . import views_series as series
from . import views_stages as stages

app_name = "director"
urlpatterns = [
    path("", event.home, name="home"),
    path("new/", event.create, name="create"),
    path("import/", event.import_event, name="import_event"),
    path("jobs/<uuid:pk>/", jobs.job_page, name="job"),
    path("jobs/<uuid:pk>/status.json", jobs.job_status, name="job_status"),
    path("jobs/<uuid:pk>/download", jobs.job_download, name="job_download"),
    path("people/", people.people_admin, name="people"),
    path("series/", series.series_list, name="series_list"),
    path("series/<slug:slug>/", series.series_page, name="series"),
    path("series/<slug:slug>/add/", series.series_event, {"action": "add"},
         name="series_add"),
    path("series/<slug:slug>/remove/", series.series_event, {"action": "remove"},
         name="series_remove"),
    path("people/unmerge/<int:entry_id>/", people.unmerge, name="unmerge"),
    path("<slug:slug>/", event.dashboard, name="event"),
    path("<slug:slug>/settings/", event.settings, name="settings"),
    path("<slug:slug>/hide/", event.hide, name="hide"),
    path("<slug:slug>/delete/", event.delete, name="delete_event"),
    path("<slug:slug>/officials/", event.add_official, name="add_official"),
    path("<slug:slug>/officials/<int:pk>/remove/", event.remove_official,
         name="remove_official"),
    path("<slug:slug>/audit/", event.audit, name="audit"),
    path("<slug:slug>/archive.json", event.archive, name="archive"),
    path("<slug:slug>/event.trf", event.trf, name="trf"),
    path("<slug:slug>/entrants/", entrants.entrant_list, name="entrants"),
    path("<slug:slug>/entries/", entries.entry_list, name="entries"),
    path("<slug:slug>/entries/<int:pk>/", entries.decide, name="decide_entry"),
    path("<slug:slug>/entries.csv", entries.entries_csv, name="entries_csv"),
    path("<slug:slug>/entrants/add/", entrants.add, name="add_entrant"),
    path("<slug:slug>/entrants/cards/", cards.print_cards, name="cards"),
    path("<slug:slug>/entrants/people/", people_bulk.link_everyone, name="link_everyone"),
    path("<slug:slug>/entrants/import/", entrants.import_csv, name="import_entrants"),
    path("<slug:slug>/entrants/import/confirm/", entrants.confirm_import,
         name="confirm_import"),
    path("<slug:slug>/entrants/<int:pk>/delete/", entrants.delete, name="delete_entrant"),
    path("<slug:slug>/entrants/<int:pk>/", entrants.edit, name="entrant"),
    path("<slug:slug>/entrants/<int:pk>/people/", people.entrant_people, name="entrant_people"),
    path("<slug:slug>/date/", people.event_date, name="event_date"),
    path("<slug:slug>/entrants/seed/", people.seed, name="seed_ratings"),
    path("<slug:slug>/entrants/<int:pk>/withdraw/", entrants.withdraw, name="withdraw"),
    path("<slug:slug>/entrants/<int:pk>/reinstate/", entrants.reinstate, name="reinstate"),
    path("<slug:slug>/forbidden/", entrants.add_pair, name="add_forbidden_pair"),
    path("<slug:slug>/forbidden/<int:pk>/remove/", entrants.remove_pair,
         name="remove_forbidden_pair"),
    path("<slug:slug>/stages/add/", stages.add, name="add_stage"),
    path("<slug:slug>/stages/<int:number>/", stages.edit, name="stage"),
    path("<slug:slug>/stages/<int:number>/delete/", stages.delete, name="delete_stage"),
    path("<slug:slug>/rounds/pair/", rounds.pair, name="pair"),
    path("<slug:slug>/rounds/<int:number>/", rounds.round_view, name="round"),
    path("<slug:slug>/rounds/<int:number>/swap/", rounds.swap, name="swap"),
    path("<slug:slug>/rounds/<int:number>/board/", rounds.set_board, name="set_board"),
    path("<slug:slug>/rounds/<int:number>/publish/", rounds.publish, name="publish"),
    path("<slug:slug>/rounds/<int:number>/delete/", rounds.delete, name="delete_round"),
    path("<slug:slug>/rounds/<int:number>/close/", rounds.close, name="close_round"),
    path("<slug:slug>/rounds/<int:number>/reopen/", rounds.reopen, name="reopen_round"),
    path("<slug:slug>/byes/", rounds.byes, name="byes"),
    # A team event's season (views_league.py, docs/leagues.md).
    path("<slug:slug>/league/", league.league, name="league"),
    path("<slug:slug>/league/date/", league.round_date, name="round_date"),
    path("<slug:slug>/league/season/", league.pair_season, name="pair_season"),
    path("<slug:slug>/league/season/publish/", league.publish_season, name="publish_season"),
    path("<slug:slug>/league/shift/", league.shift_dates, name="shift_dates"),
    path("<slug:slug>/league/<int:pk>/", league.team_match, name="team_match"),
    path("<slug:slug>/league/<int:pk>/postpone/", league.postpone, name="postpone"),
    path("<slug:slug>/league/<int:pk>/lineup/<int:side>/", league.set_lineup,
         name="team_lineup"),
    path("<slug:slug>/league/<int:pk>/open/", league.open_match, name="open_match"),
    path("<slug:slug>/league/<int:pk>/winner/", league.name_winner, name="name_winner"),
]
