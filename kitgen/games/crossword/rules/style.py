"""Pattern legality by tradition: each finding a ``Problem``, an error, a warning or a note (docs/crossword.md,
ruling 7), its ``offending`` the light it concerns.

The seed asks for "an unfilled crossword pattern from any old newspaper or
magazine"; a pattern is judged by the conventions of the tradition it comes
from, and only what that tradition never prints is an error (``--check`` exits
1 only for errors). Sources are cited in the docs page.

American (the NYT's specifications for constructors, as every US daily follows):
  errors: a letter unchecked; a light under 3 letters; white cells not all
  connected; no symmetry at all. Warnings: left-right (mirror) symmetry only
  (printed now and then); more lights than the usual cap (78 on 15x15, scaled
  by area) -- papers print 80-word dailies.
British blocked (The Times' grid rules, as its setters and solvers describe them;
the Guardian prints 3 of 7 checked):
  errors: fewer than floor(L/2) letters of a light of length L checked; three
  unchecked letters in a row; a light under 3 letters; white cells not all
  connected; neither 180-degree nor mirror symmetry. Notes: two unchecked
  letters together ("double unches"), at an end or not.
Barred (thresholds from published barred grids, see the docs page):
  errors: a light under 3 letters; fewer than half the letters of a light
  checked; white cells not all connected. Warnings: two unchecked letters
  together (published barred grids never have them); no symmetry.
Every tradition: a white cell in no light and a pattern with no light are
errors.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from kitgen.core.errors import Problem, Severity
from kitgen.core.grid import Grid, Light

STYLES = ("american", "british", "barred")


def finding(code: str, message: str, light: str | None = None, severity: Severity = Severity.ERROR) -> Problem:
    """One finding about a pattern in a tradition: a ``Problem`` whose ``offending`` is the light it concerns
    (if any); it has no place in a file (a pattern may come from any format)."""
    return Problem(code, message, None, severity, light)


def errors(found: list[Problem]) -> list[Problem]:
    return [p for p in found if p.is_error]


def shown(found: Problem) -> str:
    """A finding as the report prints it: ``1A: message``, or the message alone."""
    return f"{found.offending}: {found.message}" if found.offending else found.message


def max_lights(rows: int, cols: int) -> int:
    """The American light cap: 78 on 15x15, scaled by area, never below ``rows + cols`` (an open grid)."""
    return max(rows + cols, round(78 * rows * cols / 225))


def unch_runs(grid: Grid, light: Light) -> list[bool]:
    """For each cell of ``light``, whether it is unchecked."""
    return [not grid.is_checked(cell) for cell in light.cells]


def _common(grid: Grid) -> list[Problem]:
    out = []
    if not grid.lights:
        out.append(finding("no-lights", "the pattern has no light (no run of two or more white cells)"))
    orphans = grid.orphan_cells()
    if orphans:
        r, c = orphans[0]
        out.append(finding("orphan-cell", f"{len(orphans)} white cell(s) in no light, first at row {r + 1} "
                                            f"column {c + 1}"))
    if grid.white_cells and not grid.is_connected():
        out.append(finding("disconnected", "the white cells are not all connected"))
    return out


def _short(light: Light) -> list[Problem]:
    if light.length < 3:
        return [finding("short-light", f"{light.length} letters; lights have at least 3", light.name)]
    return []


def _double_unches(unch: list[bool]) -> tuple[bool, bool]:
    """(two unches together anywhere, two together at an end)."""
    pairs = any(unch[i] and unch[i + 1] for i in range(len(unch) - 1))
    ends = len(unch) >= 3 and ((unch[0] and unch[1]) or (unch[-1] and unch[-2]))
    return pairs, ends


def american_problems(grid: Grid) -> list[Problem]:
    """Every American finding about ``grid`` (empty if it keeps every convention)."""
    out = _common(grid)
    for light in grid.lights:
        out += _short(light)
        unches = sum(unch_runs(grid, light))
        if unches:
            out.append(finding("unchecked", f"{unches} unchecked cell(s); American patterns check every cell",
                                 light.name))
    if not grid.has_symmetry("rotational"):
        if grid.has_symmetry("mirror"):
            out.append(finding("mirror-only", "left-right symmetry, not a 180-degree turn (printed now and then)",
                                 severity=Severity.WARNING))
        else:
            out.append(finding("asymmetric", "not symmetric under a 180-degree turn"))
    limit = max_lights(grid.rows, grid.cols)
    if len(grid.lights) > limit:
        out.append(finding("too-many-lights", f"{len(grid.lights)} lights; the usual most is {limit} for "
                                                f"{grid.cols}x{grid.rows} (papers print a few more)",
                             severity=Severity.WARNING))
    return out


def british_problems(grid: Grid, strict: bool = False) -> list[Problem]:
    """Every British (blocked cryptic) finding about ``grid``.

    ``strict`` is what kitgen's own generator keeps to: at least half of every light checked rounded up (The
    Times), and no double unch at an end (both errors then).
    """
    out = _common(grid)
    for light in grid.lights:
        out += _short(light)
        unch = unch_runs(grid, light)
        checked = light.length - sum(unch)
        need = (light.length + 1) // 2 if strict else light.length // 2
        if checked < need:
            out.append(finding("under-checked", f"only {checked} of {light.length} letters checked; at least "
                                                  f"{need} must be", light.name))
        if any(unch[i] and unch[i + 1] and unch[i + 2] for i in range(len(unch) - 2)):
            out.append(finding("triple-unch", "three unchecked cells in a row", light.name))
        pairs, ends = _double_unches(unch)
        if ends:
            out.append(finding("double-unch-end", "two unchecked cells together at an end", light.name,
                                 Severity.ERROR if strict else Severity.NOTE))
        elif pairs:
            out.append(finding("double-unch", "two unchecked cells together", light.name, Severity.NOTE))
    if not (grid.has_symmetry("rotational") or grid.has_symmetry("mirror")):
        out.append(finding("asymmetric", "not symmetric (neither a 180-degree turn nor a mirror)"))
    return out


def barred_problems(grid: Grid) -> list[Problem]:
    """Every barred-grid finding about ``grid`` (thresholds: docs/crossword.md, ruling 7)."""
    out = _common(grid)
    for light in grid.lights:
        out += _short(light)
        unch = unch_runs(grid, light)
        checked = light.length - sum(unch)
        if checked * 2 < light.length:
            out.append(finding("under-checked", f"only {checked} of {light.length} letters checked; barred "
                                                  "grids check at least half", light.name))
        if _double_unches(unch)[0]:
            out.append(finding("double-unch", "two unchecked cells together (published barred grids have none)",
                                 light.name, Severity.WARNING))
    if grid.symmetries() == ["none"]:
        out.append(finding("asymmetric", "no symmetry (barred grids are usually symmetric)", severity=Severity.WARNING))
    return out


def problems(grid: Grid, style: str) -> list[Problem]:
    if style == "american":
        return american_problems(grid)
    if style == "british":
        return british_problems(grid)
    if style == "barred":
        return barred_problems(grid)
    raise ValueError(f"unknown style {style!r} (american, british or barred)")


def default_styles(grid: Grid) -> tuple[str, ...]:
    """The traditions a pattern is judged by when none is named: barred for a barred grid, else both blocked."""
    return ("barred",) if grid.bars else ("american", "british")


@dataclass
class Report:
    """The legality report of ``kitgen pattern --check``."""

    rows: int
    cols: int
    blocks: int
    voids: int
    bars: int
    lights: int
    symmetries: list[str]
    connected: bool
    histogram: dict[int, int]
    checking: list[dict[str, Any]]
    styles: dict[str, list[Problem]] = field(default_factory=dict)

    def has_errors(self, style: str) -> bool:
        return bool(errors(self.styles.get(style, [])))

    def as_json(self) -> dict[str, Any]:
        return {
            "size": f"{self.cols}x{self.rows}", "rows": self.rows, "cols": self.cols, "blocks": self.blocks,
            "voids": self.voids, "bars": self.bars, "lights": self.lights,
            "symmetries": self.symmetries, "connected": self.connected,
            "histogram": {str(k): v for k, v in sorted(self.histogram.items())},
            "checking": self.checking,
            "styles": {s: {"legal": not errors(v),
                           "errors": sum(x.severity is Severity.ERROR for x in v),
                           "warnings": sum(x.severity is Severity.WARNING for x in v),
                           "violations": [{"rule": x.code, "light": x.offending, "message": x.message,
                                           "severity": x.severity.value} for x in v]}
                       for s, v in self.styles.items()},
        }

    def lines(self) -> list[str]:
        shape = f"{self.blocks} blocks" + (f", {self.voids} voids" if self.voids else "") + \
            (f", {self.bars} bars" if self.bars else "")
        out = [f"{self.cols}x{self.rows} (columns x rows), {shape}, {self.lights} lights",
               f"symmetry: {', '.join(self.symmetries)}",
               f"connected: {'yes' if self.connected else 'NO'}",
               "light lengths: " + ", ".join(f"{n}x{k}" for k, n in sorted(self.histogram.items())),
               "checking: " + ", ".join(f"{c['light']} {c['checked']}/{c['length']}" for c in self.checking)]
        for style, found in self.styles.items():
            counts = Counter(v.severity for v in found)
            tally = ", ".join(f"{counts[lv]} {lv.value}(s)" for lv in Severity if counts[lv])
            verdict = "legal" if not counts[Severity.ERROR] else "NOT legal"
            out.append(f"{style}: {verdict}" + (f" ({tally})" if tally else ""))
            out.extend(f"  {v.severity.value}: {shown(v)}" for v in found)
        return out


def report(grid: Grid, styles: tuple[str, ...] | None = None) -> Report:
    """Symmetry, connectivity, light-length histogram, checking per light, and each tradition's findings."""
    return Report(
        rows=grid.rows, cols=grid.cols, blocks=grid.block_count, voids=grid.void_count, bars=len(grid.bars),
        lights=len(grid.lights), symmetries=grid.symmetries(), connected=grid.is_connected(),
        histogram=dict(Counter(light.length for light in grid.lights)),
        checking=[{"light": light.name, "length": light.length, "checked": grid.checked_count(light)}
                  for light in grid.lights],
        styles={s: problems(grid, s) for s in (styles or default_styles(grid))},
    )
