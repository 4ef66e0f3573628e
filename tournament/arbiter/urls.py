from django.urls import path

from . import clock_controls, printing, rollcall, views

app_name = "arbiter"
urlpatterns = [
    path("", views.home, name="home"),
    # Fixed words before the event slug, which could otherwise swallow them.
    path("start/", views.landing, name="landing"),
    path("token/", views.token, name="token"),
    path("match/<int:match_id>/", views.board, name="match"),
    path("match/<int:match_id>/history/", views.history, name="history"),
    path("<slug:slug>/", views.boards, name="boards"),
    path("<slug:slug>/checkin/", rollcall.page, name="checkin"),
    path("<slug:slug>/checkin.json", rollcall.states, name="checkin_states"),
    path("<slug:slug>/round/<int:number>/", views.boards, name="round"),
    path("<slug:slug>/round/<int:number>/boards.json", views.board_states, name="states"),
    path("<slug:slug>/round/<int:number>/print/", printing.print_round, name="print"),
    path("<slug:slug>/round/<int:number>/clock/", clock_controls.clock, name="clock"),
]
