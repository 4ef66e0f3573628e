"""Player keys (models/player_keys.py): made and renewed by a director or the command line,
each change audited. The key itself is returned once, to be printed on the player's card;
only its digest is stored."""


from ..models import Entrant, PlayerKey
from ..models.player_keys import digest_of, new_key
from .base import Action, ActionError, atomic_action, audit, require_director


def members_of(entrant) -> list[int]:
    """The players of an entrant: [0] in singles, [1, 2] for a pair's two members, and
    1..n for a team's n members (a captain has a key as a player has)."""
    if entrant.tournament.is_teams:
        return list(range(1, len(entrant.members or []) + 1))
    return [1, 2] if entrant.tournament.is_pairs else [0]


def entrant_of(tournament, number) -> Entrant:
    entrant = (Entrant.objects.select_related("tournament")
               .filter(tournament=tournament, number=number).first())
    if entrant is None:
        raise ActionError(f"{tournament.name} has no entrant number {number}.", status=404)
    return entrant


def _make(entrant, member) -> tuple[PlayerKey, str, bool]:
    key = new_key()
    row, created = PlayerKey.objects.update_or_create(
        entrant=entrant, member=member,
        defaults={"tournament": entrant.tournament, "digest": digest_of(key),
                  "hint": key[:4]})
    return row, key, created


@atomic_action
def issue_key(tournament, actor, *, number: int, member: int | None = None) -> str:
    """A new key for entrant `number` (a pair's `member` 1 or 2); the old one, if any,
    stops working. Returns the key, which is never shown again."""
    require_director(tournament, actor)
    entrant = entrant_of(tournament, number)
    allowed = members_of(entrant)
    if member is None and tournament.is_teams:  # the captain's, by default
        member = (entrant.captain or 0) + 1
    member = (1 if tournament.is_pairs else 0) if member is None else member
    if member not in allowed:
        if tournament.is_teams:
            raise ActionError(f"Choose a member of {entrant.name}'s roster, 1 to "
                              f"{len(allowed)}.", {"member": [f"1 to {len(allowed)}"]})
        raise ActionError(
            f"Choose member 1 or 2 of the pair {entrant.name}." if tournament.is_pairs
            else f"{tournament.name} is a singles event: a player has no member number.",
            {"member": ["1 or 2" if tournament.is_pairs else "leave it out"]})
    row, key, created = _make(entrant, member)
    audit(tournament, actor, Action.CREATE_PLAYER_KEY if created else Action.RENEW_PLAYER_KEY,
          f"{'Made' if created else 'Renewed'} the player key of {row.name} "
          f"(number {entrant.number}){'' if created else '; the old key no longer works'}",
          **row.who())
    return key


@atomic_action
def issue_cards(tournament, actor, *, numbers: list[int] | None = None) -> list[tuple]:
    """New keys for every player (or the entrants `numbers`), for the printed cards:
    [(PlayerKey, key)] in pairing order. Earlier keys of those players stop working."""
    require_director(tournament, actor)
    entrants = tournament.entrants.select_related("tournament").order_by("number")
    if numbers is not None:
        entrants = entrants.filter(number__in=numbers)
    made = []
    for entrant in entrants:
        for member in members_of(entrant):
            row, key, _ = _make(entrant, member)
            made.append((row, key))
    if not made:
        raise ActionError("There is nobody to print a card for.")
    audit(tournament, actor, Action.PRINT_PLAYER_CARDS,
          f"Printed {len(made)} player card{'s' if len(made) != 1 else ''} with new keys; "
          "the players' earlier keys no longer work",
          players=sorted({row.entrant.number for row, _ in made}))
    return made
