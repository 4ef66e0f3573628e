"""The compact table's rows written by `compact_rows` (tournament/templatetags/compact_tables.py)
are the bytes of the template loop they replace, on every page that shows one."""

import django_tables2 as tables
import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.template import engines
from django.test import RequestFactory
from django_tables2.templatetags import django_tables2 as tables_tags

from tournament.public import views

from .test_earlier_boards_cache import crewe_in_round_two  # noqa: F401
from .test_http_cache import crewe_open, forfeit  # noqa: F401
from .test_points_before_cache import live_boards

COMPACT = "public/_compact_table.html"
# The rows as templates/public/_compact_table.html wrote them before compact_rows.
LOOP = """{% for row in table.paginated_rows %}
<tr {{ row.attrs.as_html }}>{% for column, cell in row.items %}<td {{ column.attrs.td.as_html }}>{{ cell }}</td>{% endfor %}</tr>{% empty %}{% if table.empty_text %}
<tr><td colspan="{{ table.columns|length }}">{{ table.empty_text }}</td></tr>{% endif %}{% endfor %}"""  # noqa: E501


def reference():
    """templates/public/_compact_table.html with the template loop in place of compact_rows."""
    engine = engines["django"]
    source = open(engine.engine.find_template(COMPACT)[1].name, encoding="utf-8").read()
    assert source.count("{% compact_rows table %}") == 1
    return engine.from_string(source.replace("{% compact_rows table %}", LOOP))


@pytest.fixture
def the_loop(monkeypatch):
    """Call it to make render_table use the reference template for the compact table."""
    real = tables_tags.get_template

    def use():
        monkeypatch.setattr(tables_tags, "get_template",
                            lambda name: reference() if name == COMPACT else real(name))
    return use


def page(view, *args, **query):
    cache.clear()  # the standings body is a cached fragment
    request = RequestFactory().get("/", query)
    request.user = AnonymousUser()
    response = view(request, *args)
    assert response.status_code == 200
    return response.content.decode()


CASES = [
    # (the event fixture, the view, its arguments, the query)
    ("singles_event", views.standings_view, ("leek",), {}),
    ("singles_event", views.standings_view, ("leek",), {"sort": "-name"}),
    ("singles_event", views.standings_view, ("leek",), {"after_round": "1"}),
    ("singles_event", views.round_view, ("leek", 2), {}),  # a bye, a result not yet counted
    ("singles_event", views.round_view, ("leek", 1), {"print": "1"}),
    ("pairs_event", views.standings_view, ("pairs",), {}),
    ("pairs_event", views.round_view, ("pairs", 1), {}),
]


@pytest.mark.parametrize(("event", "view", "args", "query"), CASES)
def test_the_pages_are_the_same_bytes(request, the_loop, event, view, args, query):
    request.getfixturevalue(event)
    written = page(view, *args, **query)
    assert '<tbody>\n<tr ' in written and '</td></tr>\n' in written
    the_loop()
    assert page(view, *args, **query) == written


def test_a_page_of_a_big_round_and_its_standings(crewe_in_round_two, dora, the_loop):  # noqa: F811
    forfeit(live_boards(crewe_in_round_two, 2)[0], dora)
    written = [page(views.standings_view, "crewe"), page(views.round_view, "crewe", 2),
               page(views.standings_view, "crewe", per_page="all")]
    the_loop()
    assert [page(views.standings_view, "crewe"), page(views.round_view, "crewe", 2),
            page(views.standings_view, "crewe", per_page="all")] == written


class Odd(tables.Table):
    """A table whose cells' attributes differ by row (a callable), with a render method."""

    n = tables.Column(attrs={"td": {"class": lambda value: "big" if value > 1 else "small",
                                    "data-x": "<&>"}})
    word = tables.Column(attrs={"cell": {"class": "w"}})
    missing = tables.Column(default="—")

    class Meta:
        row_attrs = {"id": lambda record: f"r{record['n']}"}
        empty_text = "Nobody <yet>."

    def render_word(self, value):
        return str(value).upper()


@pytest.mark.parametrize("rows", [
    [{"n": 1, "word": "<b>a</b>"}, {"n": 2, "word": "b & c"}, {"n": 3, "word": 4.5}],
    [],
])
def test_cells_whose_attributes_differ_by_row_and_an_empty_table(rows, the_loop):
    def written():
        request = RequestFactory().get("/")
        table = Odd(rows)
        tables.RequestConfig(request, paginate=False).configure(table)
        return engines["django"].from_string(
            '{% load django_tables2 %}{% render_table table "' + COMPACT + '" %}').render(
            {"table": table}, request)

    ours = written()
    assert ("big" in ours and "&lt;&amp;&gt;" in ours) if rows else "Nobody &lt;yet&gt;." in ours
    the_loop()
    assert written() == ours
