"""The team event's part of the settings form (docs/leagues.md): the team match's boards
(a group of singles boards and a group of pairs boards, each with its count, target and
sets) and the team points (a preset of the spec's examples, or values typed). The form
checks the shape; rules/team_rules.py is the one home of what a ruleset allows and what
points make sense, and its words come back next to the fields."""

from django import forms

from ..rules import team_rules
from ..standings.teams import PRESETS
from ..text.number_field import WholeNumberField

CUSTOM = "custom"
PRESET_LABELS = {
    "three_or_one_at_five_four": "3 for a win, 0 for a loss, but 1 for a loss by one board "
                                 "(5–4)",
    "two_and_one_a_game": "2 for a win, 1 for a draw, 0 for a loss, and 1 for each board "
                          "won",
}
GROUPS = (team_rules.SINGLES, team_rules.PAIRS)
# Fields of the format that a paired round fixes (the boards exist).
FORMAT_FIELDS = tuple(f"{kind}_{what}" for kind in GROUPS
                      for what in ("count", "target", "sets"))
POINT_KEYS = ("win", "draw", "loss", "per_board")


def add_team_fields(form):
    """Add the team fields to a settings form (left unread unless the entrants are
    teams)."""
    for kind in GROUPS:
        word = kind.capitalize()
        form.fields[f"{kind}_count"] = WholeNumberField(
            label=f"{word} boards", min_value=0, max_value=team_rules.MAX_BOARDS,
            required=False, initial=6 if kind == team_rules.SINGLES else 3)
        form.fields[f"{kind}_target"] = WholeNumberField(
            label=f"{word}: a set is won at", min_value=1, max_value=999, required=False,
            initial=61 if kind == team_rules.SINGLES else 121)
        form.fields[f"{kind}_sets"] = WholeNumberField(
            label=f"{word}: sets to win", min_value=1, max_value=9, required=False,
            initial=1)
    form.fields["team_points_preset"] = forms.ChoiceField(
        label="Team points", required=False, widget=forms.RadioSelect,
        initial="three_or_one_at_five_four",
        choices=[*((name, PRESET_LABELS.get(name, name)) for name in PRESETS),
                 (CUSTOM, "Other values (below)")])
    for key in POINT_KEYS:
        form.fields[f"team_{key}"] = forms.DecimalField(
            label={"per_board": "Per board won"}.get(key, key.capitalize()), required=False,
            max_digits=5, decimal_places=2, initial=PRESETS["two_and_one_a_game"].as_json()[key])
    form.fields["team_close_margin"] = WholeNumberField(
        label="Close loss: lost by at most (boards)", min_value=0, max_value=30,
        required=False, help_text="Empty: no close-loss points.")
    form.fields["team_close_points"] = forms.DecimalField(
        label="Close loss: points", required=False, max_digits=5, decimal_places=2)


def format_fields(form):
    return [form[f"{kind}_{what}"] for kind in GROUPS for what in ("count", "target", "sets")]


def point_fields(form):
    return [form[f"team_{key}"] for key in POINT_KEYS] + [
        form["team_close_margin"], form["team_close_points"]]


def _number(value):
    return None if value is None else (int(value) if value == int(value) else float(value))


