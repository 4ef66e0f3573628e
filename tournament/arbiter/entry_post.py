"""Storing a typed entry form, for the arbiters' board page and the players' own: the
same form, so one home for how each refusal comes back to it, with what was typed kept."""

from django.db import OperationalError

from ..actions import ActionError
from ..actions import results as result_actions
from ..actions.base import lost_race, retrying
from ..entry import record as rec
from .forms import place_of


def store_typed(form, again, store, *, stale):
    """Check `form`, then run `store(built, version)` (one action); returns `(stored, None)`
    or `(None, response)`. `again(status, problem=...)` draws the form once more with what
    was typed; `stale(exc)` answers a version someone else moved on."""
    if not form.check():
        return None, again(400, problem="Something typed is missing or cannot be read: see "
                                        "the marked fields. Nothing was stored.")
    built = form.built
    try:
        stored, _ = retrying(store)(built, form.cleaned_data["version"])
    except OperationalError as e:
        if not lost_race(e):  # the database away: the site's 503 page (middleware)
            raise
        # Three tries lost a PostgreSQL race: keep what was typed, and say to save again.
        response = again(503, problem="A simultaneous change to this round won a race for "
                                      "the database. Nothing was stored: save again.")
        response["Retry-After"] = "1"
        return None, response
    except result_actions.RecordRefused as e:
        form.add_problems(rec.map_errors(e.report["errors"], built))
        return None, again(e.status, problem=f"{e.message} Nothing was stored: correct the "
                                             "marked fields.")
    except result_actions.StaleVersion as e:
        return None, stale(e)
    except ActionError as e:
        for key, msgs in e.errors.items():
            for m in msgs:
                form.add_problem(place_of(key), m)
        return None, again(e.status, problem=f"{e.message} Nothing was stored.")
    return stored, None
