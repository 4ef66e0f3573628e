"""People across events: making a person, linking an entrant (or a pair member) to one,
from the director's choice, an archive or a CSV. Merging two records of one person is
actions/merges.py; seeding the pairing from ratings, actions/seeding.py.

Nothing here links by name alone: a link is always asked for (a director's choice, an
archive's or a CSV's person id), so two players who share a name stay two people until
someone says they are one (shared/spec/ratings.md). Every change that alters who played a
rated match rebuilds the rating lists it touches (tournament/rating_lists.py).

Nor may anyone move a stranger's rating: linking a player to a person already known from
other events (`consent_refusals`) is for staff, or for a director of an event that person
played in; an import by anyone but staff links only to people it makes.
"""

import re
from dataclasses import dataclass, field

from django.db import IntegrityError, transaction

from ..models import EntrantPerson, Official, Person, Rating
from ..reads import rating_lists
from ..rules.entrant_rules import (
    MAX_CLUB,
    MAX_NAME,
    MAX_PERSON_ID,
    PERSON_ID_RULE,
    clean_name,
    is_person_id,
)
from ..text.clean import TextError
from ..text.collation import name_key
from ..text.folding import fold, web_address
from .base import (
    Action,
    ActionError,
    PermissionDenied,
    allowed,
    atomic_action,
    audit,
    lock_event,
    require_director,
)


def new_key(name: str, club: str = "") -> str:
    """A free person id made from the name and club as an event's address is made from its
    name (folding.web_address): "ann-lee-leek", then "ann-lee-leek-2"; "Łukasz Żółć" is
    "lukasz-zolc", "李雷" "lilei"."""
    base = re.sub(r"[-_]+", "-", web_address(f"{name} {club}"))[:MAX_PERSON_ID - 4].strip("-")
    base = base or "person"
    key, n = base, 1
    taken = set(Person.objects.filter(key__startswith=base).values_list("key", flat=True))
    while key in taken:
        n += 1
        key = f"{base}-{n}"
    return key


def checked_key(key: str) -> str:
    if not is_person_id(key):
        raise ActionError(f"{str(key)[:60]!r} is not a person id.", {"person": [
            f"A person id is {PERSON_ID_RULE}, such as ann-lee-leek."]})
    return key


def checked_name(value, field, limit) -> str:
    try:
        return clean_name(value, field, limit)
    except TextError as exc:
        raise ActionError(str(exc), {field: [str(exc)]}) from None


@atomic_action
def create_person(actor, *, name: str, club: str = "", key: str = "", tournament=None) -> Person:
    """A new person; `key` (their id) is made from the name and club when not given."""
    name, club = checked_name(name, "name", MAX_NAME), checked_name(club, "club", MAX_CLUB)
    if not name:
        raise ActionError("A person needs a name.", {"name": ["The name is empty."]})
    key = checked_key(key) if key else new_key(name, club)
    try:
        with transaction.atomic():
            person = Person.objects.create(key=key, name=name, club=club)
    except IntegrityError:
        raise ActionError(f"The person id {key!r} is taken.", {"person": [
            f"{key!r} already names someone."]}) from None
    audit(tournament, actor, Action.CREATE_PERSON, f"Added the person {name} ({key})",
          person=key)
    return person


# A player's choice on the People pages besides a person id: a new person, or no link.
# No person id can be either (ids have no "+").
NEW, NONE = "+new", "+none"


def require_linker(actor):
    """Staff (and the command line, actor None) may link a player to any person; anyone
    else only with consent in effect (`consent_refusals`)."""
    if not (actor is None or actor.is_staff or actor.is_superuser):
        raise PermissionDenied("Only staff may link a player to any person.")


def consent_refusals(actor, people, tournament=None, *, importing=False) -> dict:
    """{person: why `actor` may not link a player of `tournament` to them}: empty when
    every link may be made. A person whose rating is published or who played in another
    event may be linked only by staff, or by a director of an event they played in (the
    consent in effect of someone who has already run that person's games); an import
    (`importing`) brings its own results, so unless staff imports it, it may link only
    people nobody has seen play. People new to the site, or known only from `tournament`
    itself, are free."""
    people = {p.pk: p for p in people if p is not None}
    if not people or allowed(require_linker, actor):
        return {}
    links = EntrantPerson.objects.filter(person__in=people)
    if tournament is not None:
        links = links.exclude(entrant__tournament=tournament)
    known = (set(links.values_list("person_id", flat=True))
             | set(Rating.objects.filter(person__in=people).values_list("person_id", flat=True)))
    if not importing and known:
        directs = Official.objects.filter(user=actor, role=Official.Role.DIRECTOR)
        known -= set(links.filter(entrant__tournament__in=directs.values("tournament"))
                     .values_list("person_id", flat=True))
    why = ("already plays on the site (rated, or in other events): only staff may import "
           "links to them" if importing else "is rated, or known from events you do not "
           "direct: only staff, or a director of an event they played in, may link a player "
           "to them")
    return {people[pk]: f"{people[pk].name} ({people[pk].key}) {why}"
            for pk in sorted(known, key=lambda pk: people[pk].key)}


