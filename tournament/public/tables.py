"""django-tables2 tables of the public pages. Cells are escaped by django-tables2;
links are built with format_html, which escapes the names it is given."""

import django_tables2 as tables
from django.urls import reverse
from django.utils.functional import cached_property
from django.utils.html import format_html, format_html_join

from .. import standings
from ..text.folding import fold

NUM = {"th": {"class": "num"}, "td": {"class": "num"}}
# Columns a 390 px phone leaves out (site.css .hide-small), so that what spectators came
# for (the result; points and tie-breaks) fits without scrolling sideways.
SMALL_HIDES = {"th": {"class": "hide-small"}, "td": {"class": "hide-small"}}


def name_column(verbose_name, field="name", **kwargs):
    """A column of names that `?sort=` orders A-Z by collation (tournament/text/collation.py),
    not by code point: its rows carry `<field>_key`, collation.name_key of the name."""
    return tables.Column(verbose_name=verbose_name, order_by=(f"{field}_key",), **kwargs)


# A pairing number no event reaches, reversed in its place (`player_urls`).
PLACEHOLDER = 987654321


def player_urls(slug):
    """A function giving the address of player `number`'s page in the event `slug`, what
    reverse("public:player", args=[slug, number]) gives: reversed once, for a table of
    100 rows (200 names on a page of boards) reversed it for each, a tenth of a render."""
    url = reverse("public:player", args=[slug, PLACEHOLDER])
    head, found, tail = url.rpartition(str(PLACEHOLDER))
    if not found:  # not the plain pattern it is: ask for each, as before
        return lambda number: reverse("public:player", args=[slug, number])
    return lambda number: f"{head}{int(number)}{tail}"


class PlayerLinks:
    """For a table of an event's players (its `slug`): `player_url`, made on first use
    (`sortable` builds tables with no slug to list their columns)."""

    @cached_property
    def player_url(self):
        return player_urls(self.slug)


def player_link(url, number, name):
    """`url`: player_urls(the event's slug)."""
    return format_html('<a href="{}">{}</a>', url(number), name)


def rank_text(rank, shared) -> str:
    return f"={rank}" if shared else str(rank)


class EventTable(tables.Table):
    scroll_label = "Events"

    name = name_column("Event")
    status = tables.Column()
    rounds = tables.Column(verbose_name="Rounds paired / planned", orderable=False, attrs=NUM)

    class Meta:
        orderable = True
        attrs = {"class": "events"}
        empty_text = "No events yet."

    def render_name(self, value, record):
        return format_html('<a href="{}">{}</a>', record["url"], value)


def points_text(value) -> str:
    return "" if value is None else standings.format_value(value)


class PairingTable(PlayerLinks, tables.Table):
    """Board order, as printed beside the boards: who starts set 1, each side's points
    before the round, the result."""

    scroll_label = "Pairings"

    board = tables.Column(attrs=NUM)
    side0_name = name_column("Starts (set 1)", "side0_name")
    # Each side's points stand beside its name, and the two headers say whose they are.
    # On a phone the points before the round give way (public.css, by column: a class on
    # each cell would cost a 100-board page 2 KB), so board, names and result fit.
    side0_points = tables.Column(verbose_name="Pts", attrs={
        "th": {"class": "num hide-small",
               "title": "Points before this round: the side that starts"},
        "td": {"class": "num"}})
    side1_name = name_column("Opponent", "side1_name")
    side1_points = tables.Column(verbose_name="Opp. pts", default="", attrs={
        "th": {"class": "num hide-small", "title": "Points before this round: the opponent"},
        "td": {"class": "num"}})
    result = tables.Column(orderable=False)

    class Meta:
        attrs = {"class": "pairings"}
        # "Find my board" links a board to its row: ?page=N#board-B.
        row_attrs = {"id": lambda record: f"board-{record['board']}"}
        empty_text = "No boards in this round."
        sequence = ("board", "side0_name", "side0_points", "side1_name", "side1_points",
                    "result")

    def __init__(self, data, *, slug, pairs=False, drawn=False, **kwargs):
        self.slug = slug
        self.pairs = pairs
        if drawn:  # a draw at the table decides who starts each set
            kwargs["extra_columns"] = [("side0_name", name_column("First named", "side0_name"))]
        super().__init__(data, **kwargs)

    def player_cell(self, entrant, name):
        """The side's name and number; data-find holds each name folded, what find.js
        compares with what was typed (tournament/text/folding.py)."""
        url = self.player_url(entrant.number)
        cell = format_html('<a href="{}" data-find="{}">{}</a> <span class="muted">({})</span>',
                           url, fold(name), name, entrant.number)
        if self.pairs and entrant.members:
            members = format_html_join(" & ", '<span data-find="{}">{}</span>',
                                       ((fold(m), m) for m in entrant.member_names))
            cell = format_html('{}<br><span class="members">{}</span>', cell, members)
        return cell

    def render_board(self, value, record):
        if record.get("plate"):  # a knock-out's plate match, beside the main bracket's
            return format_html('{} <span class="muted">plate</span>', value)
        return value

    def render_side0_name(self, value, record):
        return self.player_cell(record["side0"], value)

    def render_side1_name(self, value, record):
        if record["side1"] is None:
            return format_html('<span class="muted">{}</span>', "bye")
        return self.player_cell(record["side1"], value)

    def render_side0_points(self, value):
        return points_text(value)

    def render_side1_points(self, value):
        return points_text(value)

    def render_result(self, value, record):
        if record["state"] in ("awaiting", "pending"):
            return format_html('<span class="muted">{}</span>', value)
        return value


