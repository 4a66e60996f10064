"""The ``kitgen`` command: the Typer app, its command groups and the error boundary.

Exit codes (README.md, "Commands"): 0 ok, 1 a verified sheet or record breaks a rule, 2 bad
input or usage. A ``KitgenError`` becomes one line ``kitgen: FILE:LINE:COL: why``
on stderr; an unexpected exception becomes one line too (``--debug`` shows the
traceback). Heavy libraries are imported inside commands, so ``--help`` is fast.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Sequence
from typing import Any

import typer
from typer.core import TyperCommand, TyperGroup

from kitgen import __version__
from kitgen.api import N_, Group, gettext

DEBUG_FLAG = "--debug"


class KitgenCommand(TyperCommand):
    """A Typer command whose help shows no ``<bool>`` beside its flags (``--help`` included), and whose values are
    coerced without pydantic (``kitgen.cli.coerce``)."""

    def get_params(self, ctx: Any) -> Any:
        from kitgen.cli.coerce import use_plain_coercion

        return use_plain_coercion(_flags_without_metavar(super().get_params(ctx)))

    def get_help_option(self, ctx: Any) -> Any:
        return _help_in_text_language(super().get_help_option(ctx))

    def format_help(self, ctx: Any, formatter: Any) -> None:
        help_in_text_language()
        super().format_help(ctx, formatter)

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        from kitgen.cli.usage import write_usage

        write_usage(self, ctx, formatter)


HELP_OPTION = N_("Show this message and exit.")
"""The help of ``--help`` (Typer's words), in the text language."""


def _help_in_text_language(option: Any) -> Any:
    if option is not None:
        option.help = gettext(HELP_OPTION)
    return option


COMPLETION_HELP = {"install_completion": N_("Install completion for the current shell."),
                   "show_completion": N_("Show completion for the current shell, to copy it or customize the "
                                         "installation.")}
"""The help of Typer's completion options (``kitgen --help``), as Typer writes it in English."""


def _completion_in_text_language(params: Any) -> Any:
    for param in params:
        if param.name in COMPLETION_HELP:
            param.help = gettext(COMPLETION_HELP[param.name])
    return params


def _flags_without_metavar(params: Any) -> Any:
    for param in params:
        if getattr(param, "is_flag", False):
            param.metavar = ""
    return params


class KitgenGroup(TyperGroup):
    """A Typer group that turns kitgen's errors into one-line messages and exit codes."""

    def get_params(self, ctx: Any) -> Any:
        from kitgen.cli.coerce import use_plain_coercion

        return use_plain_coercion(_completion_in_text_language(_flags_without_metavar(super().get_params(ctx))))

    def get_help_option(self, ctx: Any) -> Any:
        return _help_in_text_language(super().get_help_option(ctx))

    def format_help(self, ctx: Any, formatter: Any) -> None:
        help_in_text_language()
        super().format_help(ctx, formatter)

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        from kitgen.cli.usage import write_usage

        write_usage(self, ctx, formatter)

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
            typer.echo(f"kitgen: {gettext('aborted')}", err=True)
            sys.exit(1)
        except NoArgsIsHelpError as exc:  # `kitgen deal` alone: its help, as Typer shows it
            from typer import rich_utils

            rich_utils.rich_format_error(exc)
            sys.exit(exc.exit_code)
        except ClickException as exc:
            from kitgen.cli.usage import usage_error_line

            typer.echo(f"kitgen: {usage_error_line(exc)}", err=True)
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
    said = gettext("interrupted") if signum == signal.SIGINT else \
        gettext("stopped by {signal}").format(signal=signal.Signals(signum).name)
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
    return typer.Typer(cls=KitgenGroup, help=gettext(help_text), no_args_is_help=True, rich_markup_mode="rich",
                       pretty_exceptions_enable=False, add_completion=completion)


def _language_options() -> tuple[Any, Any]:
    """A group's ``--lang`` and ``--text-lang`` (``kitgen words --help --lang fr``), with the commands' help."""
    from kitgen.api import LANG, TEXT_LANG

    return (typer.Option(None, "--lang", help=gettext(LANG.help), metavar="CODE", show_default=False),
            typer.Option(None, "--text-lang", help=gettext(TEXT_LANG.help), metavar="CODE", show_default=False))


def pass_language_on(ctx: typer.Context, lang: str | None, text_lang: str | None) -> None:
    """A group's ``--lang``/``--text-lang`` become the defaults of the command (or group) it runs, so ``kitgen
    --lang fr deal wordsearch`` deals French words as ``kitgen deal wordsearch --lang fr`` does (the text language
    is read from the whole command line: ``command_line_language``)."""
    given = {name: value for name, value in (("lang", lang), ("text_lang", text_lang)) if value}
    if given and ctx.invoked_subcommand:
        ctx.default_map = {ctx.invoked_subcommand: given}


def group_callback() -> Callable[..., None]:
    """A command group's callback: it takes ``--lang`` and ``--text-lang`` (``pass_language_on``)."""
    lang_option, text_lang_option = _language_options()

    def group(ctx: typer.Context, lang: str | None = lang_option, text_lang: str | None = text_lang_option) -> None:
        pass_language_on(ctx, lang, text_lang)

    return group


GROUPS = {"deal": (Group.DEAL, N_("Seeded deals: the same deal number gives the same deal forever.")),
          "verify": (Group.VERIFY, N_("Check a finished sheet or game record typed back in (exit 1 if it breaks a "
                                      "rule).")),
          "words": (None, N_("Query the lexicon (the default word list, or --words FILE).")),
          "session": (None, N_("Class sessions of kitgen serve: list them, export a ranking."))}
"""The command groups: ``kitgen deal ...``, with the declared group their commands come from (None: the CLI's own)."""


def _version(value: bool) -> None:
    if value:
        typer.echo(f"kitgen {__version__}")
        raise typer.Exit(0)


TOP_HELP = N_("kitgen: print-ready kits, seeded deals and verifiers for paper word games.")


def root_callback() -> Callable[..., None]:
    """The ``kitgen`` callback (``--version``, ``--debug``, ``--lang``, ``--text-lang``), its help in the text language
    of the moment."""
    lang_option, text_lang_option = _language_options()

    def root(
        ctx: typer.Context,
        version: bool | None = typer.Option(None, "--version", callback=_version, is_eager=True,
                                               help=gettext(N_("Show the version and exit.")), metavar=""),
        debug: bool = typer.Option(False, DEBUG_FLAG, help=gettext(N_("Show a traceback on internal errors.")),
                                   metavar=""),
        lang: str | None = lang_option, text_lang: str | None = text_lang_option,
    ) -> None:
        ctx.obj = {"debug": debug}
        pass_language_on(ctx, lang, text_lang)

    root.__doc__ = gettext(TOP_HELP)
    return root

TOP = "top"
"""``build_app(TOP)``: the top-level commands only (``kitgen sheet ...``)."""


def build_app(only: str | None = None) -> typer.Typer:
    """The ``kitgen`` command; with ``only`` a group's name (``deal``) just that group's commands, with ``TOP`` just
    the top-level ones: all a command line naming them needs, the others neither built nor imported (issue 30)."""
    from kitgen.cli import build

    top = _typer(TOP_HELP, completion=True)
    top.callback()(root_callback())
    chosen = [only] if only in GROUPS else [] if only == TOP else list(GROUPS)
    groups = {name: _typer(GROUPS[name][1]) for name in chosen}
    for made in groups.values():
        made.callback()(group_callback())
    declared: dict[Group, typer.Typer] = {} if only in GROUPS else {Group.TOP: top}
    for name in chosen:
        group = GROUPS[name][0]
        if group is not None:
            declared[group] = groups[name]
    if declared:
        from kitgen.api import declarations
        from kitgen.cli.session import with_session

        build.register(declared, declarations(), KitgenCommand, with_session)
    if only not in GROUPS:
        from kitgen.cli import kit, serve

        build.add(top, kit.kit_command(), KitgenCommand)
        build.add(top, serve.SERVE, KitgenCommand)
    _add_own(groups)
    for name in chosen:
        top.add_typer(groups[name], name=name)
    return top


def _add_own(groups: dict[str, typer.Typer]) -> None:
    """The CLI's own groups' commands (words, session), of those being built."""
    from kitgen.cli import build

    if "words" in groups:
        from kitgen.cli import words

        for command in words.COMMANDS:
            build.add(groups["words"], command, KitgenCommand)
    if "session" in groups:
        from kitgen.cli import session

        for command in session.COMMANDS:
            build.add(groups["session"], command, KitgenCommand)


def group_named(args: Sequence[str]) -> str | None:
    """What a command line names first: a group (``deal`` in ``kitgen --debug deal wordsearch``), ``TOP`` for a
    top-level command (``kitgen sheet``); None when it names no command (``kitgen --help``) or shell completion is
    asking (every command is built then)."""
    import os

    if any(key.endswith("_COMPLETE") for key in os.environ):
        return None
    first = next((arg for k, arg in enumerate(args) if not arg.startswith("-")
                  and not (k and args[k - 1] in LANGUAGE_FLAGS)), None)
    if first is None:
        return None
    return first if first in GROUPS else TOP


@functools.cache
def full_app() -> typer.Typer:
    """Every command (what ``from kitgen.cli.app import app`` gives: the tests and the docs' generator)."""
    return build_app()


def __getattr__(name: str) -> typer.Typer:
    if name == "app":
        return full_app()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


LANGUAGE_FLAGS = ("--text-lang", "--lang")
"""The options that choose the text language, the first given winning (``text_language_for``)."""


def command_line_language(args: Sequence[str]) -> str:
    """The text language a command line asks for, read before any command is built so that its ``--help`` and its
    usage, interruption and error lines speak it too: ``--text-lang``, else ``--lang``, else English
    (docs/languages.md, "The language of the text")."""
    from kitgen.api import text_language_for

    given: dict[str, str] = {}
    for k, arg in enumerate(args):
        flag, equals, value = arg.partition("=")
        if flag in LANGUAGE_FLAGS and flag not in given:
            value = value if equals else (args[k + 1] if k + 1 < len(args) else "")
            given[flag] = value.lower()
    return text_language_for(given.get("--text-lang") or None, given.get("--lang") or None)


def help_in_text_language() -> None:
    """Typer's own words in a help page (its panels' titles) in the text language of the moment: set as a help page
    is written (``format_help``), since importing Typer's help writer (rich) costs a run that shows none ~50 ms."""
    from typer import rich_utils

    for name, english in HELP_WORDS.items():
        setattr(rich_utils, name, gettext(english))


HELP_WORDS = {"ARGUMENTS_PANEL_TITLE": N_("Arguments"), "OPTIONS_PANEL_TITLE": N_("Options"),
              "COMMANDS_PANEL_TITLE": N_("Commands"), "REQUIRED_LONG_STRING": N_("[required]"),
              "DEFAULT_STRING": N_("[default: {}]")}
"""Typer's words in a help page (``typer.rich_utils``), as Typer writes them in English."""


def main() -> None:
    """Console-script entry point (usage errors exit 2, as Typer does; Ctrl-C exits 130 with one line)."""
    from kitgen.api import speaking, stop_on_signals

    stop_on_signals()  # SIGTERM and SIGHUP stop the run as Ctrl-C does (one line, exit 128 + N, nothing left)
    args = sys.argv[1:]
    with speaking(command_line_language(args)):
        try:
            build_app(group_named(args))(prog_name="kitgen")
        except KeyboardInterrupt as exc:  # outside a command (while its options are read): the same one line
            sys.exit(interrupted(exc))
