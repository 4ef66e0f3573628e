"""The director's forms: they check the shape of the input; the actions check the rules."""

from django import forms
from django.core import validators

from ..actions.events import RESERVED_SLUGS, match_format_choices
from ..interchange.entrants_csv import MAX_BYTES
from ..models import Official, Tournament
from ..models.event import DEFAULT_POINTS
from ..rules.entrant_rules import MAX_CLUB, MAX_NAME, RATING_MAX, RATING_MIN
from ..rules.names import known_rulesets
from ..standings import MSO_ORDER
from ..text.clean import MAX_REASON, TextError, clean_text
from ..text.folding import web_address
from ..text.number_field import WholeNumberField
from . import forms_teams

TIEBREAK_SLOTS = 6
POINT_LABELS = {"win": "Win", "loss": "Loss", "bye": "Bye", "forfeit_win": "Win by forfeit",
                "forfeit_loss": "Loss by forfeit", "half_bye": "Half-point bye (asked for)",
                "zero_bye": "Zero-point bye (asked for)", "absent": "Absent",
                "late_entry": "A round missed by a late entry"}


def ruleset_choices():
    from scoring.rulesets import RULESETS

    return [(name, f"{RULESETS[name].title} ({name})") for name in sorted(known_rulesets())]


def tiebreak_choices():
    from ..standings import LABELS, TIEBREAKS

    return [("", "— none —")] + [(name, LABELS.get(name, name)) for name in TIEBREAKS]


class Text(forms.CharField):
    """A text field held to the site's one rule for typed text (tournament.text.clean)."""

    def validate(self, value):
        super().validate(value)
        try:
            clean_text(value, self.label or "")
        except TextError as exc:
            # Shown next to its field, so the problem alone, as a sentence.
            raise forms.ValidationError(exc.problem[:1].upper() + exc.problem[1:] + ".") \
                from exc