def clean_team(form, data) -> None:
    """Check the team fields of a teams event (the format against the ruleset, the points
    against the format) and keep the result as `form.team` ({"team_match",
    "team_points"}); each problem next to its field."""
    form.team = {}
    if data.get("entrants_kind") != "teams" or not data.get("ruleset"):
        return
    boards = []
    for kind in GROUPS:
        count = data.get(f"{kind}_count")
        if not count:
            continue
        target, sets = data.get(f"{kind}_target"), data.get(f"{kind}_sets")
        for what, value in (("target", target), ("sets", sets)):
            if value is None:
                form.add_error(f"{kind}_{what}", f"Needed for the {kind} boards.")
        boards.append({"kind": kind, "count": count,
                       "match": {"target": target, "sets_to_win": sets}})
    if not boards:
        form.add_error("singles_count", "A team match has at least one board: give the "
                                        "number of singles or pairs boards.")
        return
    if form.errors:
        return
    try:
        team_match = team_rules.check_team_match({"boards": boards}, data["ruleset"])
    except ValueError as exc:
        # "boards[1].match: ..." names the group: its words go next to its own fields.
        text, field = str(exc), None
        for i, g in enumerate(boards):
            if text.startswith(f"boards[{i}]"):
                field = f"{g['kind']}_target" if ".match" in text else f"{g['kind']}_count"
                text = text.split(": ", 1)[-1]
        form.add_error(field, f"{text[:1].upper()}{text[1:]}.")
        return
    preset = data.get("team_points_preset") or "three_or_one_at_five_four"
    if preset == CUSTOM:
        doc = {key: _number(data.get(f"team_{key}")) for key in POINT_KEYS
               if data.get(f"team_{key}") is not None}
        margin, points = data.get("team_close_margin"), data.get("team_close_points")
        if margin:
            doc["close_loss"] = {"margin": margin, "points": _number(points or 0)}
        elif points:
            form.add_error("team_close_margin", "Say by how many boards a loss is close, "
                                                "or leave the close-loss points empty.")
            return
    else:
        doc = preset
    try:
        team_points = team_rules.check_team_points(doc, team_match)
    except ValueError as exc:
        text = str(exc)
        key = text.split(":", 1)[0].split(".")[0]
        field = {"close_loss": "team_close_margin"}.get(key, f"team_{key}")
        if text.startswith("close_loss.points"):
            field = "team_close_points"
        form.add_error(field if field in form.fields else "team_points_preset",
                       f"{text[:1].upper()}{text[1:]}.")
        return
    form.team = {"team_match": team_match, "team_points": team_points}


def initial_for(event) -> dict:
    """The team fields as the event has them."""
    initial = {}
    for group in (event.team_match or {}).get("boards", []):
        kind = group["kind"]
        initial[f"{kind}_count"] = group["count"]
        initial[f"{kind}_target"] = group["match"]["target"]
        initial[f"{kind}_sets"] = group["match"]["sets_to_win"]
    if event.team_match:
        for kind in GROUPS:
            initial.setdefault(f"{kind}_count", 0)
    if event.team_points:
        preset = next((name for name, points in PRESETS.items()
                       if points.as_json() == event.team_points), CUSTOM)
        initial["team_points_preset"] = preset
        for key in POINT_KEYS:
            initial[f"team_{key}"] = event.team_points.get(key)
        close = event.team_points.get("close_loss")
        if close:
            initial["team_close_margin"] = close["margin"]
            initial["team_close_points"] = close["points"]
    return initial


# ------------------------------------------------------------------ a team's roster


def add_roster_fields(form):
    """A team's fields beside its name, club and rating: its home venue, its roster (one
    member a line, "Name" or "Name, Club") and its captain (a roster number)."""
    from ..rules.entrant_rules import MAX_CLUB

    form.fields["name"].label = "Team's name"
    form.fields["venue"] = forms.CharField(
        label="Home venue", max_length=MAX_CLUB, required=False,
        help_text="Where its home matches are played (a pub, a club).")
    form.fields["roster"] = forms.CharField(
        label="Roster", widget=forms.Textarea(attrs={"rows": 8}),
        help_text="One member a line: the name, then a comma and the club if not the "
                  "team's. Keep the order once lineups are in: a lineup names members by "
                  "their place here.")
    form.fields["captain"] = WholeNumberField(
        label="Captain (number in the roster)", min_value=1, max_value=team_rules.MAX_MEMBERS,
        required=False, initial=1, help_text="Their card enters the lineup and the card.")
    form.order_fields(["name", "club", "venue", "roster", "captain", "rating"])


def roster_lines(text) -> list[dict]:
    members = []
    for line in (text or "").splitlines():
        if not line.strip():
            continue
        name, _, club = line.partition(",")
        member = {"name": name.strip()}
        if club.strip():
            member["club"] = club.strip()
        members.append(member)
    return members


def roster_of(data) -> dict:
    """The action's keyword arguments for a team: members, captain (an index), venue."""
    members = roster_lines(data.get("roster"))
    captain = data.get("captain")
    return {"members": members, "venue": data.get("venue", "").strip(),
            "captain": None if captain is None else captain - 1}


def roster_initial(entrant) -> dict:
    return {"venue": entrant.venue,
            "roster": "\n".join(m.get("name", "") + (f", {m['club']}" if m.get("club") else "")
                                for m in entrant.members or []),
            "captain": None if entrant.captain is None else entrant.captain + 1}
