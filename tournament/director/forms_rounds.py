"""Forms of the event day: byes and absences for a coming round."""

from django import forms

from ..models import Attendance
from ..text import MAX_REASON


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
