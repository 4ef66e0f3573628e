"""A league secretary's screens for a team event (docs/leagues.md): the season's rounds
with their dates (set each, or shift the rest of the season), every team match with its
lineups and card, and one team match: postpone it (with a reason) or rearrange its date,
name the winner of a knock-out's match level on boards, sets and points,
enter or change a side's lineup (with a reason), open the lineups, and the boards to
settle (each board's page of the arbiters, where an official's entry or confirmation
settles a dispute). Each form calls one action."""

import datetime

from django import forms
from django.contrib import messages
from django.db.models import Prefetch
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from ..actions import ActionError, team_matches
from ..actions import lineups as lineup_actions
from ..actions import season as season_actions
from ..actions.base import one_change
from ..models import Match, Round
from ..models.lineups import TeamLineup
from ..rules import team_rules
from ..text.clean import MAX_REASON
from ..text.number_field import DateField, WholeNumberField
from .access import director_view, show_refusal
from .forms import Text
from .forms_rounds import SeasonForm
from .progress import season_to_pair


class RoundDateForm(forms.Form):
    number = WholeNumberField(min_value=1)
    date = DateField(required=False, label="Date",
                     widget=forms.DateInput(attrs={"type": "date"}))


class ShiftForm(forms.Form):
    start = WholeNumberField(min_value=1, label="From round")
    days = WholeNumberField(min_value=-366, max_value=366, label="Move by (days)",
                            help_text="7 moves that round and every later one a week on; "
                                      "-7 a week back.")


class PostponeForm(forms.Form):
    to = DateField(label="Played on", widget=forms.DateInput(attrs={"type": "date"}))
    reason = Text(max_length=MAX_REASON)


class NameWinnerForm(forms.Form):
    side = forms.TypedChoiceField(choices=[(0, "Home"), (1, "Away")], coerce=int,
                                  widget=forms.RadioSelect, label="Winner")
    reason = Text(max_length=MAX_REASON)

    def __init__(self, *args, tm=None, **kwargs):
        super().__init__(*args, **kwargs)
        if tm is not None:
            self.fields["side"].choices = [(0, f"{tm.side0.name} (home)"),
                                           (1, f"{tm.side1.name} (away)")]


class OpenForm(forms.Form):
    reason = Text(max_length=MAX_REASON, required=False)


def team_event_or_404(event):
    if not event.is_teams:
        raise Http404(f"{event.name} is not an event of teams.")


def season(event) -> list[Round]:
    """The event's rounds with their team matches (not their boards), each with its
    lineups in and its boards' statuses, in four queries."""
    matches = (Match.objects.pairings().select_related("side0", "side1")
               .prefetch_related(
                   Prefetch("lineups", queryset=TeamLineup.objects.order_by("side")),
                   Prefetch("boards", queryset=Match.objects.order_by("board")
                            .only("id", "team_match_id", "board", "status", "lineup")))
               .order_by("board"))
    rounds = list(event.rounds.select_related("stage").order_by("number")
                  .prefetch_related(Prefetch("matches", queryset=matches)))
    for r in rounds:
        for m in r.matches.all():
            boards = list(m.boards.all())
            m.lineup_sides = {lu.side for lu in m.lineups.all()}
            m.open = any(b.lineup is not None for b in boards)
            m.disputed = sum(1 for b in boards if b.status == Match.Status.DISPUTED)
            m.waiting = sum(1 for b in boards if b.status in (Match.Status.ENTERED,
                                                              Match.Status.ACCEPTED))
            m.entered = sum(1 for b in boards if b.status != Match.Status.PENDING)
            m.board_count = len(boards)
    return rounds


@director_view
def league(request, event, **forms_):
    team_event_or_404(event)
    rounds = season(event)
    return render(request, "director/league.html", {
        "event": event, "tab": "league", "rounds": rounds,
        "shift_form": forms_.get("shift_form") or ShiftForm(),
        "season_stage": season_to_pair(event),
        "season_form": forms_.get("season_form") or SeasonForm(),
        "season_drafts": [r.number for r in rounds if r.status == Round.Status.DRAFT
                          and r.stage.paired_ahead],
    }, status=400 if forms_ else 200)


@require_POST
@director_view
def pair_season(request, event):
    """Pair every round of the round robin at once, dated (actions.season)."""
    form = SeasonForm(request.POST)
    back = "director:league" if event.is_teams else "director:dashboard"
    if not form.is_valid():
        if event.is_teams:
            return league(request, event.slug, season_form=form)
        for problem in form.errors.values():
            messages.error(request, " ".join(problem))
        return redirect(back, event.slug)
    try:
        made = season_actions.pair_season(event, request.user,
                                          first_date=form.cleaned_data["first_date"],
                                          every_days=form.cleaned_data["every_days"])
    except ActionError as exc:
        if event.is_teams:
            show_refusal(request, form, exc)
            return league(request, event.slug, season_form=form)
        messages.error(request, exc.message)
        return redirect(back, event.slug)
    messages.success(request, f"Rounds {made[0].number}–{made[-1].number} are paired, from "
                              f"{made[0].date:%a %-d %b %Y} to {made[-1].date:%a %-d %b %Y}. "
                              "Check the fixtures and their dates, then publish the season.")
    return redirect(back, event.slug)


