"""Reading a list of entrants from CSV: plain text in, rows, problems and warnings out.

Pure (no Django), so the preview and the import read a file the same way: the import
parses the text again and trusts nothing the preview showed.
"""

import csv
import io
from dataclasses import dataclass, field

from ..rules.entrant_rules import (
    MAX_ENTRANTS,
    PERSON_ID_RULE,
    check_entrant,
    counted,
    entrant_key,
    is_person_id,
    namesake_warning,
)
from ..text.clean import TextError, clean_text
from ..text.folding import fold

SINGLES_COLUMNS = ("name", "club", "rating")
PAIRS_COLUMNS = ("name", "member1", "club1", "member2", "club2", "rating")
# Person ids (shared/spec/ratings.md), only where a header line names them: the link of
# each player to a person already on the site.
SINGLES_PEOPLE = ("person",)
PAIRS_PEOPLE = ("person1", "person2")
KNOWN_COLUMNS = frozenset(SINGLES_COLUMNS + PAIRS_COLUMNS + SINGLES_PEOPLE + PAIRS_PEOPLE)
DELIMITERS = (",", ";", "\t")
DELIMITER_NAMES = {",": "comma", ";": "semicolon", "\t": "tab"}
MAX_CELL = 200  # characters in one cell: a name and a club are at most 100
MAX_BYTES = 1_000_000  # the whole list: 2,000 pairs of long names fit well within it


@dataclass
class Line:
    """One line of the file as the preview shows it: its cells by column, and either the
    entrant it makes (`fields`) or what is wrong with it."""

    number: int
    values: dict
    cells: list = field(default_factory=list)  # as shown, one a column
    fields: dict | None = None
    people: tuple = ()  # each player's person id or None (one in singles, two in pairs)
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


@dataclass
class Parsed:
    lines: list[Line]
    columns: tuple[str, ...]
    delimiter: str = ","
    header: bool = False
    file_errors: list[str] = field(default_factory=list)

    @property
    def rows(self) -> list[dict]:
        return [line.fields for line in self.lines if line.fields is not None]

    @property
    def people(self) -> list[tuple]:
        """Each row's person ids, in the order of `rows`."""
        return [line.people for line in self.lines if line.fields is not None]

    @property
    def errors(self) -> list[str]:
        return self.file_errors + [f"line {line.number}: {e}" for line in self.lines
                                   for e in line.errors]

    @property
    def warnings(self) -> list[str]:
        return [f"line {line.number}: {w}" for line in self.lines for w in line.warnings]

    @property
    def delimiter_name(self) -> str:
        return DELIMITER_NAMES[self.delimiter]


def detect_delimiter(text: str) -> str:
    """Comma, semicolon or tab, as csv.Sniffer reads the first lines; where it cannot
    tell (one column, say) or names a delimiter the lines do not hold, the one found most
    often in them, and a comma when none is."""
    sample = "\n".join([line for line in text.split("\n") if line.strip()][:20])
    try:
        delimiter = csv.Sniffer().sniff(sample, delimiters="".join(DELIMITERS)).delimiter
    except csv.Error:
        delimiter = ""
    if delimiter not in DELIMITERS or delimiter not in sample:
        delimiter = max(DELIMITERS, key=sample.count)  # a tie keeps the comma, listed first
        if delimiter not in sample:
            delimiter = ","
    return delimiter


def read_header(cells: list[str], pairs: bool) -> tuple[tuple[str, ...] | None, str]:
    """(columns, problem) from a first line that names columns; (None, "") if it names none."""
    names = [c.strip().lower() for c in cells]
    if not any(n in KNOWN_COLUMNS for n in names):
        return None, ""
    allowed = PAIRS_COLUMNS + PAIRS_PEOPLE if pairs else SINGLES_COLUMNS + SINGLES_PEOPLE
    kind = "pairs" if pairs else "singles"
    unknown = [n for n in names if n and n not in allowed]
    if unknown:
        return (), (f"unknown column {', '.join(map(repr, unknown))}: a {kind} event's "
                    f"columns are {', '.join(allowed)}")
    twice = sorted({n for n in names if n and names.count(n) > 1})
    if twice:
        return (), f"column {', '.join(map(repr, twice))} is named twice"
    needed = ("member1", "member2") if pairs else ("name",)
    missing = [n for n in needed if n not in names]
    if missing:
        return (), f"no {' or '.join(missing)} column: a {kind} event's columns are " \
                   f"{', '.join(allowed)}"
    return tuple(names), ""


def readable(text, parsed: Parsed) -> str:
    """The file's text without its byte-order mark; a file too large, or a line holding
    what cannot be stored (clean_text), is a file error in `parsed`."""
    text = (text or "").lstrip("\ufeff")
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        parsed.file_errors.append(f"the list is larger than {MAX_BYTES:,} bytes; split it "
                                  "into smaller files")
        return text
    for number, physical in enumerate(text.split("\n"), start=1):
        try:
            clean_text(physical, f"line {number}")
        except TextError as exc:
            parsed.file_errors.append(str(exc).rstrip("."))
    return text


