"""What an entrant may be: the one home of these limits, read by the model, the forms, the
CSV reader, the actions and the archive. No Django here."""

import re
import unicodedata

from ..entry import numbers
from ..text.clean import TextError, clean_text, visible_name
from ..text.folding import fold

MAX_NAME = 100  # an entrant's (or a pair member's) name, in characters
MAX_CLUB = 100
RATING_MIN = 0
RATING_MAX = 4000
RATING_RULE = f"a whole number from {RATING_MIN} to {RATING_MAX}"
# A person's Fives and Threes rating (an ordinal mu - 3 sigma: 0 for a newcomer, about 25
# at the very top, below 0 after a bad start) taken as an entrant's pairing rating:
# SEED_ZERO + SEED_PER_POINT x rating, rounded (0 -> 1500, 12.34 -> 2117, -3 -> 1350). Only
# the order matters to the pairing, so the map keeps it: a rating below 0 stays below a
# newcomer's and above a worse one, and the range above holds every rating from -30 to 50
# (openskill's ordinals do not reach either end; beyond them the ends of the range).
SEED_ZERO = 1500
SEED_PER_POINT = 50
# A person's id (shared/spec/ratings.md): a short stable string, such as "ann-lee-leek".
PERSON_ID = re.compile(r"[a-z0-9]+(?:[-_][a-z0-9]+)*\Z")
MAX_PERSON_ID = 60
PERSON_ID_RULE = (f"lower-case letters and digits joined by - or _, at most {MAX_PERSON_ID} "
                  "characters")


def is_person_id(value) -> bool:
    return isinstance(value, str) and len(value) <= MAX_PERSON_ID and bool(PERSON_ID.match(value))


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
        if not numbers.is_whole(value):
            raise ValueError(value)
        value = int(value)
    if not isinstance(value, int) or not RATING_MIN <= value <= RATING_MAX:
        raise ValueError(value)
    return value


def pairing_rating(ordinals: list[float]) -> int:
    """The pairing rating of an entrant whose people have these ratings (one in singles,
    a pair's two: their mean), by SEED_ZERO and SEED_PER_POINT: the ratings' order kept."""
    mean = sum(ordinals) / len(ordinals)
    return max(RATING_MIN, min(RATING_MAX, round(SEED_ZERO + mean * SEED_PER_POINT)))


def clean_name(value, field: str = "name", max_length: int = MAX_NAME) -> str:
    """A name (or club) with its spaces collapsed; TextError (a ValueError) if unusable,
    made only of invisible characters, or longer than `max_length`. An empty result is the
    caller's to refuse or accept."""
    name = visible_name(" ".join(clean_text(value, field).split()), field)
    if len(name) > max_length:
        raise TextError(field, f"at most {max_length} characters (this has {len(name)})")
    return name


def pair_name(members: list[dict]) -> str:
    """The name a pair gets when the director gives none: "Ann Lee & Bo Park"."""
    return " & ".join(m["name"] for m in members)


def check_entrant(*, name="", club="", rating=None, members=None, pairs=False):
    """(fields, problems) for one entrant, from a form, a CSV line or an action's caller.

    `fields` holds name, club, rating and members as stored (a pair's club is empty; its
    members are [{"name": ..., "club": ...}], club left out when empty; its name, left
    blank, is made from the members). `problems` maps a field (name, club, rating,
    member1, club1, member2, club2) to a message such as "the name is empty"; a pair of
    one person twice (entrant_key) is refused here. Duplicates of another entrant are the
    caller's to find: they depend on the other entrants.
    """
    problems: dict[str, str] = {}

    def text(key, value, limit):
        try:
            return clean_name(value, key, limit)
        except TextError as exc:
            problems[key] = str(exc)
            return ""

    stored = []
    if pairs:
        members = list(members or [])
        members += [{}] * (PAIR_MEMBERS - len(members))
        if len(members) != PAIR_MEMBERS:
            problems["members"] = f"a pair has exactly {PAIR_MEMBERS} members"
        for i, member in enumerate(members[:PAIR_MEMBERS], start=1):
            if not isinstance(member, dict):
                problems[f"member{i}"] = f"member {i} must be {{'name': ..., 'club': ...}}"
                member = {}
            member_name = text(f"member{i}", member.get("name"), MAX_NAME)
            member_club = text(f"club{i}", member.get("club"), MAX_CLUB)
            if not member_name and f"member{i}" not in problems:
                problems[f"member{i}"] = f"member {i}'s name is empty"
            stored.append({"name": member_name, **({"club": member_club} if member_club
                                                     else {})})
        partners = {entrant_key(m["name"], m.get("club", "")) for m in stored}
        if not problems and len(partners) == 1:
            problems["member2"] = (f"member 2 is member 1 again ({stored[1]['name']}): a pair "
                                   "is two people; if they are two of one name, give the "
                                   "club that tells them apart")
    name = text("name", name, MAX_NAME)
    club = "" if pairs else text("club", club, MAX_CLUB)
    if pairs and not name:
        if not problems:  # else the members' problems say what to fix
            name = pair_name(stored)
            if len(name) > MAX_NAME:
                problems["name"] = (f"the pair's name made from its members, {name!r}, is "
                                    f"longer than {MAX_NAME} characters: give a shorter name")
    elif not name and "name" not in problems:
        problems["name"] = "the name is empty"
    try:
        rating = clean_rating(rating)
    except ValueError:
        problems["rating"] = f"rating {rating!r} is not {RATING_RULE}"
    return {"name": name, "club": club, "rating": rating, "members": stored}, problems


