"""Surveys: every deal of a range worked the same way, streamed as JSON Lines (docs/surveys.md).

Any deal variant that declares a ``Survey`` (kitgen/games/base.py) gets, on its deal command, ``--range A-B``
with ``--jobs N`` (forked processes), ``--dask [ADDRESS]`` (Dask distributed) and ``--stats``:

* one JSON line a deal, in seed order, as results come: on stdout with ``--json``, or appended to
  ``--out FILE.jsonl``; memory stays flat however long the range (a window of chunks in flight, a bitmap of the
  deals done, a summary folded line by line);
* rerunning with the same ``--out`` resumes: the deals already in the file are skipped, never worked again; a
  half-written last line (a killed run) is cut off; a file kitgen does not own (its first line is not a whole line
  of this survey) or made with other options (another word list or deck, told by each line's ``"survey"`` key) is
  refused, unless ``--force`` starts it over; every resumed line is checked against the survey's line schema
  (``Survey.line``); the file is locked for the run (a second run on it is refused) and never opened through a
  symbolic link; Ctrl-C leaves every line written whole;
* on a terminal, a progress bar with the time left (stderr), and once the first results are in, one line above
  it saying how long the rest will take.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from kitgen.core.display import escaped
from kitgen.core.errors import InputError, Location
from kitgen.core.i18n import N_, decimal, either, ngettext, whole
from kitgen.core.i18n import gettext as _
from kitgen.core.random import check_seed
from kitgen.core.text import parse_count, read_input
from kitgen.games.base import (
    DASK,
    FORCE,
    JOBS,
    OUT,
    PLOT,
    RANGE,
    STATS,
    SURVEY_OPTIONS,
    Cancelled,
    Command,
    Context,
    DealVariant,
    Options,
    OptionValues,
    Outcome,
    Survey,
    Tally,
    Typed,
    opt,
)
from kitgen.io.jsonl import LinesFile, parse_line

MAX_RANGE = 1_000_000
ESTIMATE_AFTER = 1.0
"""Seconds of work measured before the time the rest will take is said."""


def parse_range(text: str) -> tuple[int, int]:
    """``A-B``: two deal numbers, the end not before the start, at most a million deals."""
    low, sep, high = text.partition("-")
    if not sep:
        raise InputError(_("--range must look like 1-1000 (got {typed})").format(typed=repr(text)))
    first, last = (check_seed(parse_count(part.strip(), None, N_("--range: a deal number"))) for part in (low, high))
    if last < first:
        raise InputError(_("--range {typed}: the end is before the start").format(typed=text))
    if last - first >= MAX_RANGE:
        raise InputError(_("--range covers at most {most} deals").format(most=whole(MAX_RANGE)))
    return first, last


class RangeOptions(Options):
    """What a deal command with a survey reads besides the deal's own options: ``--range`` and its company, and
    the ``--force`` of its JSON Lines file (its ``--out`` is the command's own, or ``OutOptions``)."""

    range: str | None = opt(RANGE)
    jobs: int = opt(JOBS)
    dask: str | None = opt(DASK)
    stats: bool = opt(STATS)
    plot: Path | None = opt(PLOT)
    force: bool = opt(FORCE)


class OutOptions(Options):
    """``--out`` of a deal command that writes no file of its own (the survey's JSON Lines file)."""

    out: str | None = opt(OUT)


@runtime_checkable
class WritesOut(Protocol):
    """The typed options of a deal command that writes a file: they hold its ``--out``."""

    out: str | None


def survey_out(deal_options: Options, values: OptionValues) -> str | None:
    """``--out``, converted once: by the deal command's own options when it writes a file (they hold it), else by
    ``OutOptions`` (the command adds the flag for its survey)."""
    return deal_options.out if isinstance(deal_options, WritesOut) else OutOptions.of(values).out


def survey_key(variant: str, survey: Survey, work_options: Options) -> str:
    """A short digest of what makes the lines: the variant and the options that change them (a file by its bytes),
    so a resumed file is known to hold lines of the same survey."""
    parts: dict[str, Any] = {"variant": variant}
    for name in survey.changes:
        value = getattr(work_options, name)
        if name in survey.set_only and not value:
            continue
        if isinstance(value, Path):
            value = hashlib.sha256(read_input(value)).hexdigest()
        parts[name] = value if value is None or isinstance(value, (int, float, bool, str)) else str(value)
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode()).hexdigest()[:12]


