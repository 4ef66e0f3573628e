"""Headless Chromium for the browser walk-through (Debian's `chromium`, no download)."""

import contextlib
import os
import shutil
import time
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    # Without these Chromium's own connections are refused on a closed network.
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"

# How long an expectation waits for the page before it fails. Playwright's 5 s failed
# tests that were right when CI ran the browser tests beside both database runs on two
# cores (a search answer, a live count, each a few seconds late); a passing expectation
# returns as soon as it holds, so a longer wait costs nothing. A test about how soon
# something shows gives its own timeout.
EXPECT_TIMEOUT_MS = 20_000


@pytest.fixture(scope="session")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    sync_api.expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    if not (os.path.exists(CHROMIUM) or shutil.which(CHROMIUM)):
        message = f"no Chromium at {CHROMIUM} (apt-get install chromium)"
        if os.environ.get("CI"):
            pytest.fail(message)  # CI installs it: a skip there would hide a broken set-up
        pytest.skip(message)
    # Playwright's sync API runs an event loop in the test thread; the ORM calls the test
    # makes between page loads are not async code. Set only while a browser runs, so the
    # rest of the suite keeps Django's async-safety checks.
    mp = pytest.MonkeyPatch()
    mp.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()
    mp.undo()


@pytest.fixture(autouse=True)
def _pages_closed_after_each_test(request):
    """A test's pages close when it ends. Left open (the browser lives for the session),
    every earlier test's pages went on polling the live server (live rounds, clocks, hall
    screens) and running their engines for the rest of the run: CPU taken from the tests
    that follow, and requests against a database flushed under them."""
    yield
    if "browser" in request.fixturenames:
        for context in request.getfixturevalue("browser").contexts:
            context.close()


@pytest.fixture(autouse=True)
def _no_csp_violations():
    """Fail a test whose pages met a Content-Security-Policy violation (csp.py)."""
    from . import csp

    csp.VIOLATIONS.clear()
    yield
    assert not csp.VIOLATIONS, "Content-Security-Policy violations:\n" + "\n".join(
        csp.VIOLATIONS)


# Every pytest-xdist worker imports this file while collecting, before any test runs.
COLLECTED_AT = time.time()


@pytest.fixture(scope="session")
def _fresh_screenshots():
    # Empty of the shots of earlier runs only: under pytest-xdist each worker runs this
    # fixture of its own, and must not delete the shots the others took in this run.
    SCREENSHOTS.mkdir(exist_ok=True)
    for old in SCREENSHOTS.glob("*.png"):
        with contextlib.suppress(FileNotFoundError):  # another worker got there first
            if old.stat().st_mtime < COLLECTED_AT:
                old.unlink()


@pytest.fixture
def screenshots(_fresh_screenshots):
    """shot(page, "01-login"): a full-page PNG in screenshots/ at the repository root
    (emptied once a run, so each test's shots sit beside the others')."""

    def shot(page, name):
        page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)

    return shot



@pytest.fixture
def a11y(browser):
    """axe-core on every page the test visits (a11y.check(page, name)); the test fails at
    its end on any serious or critical violation, all of them listed."""
    from axe_playwright_python.sync_playwright import Axe

    from .a11y import Accessibility

    checker = Accessibility(Axe())
    yield checker
    if not checker.asserted:
        checker.assert_clean()  # a test that forgot to call it still fails here
