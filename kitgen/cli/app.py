"""The ``kitgen`` command: the Typer app, its command groups and the error boundary.

Exit codes (README.md, "Commands"): 0 ok, 1 a verified sheet or record breaks a rule, 2 bad
input or usage. A ``KitgenError`` becomes one line ``kitgen: FILE:LINE:COL: why``
on stderr; an unexpected exception becomes one line too (``--debug`` shows the
traceback). Heavy libraries are imported inside commands, so ``--help`` is fast.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

import typer
from typer.core import TyperCommand, TyperGroup

from kitgen import __version__

DEBUG_FLAG = "--debug"


class KitgenCommand(TyperCommand):
    """A Typer command whose help shows no ``<bool>`` beside its flags (``--help`` included)."""

    def get_params(self, ctx: Any) -> Any:
        return _flags_without_metavar(super().get_params(ctx))


def _flags_without_metavar(params: Any) -> Any:
    for param in params:
        if getattr(param, "is_flag", False):
            param.metavar = ""
    return params


class KitgenGroup(TyperGroup):
    """A Typer group that turns kitgen's errors into one-line messages and exit codes."""

    def get_params(self, ctx: Any) -> Any:
        return _flags_without_metavar(super().get_params(ctx))

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, windows_expand_args: bool = True, **extra: Any) -> Any:
        """Usage errors too become one line: ``kitgen: No such command 'poker' (see: kitgen deal --help)``."""
        from typer._click.exceptions import ClickException, NoArgsIsHelpError  # Typer's vendored click

        given = _with_flag_values(list(sys.argv[1:] if args is None else args))

        def run() -> Any:
            return super(KitgenGroup, self).main(given, prog_name, complete_var, False, windows_expand_args, **extra)

        if not standalone_mode:
            return run()
        try:
            result = run()
        except typer.Abort:
            typer.echo("kitgen: aborted", err=True)
            sys.exit(1)
        except NoArgsIsHelpError as exc:  # `kitgen deal` alone: its help, as Typer shows it
            from typer import rich_utils

            rich_utils.rich_format_error(exc)
            sys.exit(exc.exit_code)
        except ClickException as exc:
            ctx = getattr(exc, "ctx", None)
            where = f" (see: {ctx.command_path} --help)" if ctx is not None else ""
            typer.echo(f"kitgen: {' '.join(exc.format_message().split())}{where}", err=True)
            sys.exit(exc.exit_code)
        sys.exit(result if isinstance(result, int) else 0)

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except (typer.Exit, typer.Abort, typer.TyperException):
            raise
        except KeyboardInterrupt as exc:  # Ctrl-C, SIGTERM, SIGHUP: what was being written is already discarded
            raise typer.Exit(interrupted(exc)) from None
        except Exception as exc:  # the one place every error is caught
            from kitgen.api import KitgenError

            if isinstance(exc, KitgenError):  # one line: a newline or escape in a file name is shown escaped
                from kitgen.api import one_line

                typer.echo(f"kitgen: {one_line(str(exc))}", err=True)
                raise typer.Exit(exc.exit_code) from None
            if isinstance(exc, BrokenPipeError):  # `kitgen ... | head`: the reader left; say nothing more
                _silence_stdout()
                raise typer.Exit(0) from None
            if ctx.obj and ctx.obj.get("debug"):  # --debug: the traceback, for internal errors only
                import traceback

                traceback.print_exc(file=sys.stderr)
                typer.echo(f"kitgen: internal error: {type(exc).__name__}: {exc}", err=True)
                raise typer.Exit(2) from None
            typer.echo(f"kitgen: internal error: {type(exc).__name__}: {exc} (run with --debug for details)", err=True)
            raise typer.Exit(2) from None


def _with_flag_values(args: list[str]) -> list[str]:
    """``--dask`` alone becomes ``--dask=local`` (options that may be given as a bare flag)."""
    from kitgen.api import SURVEY_OPTIONS
    from kitgen.cli.build import fill_flag_values

    return fill_flag_values(args, SURVEY_OPTIONS)


INTERRUPTED = 130
"""The exit code of a command stopped by Ctrl-C (128 + SIGINT, as shells report it); 128 + N for signal N."""


def interrupted(exc: BaseException | None = None) -> int:
    """Say, in one line, that the command was stopped; return the exit code: 130 for Ctrl-C, 128 + N for
    SIGTERM (143) and SIGHUP (129), as shells report them."""
    import signal

    from kitgen.api import signal_of

    signum = signal_of(exc) if exc is not None else int(signal.SIGINT)
    said = "interrupted" if signum == signal.SIGINT else f"stopped by {signal.Signals(signum).name}"
    typer.echo(f"kitgen: {said}", err=True)
    return 128 + signum


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush does not fail on a closed pipe."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _typer(help_text: str, completion: bool = False) -> typer.Typer:
    return typer.Typer(cls=KitgenGroup, help=help_text, no_args_is_help=True, rich_markup_mode="rich",
                       pretty_exceptions_enable=False, add_completion=completion)


app = _typer("kitgen: print-ready kits, seeded deals and verifiers for paper word games.", completion=True)
deal_app = _typer("Seeded deals: the same deal number gives the same deal forever.")
verify_app = _typer("Check a finished sheet or game record typed back in (exit 1 if it breaks a rule).")
words_app = _typer("Query the lexicon (the default word list, or --words FILE).")
session_app = _typer("Class sessions of kitgen serve: list them, export a ranking.")


def _version(value: bool) -> None:
    if value:
        typer.echo(f"kitgen {__version__}")
        raise typer.Exit(0)


@app.callback()
def root(
    ctx: typer.Context,
    version: bool | None = typer.Option(None, "--version", callback=_version, is_eager=True,
                                           help="Show the version and exit.", metavar=""),
    debug: bool = typer.Option(False, DEBUG_FLAG, help="Show a traceback on internal errors.", metavar=""),
) -> None:
    """kitgen: print-ready kits, seeded deals and verifiers for paper word games."""
    ctx.obj = {"debug": debug}


def _register() -> None:
    from kitgen.api import Group, declarations
    from kitgen.cli import build, kit, serve, session, words

    build.add(app, kit.kit_command(), KitgenCommand)
    build.register({Group.TOP: app, Group.DEAL: deal_app, Group.VERIFY: verify_app}, declarations(),
                   KitgenCommand)
    for command in words.COMMANDS:
        build.add(words_app, command, KitgenCommand)
    build.add(app, serve.SERVE, KitgenCommand)
    for command in session.COMMANDS:
        build.add(session_app, command, KitgenCommand)
    app.add_typer(deal_app, name="deal")
    app.add_typer(verify_app, name="verify")
    app.add_typer(words_app, name="words")
    app.add_typer(session_app, name="session")


_register()


def main() -> None:
    """Console-script entry point (usage errors exit 2, as Typer does; Ctrl-C exits 130 with one line)."""
    from kitgen.api import stop_on_signals

    stop_on_signals()  # SIGTERM and SIGHUP stop the run as Ctrl-C does (one line, exit 128 + N, nothing left)
    try:
        app(prog_name="kitgen")
    except KeyboardInterrupt as exc:  # outside a command (while its options are read): the same one line
        sys.exit(interrupted(exc))
