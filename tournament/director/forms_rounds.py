"""Forms of the event day: byes and absences for a coming round; a season paired at once."""

from django import forms

from ..actions.season import DEFAULT_EVERY, MAX_EVERY
from ..models import Attendance, Stage
from ..text.clean import MAX_REASON
from ..text.number_field import DateField, WholeNumberField


class AttendanceForm(forms.Form):
    """Who the pairing leaves out of a coming round, and why. The action checks the rules
    (the round not paired yet, the entrant not withdrawn)."""

    entrant = forms.ModelChoiceField(queryset=None, label="Entrant")
    round_number = forms.TypedChoiceField(label="Round", coerce=int)
    kind = forms.ChoiceField(
        label="In that round",
        choices=[*Attendance.Kind.choices, ("", "To be paired (remove the bye or absence)")])
    reason = forms.CharField(max_length=MAX_REASON, required=False)

    def __init__(self, event, *args, **kwargs):
        super().__init__(*args, **kwargs)
        paired = event.rounds.count()
        self.fields["entrant"].queryset = event.entrants.filter(
            withdrawn_after_round__isnull=True).order_by("number")
        self.fields["entrant"].label_from_instance = lambda e: f"{e.number}. {e.name}"
        self.fields["round_number"].choices = [
            (n, f"Round {n}") for n in range(paired + 1, event.rounds_planned + 1)]
        self.fields["kind"].required = False
        self.points = {kind: event.points_for(kind) for kind in Attendance.Kind.values}


class StageForm(forms.Form):
    """A stage: its kind and options (actions.stages checks them against the event)."""

    kind = forms.ChoiceField(label="Kind", choices=Stage.Kind.choices)
    size = forms.IntegerField(
        label="How many enter", required=False, min_value=2,
        help_text="A knock-out or round robin after a Swiss takes the first this many of its "
                  "standings (a top cut); empty: everyone still playing.")
    seeding = forms.ChoiceField(label="Seeded by", required=False,
                                choices=[("", "The usual (standings after a stage, else "
                                          "entry order)"), *Stage.Seeding.choices])
    cycles = forms.TypedChoiceField(label="Round robin: cycles", coerce=int, initial=1,
                                    choices=[(1, "One (everyone meets once)"),
                                             (2, "Two (home and away)")])
    third_place = forms.BooleanField(label="Knock-out: a match for third place",
                                     required=False)
    plate = forms.BooleanField(label="Knock-out: a plate (a second bracket for the first "
                                     "round's losers)", required=False)
    final_sets = forms.TypedChoiceField(label="Knock-out: the final is won by", coerce=int,
                                        required=False, empty_value=None)
    lot_seed = forms.CharField(
        label="Lot seed", required=False, max_length=100,
        help_text="Published before the draw: places drawn by lot (a draw, places shared "
                  "in the standings) follow from it, so anyone can check the draw.")

    def __init__(self, event, *args, **kwargs):
        super().__init__(*args, **kwargs)
        from ..actions.events import match_format_choices

        _, sets = match_format_choices(event.ruleset)
        self.event = event
        self.fields["final_sets"].choices = [("", "The same format as the other rounds")] + [
            (n, f"First to {n} set{'s' if n != 1 else ''}") for n in sets]

    @classmethod
    def initial_for(cls, stage) -> dict:
        return {"kind": stage.kind, "size": stage.size, "seeding": stage.seeding,
                "cycles": stage.cycles, "third_place": stage.third_place, "plate": stage.plate,
                "final_sets": (stage.final_match or {}).get("sets_to_win"),
                "lot_seed": stage.lot_seed}

    def options(self) -> dict:
        """The action's keywords."""
        data = self.cleaned_data
        final = data.get("final_sets")
        return {"kind": data["kind"], "size": data.get("size"), "seeding": data.get("seeding"),
                "cycles": data.get("cycles") or 1, "third_place": data.get("third_place"),
                "plate": data.get("plate"),
                "lot_seed": data.get("lot_seed", ""),
                "final_match": {"target": self.event.match_target, "sets_to_win": final}
                if final else None}


class SeasonForm(forms.Form):
    first_date = DateField(label="Date of round 1",
                           widget=forms.DateInput(attrs={"type": "date"}))
    every_days = WholeNumberField(min_value=1, max_value=MAX_EVERY,
                                  initial=DEFAULT_EVERY, required=False,
                                  label="Days between rounds",
                                  help_text="7: weekly. Each round's date can be changed "
                                            "afterwards.")
