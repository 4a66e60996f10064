"""Typer commands generated from the games' declarations (kitgen/games/base.py).

Each declared :class:`~kitgen.games.base.Option` becomes a CLI parameter with
its flag, type, choices and help; the command's traits add the shared options
(``--out``, ``--force``, ``--png`` where a file is written, ``--json`` where
there is a result, ``-q/--quiet`` everywhere). The generated callback checks
the values against the declaration, runs the command, then writes the files,
prints the text or JSON and exits with the command's code. The commands are
``kitgen.api.commands``: every game's record kind becomes ``kitgen verify
KIND`` and every deal variant ``kitgen deal VARIANT`` unless the game declares
its own command of that name, the same commands the web app runs.
"""

from __future__ import annotations

import inspect
import itertools
import json as jsonlib
import os
import threading
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from enum import Enum
from pathlib import Path
from typing import Annotated, Any

import typer

from kitgen import api
from kitgen.api import (
    FORCE,
    LANG,
    OUT,
    TEXT_LANG,
    Batch,
    Command,
    Game,
    Group,
    Option,
    OptionValue,
    OptionValues,
    Outcome,
    OutFile,
    Update,
    gettext,
    speaking,
    text_language_for,
)

PNG = Option("png", Path, None, "Also write a PNG preview of every page into this directory.", writes_file=True)
JSON = Option("json", bool, False, "Print the result as JSON (a documented contract).")
QUIET = Option("quiet", bool, False, "No progress bars or chatter.", short="-q")


ASKING = 1.0
"""Seconds since a loop last asked ``cancelled()`` within which Ctrl-C (SIGTERM, SIGHUP) is taken as a request to
stop at its next checkpoint; a loop asks every few milliseconds."""


class CliContext:
    """What the command line lends a running command: rich progress bars on a terminal, and Ctrl-C, SIGTERM or
    SIGHUP as a request to stop at the next checkpoint where a long loop is asking (``takes``)."""

    def __init__(self, quiet: bool, json: bool) -> None:
        self.quiet = quiet
        self.json = json
        self.signal: int | None = None
        """The stopping signal taken as a request (``takes``), once one came."""
        self._asked: float | None = None
        self._unanswered: threading.Timer | None = None

    def progress(self, label: str, total: float, unit: str = "") -> AbstractContextManager[Update | None]:
        from kitgen.cli.progress import progress

        return progress(label, total, quiet=self.quiet, unit=unit)

    def note(self, text: str) -> None:
        """One line on stderr (stdout stays the result's), unless ``--quiet``."""
        if not self.quiet:
            typer.echo(text, err=True)

    def cancelled(self) -> bool:
        """Whether Ctrl-C, SIGTERM or SIGHUP came while a loop was asking: the loop stops at its checkpoint
        (``Cancelled``), the step in hand finished, and the run ends as the signal ends it (``run_command``)."""
        self._asked = time.monotonic()
        if self.signal is not None and self._unanswered is not None:
            self._unanswered.cancel()
            self._unanswered = None
        return self.signal is not None

    def takes(self, signum: int) -> bool:
        """Whether a stopping signal waits for the next checkpoint: the first one, while a loop is asking (it asked
        ``cancelled()`` within ``ASKING`` seconds); if no loop asks within ``ASKING`` seconds after all, the
        signal comes again and interrupts. Any other signal interrupts at once, as without a loop."""
        if self.signal is not None or self._asked is None or time.monotonic() - self._asked > ASKING:
            return False
        self.signal = signum
        self._unanswered = threading.Timer(ASKING, os.kill, (os.getpid(), signum))
        self._unanswered.daemon = True
        self._unanswered.start()
        return True

    def close(self) -> None:
        """No signal is sent again once the run is over."""
        if self._unanswered is not None:
            self._unanswered.cancel()


def run_command(command: Command, values: OptionValues, context: CliContext,
                emitted: Callable[[Outcome], None]) -> None:
    """Run a command and emit its outcome with the context's ``cancelled()`` watched by its loops: Ctrl-C, SIGTERM
    or SIGHUP while one is asking stops it at its next checkpoint, then ends the run as the signal would have
    (exit 128 + N, one line: ``kitgen.cli.app``), whatever it was writing left whole."""
    try:
        with api.stops_asked(context.takes), api.watched(context):
            emitted(command.run(values, context))
    except api.Cancelled:
        if context.signal is None:
            raise
        api.interrupt(context.signal)
    finally:
        context.close()