class AlphaTable(PlayerLinks, tables.Table):
    """The round's players A to Z (each partner of a pair too), as Swiss-Manager prints
    beside the board order, and the answers of "find my board"."""

    scroll_label = "Players A to Z"

    name = tables.Column(verbose_name="Name", orderable=False)
    board = tables.Column(attrs=NUM, orderable=False)
    points = tables.Column(verbose_name="Pts", orderable=False, default="", attrs={
        "th": {"class": "num", "title": "Points before this round"}, "td": {"class": "num"}})
    # Rendered even when empty: a bye or a round without a board says so (find.js reads it).
    opponent = tables.Column(verbose_name="Opponent", orderable=False, empty_values=())
    starter = tables.Column(verbose_name="Starts set 1", orderable=False)

    class Meta:
        attrs = {"class": "alpha"}
        row_attrs = {"data-find": lambda record: record["search"],
                     "data-number": lambda record: "" if record["pair"] else record["number"],
                     "data-away": lambda record: record.get("away") or None}
        empty_text = "No boards in this round."

    def __init__(self, data, *, slug, **kwargs):
        self.slug = slug
        super().__init__(data, **kwargs)

    def render_name(self, value, record):
        link = player_link(self.player_url, record["number"], value)
        if record["pair"]:
            return format_html('{} <span class="muted">({}, no. {})</span>', link,
                               record["pair"], record["number"])
        return format_html('{} <span class="muted">({})</span>', link, record["number"])

    def render_points(self, value):
        return points_text(value)

    def render_opponent(self, value, record):
        if record.get("away"):  # no board this round: why
            return format_html('<span class="muted">{}</span>', record["away"])
        if record["bye"]:
            return format_html('<span class="muted">{}</span>', "bye")
        return format_html('{} <span class="muted">({})</span>', value,
                           record["opponent_number"])

    def render_starter(self, value, record):
        if record["bye"] or record.get("away"):
            return "—"
        return value


def standings_table_class(order, pairs=False):
    """A table class with one column per numeric tie-break of the order in force; in a
    pairs event the club column gives way to the partners."""
    attrs = {}
    if pairs:
        attrs["name"] = name_column("Pair")
        attrs["club"] = tables.Column(verbose_name="Partners", accessor="members", default="",
                                      orderable=False, attrs=SMALL_HIDES)
    for name in order:
        step = standings.get_tiebreak(name)
        if step.group:
            continue  # head to head has no per-player value; the explanation shows it
        attrs[f"tb_{name}"] = tables.Column(
            verbose_name=step.abbr, accessor=f"tb_{name}", attrs={
                "th": {"class": "num", "title": step.label}, "td": {"class": "num"}})
        attrs[f"render_tb_{name}"] = value_renderer(getattr(step, "signed", False))
    # On a phone the points and tie-breaks stay; how each was placed is on the player page.
    attrs["decided_by"] = tables.Column(verbose_name="How placed", orderable=False,
                                        default="", attrs={"th": {"class": "hide-small"},
                                                           "td": {"class": "explain hide-small"}})
    attrs["Meta"] = type("Meta", (StandingsTable.Meta,), {})
    return type("StandingsTable", (StandingsTable,), attrs)


