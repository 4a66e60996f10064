"""``kitgen words check|match|anagram``: the lexicon from the command line."""

from __future__ import annotations

from typing import Annotated

import typer

from kitgen.cli.options import WordsOpt, lexicon


def check(word: Annotated[str, typer.Argument(help="A word or phrase.")], words: WordsOpt = None) -> None:
    """Exit 0 if WORD is acceptable, 1 if not."""
    lx = lexicon(words)
    if lx.contains(word):
        typer.echo(f"{lx.display(word)}: acceptable (rank {lx.rank(word)})")
        raise typer.Exit(0)
    typer.echo(f"{word}: not in the lexicon")
    raise typer.Exit(1)


def match(
    pattern: Annotated[str, typer.Argument(help="Letters and ? for an unknown letter, e.g. ?A?A?C?")],
    words: WordsOpt = None,
    limit: Annotated[int, typer.Option("--limit", help="Show at most this many (0: all).")] = 0,
) -> None:
    """Every entry that fits PATTERN, one a line."""
    lx = lexicon(words)
    found = lx.match(pattern)
    for w in found[: limit or None]:
        typer.echo(lx.display(w))
    if not found:
        raise typer.Exit(1)


def anagram(
    letters: Annotated[str, typer.Argument(help="The letters in hand, e.g. RETAINS.")],
    wild: Annotated[int, typer.Option("--wild", min=0, max=4, help="Wild cards (Sub Cards) in hand.")] = 0,
    min_length: Annotated[int, typer.Option("--min", min=1, help="Shortest word to show.")] = 3,
    words: WordsOpt = None,
    limit: Annotated[int, typer.Option("--limit", help="Show at most this many (0: all).")] = 50,
) -> None:
    """Words makeable from LETTERS (each used once) plus --wild wild cards, longest first."""
    lx = lexicon(words)
    found = lx.anagrams(letters, wild=wild, min_length=min_length)
    for w in found[: limit or None]:
        typer.echo(lx.display(w))
    if not found:
        raise typer.Exit(1)


def register(words_app: typer.Typer) -> None:
    words_app.command("check")(check)
    words_app.command("match")(match)
    words_app.command("anagram")(anagram)
