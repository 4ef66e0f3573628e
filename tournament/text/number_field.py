"""The Django form fields for typed numbers and dates: tournament/entry/numbers.py's rule (ASCII
digits only) in a form."""

from django import forms
from django.core.exceptions import ValidationError

from ..entry.numbers import is_whole


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


class DateField(forms.DateField):
    """A date typed as YYYY-MM-DD (or the site's other input formats) in the digits 0-9.

    Django reads dates with strptime, whose digits are those of Python's regular
    expressions: a date in another script's digits ("٢٠٢٦-٠٣-٠١") must be refused
    by name, not met with "not a date" or, where a reader takes them, stored."""

    default_error_messages = {
        "invalid": "The date is not a date: give it as YYYY-MM-DD, such as 2026-03-14.",
        "digits": "The date must be written in the digits 0-9, as YYYY-MM-DD, not %(value)s.",
    }

    def to_python(self, value):
        if isinstance(value, str) and any(c.isdigit() and not c.isascii() for c in value):
            raise ValidationError(self.error_messages["digits"], code="digits",
                                  params={"value": repr(value.strip()[:20])})
        return super().to_python(value)


class DateTimeField(forms.DateTimeField):
    """A date and time typed as YYYY-MM-DD HH:MM (a browser's datetime-local box sends
    YYYY-MM-DDTHH:MM) in the digits 0-9, as DateField's dates are."""

    widget = forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")
    input_formats = ["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M:%S",
                     "%Y-%m-%d %H:%M:%S"]
    default_error_messages = {
        "invalid": "The time is not a date and time: give it as YYYY-MM-DD HH:MM, such as "
                   "2026-03-14 18:00.",
        "digits": "The time must be written in the digits 0-9, as YYYY-MM-DD HH:MM, not "
                  "%(value)s.",
    }

    def to_python(self, value):
        if isinstance(value, str) and any(c.isdigit() and not c.isascii() for c in value):
            raise ValidationError(self.error_messages["digits"], code="digits",
                                  params={"value": repr(value.strip()[:20])})
        return super().to_python(value)
