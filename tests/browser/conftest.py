"""Headless Chromium for the browser walk-through (Debian's `chromium`, no download)."""

import os
import shutil
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    # Without these Chromium's own connections are refused on a closed network.
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"


@pytest.fixture(scope="session")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
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


@pytest.fixture
def screenshots():
    """shot(page, "01-login"): a full-page PNG in screenshots/ at the repository root."""
    SCREENSHOTS.mkdir(exist_ok=True)
    for old in SCREENSHOTS.glob("[0-9][0-9]-*.png"):
        old.unlink()

    def shot(page, name):
        page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)

    return shot