class ListText(forms.CharField):
    """A pasted list: the CSV reader names the line of a bad character, so no field-wide
    NUL check here."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.validators = [v for v in self.validators
                           if not isinstance(v, validators.ProhibitNullCharactersValidator)]


def format_choices(pick):
    values = sorted({v for name in known_rulesets() for v in pick(match_format_choices(name))})
    return [(str(v), str(v)) for v in values]


def format_help() -> str:
    parts = []
    for name in sorted(known_rulesets()):
        targets, sets = match_format_choices(name)
        parts.append(f"{name}: target {' or '.join(map(str, targets))}, "
                     f"{' or '.join(map(str, sets))} sets to win")
    return "Allowed: " + "; ".join(parts) + "."


class SettingsForm(forms.Form):
    """An event's rules: shared by 'create an event' and 'settings'."""

    name = Text(max_length=Tournament._meta.get_field("name").max_length)
    ruleset = forms.ChoiceField(initial="mso")  # the model's default; not the first listed
    entrants_kind = forms.ChoiceField(
        label="Entrants", choices=Tournament.Entrants.choices, initial="singles",
        widget=forms.RadioSelect,
        help_text="Pairs: two partners play as one entrant. Fixed once round 1 is paired.")
    match_target = forms.TypedChoiceField(label="A set is won at", coerce=int, initial="61")
    sets_to_win = forms.TypedChoiceField(label="Sets to win the match", coerce=int,
                                         initial="2")
    rounds_planned = WholeNumberField(min_value=1, max_value=30, initial=5)
    require_confirmation = forms.BooleanField(
        required=False, initial=True,
        help_text="On: an entered result counts once a second official (not the one who "
                  "entered it) confirms it. Off: it counts as soon as it is entered.")

    entry_policy = forms.ChoiceField(
        label="Who enters results", choices=Tournament.EntryPolicy.choices, required=False,
        initial=Tournament.EntryPolicy.OFFICIALS, widget=forms.RadioSelect,
        help_text="Players: each side of a board enters or accepts the result at the table "
                  "with the key on their player card; officials settle disputes. "
                  "A change needs a reason.")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].choices = ruleset_choices()
        self.fields["match_target"].choices = format_choices(lambda f: f[0])
        self.fields["sets_to_win"].choices = format_choices(lambda f: f[1])
        self.fields["sets_to_win"].help_text = format_help()
        for key, default in DEFAULT_POINTS.items():
            self.fields[f"points_{key}"] = forms.DecimalField(
                label=POINT_LABELS.get(key, key), min_value=0, max_value=10, max_digits=4,
                decimal_places=2, initial=default)
        for i in range(1, TIEBREAK_SLOTS + 1):
            self.fields[f"tiebreak_{i}"] = forms.ChoiceField(
                label=f"Tie-break {i}", required=False, choices=tiebreak_choices(),
                initial=MSO_ORDER[i - 1] if i <= len(MSO_ORDER) else "")
        forms_teams.add_team_fields(self)

    @property
    def formats(self) -> dict:
        """What each ruleset allows ({name: {"targets", "sets"}}), for match_format.js to
        offer only those; the check in clean() stands for a browser without scripts."""
        return {name: dict(zip(("targets", "sets"), map(list, match_format_choices(name)),
                               strict=True))
                for name in known_rulesets()}

    def point_fields(self):
        return [self[f"points_{key}"] for key in DEFAULT_POINTS]

    def tiebreak_fields(self):
        return [self[f"tiebreak_{i}"] for i in range(1, TIEBREAK_SLOTS + 1)]

    def clean(self):
        data = super().clean()
        seen = {}
        for i in range(1, TIEBREAK_SLOTS + 1):
            name = data.get(f"tiebreak_{i}")
            if name and name in seen:
                self.add_error(f"tiebreak_{i}", f"Already chosen as tie-break {seen[name]}.")
            elif name:
                seen[name] = i
        ruleset = data.get("ruleset")
        if ruleset:
            targets, sets = match_format_choices(ruleset)
            if data.get("match_target") is not None and data["match_target"] not in targets:
                self.add_error("match_target", f"The {ruleset} rules allow "
                               f"{' or '.join(map(str, targets))}.")
            if data.get("sets_to_win") is not None and data["sets_to_win"] not in sets:
                self.add_error("sets_to_win", f"The {ruleset} rules allow "
                               f"{' or '.join(map(str, sets))}.")
        forms_teams.clean_team(self, data)
        return data

    def points(self) -> dict:
        points = {}
        for key in DEFAULT_POINTS:
            value = self.cleaned_data[f"points_{key}"]
            points[key] = int(value) if value == int(value) else float(value)
        return points

    def tiebreaks(self) -> list[str]:
        slots = (self.cleaned_data.get(f"tiebreak_{i}") for i in range(1, TIEBREAK_SLOTS + 1))
        return [name for name in slots if name]

    def settings(self) -> dict:
        return {"ruleset": self.cleaned_data["ruleset"],
                "rounds_planned": self.cleaned_data["rounds_planned"],
                "points": self.points(), "tiebreaks": self.tiebreaks(),
                "require_confirmation": self.cleaned_data["require_confirmation"],
                "entrants_kind": self.cleaned_data["entrants_kind"],
                "match_target": self.cleaned_data["match_target"],
                "sets_to_win": self.cleaned_data["sets_to_win"],
                "entry_policy": (self.cleaned_data["entry_policy"]
                                 or Tournament.EntryPolicy.OFFICIALS),
                # A team event's format and points (forms_teams.clean_team).
                **self.team}

    def team_format_fields(self):
        return forms_teams.format_fields(self)

    def team_point_fields(self):
        return forms_teams.point_fields(self)

    @classmethod
    def initial_for(cls, event) -> dict:
        initial = {"name": event.name, "ruleset": event.ruleset,
                   "rounds_planned": event.rounds_planned,
                   "require_confirmation": event.require_confirmation,
                   "entrants_kind": event.entrants_kind, "match_target": event.match_target,
                   "sets_to_win": event.sets_to_win, "entry_policy": event.entry_policy}
        for key in DEFAULT_POINTS:
            initial[f"points_{key}"] = event.points_for(key)
        for i in range(1, TIEBREAK_SLOTS + 1):
            order = event.tiebreaks
            initial[f"tiebreak_{i}"] = order[i - 1] if i <= len(order) else ""
        initial.update(forms_teams.initial_for(event))
        return initial


