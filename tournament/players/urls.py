from django.urls import path

from . import team_views, views

app_name = "players"
urlpatterns = [
    path("", views.me, name="me"),
    path("out/", views.sign_out, name="sign_out"),
    path("revision.json", views.revision, name="revision"),
    path("clock/<int:number>.json", views.own_clock, name="clock"),
    path("checkin/", views.check_in, name="checkin"),
    path("board/<int:match_id>/", views.board, name="board"),
    # A team's match night: lineup and card (docs/leagues.md).
    path("team/", team_views.team, name="team"),
    path("team/<int:match_id>/", team_views.team, name="team_match"),
]
