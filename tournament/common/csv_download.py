"""A CSV download, for every audience that offers one (the public's standings, cross-table,
entrants and pairings: public/exports.py; the director's entries: director/views_entries.py).

A plain CSV writer (tablib, which django-tables2's export needs, is not installed).
Cells that a spreadsheet would run as a formula get a leading apostrophe. The file starts
with a UTF-8 byte-order mark: without it Excel reads the bytes as the machine's legacy code
page and shows "ZoÃ«" for "Zoë" (LibreOffice, Numbers and Python's "utf-8-sig" take it).
"""

import csv

from django.http import HttpResponse

BOM = "\ufeff"
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def safe(value):
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


def csv_response(filename: str, header, rows) -> HttpResponse:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.write(BOM)
    writer = csv.writer(response)
    writer.writerow(header)
    for row in rows:
        writer.writerow([safe(v) for v in row])
    return response
