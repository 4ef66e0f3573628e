"""django-tables2's signature lookups, remembered per function (public/tables_speed.py)."""

import functools
import hashlib
import inspect
from pathlib import Path

import pytest
from django_tables2 import utils

from tournament.public import tables_speed

ROOT = Path(__file__).resolve().parents[2]


def test_installed_django_tables2_is_the_pinned_version():
    assert tables_speed.INSTALLED_VERSION == tables_speed.PINNED_VERSION, (
        f"django-tables2 {tables_speed.INSTALLED_VERSION} is installed; tables_speed.py "
        f"replaces utils.signature as {tables_speed.PINNED_VERSION} has it: check the new "
        "code against RELIED_ON before updating the pins")


def test_requirements_pin_the_same_version():
    pins = (ROOT / "requirements.txt").read_text(encoding="utf-8").split()
    assert f"django-tables2=={tables_speed.PINNED_VERSION}" in pins


@pytest.mark.parametrize("name", sorted(tables_speed.RELIED_ON))
def test_the_replaced_function_and_its_caller_are_as_pinned(name):
    """Fails loudly when django-tables2 changes the function replaced at start-up, or the
    caller that reaches it through the module (whose lookup the replacement rides on)."""
    fn = tables_speed._original if name == "signature" else getattr(utils, name)
    source = hashlib.sha256(inspect.getsource(fn).encode()).hexdigest()
    assert source == tables_speed.RELIED_ON[name], (
        f"django_tables2.utils.{name} changed: read the new code, check that "
        "public/tables_speed.py still answers as it does, then update RELIED_ON")
    assert "signature(fn)" in inspect.getsource(utils.call_with_appropriate)


def test_installed_at_start_up():
    assert utils.signature is tables_speed.signature


def test_the_same_answers_as_django_tables2():
    class Table:
        def render_name(self, value, record):
            return value

        def render_any(self, value, **kwargs):
            return value

    def plain(value, column):
        return value

    for fn in (Table().render_name, Table().render_any, plain,
               functools.partial(plain, column=None)):
        assert tables_speed.signature(fn) == tables_speed._original(fn)
    assert tables_speed.signature(Table().render_name) == (("value", "record"), None)
    assert tables_speed.signature(Table().render_any) == (("value",), "kwargs")


def test_one_lookup_per_function_whatever_it_is_bound_to(monkeypatch):
    asked = []

    def counting(fn):
        asked.append(fn)
        return utils.inspect.signature(fn) and (("value",), None)

    monkeypatch.setattr(tables_speed, "_original", counting)
    monkeypatch.setattr(tables_speed, "_signatures", {})

    class Column:
        def render(self, value):
            return value

    for _ in range(3):
        tables_speed.signature(Column().render)  # a new bound method each time
    assert len(asked) == 1
    partial = functools.partial(lambda value: value)
    tables_speed.signature(partial)
    tables_speed.signature(partial)
    assert len(asked) == 3  # not a function: asked each time, never kept
    assert len(tables_speed._signatures) == 1


def test_render_functions_made_per_table_class_share_one_entry(monkeypatch):
    from tournament.public.tables import value_renderer

    monkeypatch.setattr(tables_speed, "_signatures", {})
    for signed in (True, False, True):
        tables_speed.signature(value_renderer(signed).__get__(object()))
    assert len(tables_speed._signatures) == 1