def check_member(entrant, member: int) -> None:
    slots = len(entrant.members) if entrant.is_pair else 1
    if not isinstance(member, int) or not 0 <= member < slots:
        raise ActionError(f"{entrant.name} has no member {member}.")


def member_name(entrant, member: int) -> str:
    return entrant.members[member]["name"] if entrant.is_pair else entrant.name


def member_club(entrant, member: int) -> str:
    return entrant.members[member].get("club", "") if entrant.is_pair else entrant.club


@atomic_action
def link_entrant(entrant, actor, *, person: Person | None, member: int = 0) -> None:
    """Link a singles entrant (member 0) or a pair's member 0 or 1 to `person`, or unlink
    it (None). A person plays once in an event."""
    tournament = lock_event(entrant.tournament)
    require_director(tournament, actor)
    check_member(entrant, member)
    old = EntrantPerson.objects.filter(entrant=entrant, member=member).select_related(
        "person").first()
    if person is not None:
        if person.merged_into_id:
            raise ActionError(f"{person.name} ({person.key}) was merged into another record; "
                              "link the person it became.")
        refusal = consent_refusals(actor, [person], tournament).get(person)
        if refusal:
            raise ActionError(f"{refusal}.", {"person": [f"{refusal}."]})
        elsewhere = (EntrantPerson.objects.filter(entrant__tournament=tournament, person=person)
                     .exclude(entrant=entrant, member=member).select_related("entrant").first())
        if elsewhere is not None:
            raise ActionError(f"{person.name} ({person.key}) already plays in this event as "
                              f"number {elsewhere.entrant.number}: one person plays once.",
                              {"person": ["This person is already linked in this event."]})
    if (old and old.person_id) == (person and person.pk):
        return
    if old is not None:
        old.delete()
    if person is not None:
        EntrantPerson.objects.create(entrant=entrant, member=member, person=person)
    who = member_name(entrant, member)
    summary = (f"Linked {who} (number {entrant.number}) to the person {person.key}"
               if person else f"Unlinked {who} (number {entrant.number}) from {old.person.key}")
    audit(tournament, actor, Action.LINK_PERSON, summary, entrant=entrant.pk, member=member,
          old=old.person.key if old else None, new=person.key if person else None)
    rating_lists.entrant_changed(entrant)


def link_archive_people(tournament, players, entrants, actor) -> None:
    """The archive's person ids for an event being imported (inside its transaction):
    each links to the person of that id, who is made (with the archive's name and club)
    where none exists. `entrants` maps pairing numbers to the saved Entrant rows. An id of
    someone already playing on the site refuses the import unless staff imports it
    (consent_refusals): an archive's results are its own word."""
    wanted = []
    grouped = tournament.is_pairs or tournament.is_teams  # people are the members
    for i, p in enumerate(players):
        holders = p.get("members") or [] if grouped else [p]
        for member, holder in enumerate(holders):
            if holder.get("person") is not None:
                club = holder.get("club") or (p.get("club", "") if not grouped else "")
                path = (f"/players/{i}/members/{member}/person" if grouped
                        else f"/players/{i}/person")
                wanted.append((entrants[p["id"]], member, holder["person"],
                               holder["name"].strip(), club.strip(), path))
    if not wanted:
        return
    known = {p.key: p for p in Person.objects.filter(key__in=[w[2] for w in wanted])}
    for key in [k for k in known if known[k].merged_into_id]:
        known[key] = rating_lists.current_person(key)
    refused = consent_refusals(actor, known.values(), tournament, importing=True)
    if refused:
        raise ActionError(
            f"The archive was not imported: it links players to people already on the site "
            f"({', '.join(p.key for p in refused)}), which only staff may import. Remove "
            "those person ids to import the players unlinked, then link them on the event's "
            "People page, or ask staff to import it.",
            {path: [f"{refused[known[key]]}."] for _, _, key, _, _, path in wanted
             if key in known and known[key] in refused})
    fresh = [Person(key=key, name=name, club=club) for _, _, key, name, club, _ in wanted
             if key not in known]
    Person.objects.bulk_create(fresh)
    known.update({p.key: p for p in Person.objects.filter(key__in=[p.key for p in fresh])})
    EntrantPerson.objects.bulk_create([EntrantPerson(entrant=e, member=m, person=known[key])
                                       for e, m, key, _, _, _ in wanted])