def caseless(text: str) -> str:
    """`text` as names compare for a duplicate: Unicode's canonical caseless match, so
    capitals of every script are ignored ("ZOË" is "zoë", "STRASSE" "straße") and an
    accent typed as a letter of its own ("e" then U+0308) is the letter it makes ("ë").
    Compared in Python, as SQLite's lower() and LIKE fold only A-Z."""
    return unicodedata.normalize("NFD", unicodedata.normalize("NFD", text).casefold())


def entrant_key(name: str, club: str) -> tuple[str, str]:
    """Two entrants with the same key are one entered twice: the actions and the CSV
    reader compare keys under the event's lock. The database's unique rule (lower() of
    both) backs them up in a race only for the capitals its lower() knows."""
    return caseless(name), caseless(club)


def namesake_warning(other: str, other_club: str, club: str) -> str:
    """What a director is told of an entrant of `club` beside another whose name folds
    alike (folding.fold, as find-my-board compares names), named by `other` ("1. Zoë
    Ångström", "Zoë Ångström (line 2)"): of the same club (folded too, none being one)
    perhaps one player entered twice, spelt two ways; of another, two people of one name.
    The same name and club in any capitals is no warning but a refusal (entrant_key)."""
    if fold(club) == fold(other_club):
        return (f"{other} has the same club and the name spelt another way: check they are "
                "not one player entered twice")
    return f"{other} has the club {other_club or '(none)'}: check they are two people"


def counted(count: int) -> str:
    """"1 entrant", "1,200 entrants"."""
    return f"{count:,} entrant{'s' if count != 1 else ''}"


def wins(entrant) -> str:
    """"Ann Lee wins", "Lee & Dee win": a pair's name is two people."""
    return "win" if entrant.is_pair else "wins"


MAX_TEAM_MEMBERS = 40  # a team's roster, at most


def check_team(*, name="", club="", rating=None, members=None, captain=None, venue=""):
    """(fields, problems) for one team (shared/spec/competitions.md, "Teams"), as
    `check_entrant` for a player or pair: name and club as an entrant's; `members` the
    roster, each {"name", "club"?} as a pair's member is (at least one, at most
    MAX_TEAM_MEMBERS, none twice); `captain` an index into it (None: the first member);
    `venue` the home venue. Problems name the field ("member3", "captain", ...)."""
    problems: dict[str, str] = {}

    def text(key, value, limit):
        try:
            return clean_name(value, key, limit)
        except TextError as exc:
            problems[key] = str(exc)
            return ""

    members = members if isinstance(members, list) else []
    if not members:
        problems["members"] = "a team has at least one member on its roster"
    if len(members) > MAX_TEAM_MEMBERS:
        problems["members"] = f"a team's roster has at most {MAX_TEAM_MEMBERS} members"
        members = members[:MAX_TEAM_MEMBERS]
    stored, seen = [], {}
    for i, member in enumerate(members, start=1):
        if not isinstance(member, dict):
            problems[f"member{i}"] = f"member {i} must be {{'name': ..., 'club': ...}}"
            member = {}
        member_name = text(f"member{i}", member.get("name"), MAX_NAME)
        member_club = text(f"club{i}", member.get("club"), MAX_CLUB)
        if not member_name and f"member{i}" not in problems:
            problems[f"member{i}"] = f"member {i}'s name is empty"
        key = entrant_key(member_name, member_club)
        if member_name and key in seen:
            problems[f"member{i}"] = (f"member {i} is member {seen[key]} again "
                                      f"({member_name}): if they are two of one name, give "
                                      "the club that tells them apart")
        seen.setdefault(key, i)
        stored.append({"name": member_name, **({"club": member_club} if member_club else {})})
    name = text("name", name, MAX_NAME)
    if not name and "name" not in problems:
        problems["name"] = "the team's name is empty"
    club = text("club", club, MAX_CLUB)
    venue = text("venue", venue, MAX_CLUB)
    if captain is None or captain == "":
        captain = 0
    if isinstance(captain, str):
        captain = numbers.whole_or_none(captain, low=0, high=MAX_TEAM_MEMBERS)
    if isinstance(captain, bool) or not isinstance(captain, int) or \
            not 0 <= captain < max(len(stored), 1):
        problems["captain"] = (f"the captain is one of the {len(stored)} members on the "
                               "roster")
        captain = 0
    try:
        rating = clean_rating(rating)
    except ValueError:
        problems["rating"] = f"rating {rating!r} is not {RATING_RULE}"
    return {"name": name, "club": club, "rating": rating, "members": stored,
            "captain": captain, "venue": venue}, problems
