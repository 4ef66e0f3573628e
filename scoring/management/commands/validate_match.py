"""python manage.py validate_match FILE  (FILE "-" reads standard input)

Prints the validator's report as one JSON object.  Exit status: 0 valid, 1 the record
breaks a rule, 2 not a readable record of format fives-and-threes-match/1.
"""

from __future__ import annotations

import json
import sys

from django.core.management.base import BaseCommand

from scoring.engine import BAD_FORMAT, exit_code, validate_json


def _unreadable(message: str) -> dict:
    return {
        "valid": False,
        "depth": "score",
        "errors": [{"path": "", "code": BAD_FORMAT, "message": message}],
        "sets": [],
        "winner": None,
    }


class Command(BaseCommand):
    help = (
        "Check a Fives and Threes match record (fives-and-threes-match/1) and print the "
        "report as JSON. Exit 0 valid, 1 breaks a rule, 2 not a readable record."
    )
    # call_command(..., stdin=io.StringIO(...)) feeds "-" in tests.
    stealth_options = ("stdin",)
    requires_system_checks: list[str] = []

    def add_arguments(self, parser):
        parser.add_argument("file", help='the match record (JSON); "-" reads standard input')

    def handle(self, *args, **options):
        path = options["file"]
        if path == "-":
            stream = options.get("stdin") or sys.stdin
            try:
                data = stream.buffer.read() if hasattr(stream, "buffer") else stream.read()
            except (OSError, ValueError) as exc:
                report = _unreadable(f"cannot read standard input: {exc}")
            else:
                report = validate_json(data)
        else:
            try:
                with open(path, "rb") as fh:
                    data = fh.read()
            except OSError as exc:
                reason = exc.strerror or type(exc).__name__
                report = _unreadable(f"cannot read {path}: {reason}")
            else:
                report = validate_json(data)
        self.stdout.write(json.dumps(report, ensure_ascii=False))
        code = exit_code(report)
        if code:
            sys.exit(code)
