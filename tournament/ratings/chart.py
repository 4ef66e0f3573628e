"""The rating-history chart's geometry: ratings in, an SVG's coordinates out (no Django).

The template (templates/public/people/_chart.html) draws it; colours come from the site's
CSS variables (light, dark and print alike), so nothing here knows about colour.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

# Drawn at most this size (people.css caps the width there), so its 17-unit labels read
# at 17 px on a wide screen and still at 11 px or more on a 390 px phone, where the chart
# is about 340 px wide (a 640-unit chart shrank them to 6 px there).
WIDTH, HEIGHT = 480, 240
LEFT, RIGHT, TOP, BOTTOM = 56, 16, 12, 30  # room for the axis labels


@dataclass
class Chart:
    width: int
    height: int
    points: list[tuple[float, float]]  # (x, y) of each rating, in order
    path: str  # the line through them, an SVG path
    y_ticks: list[tuple[float, str]] = field(default_factory=list)  # (y, label)
    x_ticks: list[tuple[float, str]] = field(default_factory=list)  # (x, match number)
    zero_y: float | None = None  # where the start (rating 0) is, if in range
    low: float = 0.0
    high: float = 0.0
    left: int = LEFT  # where the plot starts (the y labels end just before it)
    right: int = WIDTH - RIGHT  # where it ends


def nice_step(span: float, ticks: int = 4) -> float:
    raw = span / ticks
    magnitude = 10 ** math.floor(math.log10(raw))
    return next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)


def history_chart(ratings: list[float], width: int = WIDTH, height: int = HEIGHT) -> Chart:
    """The chart of a person's ratings after each rated match, starting from 0 (the rating
    everyone starts at), so one match is already a line."""
    values = [0.0, *ratings]
    low, high = min(values), max(values)
    if high - low < 1:
        low, high = low - 0.5, high + 0.5
    step = nice_step(high - low)
    low, high = math.floor(low / step) * step, math.ceil(high / step) * step
    inner_w, inner_h = width - LEFT - RIGHT, height - TOP - BOTTOM

    def x(i):
        return LEFT + inner_w * i / max(len(values) - 1, 1)

    def y(v):
        return TOP + inner_h * (high - v) / (high - low)

    points = [(round(x(i), 1), round(y(v), 1)) for i, v in enumerate(values)]
    path = "M" + " L".join(f"{px},{py}" for px, py in points)
    y_ticks = []
    v = low
    while v <= high + step / 2:
        y_ticks.append((round(y(v), 1), f"{v:g}"))
        v += step
    n = len(values) - 1
    every = max(1, math.ceil(n / 8))
    x_ticks = [(round(x(i), 1), str(i)) for i in range(0, n + 1, every)]
    return Chart(width, height, points, path, y_ticks, x_ticks,
                 round(y(0), 1) if low <= 0 <= high else None, low, high,
                 left=LEFT, right=width - RIGHT)
