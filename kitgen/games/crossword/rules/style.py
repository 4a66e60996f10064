"""Pattern legality: what makes a blank grid a proper American or British pattern (issue 3).

American (every cell checked):
  every white cell checked; every light at least 3 letters; all white cells
  connected; 180-degree (rotational) symmetry; at most 78 lights on 15x15,
  scaled by area for other sizes (never below rows + cols).
British (blocked cryptic):
  every light at least 3 letters; at least half of every light's letters
  checked; no three unchecked cells ("unches") in a row and no two unches
  together at either end of a light; connected; symmetric (rotational or
  stronger).
Both: every white cell lies in a light, and the grid has at least one light.

The seed asks for "an unfilled crossword pattern from any old newspaper or
magazine"; these are the conventions such patterns follow.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from kitgen.core.grid import Grid, Light

STYLES = ("american", "british")


@dataclass(frozen=True)
class Violation:
    """One way a pattern breaks its style, with the light it concerns (if any)."""

    rule: str
    message: str
    light: str | None = None

    def __str__(self) -> str:
        return f"{self.light}: {self.message}" if self.light else self.message


def max_lights(rows: int, cols: int) -> int:
    """The American light limit: 78 on 15x15, scaled by area, never below ``rows + cols`` (an open grid)."""
    return max(rows + cols, round(78 * rows * cols / 225))


def unch_runs(grid: Grid, light: Light) -> list[bool]:
    """For each cell of ``light``, whether it is unchecked."""
    return [not grid.is_checked(cell) for cell in light.cells]


def _common(grid: Grid) -> list[Violation]:
    out = []
    if not grid.lights:
        out.append(Violation("no-lights", "the pattern has no light (no run of two or more white cells)"))
    orphans = grid.orphan_cells()
    if orphans:
        r, c = orphans[0]
        out.append(Violation("orphan-cell", f"{len(orphans)} white cell(s) in no light, first at row {r + 1} "
                                            f"column {c + 1}"))
    if grid.white_cells and not grid.is_connected():
        out.append(Violation("disconnected", "the white cells are not all connected"))
    return out


def american_violations(grid: Grid) -> list[Violation]:
    """Every way ``grid`` breaks the American conventions (empty if legal)."""
    out = _common(grid)
    for light in grid.lights:
        if light.length < 3:
            out.append(Violation("short-light", f"{light.length} letters; American lights have at least 3",
                                 light.name))
        unches = sum(unch_runs(grid, light))
        if unches:
            out.append(Violation("unchecked", f"{unches} unchecked cell(s); American patterns check every cell",
                                 light.name))
    if not grid.has_symmetry("rotational"):
        out.append(Violation("asymmetric", "not symmetric under a 180-degree turn"))
    limit = max_lights(grid.rows, grid.cols)
    if len(grid.lights) > limit:
        out.append(Violation("too-many-lights", f"{len(grid.lights)} lights; at most {limit} for "
                                                f"{grid.rows}x{grid.cols}"))
    return out


def british_violations(grid: Grid) -> list[Violation]:
    """Every way ``grid`` breaks the British (blocked cryptic) conventions (empty if legal)."""
    out = _common(grid)
    for light in grid.lights:
        if light.length < 3:
            out.append(Violation("short-light", f"{light.length} letters; lights have at least 3", light.name))
        unch = unch_runs(grid, light)
        checked = light.length - sum(unch)
        if checked * 2 < light.length:
            out.append(Violation("under-checked", f"only {checked} of {light.length} letters checked; "
                                                  "at least half must be", light.name))
        if any(unch[i] and unch[i + 1] and unch[i + 2] for i in range(len(unch) - 2)):
            out.append(Violation("triple-unch", "three unchecked cells in a row", light.name))
        if light.length >= 3 and ((unch[0] and unch[1]) or (unch[-1] and unch[-2])):
            out.append(Violation("double-unch-end", "two unchecked cells together at an end", light.name))
    if not (grid.has_symmetry("rotational") or grid.has_symmetry("mirror")):
        out.append(Violation("asymmetric", "not symmetric (neither a 180-degree turn nor a mirror)"))
    return out


def violations(grid: Grid, style: str) -> list[Violation]:
    if style == "american":
        return american_violations(grid)
    if style == "british":
        return british_violations(grid)
    raise ValueError(f"unknown style {style!r} (american or british)")


@dataclass
class Report:
    """The legality report of ``kitgen pattern --check``."""

    rows: int
    cols: int
    blocks: int
    lights: int
    symmetries: list[str]
    connected: bool
    histogram: dict[int, int]
    checking: list[dict[str, Any]]
    styles: dict[str, list[Violation]] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {
            "rows": self.rows, "cols": self.cols, "blocks": self.blocks, "lights": self.lights,
            "symmetries": self.symmetries, "connected": self.connected,
            "histogram": {str(k): v for k, v in sorted(self.histogram.items())},
            "checking": self.checking,
            "styles": {s: {"legal": not v, "violations": [
                {"rule": x.rule, "light": x.light, "message": x.message} for x in v]} for s, v in self.styles.items()},
        }

    def lines(self) -> list[str]:
        out = [f"{self.rows}x{self.cols}, {self.blocks} blocks, {self.lights} lights",
               f"symmetry: {', '.join(self.symmetries)}",
               f"connected: {'yes' if self.connected else 'NO'}",
               "light lengths: " + ", ".join(f"{n}x{k}" for k, n in sorted(self.histogram.items())),
               "checking: " + ", ".join(f"{c['light']} {c['checked']}/{c['length']}" for c in self.checking)]
        for style, found in self.styles.items():
            if not found:
                out.append(f"{style}: legal")
            else:
                out.append(f"{style}: {len(found)} violation(s)")
                out.extend(f"  {v}" for v in found)
        return out


def report(grid: Grid, styles: tuple[str, ...] = STYLES) -> Report:
    """Symmetry, connectivity, light-length histogram, checking per light, and style violations."""
    return Report(
        rows=grid.rows, cols=grid.cols, blocks=grid.block_count, lights=len(grid.lights),
        symmetries=grid.symmetries(), connected=grid.is_connected(),
        histogram=dict(Counter(light.length for light in grid.lights)),
        checking=[{"light": light.name, "length": light.length, "checked": grid.checked_count(light)}
                  for light in grid.lights],
        styles={s: violations(grid, s) for s in styles},
    )