def rows(reader, parsed: Parsed):
    """(line number, cells) of each line with something in it; a line csv cannot read ends
    the rows with its error in `parsed.file_errors` (the caller then returns `parsed`)."""
    start = 1
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            parsed.file_errors.append(f"line {reader.line_num}: {exc}")
            return
        number, start = start, reader.line_num + 1
        if any(cell.strip() for cell in cells):
            yield number, cells


def parse_entrants(text: str, *, pairs: bool = False, existing=()) -> Parsed:
    """Every line of `text` checked, as a list of entrants for one event.

    Columns: `name,club,rating` (singles) or `name,member1,club1,member2,club2,rating`
    (pairs; the name may be left empty), in that order unless a header line names them;
    a header may add `person` (singles) or `person1`, `person2` (pairs): person ids.
    Comma, semicolon or tab. `existing` holds (name, club) of the event's entrants.
    A name entered twice with the same club is an error; with another club, a warning.
    The caller imports nothing unless `errors` is empty.
    """
    columns = PAIRS_COLUMNS if pairs else SINGLES_COLUMNS
    parsed = Parsed([], columns)
    text = readable(text, parsed)
    if parsed.file_errors:
        return parsed  # the csv module cannot read NUL; nothing below would be shown right
    parsed.delimiter = detect_delimiter(text)
    reader = csv.reader(io.StringIO(text), delimiter=parsed.delimiter)
    seen: dict[tuple[str, str], int] = {}
    names: dict[str, list[tuple[int, str, str]]] = {}
    for name, club in existing:
        seen[entrant_key(name, club)] = 0
        names.setdefault(fold(name), []).append((0, name, club))
    for number, cells in rows(reader, parsed):
        if not parsed.lines and not parsed.header:
            header, problem = read_header(cells, pairs)
            if problem:
                parsed.file_errors.append(f"line {number}: {problem}")
                return parsed
            if header is not None:
                parsed.columns, parsed.header = header, True
                continue
        parsed.lines.append(read_line(number, cells, parsed.columns, pairs, seen, names))
    if parsed.file_errors:  # a line csv could not read
        return parsed
    if not parsed.lines:
        parsed.file_errors.append("the list holds no entrants")
    many = len(parsed.lines)
    if many > MAX_ENTRANTS - len(existing):
        parsed.file_errors.append(f"{counted(many)}: an event takes at most {MAX_ENTRANTS:,}" + (
                                      f" and already has {len(existing):,}" if existing else ""))
    return parsed


def read_line(number, cells, columns, pairs, seen, names) -> Line:
    stripped = [c.strip() for c in cells]
    # One cell a column: values beyond the last would fall under the preview's own
    # columns (entrant, check); the error below says how many there were.
    line = Line(number, dict(zip(columns, stripped, strict=False)),
                (stripped + [""] * len(columns))[:len(columns)])
    if len(cells) > len(columns):
        line.errors.append(f"{len(cells)} values, expected at most {len(columns)} "
                           f"({', '.join(columns)})")
        return line
    for column, cell in line.values.items():
        if len(cell) > MAX_CELL:
            line.errors.append(f"{column} is {len(cell)} characters long; at most {MAX_CELL}")
    if line.errors:
        return line
    values = line.values
    members = [{"name": values.get("member1", ""), "club": values.get("club1", "")},
               {"name": values.get("member2", ""), "club": values.get("club2", "")}]
    fields, problems = check_entrant(name=values.get("name", ""), club=values.get("club", ""),
                                     rating=values.get("rating") or None, members=members,
                                     pairs=pairs)
    line.errors.extend(problems.values())
    line.people = tuple(values.get(c) or None for c in (PAIRS_PEOPLE if pairs else SINGLES_PEOPLE))
    for column, value in zip(PAIRS_PEOPLE if pairs else SINGLES_PEOPLE, line.people,
                             strict=True):
        if value is not None and not is_person_id(value):
            line.errors.append(f"{column} {value[:60]!r} is not a person id ({PERSON_ID_RULE})")
    if line.errors:
        return line
    key = entrant_key(fields["name"], fields["club"])
    if key in seen:
        where = f"already on line {seen[key]}" if seen[key] else "already entered"
        what = fields["name"] + (f" ({fields['club']})" if fields["club"] else "")
        line.errors.append(f"{what} is {where}" + (": give one of the pairs another name"
                                                  if pairs else ""))
        return line
    for other_line, other_name, other_club in names.get(fold(fields["name"]), []):
        where = f"line {other_line}" if other_line else "already entered"
        line.warnings.append(namesake_warning(f"{other_name} ({where})", other_club,
                                              fields["club"]))
    seen[key] = number
    names.setdefault(fold(fields["name"]), []).append((number, fields["name"], fields["club"]))
    line.fields = fields
    return line


# ------------------------------------------------------------------------ teams

# A team event's list: one line per member, the team named on each line
# (shared/spec/competitions.md, "Teams"). The team's club and venue may be given on any of
# its lines (the same on every line that gives them); `captain` marks its captain's line
# (yes, y, x, 1 or true; none marked: the first member).
TEAM_COLUMNS = ("team", "club", "member", "member_club", "captain", "venue")
TEAM_PEOPLE = ("person",)
CAPTAIN_WORDS = frozenset({"yes", "y", "x", "1", "true", "captain", "c"})


