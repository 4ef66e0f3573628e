"""The revisions' file cache (tournament/web/revision.py `Files`): Django's file cache,
read with one fstat while a file is unchanged; it must read what Django's own does."""

import time

from django.core.cache.backends.filebased import FileBasedCache

from tournament.web.revision import Files


def both(folder):
    return Files(str(folder), {}), FileBasedCache(str(folder), {})


def test_reads_what_django_reads_through_every_change(tmp_path):
    ours, django = both(tmp_path)
    assert ours.get("revision:leek") is None
    django.set("revision:leek", ("a1", 1.0), 60)
    assert ours.get("revision:leek") == ("a1", 1.0)
    assert ours.get("revision:leek") == ("a1", 1.0)  # kept: the same file
    for n in range(5):  # bumps in quick succession, each seen at once
        django.set("revision:leek", (f"b{n}", 2.0 + n), 60)
        assert ours.get("revision:leek") == (f"b{n}", 2.0 + n)
    ours.set("revision:leek", ("c", 3.0), 60)  # written by this process too
    assert ours.get("revision:leek") == django.get("revision:leek") == ("c", 3.0)
    django.delete("revision:leek")
    assert ours.get("revision:leek") is None
    assert ours.add("revision:leek", ("d", 4.0), 60) and ours.get("revision:leek") == ("d", 4.0)
    django.clear()
    assert ours.get("revision:leek") is None


def test_an_expired_value_is_gone(tmp_path):
    ours, django = both(tmp_path)
    django.set("revision:bath", ("a", 1.0), 1)
    assert ours.get("revision:bath") == ("a", 1.0)
    time.sleep(1.1)
    assert ours.get("revision:bath") is None and django.get("revision:bath") is None


def test_more_files_than_it_keeps_open(tmp_path):
    ours, django = both(tmp_path)
    for n in range(Files.KEEP * 2 + 3):
        django.set(f"revision:e{n}", (str(n), float(n)), 60)
    for _ in range(2):
        for n in range(Files.KEEP * 2 + 3):
            assert ours.get(f"revision:e{n}") == (str(n), float(n))
    assert len(ours._open) <= Files.KEEP
    ours._close_all()
