"""What an entrant may be: the one home of these limits, read by the model, the forms, the
CSV reader, the actions and the archive. No Django here."""

from .text import TextError, clean_text

MAX_NAME = 100  # an entrant's (or a pair member's) name, in characters
MAX_CLUB = 100
RATING_MIN = 0
RATING_MAX = 4000
RATING_RULE = f"a whole number from {RATING_MIN} to {RATING_MAX}"
MAX_ENTRANTS = 2000  # per event: far above any real field, far below a runaway import
PAIR_MEMBERS = 2


def clean_rating(value) -> int | None:
    """A rating from a form, a CSV cell or JSON; "" and None are no rating.

    Raises ValueError unless it is a whole number from RATING_MIN to RATING_MAX.
    """
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, bool):
        raise ValueError(value)
    if isinstance(value, str):
        value = value.strip()
        if not value.isascii() or not value.lstrip("-").isdigit():
            raise ValueError(value)
        value = int(value)
    if not isinstance(value, int) or not RATING_MIN <= value <= RATING_MAX:
        raise ValueError(value)
    return value


def clean_name(value, field: str = "name", max_length: int = MAX_NAME) -> str:
    """A name (or club) with its spaces collapsed; TextError (a ValueError) if unusable or
    longer than `max_length`. An empty result is the caller's to refuse or accept."""
    name = " ".join(clean_text(value, field).split())
    if len(name) > max_length:
        raise TextError(f"{field}: at most {max_length} characters (this has {len(name)}).")
    return name


def pair_name(members: list[dict]) -> str:
    """The name a pair gets when the director gives none: "Ann Lee & Bo Park"."""
    return " & ".join(m["name"] for m in members)