def shared_options(command: Command) -> tuple[Option, ...]:
    """The shared options a command takes, by its traits, leaving out any it declares itself."""
    speaks = command.writes or any(o.name == "lang" for o in command.options)
    shared = ((OUT, FORCE) + ((PNG,) if command.png else ()) if command.writes else ()) + \
        ((JSON,) if command.result else ()) + ((TEXT_LANG,) if speaks else ()) + (QUIET,)
    declared = {o.name for o in command.options}
    return tuple(o for o in shared if o.name not in declared)


def _annotation(option: Option) -> Any:
    """The Python type Typer sees for an option."""
    kind: Any = option.type
    if option.many:
        kind = list[kind]
    if option.default is None and not option.required:
        kind = kind | None
    return kind


def _parameter(option: Option) -> inspect.Parameter:
    """One ``inspect.Parameter`` carrying the Typer option (or argument) built from the declaration."""
    default: Any = option.default
    if isinstance(default, Enum) and not isinstance(default.value, str):
        default = default.value
    info: Any
    if option.argument:
        info = typer.Argument(help=gettext(option.help), show_default=False)
        if option.required:
            default = inspect.Parameter.empty
    else:
        flags = [option.cli_flag] + ([option.short] if option.short else [])
        info = typer.Option(*flags, help=gettext(option.help), case_sensitive=False,
                            show_default=option.default not in (None, False),
                            metavar="" if option.type is bool else None)
    return inspect.Parameter(option.name, inspect.Parameter.KEYWORD_ONLY, default=default,
                             annotation=Annotated[_annotation(option), info])


def typer_callback(command: Command) -> Callable[..., None]:
    """A function whose signature Typer turns into the command's parameters, and which runs it."""
    shared = shared_options(command)

    def callback(**given: Any) -> None:
        common = {o.name: given.pop(o.name) for o in shared}
        context = CliContext(bool(common.get("quiet")), bool(common.get("json")))
        values = {**_plain(given), **common}  # checked once, where the command builds its typed options
        lang = _code(values.get(LANG.name))  # the face's own reading of the shared options, by their declarations
        with speaking(text_language_for(_code(values.get(TEXT_LANG.name)), lang), words=lang or "en"):
            if command.out_is_directory:  # refused in the text language too
                common[OUT.name] = values[OUT.name] = _directory(common.get(OUT.name))
            run_command(command, values, context, lambda outcome: emit(outcome, common, inputs(command, values)))

    callback.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [_parameter(o) for o in command.options + shared])
    callback.__doc__ = gettext(command.help)
    callback.__name__ = command.name.replace("-", "_")
    return callback


def _code(value: OptionValue) -> str | None:
    """A language option's code (``fr``), None when not given."""
    return str(value.value if isinstance(value, Enum) else value) if value else None


def _plain(given: dict[str, Any]) -> dict[str, OptionValue]:
    """Typer's values as the declaration types them (lists for repeatable arguments)."""
    return {name: (list(value) if isinstance(value, tuple) else value) for name, value in given.items()}


def _directory(out: str | None) -> str:
    """``--out`` of a command that writes several files: a directory (``output/`` by default).

    It ends in ``/``, is a directory, or is a new name without an extension (made a directory);
    a name with an extension, or an existing file, is refused."""
    from kitgen import api

    folder = "output/" if out is None else out
    path = Path(folder)
    if folder.endswith(("/", os.sep)) or path.is_dir():
        return folder
    if path.suffix or path.exists():
        raise api.InputError(gettext("{option} here is a directory (one file per game is written into it)").format(
            option=f"{folder}: --out"))
    return folder + "/"


def inputs(command: Command, values: OptionValues) -> list[Path]:
    """The files a run reads: its path options and those that may name a file (``--spec``), not ``--out``."""
    found = []
    for option in command.options:
        if option.name == "out" or option.writes_file or not (option.type is Path or option.reads_file):
            continue
        given = values.get(option.name)
        for value in given if isinstance(given, list) else [given]:
            if isinstance(value, (str, Path)) and str(value):
                found.append(Path(value))
    return found