class CreateEventForm(SettingsForm):
    slug = Text(
        label="Web address", max_length=60, required=False,
        help_text="Letters, digits and hyphens; left empty, it is made from the name.")
    hidden = forms.BooleanField(
        label="Hide it from the public for now", required=False,
        help_text="Only its officials see it until you show it (under Settings).")

    field_order = ["name", "slug"]

    def clean_slug(self):
        slug = self.cleaned_data["slug"].strip()
        if slug and not web_address(slug):
            raise forms.ValidationError("Use letters, digits and hyphens.")
        return slug

    def clean(self):
        data = super().clean()
        if web_address(data.get("slug") or data.get("name") or "") in RESERVED_SLUGS:
            self.add_error("slug", "This web address is used by the site; choose another.")
        return data


class EditSettingsForm(SettingsForm):
    reason = Text(required=False, max_length=MAX_REASON,
                  help_text="Why the settings change (kept in the audit log; needed once "
                            "a round is paired).")

    # Fixed once round 1 is paired (actions.events.update_settings refuses a change).
    FIXED = ("ruleset", "entrants_kind", "match_target", "sets_to_win")

    def __init__(self, *args, fixed=False, **kwargs):
        super().__init__(*args, **kwargs)
        self.fixed = fixed
        if fixed:  # shown as they are, not as choices: a disabled field keeps its value
            for name in (*self.FIXED, *forms_teams.FORMAT_FIELDS):
                self.fields[name].disabled = True
                self.fields[name].help_text = "Fixed: round 1 is paired."


class HideForm(forms.Form):
    hidden = forms.BooleanField(required=False)
    reason = Text(required=False, max_length=MAX_REASON)