# ----------------------------------------------------------------- registering


class Namesakes:
    """The people who may be a player of a name and club, likeliest first: the same name
    (the same club before others), then the same club and surname, both compared as
    find-my-board compares names (folding.fold: "Zoe Angstrom" is "Zoë Ångström").
    Only people `actor` may be told of (Person.objects.known_to). Read once, asked for many
    players (the bulk link screen); suggestions only, nothing is linked by this."""

    def __init__(self, actor):
        self.by_name, self.by_surname = {}, {}
        for person in Person.objects.current().known_to(actor).only("key", "name", "club"):
            name, club = fold(person.name), fold(person.club)
            self.by_name.setdefault(name, []).append(person)
            if club and name:
                self.by_surname.setdefault((club, name.split()[-1]), []).append(person)

    def of(self, name: str, club: str = "", limit: int = 8) -> list[Person]:
        name, club = fold(name), fold(club)
        near = self.by_surname.get((club, name.split()[-1]), []) if club and name else []
        ranked = {}
        for person in [*self.by_name.get(name, []), *near]:
            rank = (0 if fold(person.club) == club else 1) if fold(person.name) == name else 2
            ranked[person] = min(rank, ranked.get(person, rank))
        return sorted(ranked, key=lambda p: (ranked[p], name_key(p.name), p.key))[:limit]


def suggestions(entrant, actor, member: int = 0, limit: int = 8) -> list[Person]:
    """People who may be this entrant (or pair member) (Namesakes); the director
    chooses, nothing is linked by this."""
    check_member(entrant, member)
    return Namesakes(actor).of(member_name(entrant, member), member_club(entrant, member),
                               limit)


@dataclass
class Unlinked:
    """One unlinked player of an event on the bulk People page: the people `actor` may
    link them to (`choices`, likeliest first), those suggested whom `actor` may not
    (`barred`: person -> why), and what the page proposes (`proposal`): the one person of
    the same name and club whom `actor` may link, else a new person where nobody on the
    site is like them, else NONE (the director decides)."""

    entrant: object
    member: int
    name: str
    club: str
    choices: list = field(default_factory=list)
    barred: dict = field(default_factory=dict)
    proposal: object = NONE


def link_plan(tournament, actor) -> list[Unlinked]:
    """Every unlinked player of the event (pair members one by one), in number order,
    with what "link or create for every unlinked player" would do (nothing is changed).
    A person is proposed for one player at most, and never one already in the event."""
    linked = {(e, m): p for e, m, p in EntrantPerson.objects.filter(
        entrant__tournament=tournament).values_list("entrant_id", "member", "person_id")}
    taken = set(linked.values())
    namesakes = Namesakes(actor)
    plan = []
    for entrant in tournament.entrants.order_by("number"):
        for member in range(len(entrant.members) if entrant.is_pair else 1):
            if (entrant.pk, member) in linked:
                continue
            row = Unlinked(entrant, member, member_name(entrant, member),
                           member_club(entrant, member))
            like = namesakes.of(row.name, row.club)
            free = [p for p in like if p.pk not in taken]
            row.barred = consent_refusals(actor, free, tournament)
            row.choices = [p for p in free if p not in row.barred]
            same = [p for p in row.choices if fold(p.name) == fold(row.name)
                    and fold(p.club) == fold(row.club)]
            if len(same) == 1:
                row.proposal = same[0]
                taken.add(same[0].pk)
            elif not like:
                row.proposal = NEW
            plan.append(row)
    return plan


