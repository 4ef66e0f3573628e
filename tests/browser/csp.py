"""Content-Security-Policy violations in the browser tests: Chromium reports each one on
the console ("Refused to execute inline script because it violates the following Content
Security Policy directive ..."). Every page the tests open is watched (`watch`), and the
autouse fixture in conftest.py fails the test that met one, naming the page and the rule,
so a script or style the policy blocks cannot pass unseen."""

VIOLATIONS: list[str] = []


def watch(page):
    def seen(message):
        if message.type == "error" and "Content Security Policy" in message.text:
            VIOLATIONS.append(f"{page.url}: {message.text}")

    page.on("console", seen)
    return page
