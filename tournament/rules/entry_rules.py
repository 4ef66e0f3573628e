"""What an entry made before the day may be (shared/spec/venue.md, "Entries before the
day"): a player's, a pair's or a team's, with a contact. The names follow the entrants'
own rules (rules/entrant_rules.py: clean text, a name that shows, its length); duplicates
of other entries and entrants are the action's to find (actions/entries.py). No Django."""

from ..text.clean import TextError
from ..text.folding import fold
from .entrant_rules import MAX_CLUB, MAX_NAME, MAX_TEAM_MEMBERS, check_entrant, clean_name

MAX_CONTACT = 200  # an email address or a phone number, with a word or two
SINGLES, PAIRS, TEAMS = "singles", "pairs", "teams"


def member_name(value) -> object:
    """A member as sent: a name, or {"name": ...} as an entrant's members are stored."""
    return value.get("name") if isinstance(value, dict) else value


def check_entry(kind: str, *, name="", club="", contact="", members=None, captain=None):
    """(fields, problems) for one entry of an event of `kind` (singles, pairs or teams).

    `fields`: name, club, contact, members ([{"name", "club"?}] as an entrant's) and
    captain (a team's: the index of its captain in members; else None). `members`: a
    pair's two names, a team's players (names, or {"name": ...}); `captain`: a team's
    captain by name, put first among the members when not one of them. `problems` maps
    a field (name, club, contact, member1, member2, members, captain) to its message.
    """
    problems: dict[str, str] = {}

    def text(key, value, limit):
        if value is not None and not isinstance(value, str):
            problems[key] = f"the {key} must be text"
            return ""
        try:
            return clean_name(value or "", key, limit)
        except TextError as exc:
            problems[key] = str(exc)
            return ""

    contact = text("contact", contact, MAX_CONTACT)
    if not contact and "contact" not in problems:
        problems["contact"] = ("the contact is empty: give an email address or a phone "
                               "number, for the director only")
    if members is not None and not isinstance(members, list):
        problems["members"] = "the members must be a list of names"
        members = []
    stored, team_captain = [], None
    if kind == PAIRS:
        club = text("club", club, MAX_CLUB)
        sent = list(members or [])
        if len(sent) > 2:
            problems["members"] = f"a pair has exactly 2 members, not {len(sent)}"
            sent = sent[:2]
        fields, pair_problems = check_entrant(
            name=name if isinstance(name, str) else "", pairs=True,
            members=[{"name": member_name(m) if isinstance(member_name(m), str) else "",
                      **({"club": club} if club else {})} for m in sent])
        for key, message in pair_problems.items():
            problems.setdefault(key, message)
        name, stored = fields["name"], fields["members"]
    elif kind == TEAMS:
        name = text("name", name, MAX_NAME)
        if not name and "name" not in problems:
            problems["name"] = "the team's name is empty"
        club = text("club", club, MAX_CLUB)
        names = []
        for i, m in enumerate(members or [], start=1):
            each = text(f"member{i}", member_name(m), MAX_NAME)
            if each:
                names.append(each)
        boss = text("captain", captain, MAX_NAME)
        if not boss and "captain" not in problems:
            problems["captain"] = "name the team's captain"
        folded = [fold(n) for n in names]
        if boss:
            if fold(boss) in folded:
                team_captain = folded.index(fold(boss))
            else:
                names.insert(0, boss)
                folded.insert(0, fold(boss))
                team_captain = 0
        twice = sorted({n for n, f in zip(names, folded, strict=True) if folded.count(f) > 1})
        if twice:
            problems["members"] = f"a player is named twice: {', '.join(twice)}"
        if len(names) > MAX_TEAM_MEMBERS:
            problems["members"] = (f"a team has at most {MAX_TEAM_MEMBERS} players, not "
                                   f"{len(names)}")
        stored = [{"name": n, **({"club": club} if club else {})} for n in names]
    else:
        name = text("name", name, MAX_NAME)
        if not name and "name" not in problems:
            problems["name"] = "the name is empty"
        club = text("club", club, MAX_CLUB)
    return {"name": name, "club": club, "contact": contact, "members": stored,
            "captain": team_captain}, problems