BASE_KEYS = frozenset({"game", "seed", "survey"})
KINDS: dict[str, Any] = {
    "int": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "bool": lambda v: isinstance(v, bool),
    "str": lambda v: isinstance(v, str),
    "null": lambda v: v is None,
    "list[str]": lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v),
    "list[object]": lambda v: isinstance(v, list) and all(isinstance(x, dict) for x in v),
}
"""The JSON kinds a ``Survey.line`` key may take."""
SAID = {"int": N_("a whole number"), "bool": N_("true or false"), "str": N_("a string"), "null": N_("null"),
        "list[str]": N_("a list of strings"), "list[object]": N_("a list of objects")}


def check_line(line: dict[str, Any], survey: Survey, where: Location) -> None:
    """A resumed line has a deal number and each key of ``survey.line`` with its kind, and no other key; a
    located ``InputError`` naming the key otherwise (a tampered ``"winnable": "yes"`` is never trusted)."""
    seed = line.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise InputError(_('a survey line has a deal number ("seed")'), where)
    for name, kind in survey.line:
        if name not in line:
            raise InputError(_("a {game} survey line has {key}").format(game=line.get("game"), key=repr(name)),
                             where)
        kinds = kind.split("|")
        if not any(KINDS[k](line[name]) for k in kinds):
            said = either([_(SAID[k]) for k in kinds])
            raise InputError(_("{key} is {kinds} (got {typed})").format(
                key=repr(name), kinds=said, typed=escaped(json.dumps(line[name]))[:40]), where)
    if survey.line:
        unknown = sorted(set(line) - BASE_KEYS - {name for name, _kind in survey.line})
        if unknown:
            raise InputError(_("a survey line has no key {key}").format(key=repr(escaped(unknown[0])[:40])), where)


def _tenths(value: float) -> str:
    """A non-negative number to one decimal, its thousands grouped, as the text language writes it (1,234.5)."""
    tenths = round(value, 1)
    return whole(int(tenths)) + decimal(tenths)[-2:]


