"""The Content-Security-Policy in Chromium: an inline script is refused, and the console
watch (csp.py) sees it, so the other browser tests would catch a blocked script."""

import pytest
from playwright.sync_api import expect

from . import csp
from .test_walkthrough import DESKTOP, new_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

INLINE = """() => {
  const s = document.createElement("script");
  s.textContent = "document.body.dataset.inline = 'ran'";
  document.head.appendChild(s);
}"""


def test_an_inline_script_is_refused_and_seen(browser, live_server):
    page = new_page(browser, **DESKTOP)
    page.goto(f"{live_server.url}/")
    page.evaluate(INLINE)
    expect(page.locator("body")).not_to_have_attribute("data-inline", "ran")
    page.wait_for_timeout(200)  # the console message arrives on its own
    assert any("inline script" in v for v in csp.VIOLATIONS), csp.VIOLATIONS
    csp.VIOLATIONS.clear()  # seen on purpose: not a failure of this test
