"""The Django form field for typed whole numbers: tournament/numbers.py's rule in a form."""

from django import forms
from django.core.exceptions import ValidationError

from .numbers import is_whole


class WholeNumberField(forms.IntegerField):
    """Django's IntegerField reads numbers with int(), which takes "٣" and "1_000": this
    one reads them with `numbers.is_whole`, the same rule as every other typed number."""

    def to_python(self, value):
        if value in self.empty_values:
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if not is_whole(str(value).strip()):
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        return int(str(value).strip())