@require_POST
@director_view
def publish_season(request, event):
    try:
        made = season_actions.publish_season(event, request.user)
    except ActionError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, f"The season is published: rounds {made[0].number}–"
                                  f"{made[-1].number}, every fixture with its date.")
    return redirect("director:league" if event.is_teams else "director:dashboard", event.slug)


@require_POST
@director_view
def round_date(request, event):
    team_event_or_404(event)
    form = RoundDateForm(request.POST)
    if not form.is_valid():
        for problem in form.errors.values():
            messages.error(request, " ".join(problem))
        return redirect("director:league", event.slug)
    round_ = event.rounds.filter(number=form.cleaned_data["number"]).first()
    if round_ is None:
        messages.error(request, f"{event.name} has no round {form.cleaned_data['number']}.")
        return redirect("director:league", event.slug)
    try:
        team_matches.set_round_date(round_, request.user, day=form.cleaned_data["date"])
    except ActionError as exc:
        messages.error(request, exc.message)
    else:
        day = form.cleaned_data["date"]
        messages.success(request, f"{round_.title} is played on {day:%a %-d %b %Y}." if day
                         else f"{round_.title} has no date now.")
    return redirect("director:league", event.slug)


@require_POST
@director_view
def shift_dates(request, event):
    """Every dated round from `start` on moves by `days`, all or none (one change)."""
    team_event_or_404(event)
    form = ShiftForm(request.POST)
    if not form.is_valid():
        return league(request, event.slug, shift_form=form)
    start, days = form.cleaned_data["start"], form.cleaned_data["days"]
    moved = list(event.rounds.filter(number__gte=start, date__isnull=False)
                 .order_by("number"))
    if not moved:
        form.add_error("start", f"No round from round {start} on has a date to move.")
        return league(request, event.slug, shift_form=form)
    try:
        with one_change():
            for r in moved:
                team_matches.set_round_date(r, request.user,
                                            day=r.date + datetime.timedelta(days=days))
    except ActionError as exc:
        show_refusal(request, form, exc)
        return league(request, event.slug, shift_form=form)
    messages.success(request, f"{len(moved)} round{'s' if len(moved) != 1 else ''} moved by "
                              f"{days} day{'s' if abs(days) != 1 else ''}.")
    return redirect("director:league", event.slug)


# ------------------------------------------------------------------ one team match


def lineup_form_class(plan, roster_size):
    """A form of one side's lineup: a choice of member for every place of every board."""
    fields = {"reason": Text(max_length=MAX_REASON,
                             help_text="Why you enter it for the captain (kept in the "
                                       "audit log).")}
    for p in plan:
        for k in range(p.players):
            fields[f"b{p.number}_{k}"] = forms.TypedChoiceField(
                label=f"Board {p.number} ({p.kind})" + (f", partner {k + 1}"
                                                        if p.players > 1 else ""),
                coerce=int, required=False, empty_value=None)
    return type("LineupForm", (forms.Form,), fields)


def lineup_form(tm, side, plan, data=None, stored=None):
    team = tm.players[side]
    roster = [(str(i), f"{i + 1}. {m.get('name', '')}") for i, m in
              enumerate(team.members or [])]
    initial = {}
    for p, had in zip(plan, stored or [], strict=False):
        for k, index in enumerate(had):
            initial[f"b{p.number}_{k}"] = index
    form = lineup_form_class(plan, len(roster))(data, initial=initial, prefix=f"side{side}")
    for name, field in form.fields.items():
        if name != "reason":
            field.choices = [("", "—"), *roster]
    form.side, form.team = side, team
    form.board_fields = [form[n] for n in form.fields if n != "reason"]
    return form


def lineup_of(form, plan) -> list:
    out = []
    for p in plan:
        chosen = [form.cleaned_data.get(f"b{p.number}_{k}") for k in range(p.players)]
        out.append([] if any(c is None for c in chosen) else chosen)
    return out


def get_team_match(event, pk):
    tm = (Match.objects.pairings().select_related("round", "side0", "side1")
          .filter(pk=pk, round__tournament=event).first())
    if tm is None or tm.is_bye:
        raise Http404(f"{event.name} has no team match {pk}.")
    tm.round.tournament = event
    return tm


