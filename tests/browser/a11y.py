"""axe-core in the walk-through: every page it visits, at desktop and phone sizes.

`Accessibility.check(page, name)` runs axe-core (axe-playwright-python's bundled copy, no
download) on the page as it is, once at each size, the phone run in dark mode; a page
already checked under that name is skipped, so the walk can call it on every visit.
Serious and critical violations are collected; `assert_clean()` fails with every one,
named by page, size, colour scheme and rule id.
"""

from dataclasses import dataclass, field

SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
# The phone check also reads the page in dark mode (prefers-color-scheme), which the site
# follows: contrast is checked in both schemes, layout at both sizes, in two runs a page.
SCHEMES = {"desktop": "light", "phone": "dark"}
BLOCKING = ("serious", "critical")


def describe(name, size, violation) -> str:
    targets = [" ".join(map(str, node.get("target", []))) for node in violation["nodes"]]
    shown = "; ".join(targets[:4]) + (f"; … {len(targets) - 4} more" if len(targets) > 4 else "")
    return (f"{name} ({size}, {SCHEMES[size]}): {violation['id']} [{violation['impact']}] "
            f"{violation['help']} — {shown}")


@dataclass
class Accessibility:
    axe: object
    checked: set = field(default_factory=set)
    problems: list = field(default_factory=list)
    asserted: bool = False

    def check(self, page, name):
        before = page.viewport_size
        try:
            for size, viewport in SIZES.items():
                if (name, size) in self.checked:
                    continue
                self.checked.add((name, size))
                if page.viewport_size != viewport:
                    page.set_viewport_size(viewport)
                page.emulate_media(color_scheme=SCHEMES[size])
                results = self.axe.run(page).response
                self.problems += [describe(name, size, v) for v in results["violations"]
                                  if v["impact"] in BLOCKING]
        finally:
            page.emulate_media(color_scheme="light")
            if page.viewport_size != before:
                page.set_viewport_size(before)

    def assert_clean(self):
        self.asserted = True
        assert not self.problems, (
            f"{len(self.problems)} serious or critical accessibility violations:\n"
            + "\n".join(self.problems))