def _duration(seconds: float) -> str:
    """How long the rest of a survey will take, its units as the text language writes them (12 s, 3 min, 2 h 05 min)."""
    if seconds < 90:
        return _("{seconds} s").format(seconds=whole(round(seconds)))
    minutes = round(seconds / 60)
    if minutes < 90:
        return _("{minutes} min").format(minutes=whole(minutes))
    return _("{hours} h {minutes} min").format(hours=whole(minutes // 60), minutes=f"{minutes % 60:02d}")


@dataclasses.dataclass
class SurveyRun:
    """One ``--range`` run: what is asked, what the file already holds, and the summary so far."""

    variant: DealVariant
    survey: Survey
    asked: RangeOptions
    work_options: Options
    """The survey work's typed options (``Survey.work.options``), built once."""
    context: Context
    first: int
    last: int
    key: str
    path: Path | None
    tally: Tally
    done: bytearray
    resumed: int = 0
    new: int = 0
    seconds: float = 0.0
    file: LinesFile | None = None
    """``--out``, open and locked for the run."""
    plot: Path | None = None
    """``--plot FILE.svg``: the chart drawn once every deal is in."""
    points: list[tuple[int, Any, Any]] = dataclasses.field(default_factory=list)
    """What the chart needs of each line (seed and one or two numbers), kept only with ``--plot``."""

    def keep(self, line: dict[str, Any]) -> None:
        """Fold a line into the summary (and the chart's points with ``--plot``)."""
        self.tally.add(line)
        if self.plot is not None:
            self.points.append((int(line["seed"]), line.get("par", line.get("winnable")), line.get("bound")))

    def draw(self) -> None:
        """``--plot``: par and bound per deal (a par survey), or the winnable share along the range."""
        from kitgen.io.charts import par_chart, share_chart

        if self.plot is None:
            return
        title = _("{variant}, deals {first}-{last}").format(variant=self.variant.name, first=self.first, last=self.last)
        if self.points and self.points[0][2] is not None:
            par_chart([(seed, int(par), int(bound)) for seed, par, bound in self.points], self.plot, title)
        else:
            share_chart([(seed, won) for seed, won, _bound in self.points], self.plot, title)

    @property
    def todo(self) -> int:
        return len(self.done) - self.resumed

    def resume(self) -> None:
        """Read the lines already in ``--out``: the file must be this survey's (its first line a whole line of it,
        or empty); each line checked (``check_line``), its deal marked done and folded into the summary."""
        assert self.file is not None
        self._owned()
        for number, line in self.file.lines():
            where = Location(escaped(str(self.path)), number, 1)
            self._same_survey(line, where)
            check_line(line, self.survey, where)
            seed = line["seed"]
            if self.first <= seed <= self.last and not self.done[seed - self.first]:
                self.done[seed - self.first] = 1
                self.keep(line)
                self.resumed += 1

    def _owned(self) -> None:
        """Refuse a file whose first line is not a whole line of this survey: it is not kitgen's to cut or
        append to (a user's notes, a file without a final newline), whatever its name."""
        assert self.file is not None
        first = self.file.first_line()
        if first is None:
            return
        raw, complete = first
        where = Location(escaped(str(self.path)), 1, 1)
        if not complete:
            raise InputError(_("not a survey file (its first line is not a whole JSON line); kitgen appends only to "
                               "its own survey files: use another --out, or --force to start it over"), where)
        self._same_survey(parse_line(raw, where), where)

    def _same_survey(self, line: dict[str, Any], where: Location) -> None:
        if line.get("game") != self.variant.name or line.get("survey") != self.key:
            raise InputError(_("this line is not from the same survey ({variant} with these options: --words, "
                               "--spec...); use another --out, or --force to start over").format(
                                   variant=self.variant.name), where)

    def lines(self) -> Iterator[dict[str, Any]]:
        """Work every deal not done yet, in seed order: each deal's JSON line, folded into the summary."""
        from kitgen.io.workers import make_pool, ordered_results

        if not self.todo:
            self.draw()
            return
        work = self.survey.work.function(self.work_options)
        pool = make_pool(work, self.asked.jobs, self.asked.dask)
        seeds = (s for s in range(self.first, self.last + 1) if not self.done[s - self.first])
        started = time.perf_counter()
        with self.context.progress(f"{self.variant.name} {self.first}-{self.last}", self.todo) as update:
            said = False
            for results in ordered_results(seeds, pool, self.survey.chunk):
                if self.context.cancelled():  # the lines so far are written whole; the rest is not worked
                    raise Cancelled()
                for result in results:
                    line = {**result, "survey": self.key}
                    self.keep(line)
                    self.new += 1
                    yield line
                self.seconds = time.perf_counter() - started
                if update is not None:
                    update(self.new, None)
                if update is not None and not said and self.seconds >= ESTIMATE_AFTER and self.new < self.todo:
                    said = True
                    self._estimate(pool.workers)
        self.draw()

    def _estimate(self, workers: int) -> None:
        rate = self.new / self.seconds
        where = _(" ({count} already in {file})").format(count=whole(self.resumed), file=self.path) if self.resumed \
            else ""
        self.context.note(ngettext("{todo} deals to work{where}: about {duration} at {rate} a second over {workers} "
                                   "worker", "{todo} deals to work{where}: about {duration} at {rate} a second over "
                                   "{workers} workers", workers).format(
            todo=whole(self.todo), where=where, duration=_duration(self.todo / rate),
            rate=_tenths(rate), workers=workers))

    def summary(self) -> dict[str, Any]:
        """The ``--json`` document of a run written to ``--out``: the range, what was worked, the game's tally."""
        return {"game": self.variant.name, "from": self.first, "to": self.last, "deals": self.resumed + self.new,
                "new": self.new, "resumed": self.resumed, "seconds": round(self.seconds, 3),
                "out": str(self.path) if self.path else None, **self.tally.to_json()}

    def text(self) -> list[str]:
        found = self.tally.lines(self.asked.stats)
        head = _("deals {first}-{last}: {found}, in {seconds} s").format(
            first=self.first, last=self.last, found=found[0] if found else "", seconds=decimal(self.seconds))
        wrote = [_("wrote {file} ({new} deals worked, {resumed} already there)").format(
            file=self.path, new=whole(self.new), resumed=whole(self.resumed))] if self.path else []
        return [*wrote, head, *found[1:]]


def _start(variant: DealVariant, asked: RangeOptions, work_options: Options, out: str | None,
           context: Context) -> SurveyRun:
    """Check everything a run needs before any work: the range, the flag asking for the work, ``--out``. The deal
    command's options (``work_options``, the survey work's) were built, every value checked, before these."""
    from kitgen.io.files import out_path

    survey = variant.survey
    assert survey is not None and asked.range is not None
    first, last = parse_range(asked.range)
    if not getattr(work_options, survey.needs):  # the variant's own flag (--solve, --par), named by its declaration
        raise InputError(_("--range needs --{needs} (the work done on each deal)").format(needs=survey.needs))
    if asked.dask is not None:
        from kitgen.io.workers import check_dask

        check_dask()
    path = out_path(out, f"{variant.name}-{first}-{last}.jsonl", ".jsonl") if out is not None else None
    if asked.plot is not None:
        from kitgen.io.charts import check_charts

        check_charts()
    run = SurveyRun(variant, survey, asked, work_options, context, first, last,
                    survey_key(variant.name, survey, work_options), path, survey.tally(), bytearray(last - first + 1),
                    plot=None if asked.plot is None else out_path(asked.plot, f"{variant.name}-{first}-{last}.svg",
                                                                    ".svg", "--plot"))
    if path is not None:
        run.file = LinesFile(path, start_over=asked.force)
        try:
            if not asked.force:
                run.resume()
        except BaseException:
            run.file.close()
            raise
    return run


def run_survey(variant: DealVariant, asked: RangeOptions, work_options: Options, out: str | None,
               context: Context) -> Outcome:
    """``--range A-B``: JSON lines on stdout (``--json``), or into ``--out FILE.jsonl`` with the summary printed."""
    run = _start(variant, asked, work_options, out, context)
    if run.path is None and context.json:
        return Outcome(lines=_printed(run))
    if run.path is None:
        return Outcome(lines=_counted(run))
    return Outcome(lines=_filed(run), document=lambda: _filed_summary(run))


def _printed(run: SurveyRun) -> Iterator[str]:
    for line in run.lines():
        yield json.dumps(line, ensure_ascii=False)
    run.context.note(" ".join(run.text()))


def _counted(run: SurveyRun) -> Iterator[str]:
    for _line in run.lines():
        pass
    yield from run.text()


def _write(run: SurveyRun) -> None:
    assert run.file is not None
    with run.file as out:
        if out.drop_torn_tail():
            run.context.note(_("{file}: cut off a half-written last line (a run was stopped while writing it)").format(
                file=escaped(str(run.path))))
        for line in run.lines():
            out.write(line)


def _filed(run: SurveyRun) -> Iterator[str]:
    _write(run)
    yield from run.text()


def _filed_summary(run: SurveyRun) -> dict[str, Any]:
    _write(run)
    return run.summary()


def surveyed(command: Command, variant: DealVariant) -> Command:
    """The deal command of a variant with a survey, taking ``--range``, ``--jobs``, ``--dask``, ``--stats`` and
    ``--out``/``--force`` (a command that writes); without ``--range`` it runs as declared (the range flags
    refused).

    The command's typed options are the survey work's (``Survey.work.options``): they are built once, first, so a
    bad deal option is refused before the range is looked at (as when the faces checked every value first), and
    handed to the command or to the survey's work as they are (each value, ``--out`` too, converted once)."""
    declared = {o.name for o in command.options}
    added = tuple(o for o in SURVEY_OPTIONS if o.name not in declared)
    survey = variant.survey
    typed_run = command.run
    if survey is None or not isinstance(typed_run, Typed) or typed_run.options is not survey.work.options:
        raise TypeError(f"the deal command {command.name} and its survey's work must take the same typed options")

    def run(values: OptionValues, context: Context) -> Outcome:
        deal_options = typed_run.options.of(values)
        asked = RangeOptions.of(values)
        if asked.range is not None:
            return run_survey(variant, asked, deal_options, survey_out(deal_options, values), context)
        if asked.stats or asked.dask is not None or asked.jobs != 1 or asked.plot is not None:
            raise InputError(_("--jobs, --dask, --stats and --plot go with --range A-B"))
        if not command.writes and survey_out(deal_options, values) is not None:
            raise InputError(_("--out goes with --range A-B here (a JSON Lines file)"))
        outcome: Outcome = typed_run.function(deal_options, context)
        return outcome

    return dataclasses.replace(command, options=command.options + added, run=run, writes=True,
                               png=command.png and command.writes)
