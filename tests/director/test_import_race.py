"""Two directors post the same list at the same moment: one import, never every name twice."""

import pytest

from tournament.actions import ActionError, entrants, events
from tournament.models import AuditEntry, Entrant

from ..conftest import grant_director
from ..races import at_once, needs_postgres

LIST = "name,club,rating\n" + "\n".join(f"Player {i},Club {i % 4},{1400 + i}"
                                        for i in range(1, 41))


def race(event, directors, text):
    """Each director imports `text` at the same instant: how many each stored, or its
    refusal (any other exception is an answer too, and fails the checks)."""
    return at_once(*[lambda u=u: len(entrants.import_entrants(event, u, text))
                     for u in directors])


@needs_postgres
@pytest.mark.parametrize("posts", [2, 3])
def test_same_list_posted_at_once_postgresql(django_user_model, posts):
    users = [grant_director(django_user_model.objects.create_user(f"d{i}", password="pw-1234"))
             for i in range(posts)]
    event = events.create_tournament(users[0], name="Race Open")
    for user in users[1:]:
        events.add_official(event, users[0], username=user.username, role="director")
    answers = race(event, users, LIST)
    imported = [a for a in answers if isinstance(a, int)]
    refused = [a for a in answers if isinstance(a, ActionError)]
    assert imported == [40] and len(refused) == posts - 1, answers
    for exc in refused:  # the later ones, served after the first, find every name entered
        assert exc.errors["file"][0] == "line 2: Player 1 (Club 1) is already entered"
        assert len(exc.errors["file"]) == 40
    assert Entrant.objects.filter(tournament=event).count() == 40
    assert sorted(Entrant.objects.filter(tournament=event).values_list("number", flat=True)) \
        == list(range(1, 41))
    assert AuditEntry.objects.filter(action="import_entrants").count() == 1