def render_match(request, event, tm, *, status=200, postpone_form=None, forms_=None,
                 open_form=None, name_form=None):
    plan = team_rules.board_plan(event.team_match)
    stored = {lu.side: lu.boards for lu in TeamLineup.objects.filter(team_match=tm)}
    forms_ = forms_ or {}
    lineup_forms = [forms_.get(s) or lineup_form(tm, s, plan, stored=stored.get(s))
                    for s in (0, 1)]
    boards = list(tm.boards.order_by("board").select_related("entered_by_player"))
    for b, p in zip(boards, plan, strict=False):
        b.kind = p.kind
        lineup = b.lineup or [[], []]
        b.names = [", ".join(tm.players[s].members[i].get("name", "") for i in lineup[s]
                             if 0 <= i < len(tm.players[s].members)) for s in (0, 1)]
    return render(request, "director/team_match.html", {
        "event": event, "tab": "league", "tm": tm, "boards": boards, "stored": stored,
        "lineup_forms": lineup_forms,
        "opened": any(b.lineup is not None for b in boards),
        "postpone_form": postpone_form or PostponeForm(
            initial={"to": tm.postponed_to or tm.round.date}),
        "open_form": open_form or OpenForm(),
        "tie": tie_of(tm),
        "name_form": name_form or NameWinnerForm(tm=tm, initial={
            "side": (tm.record or {}).get("named_winner")}),
    }, status=status)


def tie_of(tm) -> dict | None:
    """A knock-out's team match level on boards, every board counted: its sets, points,
    how it was decided (None: the director names the winner) and whether the director
    may name (or rename) the winner."""
    record = tm.record if isinstance(tm.record, dict) else {}
    if "sets" not in record:
        return None
    how = record.get("decided_by")
    return {"sets": record["sets"], "points": record["points"], "decided_by": how,
            "words": team_rules.DECIDED_WORDS.get(how, ""),
            "nameable": how in (None, "director")}


@director_view
def team_match(request, event, pk):
    team_event_or_404(event)
    return render_match(request, event, get_team_match(event, pk))


@require_POST
@director_view
def postpone(request, event, pk):
    team_event_or_404(event)
    tm = get_team_match(event, pk)
    form = PostponeForm(request.POST)
    if form.is_valid():
        try:
            tm = team_matches.postpone_match(tm.pk, request.user, to=form.cleaned_data["to"],
                                             reason=form.cleaned_data["reason"])
        except ActionError as exc:
            show_refusal(request, form, exc)
        else:
            messages.success(request, f"{tm.side0.name} v {tm.side1.name} is now played on "
                                      f"{tm.postponed_to:%a %-d %b %Y}.")
            return redirect("director:team_match", event.slug, tm.pk)
    return render_match(request, event, tm, status=400, postpone_form=form)


@require_POST
@director_view
def name_winner(request, event, pk):
    """A knock-out's team match level on boards, sets and points: the director names
    its winner, with a reason (team_matches.name_team_winner)."""
    team_event_or_404(event)
    tm = get_team_match(event, pk)
    form = NameWinnerForm(request.POST, tm=tm)
    if form.is_valid():
        try:
            tm = team_matches.name_team_winner(tm.pk, request.user,
                                               side=form.cleaned_data["side"],
                                               reason=form.cleaned_data["reason"])
        except ActionError as exc:
            show_refusal(request, form, exc)
        else:
            messages.success(request, f"{tm.winner.name} wins {tm.side0.name} v "
                                      f"{tm.side1.name}, as you named.")
            return redirect("director:team_match", event.slug, tm.pk)
    return render_match(request, event, tm, status=400, name_form=form)


@require_POST
@director_view
def set_lineup(request, event, pk, side):
    team_event_or_404(event)
    tm = get_team_match(event, pk)
    if side not in (0, 1):
        raise Http404("A team match has two sides, 0 (home) and 1 (away).")
    plan = team_rules.board_plan(event.team_match)
    form = lineup_form(tm, side, plan, data=request.POST)
    if form.is_valid():
        try:
            lineup_actions.set_lineup(tm.pk, request.user, lineup=lineup_of(form, plan),
                                      side=side, reason=form.cleaned_data["reason"])
        except ActionError as exc:
            show_refusal(request, form, exc)
        else:
            messages.success(request, f"{form.team.name}'s lineup is stored.")
            return redirect("director:team_match", event.slug, tm.pk)
    return render_match(request, event, tm, status=400, forms_={side: form})


@require_POST
@director_view
def open_match(request, event, pk):
    team_event_or_404(event)
    tm = get_team_match(event, pk)
    form = OpenForm(request.POST)
    if form.is_valid():
        try:
            lineup_actions.open_lineups(tm.pk, request.user, reason=form.cleaned_data["reason"])
        except ActionError as exc:
            show_refusal(request, form, exc)
        else:
            messages.success(request, f"The lineups of {tm.side0.name} v {tm.side1.name} "
                                      "are open: both sides and the public see them.")
            return redirect("director:team_match", event.slug, tm.pk)
    return render_match(request, event, tm, status=400, open_form=form)
