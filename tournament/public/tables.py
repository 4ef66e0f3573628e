"""django-tables2 tables of the public pages. Cells are escaped by django-tables2;
links are built with format_html, which escapes the names it is given."""

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html

from .. import standings

NUM = {"th": {"class": "num"}, "td": {"class": "num"}}


def player_link(slug, number, name):
    url = reverse("public:player", args=[slug, number])
    return format_html('<a href="{}">{}</a>', url, name)


def rank_text(rank, shared) -> str:
    return f"={rank}" if shared else str(rank)


class EventTable(tables.Table):
    name = tables.Column(verbose_name="Event")
    status = tables.Column()
    rounds = tables.Column(verbose_name="Rounds paired / planned", orderable=False, attrs=NUM)

    class Meta:
        orderable = True
        attrs = {"class": "events"}
        empty_text = "No events yet."

    def render_name(self, value, record):
        return format_html('<a href="{}">{}</a>', record["url"], value)


class PairingTable(tables.Table):
    board = tables.Column(attrs=NUM)
    side0_name = tables.Column(verbose_name="Starts (set 1)")
    side1_name = tables.Column(verbose_name="Opponent")
    result = tables.Column(orderable=False)

    class Meta:
        attrs = {"class": "pairings"}
        empty_text = "No boards in this round."

    def __init__(self, data, *, slug, **kwargs):
        self.slug = slug
        super().__init__(data, **kwargs)

    def player_cell(self, entrant, name):
        return format_html('{} <span class="muted">({})</span>',
                           player_link(self.slug, entrant.number, name), entrant.number)

    def render_white_name(self, value, record):
        return self.player_cell(record["side0"], value)

    def render_black_name(self, value, record):
        if record["side1"] is None:
            return format_html('<span class="muted">{}</span>', "bye")
        return self.player_cell(record["side1"], value)

    def render_result(self, value, record):
        if record["state"] in ("awaiting", "pending"):
            return format_html('<span class="muted">{}</span>', value)
        return value


def standings_table_class(order):
    """A table class with one column per numeric tie-break of the order in force."""
    attrs = {}
    for name in order:
        step = standings.get_tiebreak(name)
        if step.group:
            continue  # head to head has no per-player value; the explanation shows it
        attrs[f"tb_{name}"] = tables.Column(
            verbose_name=step.abbr, accessor=f"tb_{name}", attrs={
                "th": {"class": "num", "title": step.label}, "td": {"class": "num"}})
        attrs[f"render_tb_{name}"] = value_renderer(getattr(step, "signed", False))
    attrs["decided_by"] = tables.Column(verbose_name="How placed", orderable=False,
                                        default="", attrs={"td": {"class": "explain"}})
    attrs["Meta"] = type("Meta", (StandingsTable.Meta,), {})
    return type("StandingsTable", (StandingsTable,), attrs)


class StandingsTable(tables.Table):
    rank = tables.Column(attrs=NUM)
    name = tables.Column(verbose_name="Player")
    club = tables.Column(default="")
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
        return player_link(self.slug, record["player"], value)

    def render_points(self, value):
        return standings.format_value(value)


def value_renderer(signed):
    def render(self, value):
        return standings.format_value(value, signed=signed)
    return render


class CrossTable(tables.Table):
    rank = tables.Column(attrs=NUM)
    name = tables.Column(verbose_name="Player")
    points = tables.Column(verbose_name="Pts", attrs=NUM)

    class Meta:
        attrs = {"class": "crosstable"}
        empty_text = "No players yet."

    def __init__(self, data, *, slug, rounds, **kwargs):
        self.slug = slug
        extra = [(f"r{n}", tables.Column(verbose_name=f"R{n}", orderable=False,
                                         attrs={"td": {"class": "cross"}}))
                 for n in rounds]
        super().__init__(data, extra_columns=extra, **kwargs)

    def render_rank(self, value, record):
        return rank_text(value, record["shared"])

    def render_name(self, value, record):
        return player_link(self.slug, record["player"], value)

    def render_points(self, value):
        return standings.format_value(value)