def emit(outcome: Outcome, common: dict[str, Any], sources: list[Path] | None = None) -> None:
    """Write the outcome's files (every overwrite checked first, all or nothing), print its result, exit."""
    quiet, as_json = bool(common.get("quiet")), bool(common.get("json"))
    if as_json and outcome.document is not None:  # stdout is the document alone: no "wrote" lines before it
        common, quiet = {**common, "quiet": True}, True
    check_targets(outcome, common, sources or [])
    for line in write_files(outcome, common):
        if not quiet:
            typer.echo(line)
    if as_json and outcome.document is not None:
        document = outcome.document() if callable(outcome.document) else outcome.document
        typer.echo(jsonlib.dumps(document, indent=2))
    else:
        for line in outcome.lines:
            typer.echo(line)
    if outcome.error:
        for line in outcome.error.splitlines():
            typer.echo(f"kitgen: {line}", err=True)
    if outcome.exit_code:
        raise typer.Exit(outcome.exit_code)


def target(file: OutFile, out: str | None) -> Path:
    """Where a file goes: the path the user named for it, else ``--out`` (a file or a directory)."""
    from kitgen import api

    return file.explicit if file.explicit is not None else api.output_path(out, file.name)


def check_targets(outcome: Outcome, common: dict[str, Any], sources: list[Path] | None = None) -> None:
    """Before any file is made: every target the outcome names (files and planned), and the PNG previews
    each PDF's ``--png`` would replace, may be written (``kitgen: ...`` otherwise); no two targets are one file
    and none is an input of the run (``api.check_distinct``); the ``--png`` folder is not a target."""
    from kitgen import api

    force, png = bool(common.get("force")), common.get("png")
    paths = [target(f, common.get("out")) for f in outcome.files]
    paths += [target(OutFile(name, b""), common.get("out")) for name in outcome.planned]
    api.check_distinct(paths, sources or [])
    if png is not None:
        folder = Path(png)
        clash = next((p for p in paths if api.same_file(p, folder)), None)
        if clash is not None:
            raise api.InputError(gettext("{option} is where {path} is written; give the previews a folder of their "
                                         "own").format(option=f"--png {api.shown(folder)}:", path=api.shown(clash)))
    for path in paths:
        api.check_overwrite(path, force)
        if png is not None and path.suffix.lower() == ".pdf":
            api.check_previews(path, Path(png), force)


def write_files(outcome: Outcome, common: dict[str, Any]) -> list[str]:
    """Write every file (and its previews) as one batch: all renamed into place at the end, or none.

    Returns the lines saying what was written."""
    from kitgen import api

    streamed = outcome.stream_files() if outcome.stream_files is not None else iter(())
    said = []
    with api.all_or_nothing(bool(common.get("force"))) as batch:
        for file in itertools.chain(outcome.files, streamed):
            path = batch.write(target(file, common.get("out")), file.write_to)
            said.append(gettext("wrote {path}").format(path=api.shown(path)))
            said += _previews(batch, path, common)
    return said


def _previews(batch: Batch, pdf: Path, common: dict[str, Any]) -> list[str]:
    png = common.get("png")
    if png is None or pdf.suffix.lower() != ".pdf":
        return []
    from kitgen import api

    data = batch.staged_bytes(pdf)
    pages = [batch.add(path, png_data) for path, png_data in api.preview_pngs(data, pdf.name, Path(png))]
    return [gettext("wrote {count} PNG previews to {folder}").format(count=len(pages), folder=api.shown(png))]


def fill_flag_values(args: list[str], options: tuple[Option, ...]) -> list[str]:
    """Give a bare flag that may take a value its ``flag_value``: ``--dask --range 1-9`` is ``--dask=local
    --range 1-9`` (Typer options always take a value; ``--dask ADDRESS`` and ``--dask=ADDRESS`` pass as typed)."""
    flags = {o.cli_flag: o.flag_value for o in options if o.flag_value is not None}
    out = []
    for i, arg in enumerate(args):
        bare = arg in flags and (i + 1 == len(args) or args[i + 1].startswith("-"))
        out.append(f"{arg}={flags[arg]}" if bare else arg)
    return out


def register(groups: dict[Group, typer.Typer], games: tuple[Game, ...], cls: type[Any],
             adapt: Callable[[Command], Command] | None = None) -> None:
    """Add every game's commands to the Typer groups given (``cls``: the command class, kitgen's help style); the
    commands of a group not given are not built. ``adapt`` gives the command line's own additions to a declared
    command (``kitgen sheet --session``)."""
    from kitgen import api

    for game in games:
        for command in api.commands(game):
            if command.group in groups:
                add(groups[command.group], adapt(command) if adapt else command, cls)


def add(group: typer.Typer, command: Command, cls: type[Any]) -> None:
    """Add one command to a Typer group (``cls``: the command class, kitgen's help style)."""
    group.command(command.name, help=gettext(command.help), cls=cls)(typer_callback(command))
