"""`{% load compact_tables %}`: the rows of a compact table (templates/public/_compact_table.html)
written in Python: the same bytes as the template loop they replace (`{% for row in
table.paginated_rows %}<tr {{ row.attrs.as_html }}>{% for column, cell in row.items %}<td
{{ column.attrs.td.as_html }}>{{ cell }}</td>...`, kept in tests/public/test_compact_tables.py
as the reference), without the template engine's lookups for each cell: a page of 100
standings rows spent a third of its render there (issue #31, the standings page under
changes).

django-tables2 still renders every cell (its columns' render methods, its escaping rules),
and each value is written as `{{ }}` writes it (render_value_in_context). What is not asked
again for each cell is a column's `<td>` attributes where they cannot differ between rows:
no callable among the table's and the column's `td` (or `cell`) attributes, and the table's
own `get_column_class_names`. Anything else is asked for each cell, as the template did.
"""

from django import template
from django.template.base import render_value_in_context
from django.utils.safestring import mark_safe
from django_tables2 import Table

register = template.Library()


def _fixed_td(table, column) -> bool:
    """Whether `column`'s td attributes are the same for every row of `table`."""
    if type(table).get_column_class_names is not Table.get_column_class_names:
        return False
    for attrs in (table.attrs, column.column.attrs):
        for part in ("td", "cell"):
            values = attrs.get(part) or {}
            if callable(values) or any(callable(v) for v in values.values()):
                return False
    return True


@register.simple_tag(takes_context=True)
def compact_rows(context, table):
    out = []
    rows = table.paginated_rows
    if not hasattr(rows, "__len__"):  # as the {% for %} tag does
        rows = list(rows)
    if not len(rows):
        if table.empty_text:
            span = render_value_in_context(len(table.columns), context)
            text = render_value_in_context(table.empty_text, context)
            out.append(f'\n<tr><td colspan="{span}">{text}</td></tr>')
        return mark_safe("".join(out))  # every part escaped as {{ }} escapes it
    fixed = {}  # column name -> its rendered td attributes, or None: asked for each cell
    for row in rows:
        out.append(f"\n<tr {render_value_in_context(row.attrs.as_html(), context)}>")
        for column, cell in row.items():
            td = fixed.get(column.name)
            if td is None:
                td = render_value_in_context(column.attrs["td"].as_html(), context)
                if column.name not in fixed:
                    fixed[column.name] = td if _fixed_td(table, column) else None
            out.append(f"<td {td}>{render_value_in_context(cell, context)}</td>")
        out.append("</tr>")
    return mark_safe("".join(out))  # every part escaped as {{ }} escapes it