@atomic_action
def link_everyone(tournament, actor, *, choices: dict) -> dict[str, int]:
    """The bulk People page's one change: `choices` maps (entrant id, member) of unlinked
    players to a Person, NEW or NONE; each link (and each new person) is made and audited
    as on the entrant's page (link_entrant, link_new_person, consent_refusals included).
    All or nothing: a player linked meanwhile, or any refusal, changes nothing. Returns
    {"linked": existing people linked, "made": new people, "left": players left}."""
    tournament = lock_event(tournament)
    require_director(tournament, actor)
    entrants = tournament.entrants.in_bulk({e for e, _ in choices})
    linked = set(EntrantPerson.objects.filter(entrant__tournament=tournament)
                 .values_list("entrant_id", "member"))
    problems = []
    for (pk, member), choice in choices.items():
        entrant = entrants.get(pk)
        if entrant is None:
            problems.append(f"entrant {pk} is not in {tournament.name}")
            continue
        check_member(entrant, member)
        if (pk, member) in linked:
            problems.append(f"{member_name(entrant, member)} (number {entrant.number}) was "
                            "linked meanwhile")
        elif not (choice in (NEW, NONE) or isinstance(choice, Person)):
            problems.append(f"{member_name(entrant, member)}: choose a person, a new person "
                            "or none")
    if problems:
        raise ActionError("Nothing was linked: look at the list again.", {"people": problems})
    done = {"linked": 0, "made": 0, "left": 0}
    for (pk, member), choice in sorted(choices.items(),
                                       key=lambda c: (entrants[c[0][0]].number, c[0][1])):
        if choice == NONE:
            done["left"] += 1
        elif choice == NEW:
            link_new_person(entrants[pk], actor, member=member)
            done["made"] += 1
        else:
            link_entrant(entrants[pk], actor, person=choice, member=member)
            done["linked"] += 1
    return done


@atomic_action
def link_new_person(entrant, actor, *, member: int = 0) -> Person:
    """A new person made from the entrant's (or pair member's) name and club, and linked."""
    tournament = lock_event(entrant.tournament)
    require_director(tournament, actor)
    check_member(entrant, member)
    person = create_person(actor, name=member_name(entrant, member),
                           club=member_club(entrant, member), tournament=tournament)
    link_entrant(entrant, actor, person=person, member=member)
    return person


def link_csv_rows(tournament, entrants, people_rows, actor) -> None:
    """A CSV's person ids (columns person, or person1 and person2) for the entrants just
    made from it, inside the import's transaction. An unknown id refuses the whole list
    (a typo would otherwise make a stranger of someone known), and so does an id the
    director may not link (consent_refusals), as on the entrant's People page."""
    keys = {k for row in people_rows for k in row if k}
    if not keys:
        return
    people = Person.objects.filter(key__in=keys)
    if not allowed(require_linker, actor):  # nor said to exist where only hidden events know them
        people = people.known_to(actor)
    known = {p.key: p for p in people}
    unknown = sorted(keys - set(known))
    if unknown:
        raise ActionError("The list was not imported: unknown person ids.", {"file": [
            f"no person has the id {k!r}: leave the cell empty, or add the person first"
            for k in unknown]})
    refused = consent_refusals(actor, {rating_lists.current_person(k) for k in keys},
                               tournament)
    if refused:
        raise ActionError("The list was not imported: it links players to people you may "
                          "not link.", {"file": list(refused.values())})
    links, seen = [], {}
    for entrant, row in zip(entrants, people_rows, strict=True):
        for member, key in enumerate(row):
            if not key:
                continue
            person = rating_lists.current_person(key)
            if person.pk in seen or EntrantPerson.objects.filter(
                    entrant__tournament=tournament, person=person).exists():
                raise ActionError("The list was not imported: a person is entered twice.",
                                  {"file": [f"{key!r} is entered twice in this event"]})
            seen[person.pk] = entrant
            links.append(EntrantPerson(entrant=entrant, member=member, person=person))
    EntrantPerson.objects.bulk_create(links)


@atomic_action
def set_event_date(tournament, actor, *, date) -> None:
    """The day the event was played (None: undated), which orders it in the rating lists;
    a change rebuilds the event's list when it has rated matches."""
    tournament = lock_event(tournament)
    require_director(tournament, actor)
    if tournament.date == date:
        return
    old, tournament.date = tournament.date, date
    tournament.save(update_fields=["date"])
    audit(tournament, actor, Action.SET_EVENT_DATE, f"The event's date is now "
          f"{date.isoformat() if date else 'not given'}",
          old=old.isoformat() if old else None, new=date.isoformat() if date else None)
    rating_lists.event_changed(tournament)
