"""Reading a list of entrants from CSV: plain text in, rows or line-numbered errors out."""

import csv
import io
from dataclasses import dataclass

MAX_NAME = 100
MAX_CLUB = 100


@dataclass(frozen=True)
class EntrantRow:
    line: int
    name: str
    club: str = ""
    rating: int | None = None


def clean_rating(text: str) -> int:
    rating = int(text)
    if not 0 <= rating <= 4000:
        raise ValueError
    return rating


def parse_entrants(text: str) -> tuple[list[EntrantRow], list[str]]:
    """Return (rows, errors). Columns: name, club, rating; a header row naming them is optional.

    Every bad row is reported with its line number, so the director can fix the file
    in one go; the caller imports nothing unless `errors` is empty.
    """
    rows: list[EntrantRow] = []
    errors: list[str] = []
    lines = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    columns = ["name", "club", "rating"]
    start = 0
    if lines and any(cell.strip().lower() == "name" for cell in lines[0]):
        columns = [cell.strip().lower() for cell in lines[0]]
        unknown = [c for c in columns if c not in {"name", "club", "rating", ""}]
        if unknown:
            return [], [f"line 1: unknown column {', '.join(map(repr, unknown))}; "
                        "use name, club, rating"]
        start = 1
    seen: dict[str, int] = {}
    for index, cells in enumerate(lines[start:], start=start + 1):
        if not any(cell.strip() for cell in cells):
            continue
        if len(cells) > len(columns):
            errors.append(f"line {index}: {len(cells)} values, expected at most {len(columns)} "
                          f"({', '.join(columns)})")
            continue
        values = dict(zip(columns, (cell.strip() for cell in cells), strict=False))
        name = " ".join(values.get("name", "").split())
        if not name:
            errors.append(f"line {index}: the name is empty")
            continue
        if len(name) > MAX_NAME:
            errors.append(f"line {index}: the name is longer than {MAX_NAME} characters")
            continue
        club = values.get("club", "")
        if len(club) > MAX_CLUB:
            errors.append(f"line {index}: the club is longer than {MAX_CLUB} characters")
            continue
        rating = None
        if values.get("rating"):
            try:
                rating = clean_rating(values["rating"])
            except ValueError:
                errors.append(f"line {index}: rating {values['rating']!r} is not a whole "
                              "number from 0 to 4000")
                continue
        key = name.casefold()
        if key in seen:
            errors.append(f"line {index}: {name} is already on line {seen[key]}")
            continue
        seen[key] = index
        rows.append(EntrantRow(index, name, club, rating))
    if not rows and not errors:
        errors.append("the file holds no entrants")
    return rows, errors