class DeleteEventForm(forms.Form):
    confirm_slug = Text(label="Type the web address to confirm", max_length=60)
    reason = Text(max_length=MAX_REASON, help_text="Kept in the audit log, which staff can still "
                                            "read once the event is gone.")

    def __init__(self, event, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.event = event

    def clean_confirm_slug(self):
        value = self.cleaned_data["confirm_slug"].strip().strip("/")
        if value != self.event.slug:
            raise forms.ValidationError(f"Type {self.event.slug} to delete this event.")
        return value


class OfficialForm(forms.Form):
    username = Text(max_length=150)
    role = forms.ChoiceField(choices=Official.Role.choices, initial=Official.Role.ARBITER)
    create = forms.BooleanField(label="Create the account (an invitation)", required=False)
    password = forms.CharField(
        required=False, widget=forms.PasswordInput(render_value=False),
        help_text="Only for a new account: 8 characters or more; pass it on in person.")


class EntrantForm(forms.Form):
    """A player, or in a pairs event a pair: its two members, and a name made from theirs
    when left blank."""

    name = Text(max_length=MAX_NAME)
    club = Text(max_length=MAX_CLUB, required=False)
    rating = WholeNumberField(min_value=RATING_MIN, max_value=RATING_MAX, required=False)

    def __init__(self, *args, pairs=False, teams=False, **kwargs):
        super().__init__(*args, **kwargs)
        self.pairs = pairs
        self.teams = teams
        if teams:  # a team: its roster, captain and home venue (forms_teams)
            forms_teams.add_roster_fields(self)
        if pairs:
            del self.fields["club"]
            self.fields["name"].required = False
            self.fields["name"].label = "Pair's name"
            self.fields["name"].help_text = "Left blank: the members' names, “A & B”."
            for i in (1, 2):
                self.fields[f"member{i}"] = Text(label=f"Member {i}", max_length=MAX_NAME)
                self.fields[f"club{i}"] = Text(label=f"Member {i}'s club", required=False,
                                               max_length=MAX_CLUB)
            self.order_fields(["name", "member1", "club1", "member2", "club2", "rating"])

    def member_fields(self):
        return [self[f"{key}{i}"] for i in (1, 2) for key in ("member", "club")]

    def entrant(self) -> dict:
        """The action's keyword arguments."""
        data = self.cleaned_data
        fields = {"name": data["name"], "rating": data["rating"]}
        if self.pairs:
            fields["members"] = [{"name": data[f"member{i}"], "club": data[f"club{i}"]}
                                 for i in (1, 2)]
        else:
            fields["club"] = data["club"]
        if self.teams:
            fields.update(forms_teams.roster_of(data))
        return fields

    @staticmethod
    def initial_for(entrant) -> dict:
        initial = {"name": entrant.name, "club": entrant.club, "rating": entrant.rating}
        for i, member in enumerate(entrant.members or [], start=1):
            initial[f"member{i}"] = member.get("name", "")
            initial[f"club{i}"] = member.get("club", "")
        if entrant.tournament.is_teams:
            initial.update(forms_teams.roster_initial(entrant))
        return initial


class EditEntrantForm(EntrantForm):
    reason = Text(max_length=MAX_REASON, required=False)


class ReasonForm(forms.Form):
    reason = Text(max_length=MAX_REASON, required=False)


class ImportForm(forms.Form):
    file = forms.FileField(label="CSV file", required=False)
    text = ListText(
        label="…or paste the list", required=False,
        widget=forms.Textarea(attrs={"rows": 8, "placeholder": "name,club,rating\n"
                                     "Ann Lee,Leek DC,1800"}))

    def __init__(self, *args, pairs=False, **kwargs):
        super().__init__(*args, **kwargs)
        if pairs:
            self.fields["text"].widget.attrs["placeholder"] = (
                "name,member1,club1,member2,club2,rating\n,Ann Lee,Leek DC,Bo Park,,1800")

    def clean(self):
        data = super().clean()
        upload = data.get("file")
        if upload and upload.size > MAX_BYTES:
            self.add_error("file", f"The file is {upload.size:,} bytes; a list may be at most "
                           f"{MAX_BYTES:,} bytes.")
        elif upload:
            try:
                data["csv"] = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError:
                self.add_error("file", "The file is not UTF-8 text; save it as CSV (UTF-8).")
        elif (data.get("text") or "").strip():
            data["csv"] = data["text"]
        elif not self.errors:
            self.add_error("text", "Choose a CSV file or paste the list.")
        return data


class EntrantChoiceForm(forms.Form):
    """Forms choosing entrants of one event, shown as 'number. name'."""

    def entrant_field(self, queryset, label, required=True):
        field = forms.ModelChoiceField(queryset=queryset, label=label, required=required)
        field.label_from_instance = lambda e: f"{e.number}. {e.name}"
        return field


class ConfirmImportForm(forms.Form):
    """The previewed list, sent back as it was read; the import reads it again."""

    # A hidden textarea rather than <input type=hidden>: its text keeps its line breaks.
    csv = ListText(widget=forms.Textarea(attrs={"hidden": True, "rows": 1}), strip=False)


class ForbiddenPairForm(EntrantChoiceForm):
    reason = Text(max_length=MAX_REASON, required=False)

    def __init__(self, event, *args, **kwargs):
        super().__init__(*args, **kwargs)
        entrants = event.entrants.all()
        self.fields["first"] = self.entrant_field(entrants, "First entrant")
        self.fields["second"] = self.entrant_field(entrants, "Second entrant")
        self.order_fields(["first", "second", "reason"])


class OverrideMixin(forms.Form):
    # Every change by hand says why (the action refuses one without); an override too.
    reason = Text(label="Why the change (kept in the audit log)", max_length=300,
                  required=False)
    override = forms.BooleanField(label="Override the rules", required=False)
    override_reason = Text(label="Reason for the override", max_length=MAX_REASON,
                           required=False)

    def clean(self):
        data = super().clean()
        if data.get("override") and not (data.get("override_reason") or "").strip():
            self.add_error("override_reason", "Say why the rules are overridden.")
        return data

    def why_override(self) -> str:
        return self.cleaned_data["override_reason"] if self.cleaned_data.get("override") else ""


class SwapForm(OverrideMixin, EntrantChoiceForm):
    def __init__(self, players, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["first"] = self.entrant_field(players, "Swap")
        self.fields["second"] = self.entrant_field(players, "with")
        self.order_fields(["first", "second"])

    def clean(self):
        data = super().clean()
        if data.get("first") and data.get("first") == data.get("second"):
            self.add_error("second", "Choose two different players.")
        return data


class SetBoardForm(OverrideMixin, EntrantChoiceForm):
    board = WholeNumberField(min_value=1)

    def __init__(self, players, boards, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.boards = boards
        self.fields["side0"] = self.entrant_field(players, "A (named first)")
        self.fields["side1"] = self.entrant_field(players, "B")
        self.order_fields(["board", "side0", "side1"])

    def clean_board(self):
        board = self.cleaned_data["board"]
        if board > self.boards:
            raise forms.ValidationError(f"This round has boards 1 to {self.boards}.")
        return board

    def clean(self):
        data = super().clean()
        if data.get("side0") and data.get("side0") == data.get("side1"):
            self.add_error("side1", "Choose two different players.")
        return data