def parse_teams(text: str, *, existing=()) -> Parsed:
    """Every line of `text` checked, as a team event's list: one line per member.
    Columns `team,club,member,member_club,captain,venue` in that order unless a header
    line names them (it may add `person`: the member's person id). The rows are teams
    (rules.entrant_rules.check_team's fields), in the order of their first line, with
    each member's person id in `people`. A team entered already, a member twice in one
    team, two captains, a club or venue that differs between a team's lines: errors
    naming the line; the caller imports nothing unless `errors` is empty."""
    from ..rules.entrant_rules import check_team

    parsed = Parsed([], TEAM_COLUMNS)
    text = readable(text, parsed)
    if parsed.file_errors:
        return parsed
    parsed.delimiter = detect_delimiter(text)
    reader = csv.reader(io.StringIO(text), delimiter=parsed.delimiter)
    taken = {entrant_key(name, club) for name, club in existing}
    taken_names = {entrant_key(name, "")[0] for name, _ in existing}
    teams: dict[str, dict] = {}  # folded team name -> its lines and values
    for number, cells in rows(reader, parsed):
        if not parsed.lines and not parsed.header:
            names = [c.strip().lower() for c in cells]
            if any(n in TEAM_COLUMNS + TEAM_PEOPLE for n in names):
                allowed = TEAM_COLUMNS + TEAM_PEOPLE
                unknown = [n for n in names if n and n not in allowed]
                twice = sorted({n for n in names if n and names.count(n) > 1})
                if unknown or twice or "team" not in names or "member" not in names:
                    parsed.file_errors.append(
                        f"line {number}: a team list's columns are {', '.join(allowed)} "
                        "(team and member needed, each once)")
                    return parsed
                parsed.columns, parsed.header = tuple(names), True
                continue
        stripped = [c.strip() for c in cells]
        line = Line(number, dict(zip(parsed.columns, stripped, strict=False)),
                    (stripped + [""] * len(parsed.columns))[:len(parsed.columns)])
        parsed.lines.append(line)
        if len(cells) > len(parsed.columns):
            line.errors.append(f"{len(cells)} values, expected at most "
                               f"{len(parsed.columns)} ({', '.join(parsed.columns)})")
            continue
        too_long = [c for c, v in line.values.items() if len(v) > MAX_CELL]
        if too_long:
            line.errors.append(f"{too_long[0]} is longer than {MAX_CELL} characters")
            continue
        v = line.values
        team = v.get("team", "")
        if not team:
            line.errors.append("the team is not named")
            continue
        person = v.get("person") or None
        if person is not None and not is_person_id(person):
            line.errors.append(f"person {person[:60]!r} is not a person id ({PERSON_ID_RULE})")
            continue
        entry = teams.setdefault(fold(team), {"name": team, "club": "", "venue": "",
                                              "members": [], "lines": [], "people": [],
                                              "captain": None})
        for key in ("club", "venue"):
            if v.get(key):
                if entry[key] and entry[key] != v[key]:
                    line.errors.append(f"{team}'s {key} is {entry[key]!r} on an earlier "
                                       f"line, {v[key]!r} here")
                entry[key] = entry[key] or v[key]
        if (v.get("captain") or "").lower() in CAPTAIN_WORDS:
            if entry["captain"] is not None:
                line.errors.append(f"{team} has a captain already (line "
                                   f"{entry['lines'][entry['captain']].number})")
            entry["captain"] = len(entry["members"])
        elif v.get("captain"):
            line.errors.append(f"captain {v['captain'][:20]!r}: write yes on the captain's "
                               "line, or leave it empty")
        entry["members"].append({"name": v.get("member", ""), "club": v.get("member_club", "")})
        entry["lines"].append(line)
        entry["people"].append(person)
    if parsed.file_errors:  # a line csv could not read
        return parsed
    for entry in teams.values():
        if any(line.errors for line in entry["lines"]):
            continue
        fields, problems = check_team(name=entry["name"], club=entry["club"],
                                      members=entry["members"], captain=entry["captain"],
                                      venue=entry["venue"])
        first = entry["lines"][0]
        for key, message in problems.items():
            where = first
            if key.startswith(("member", "club")) and key[-1].isdigit():
                index = int("".join(c for c in key if c.isdigit())) - 1
                where = entry["lines"][min(index, len(entry["lines"]) - 1)]
            where.errors.append(message)
        if problems:
            continue
        key = entrant_key(fields["name"], fields["club"])
        if key in taken or (not fields["club"] and key[0] in taken_names):
            first.errors.append(f"{fields['name']} is already entered")
            continue
        first.fields, first.people = fields, tuple(entry["people"])
    if not parsed.lines and not parsed.file_errors:
        parsed.file_errors.append("the list holds no teams")
    if len(teams) > MAX_ENTRANTS - len(existing):
        parsed.file_errors.append(f"{len(teams):,} teams: an event takes at most "
                                  f"{MAX_ENTRANTS:,}")
    return parsed
