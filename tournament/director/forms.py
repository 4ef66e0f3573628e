"""The director's forms: they check the shape of the input; the actions check the rules."""

from django import forms
from django.utils.text import slugify

from ..models import Official
from ..models.event import DEFAULT_POINTS
from ..rules import known_rulesets
from ..standings import MSO_ORDER

# Paths under /manage/ that an event's web address would hide.
RESERVED_SLUGS = {"new"}
TIEBREAK_SLOTS = 6
POINT_LABELS = {"win": "Win", "loss": "Loss", "bye": "Bye", "forfeit_win": "Win by forfeit",
                "forfeit_loss": "Loss by forfeit"}


def ruleset_choices():
    from scoring.rulesets import RULESETS

    return [(name, f"{RULESETS[name].title} ({name})") for name in sorted(known_rulesets())]


def tiebreak_choices():
    from ..standings import LABELS, TIEBREAKS

    return [("", "— none —")] + [(name, LABELS.get(name, name)) for name in TIEBREAKS]


class SettingsForm(forms.Form):
    """An event's rules: shared by 'create an event' and 'settings'."""

    name = forms.CharField(max_length=120)
    ruleset = forms.ChoiceField(initial="mso")  # the model's default; not the first listed
    rounds_planned = forms.IntegerField(min_value=1, max_value=30, initial=5)
    require_confirmation = forms.BooleanField(
        required=False, initial=True,
        help_text="On: an entered result counts once a second official (not the one who "
                  "entered it) confirms it. Off: it counts as soon as it is entered.")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].choices = ruleset_choices()
        for key, default in DEFAULT_POINTS.items():
            self.fields[f"points_{key}"] = forms.DecimalField(
                label=POINT_LABELS[key], min_value=0, max_value=10, max_digits=4,
                decimal_places=2, initial=default)
        for i in range(1, TIEBREAK_SLOTS + 1):
            self.fields[f"tiebreak_{i}"] = forms.ChoiceField(
                label=f"Tie-break {i}", required=False, choices=tiebreak_choices(),
                initial=MSO_ORDER[i - 1] if i <= len(MSO_ORDER) else "")

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
                "require_confirmation": self.cleaned_data["require_confirmation"]}

    @classmethod
    def initial_for(cls, event) -> dict:
        initial = {"name": event.name, "ruleset": event.ruleset,
                   "rounds_planned": event.rounds_planned,
                   "require_confirmation": event.require_confirmation}
        for key in DEFAULT_POINTS:
            initial[f"points_{key}"] = event.points_for(key)
        for i in range(1, TIEBREAK_SLOTS + 1):
            order = event.tiebreaks
            initial[f"tiebreak_{i}"] = order[i - 1] if i <= len(order) else ""
        return initial


class CreateEventForm(SettingsForm):
    slug = forms.CharField(
        label="Web address", max_length=60, required=False,
        help_text="Letters, digits and hyphens; left empty, it is made from the name.")

    field_order = ["name", "slug"]

    def clean_slug(self):
        slug = self.cleaned_data["slug"].strip()
        if slug and not slugify(slug):
            raise forms.ValidationError("Use letters, digits and hyphens.")
        return slug

    def clean(self):
        data = super().clean()
        if slugify(data.get("slug") or data.get("name") or "") in RESERVED_SLUGS:
            self.add_error("slug", "This web address is used by the site; choose another.")
        return data


class EditSettingsForm(SettingsForm):
    reason = forms.CharField(required=False, max_length=300,
                             help_text="Why the settings change (kept in the audit log).")


class OfficialForm(forms.Form):
    username = forms.CharField(max_length=150)
    role = forms.ChoiceField(choices=Official.Role.choices, initial=Official.Role.ARBITER)
    create = forms.BooleanField(label="Create the account (an invitation)", required=False)
    password = forms.CharField(
        required=False, widget=forms.PasswordInput(render_value=False),
        help_text="Only for a new account: 8 characters or more; pass it on in person.")


class EntrantForm(forms.Form):
    name = forms.CharField(max_length=100)
    club = forms.CharField(max_length=100, required=False)
    rating = forms.IntegerField(min_value=0, max_value=4000, required=False)


class EditEntrantForm(EntrantForm):
    reason = forms.CharField(max_length=300, required=False)


class ReasonForm(forms.Form):
    reason = forms.CharField(max_length=300, required=False)


class ImportForm(forms.Form):
    file = forms.FileField(label="CSV file", required=False)
    text = forms.CharField(
        label="…or paste the list", required=False,
        widget=forms.Textarea(attrs={"rows": 8, "placeholder": "name,club,rating\n"
                                     "Ann Lee,Leek DC,1800"}))

    def clean(self):
        data = super().clean()
        upload = data.get("file")
        if upload:
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


class ForbiddenPairForm(EntrantChoiceForm):
    reason = forms.CharField(max_length=200, required=False)

    def __init__(self, event, *args, **kwargs):
        super().__init__(*args, **kwargs)
        entrants = event.entrants.all()
        self.fields["first"] = self.entrant_field(entrants, "First entrant")
        self.fields["second"] = self.entrant_field(entrants, "Second entrant")
        self.order_fields(["first", "second", "reason"])


class OverrideMixin(forms.Form):
    override = forms.BooleanField(label="Override the rules", required=False)
    override_reason = forms.CharField(label="Reason for the override", max_length=300,
                                      required=False)

    def clean(self):
        data = super().clean()
        if data.get("override") and not (data.get("override_reason") or "").strip():
            self.add_error("override_reason", "Say why the rules are overridden.")
        return data

    def reason(self) -> str:
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
    board = forms.IntegerField(min_value=1)

    def __init__(self, players, boards, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.boards = boards
        self.fields["side0"] = self.entrant_field(players, "Starts set 1 (side0)")
        self.fields["side1"] = self.entrant_field(players, "Opponent (side1)")
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
