"""Results of one list arriving at the same instant (PostgreSQL only): each update queues
on the list's lock, so the list ends as the rule gives, whatever the interleaving."""

from tests.races import POSTGRES_MARKS, at_once, raised
from tests.scoring.records import score_match
from tournament.actions.results import submit_result
from tournament.models import Match, RatingStep
from tournament.reads import rating_lists

from .events import archive, imported
from .test_store import expected, same

pytestmark = POSTGRES_MARKS

EIGHT = [(f"Player {i}", f"p{i}") for i in range(1, 9)]


def test_four_boards_counted_at_once_give_the_rules_list():
    event = imported(archive("A", EIGHT, [[(1, 2, 1), (3, 4, 3), (5, 6, 5), (7, 8, 7)],
                                          [(1, 3, None), (5, 7, None), (2, 4, None),
                                           (6, 8, None)]]), "a")
    event.require_confirmation = False
    event.save()
    boards = list(Match.objects.filter(round__tournament=event, round__number=2)
                  .order_by("board"))
    record = score_match([61, 40], [61, 3])
    answers = at_once(*[(lambda m=m: submit_result(m.pk, None, version=m.version,
                                                   record=record)) for m in boards])
    assert raised(answers) == []
    keys = {i: (f"p{i}",) for i in range(1, 9)}
    round2 = [(1, 3, 1), (5, 7, 5), (2, 4, 2), (6, 8, 6)]
    same(expected(("A", keys, [[(1, 2, 1), (3, 4, 3), (5, 6, 5), (7, 8, 7)], round2])))
    seqs = list(RatingStep.objects.order_by("seq").values_list("seq", flat=True))
    assert seqs == sorted(seqs) and len(set(seqs)) == 8 == len(seqs) / 2
    before = {k: (r.mu, r.sigma) for k, r in
              ((r.person.key, r) for r in rating_lists.rating_list("mso"))}
    rating_lists.rebuild("mso")
    after = {r.person.key: (r.mu, r.sigma) for r in rating_lists.rating_list("mso")}
    assert after == before