class StandingsTable(PlayerLinks, tables.Table):
    scroll_label = "Standings"

    rank = tables.Column(attrs=NUM)
    name = name_column("Player")
    club = tables.Column(default="", attrs=SMALL_HIDES)
    points = tables.Column(verbose_name="Pts", attrs=NUM)

    class Meta:
        attrs = {"class": "standings"}
        empty_text = "No players yet."

    def __init__(self, data, *, slug, **kwargs):
        self.slug = slug
        super().__init__(data, **kwargs)

    def render_rank(self, value, record):
        return rank_text(value, record["shared"])

    def render_name(self, value, record):
        link = player_link(self.player_url, record["player"], value)
        out = record.get("withdrawn_after_round")
        if out is None:
            return link
        return format_html('{} <span class="withdrawn">({})</span>', link,
                           standings.withdrawn_words(out))

    def render_points(self, value):
        return standings.format_value(value)


def value_renderer(signed):
    def render(self, value):
        return standings.format_value(value, signed=signed)
    return render


class CrossTable(PlayerLinks, tables.Table):
    scroll_label = "Cross-table"

    rank = tables.Column(attrs=NUM)
    number = tables.Column(verbose_name="No.", attrs={
        "th": {"class": "num", "title": "Pairing number: the number opponents are shown by"},
        "td": {"class": "num"}})
    name = name_column("Player")
    points = tables.Column(verbose_name="Pts", attrs=NUM)

    class Meta:
        attrs = {"class": "crosstable"}
        empty_text = "No players yet."

    def __init__(self, data, *, slug, rounds, pairs=False, **kwargs):
        self.slug = slug
        extra = [(f"r{n}", tables.Column(verbose_name=f"R{n}", orderable=False,
                                         attrs={"td": {"class": "cross"}}))
                 for n in rounds]
        if pairs:  # a pairs event ranks pairs: the header names what the rows are
            extra.insert(0, ("name", name_column("Pair")))
        super().__init__(data, extra_columns=extra, **kwargs)

    def render_rank(self, value, record):
        return rank_text(value, record["shared"])

    def render_name(self, value, record):
        return player_link(self.player_url, record["player"], value)

    def render_points(self, value):
        return standings.format_value(value)


class LeagueTable(tables.Table):
    """A league table (docs/leagues.md): its order is the spec's, so not sortable."""

    scroll_label = "League table"

    rank = tables.Column(verbose_name="", attrs=NUM)
    name = tables.Column(verbose_name="Team")
    played = tables.Column(verbose_name="P", attrs={"th": {"class": "num", "title": "Played"},
                                                    "td": {"class": "num"}})
    won = tables.Column(verbose_name="W", attrs={"th": {"class": "num", "title": "Won"},
                                                 "td": {"class": "num"}})
    drawn = tables.Column(verbose_name="D", attrs={"th": {"class": "num", "title": "Drawn"},
                                                   "td": {"class": "num"}})
    lost = tables.Column(verbose_name="L", attrs={"th": {"class": "num", "title": "Lost"},
                                                  "td": {"class": "num"}})
    boards_for = tables.Column(verbose_name="BF", attrs={
        "th": {"class": "num", "title": "Boards for"}, "td": {"class": "num"}})
    boards_against = tables.Column(verbose_name="BA", attrs={
        "th": {"class": "num", "title": "Boards against"}, "td": {"class": "num"}})
    board_difference = tables.Column(verbose_name="+/−", attrs={
        "th": {"class": "num hide-small", "title": "Board difference"},
        "td": {"class": "num hide-small"}})
    points = tables.Column(verbose_name="Pts", attrs={
        "th": {"class": "num", "title": "Points"}, "td": {"class": "num"}})
    decided_by = tables.Column(verbose_name="How placed", default="", attrs={
        "th": {"class": "hide-small"}, "td": {"class": "explain hide-small"}})

    class Meta:
        orderable = False
        attrs = {"class": "standings league"}
        empty_text = "No teams yet."

    def __init__(self, data, *, slug, **kwargs):
        self.slug = slug
        super().__init__(data, **kwargs)

    def render_rank(self, value, record):
        return rank_text(value, record["shared"])

    def render_name(self, value, record):
        url = reverse("public:team", args=[self.slug, record["number"]])
        return format_html('<a href="{}">{}</a>', url, value)

    def render_board_difference(self, value):
        return f"+{value}" if value > 0 else str(value).replace("-", "−")

    def render_points(self, value):
        return standings.format_value(value)
