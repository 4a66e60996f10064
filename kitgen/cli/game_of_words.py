"""``kitgen deck``, the Game of Words deals and ``kitgen verify solitaire`` (issue 5).

Parse options, call the rules and renderers, write, print. No rules here.
"""

from __future__ import annotations

import json as jsonlib
import sys
from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer

from kitgen.cli.options import ForceOpt, JsonOpt, OutOpt, PaperOpt, QuietOpt, SeedOpt, WordsOpt, wrote
from kitgen.io.pdf import Paper

DEAL_GAMES = ("word-solitaire", "letter-patience", "crossword-solitaire-a", "crossword-solitaire-b",
              "crossword", "anagrams")
VERIFY_GAMES = ("word-solitaire", "crossword-solitaire-a", "crossword-solitaire-b")

SpecOpt = Annotated[Optional[str], typer.Option(
    "--spec", help="Deck spec file (.toml or .csv), or a preset: whitman-1938 (default), lexicon-1932.")]
PlayersOpt = Annotated[int, typer.Option("--players", help="Players (crossword 2..12, anagrams 1..12).")]


class CardSize(str, Enum):
    poker = "poker"
    bridge = "bridge"


def load_deck(spec: str | None):
    from kitgen.games.game_of_words.formats.deck_spec import load_deck as load

    return load(spec)


def _seed(seed: int | None, default: int = 1) -> int:
    from kitgen.core.random import check_seed

    return check_seed(default if seed is None else seed)


def deck(
    spec: SpecOpt = None,
    size: Annotated[CardSize, typer.Option("--size", help="Card size: poker (63x88 mm) or bridge (57x89 mm).")
                    ] = CardSize.poker,
    bleed: Annotated[float, typer.Option("--bleed", help="Bleed around each card, mm (0..5).")] = 0.0,
    duplex: Annotated[bool, typer.Option("--duplex", help="Add back pages mirrored for double-sided printing.")
                      ] = False,
    marks: Annotated[bool, typer.Option("--marks/--no-marks", help="Crop marks outside the cards.")] = True,
    margin: Annotated[Optional[float], typer.Option(
        "--margin", help="Least margin around the cards, mm (5..20). Default: nine a page, 3 x 3 portrait, "
                         "with 10 mm margins or down to 7 mm where that keeps nine (poker cards on Letter).")] = None,
    paper: PaperOpt = Paper.a4,
    out: OutOpt = None,
    force: ForceOpt = False,
) -> None:
    """The Game of Words letter-card deck: faces, backs, Sub Cards, crop marks, a rules summary."""
    from kitgen.core.errors import InputError
    from kitgen.io.files import out_path
    from kitgen.games.game_of_words.render.deck import write_deck

    if not 0 <= bleed <= 5:
        raise InputError(f"--bleed must be between 0 and 5 mm (got {bleed:g})")
    if margin is not None and not 5 <= margin <= 20:
        raise InputError(f"--margin must be between 5 and 20 mm (got {margin:g})")
    the_deck = load_deck(spec)
    path = out_path(out, f"deck-{the_deck.name}-{size.value}-{paper.value}.pdf")
    write_deck(path, the_deck, paper=paper, size=size.value, bleed_mm=bleed, duplex=duplex, marks=marks,
               margin_mm=margin, force=force)
    wrote(path)


def _print_layout(d) -> None:
    typer.echo(d.to_text())


def _write_sheet(d, out: Path, paper: Paper, force: bool = False) -> None:
    from kitgen.io.files import out_path
    from kitgen.games.game_of_words.render.deal_sheet import write_deal_sheet

    path = out_path(out, f"deal-{d.game}-{d.seed}-{paper.value}.pdf")
    write_deal_sheet(path, d, paper, force=force)
    wrote(path)


def _parse_range(text: str) -> tuple[int, int]:
    from kitgen.core.random import check_seed
    from kitgen.core.errors import InputError

    lo, sep, hi = text.partition("-")
    if not sep or not lo.strip().isdigit() or not hi.strip().isdigit():
        raise InputError(f"--range must look like 1-1000 (got {text!r})")
    a, b = check_seed(int(lo)), check_seed(int(hi))
    if b < a:
        raise InputError(f"--range {text}: the end is before the start")
    if b - a >= 1_000_000:
        raise InputError("--range covers at most 1,000,000 deals")
    return a, b


def _deal_command(game: str):
    def deal(seed: SeedOpt = None, spec: SpecOpt = None, json: JsonOpt = False, paper: PaperOpt = Paper.a4,
             out: OutOpt = None, players: PlayersOpt = 2, force: ForceOpt = False) -> None:
        from kitgen.core.errors import InputError
        from kitgen.games.game_of_words.rules.deals import deal as make_deal

        if players != 2 and game not in ("crossword", "anagrams"):
            raise InputError(f"--players applies to crossword and anagrams, not {game}")
        d = make_deal(game, load_deck(spec), _seed(seed), players)
        if json:
            typer.echo(jsonlib.dumps(d.to_json()))
        elif out is None:
            _print_layout(d)
        if out is not None:
            _write_sheet(d, out, paper, force)

    deal.__doc__ = f"A seeded {game} deal (default deal 1): text, --json, or a deal sheet with --out FILE.pdf."
    return deal


def deal_word_solitaire(
    seed: SeedOpt = None,
    spec: SpecOpt = None,
    json: JsonOpt = False,
    solve: Annotated[bool, typer.Option("--solve", help="Decide whether the deal can be won; print a solution.")
                     ] = False,
    winnable: Annotated[bool, typer.Option("--winnable", help="Deal the first winnable deal at or after --seed.")
                        ] = False,
    range_: Annotated[Optional[str], typer.Option("--range", help="Seeds A-B (with --solve --stats).")] = None,
    stats: Annotated[bool, typer.Option("--stats", help="With --range: the share of winnable deals.")] = False,
    jobs: Annotated[int, typer.Option("--jobs", help="Worker processes for --range (0: every core).")] = 1,
    words: WordsOpt = None,
    paper: PaperOpt = Paper.a4,
    out: OutOpt = None,
    force: ForceOpt = False,
    quiet: QuietOpt = False,
) -> None:
    """A seeded Word Solitaire deal (default deal 1); --solve decides it, --range A-B --solve --stats a range."""
    from kitgen.cli.options import lexicon
    from kitgen.core.errors import InputError
    from kitgen.games.game_of_words.rules import solve_service as service
    from kitgen.games.game_of_words.rules.deals import deal_word_solitaire as make

    the_deck = load_deck(spec)
    if range_ is not None:
        a, b = _parse_range(range_)
        if not solve:
            raise InputError("--range needs --solve (it decides each deal)")
        if jobs < 0 or jobs > 64:
            raise InputError(f"--jobs must be between 0 and 64 (got {jobs})")
        import os

        n_jobs = jobs or (os.cpu_count() or 1)
        progress = sys.stdout.isatty() and not quiet and not json
        summary = _solve_range(words, the_deck, a, b, n_jobs, progress)
        if json:
            typer.echo(jsonlib.dumps(summary))
        else:
            total = summary["deals"]
            typer.echo(f"deals {a}-{b}: {summary['winnable']} of {total} winnable "
                       f"({100 * summary['winnable'] / total:.1f}%), {summary['lost']} lost, "
                       f"{summary['undecided']} undecided, in {summary['seconds']:.1f} s")
            if not stats and summary["lost_seeds"]:
                typer.echo("lost: " + " ".join(map(str, summary["lost_seeds"][:100])))
        return
    lex = lexicon(words)
    start = _seed(seed)
    solver = service.solver_for(lex, the_deck) if (solve or winnable) else None
    current = start
    while True:
        d = make(the_deck, current)
        result = service.decide(solver, d) if solver is not None else None
        if not winnable or (result is not None and result["winnable"]):
            break
        if current - start >= 100_000 or current >= 2**31 - 1:
            raise InputError(f"no winnable deal found in {current - start + 1} deals from {start}")
        current += 1
    doc = d.to_json()
    if solve and result is not None:
        doc.update(result)
    if json:
        typer.echo(jsonlib.dumps(doc))
    elif out is None:
        _print_layout(d)
        if solve and result is not None:
            if result["winnable"] is None:
                typer.echo("winnable: undecided (the search gave up)")
            elif not result["winnable"]:
                typer.echo("winnable: no")
            else:
                typer.echo("winnable: yes")
                for n, step in enumerate(result["solution"], start=1):
                    takes = ", ".join(f"{ch} from {p}" for ch, p in zip(step["word"], step["from"]))
                    typer.echo(f"  {n:2d}. {step['word']:<12} {takes}")
    if out is not None:
        _write_sheet(d, out, paper, force)


def deal_letter_patience(
    seed: SeedOpt = None,
    spec: SpecOpt = None,
    json: JsonOpt = False,
    solve: Annotated[bool, typer.Option("--solve", help="Decide whether the deal can be won (all cards known).")
                     ] = False,
    words: WordsOpt = None,
    paper: PaperOpt = Paper.a4,
    out: OutOpt = None,
    force: ForceOpt = False,
) -> None:
    """A seeded Letter Patience deal (default deal 1); --solve decides it with every card known."""
    from kitgen.cli.options import lexicon
    from kitgen.games.game_of_words.rules.deals import deal_letter_patience as make
    from kitgen.games.game_of_words.rules.letter_patience import PatienceSolver, PatienceUndecided

    d = make(load_deck(spec), _seed(seed))
    doc = d.to_json()
    moves = None
    if solve:
        try:
            moves = PatienceSolver(lexicon(words)).solve(d.piles, "".join(d.stock), len(d.aside))
            doc["winnable"] = moves is not None
        except PatienceUndecided:
            doc["winnable"] = None
        doc["solution"] = [m.to_json() for m in moves or []]
    if json:
        typer.echo(jsonlib.dumps(doc))
    elif out is None:
        _print_layout(d)
        if solve:
            verdict = {True: "yes", False: "no", None: "undecided (the search gave up)"}[doc["winnable"]]
            typer.echo(f"winnable: {verdict}")
            for n, m in enumerate(doc["solution"], start=1):
                if m["move"] == "word":
                    typer.echo(f"  {n:3d}. {m['word']:<10} from " + " ".join(m["from"]))
                elif m["move"] == "fill":
                    typer.echo(f"  {n:3d}. fill pile {m['space'] + 1} from "
                               + ("the face-up pile" if m["from"] == "W" else f"pile {int(m['from']) + 1}"))
                else:
                    typer.echo(f"  {n:3d}. turn {m['card']}")
    if out is not None:
        _write_sheet(d, out, paper, force)


def _patience_move(m: tuple) -> dict:
    """A Letter Patience solver move as JSON: piles numbered 0-6 as in ``piles``, W the face-up pile, * a Sub Card."""
    if m[0] == "word":
        return {"move": "word", "word": m[1], "from": list(m[2])}
    if m[0] == "fill":
        return {"move": "fill", "space": m[1], "from": m[2]}
    return {"move": "turn", "card": m[1]}


def verify_solitaire(
    file: Annotated[Path, typer.Argument(help="A finished solitaire typed back in.", dir_okay=False)],
    game: Annotated[str, typer.Option("--game", help="word-solitaire, crossword-solitaire-a or -b.")
                    ] = "word-solitaire",
    seed: SeedOpt = None,
    spec: SpecOpt = None,
    words: WordsOpt = None,
    json: JsonOpt = False,
) -> None:
    """Check a finished solitaire against its seeded deal (exit 1 if it breaks a rule)."""
    from kitgen.cli.options import lexicon
    from kitgen.core.errors import InputError, Location, RuleBroken
    from kitgen.games.game_of_words.rules.deals import deal as make_deal

    if game not in VERIFY_GAMES:
        raise InputError(f"unknown game {game!r} for verify solitaire (choose from {', '.join(VERIFY_GAMES)})")
    if seed is None:
        raise InputError("--seed N is needed: the deal the solitaire was played from")
    the_deck = load_deck(spec)
    d = make_deal(game, the_deck, _seed(seed))
    lex = lexicon(words)
    if game == "word-solitaire":
        from kitgen.games.game_of_words.formats.solitaire import read_solution
        from kitgen.games.game_of_words.rules.solve_service import piles_of
        from kitgen.games.game_of_words.rules.word_solitaire import replay

        name, typed = read_solution(file)
        piles = piles_of(d)
        for t in typed:
            for k, p in enumerate(t.piles or ()):
                if p >= len(piles):
                    col = t.pile_cols[k] if k < len(t.pile_cols) else t.col
                    raise InputError(f"pile {p}: pile numbers run 0-{len(piles) - 1}", Location(name, t.line, col))
        r = replay(piles, [t.word for t in typed], lex, [t.piles for t in typed])
        doc = {"game": game, "seed": d.seed, "won": r.won, "solution": [s.to_json() for s in r.steps]}
        if not r.won:
            where = (Location(name, typed[r.failed_at].line, typed[r.failed_at].col)
                     if r.failed_at is not None and r.failed_at < len(typed) else Location(name, typed[-1].line, 1))
            word = typed[r.failed_at].word + ": " if r.failed_at is not None and r.failed_at < len(typed) else ""
            doc.update({"error": f"{word}{r.reason}", "cards_left": r.cards_left})
            if json:
                typer.echo(jsonlib.dumps(doc))
                raise typer.Exit(1)
            raise RuleBroken(f"{word}{r.reason} (cards left: {r.cards_left or 'none'})", where)
        if json:
            typer.echo(jsonlib.dumps(doc))
        else:
            typer.echo(f"{name}: won deal {d.seed}: {len(r.steps)} words use all {sum(map(len, piles))} cards")
        return
    from kitgen.games.game_of_words.formats.solitaire import read_grid
    from kitgen.games.game_of_words.rules.crossword_solitaire import check_crossword

    grid = read_grid(file)
    pack = "".join(c.letter for c in d.deck.letters)
    report = check_crossword(grid.cells, pack, lex)
    doc = {"game": game, "seed": d.seed, "won": report.won,
           "words": [{"word": w, "x": c[0], "y": c[1], "direction": dirn} for w, c, dirn in report.words],
           "problems": [{"message": p.message, **({"x": p.cell[0], "y": p.cell[1]} if p.cell else {})}
                        for p in report.problems]}
    if json:
        typer.echo(jsonlib.dumps(doc))
        if not report.won:
            raise typer.Exit(1)
        return
    if not report.won:
        for p in report.problems[1:]:
            where = Location(grid.name, grid.row_lines.get(p.cell[1], 0), p.cell[0] + 1) if p.cell else grid.name
            typer.echo(f"kitgen: {where}: {p.message}", err=True)
        p = report.problems[0]
        where = Location(grid.name, grid.row_lines.get(p.cell[1], 0), p.cell[0] + 1) if p.cell else None
        raise RuleBroken(p.message if where else f"{grid.name}: {p.message}", where)
    typer.echo(f"{grid.name}: won deal {d.seed}: one crossword of {len(report.words)} words uses all "
               f"{len(pack)} cards")


def verify_crossword_hand(
    file: Annotated[Path, typer.Argument(help="A Crossword Game hand typed back in, one turn a line.",
                                         dir_okay=False)],
    seed: SeedOpt = None,
    spec: SpecOpt = None,
    words: WordsOpt = None,
    json: JsonOpt = False,
) -> None:
    """Replay a Game of Words Crossword Game hand against its seeded deal (exit 1 if a play breaks a rule)."""
    from kitgen.cli.options import lexicon
    from kitgen.core.errors import InputError, Location, RuleBroken
    from kitgen.games.game_of_words.formats.record import read_record
    from kitgen.games.game_of_words.rules.common import is_word
    from kitgen.games.game_of_words.rules.crossword_game import Hand, IllegalPlay, placement_for
    from kitgen.games.game_of_words.rules.deals import deal_crossword

    if seed is None:
        raise InputError("--seed N is needed: the deal the hand was played from")
    record = read_record(file)
    the_deck = load_deck(spec)
    d = deal_crossword(the_deck, _seed(seed), record.players)
    lex = lexicon(words)
    values = {c.letter: c.value for c in the_deck.cards}
    hand = Hand([list(h) for h in d.hands], list(d.stack), [d.turned], lex, values, first=d.first - 1, seed=d.seed)
    plays, challenges = [], []
    for t in record.turns:
        where = Location(record.name, t.line, t.col)
        try:
            if t.kind == "play":
                placement, wild = placement_for(hand.board, t.word, t.x, t.y, t.across, t.wild)
                made = hand.play(t.player, placement, wild)
                plays.append({"player": t.player + 1, "words": [r.word for r in made.words],
                              "cards": len(made.cards)})
            elif t.kind == "discard":
                hand.discard(t.player, t.card, t.take)
            else:
                upheld = hand.challenge(t.player)
                challenges.append({"challenger": t.player + 1, "upheld": upheld})
                if upheld:
                    plays.pop()
        except IllegalPlay as exc:
            raise RuleBroken(exc.message, where) from None
    doubtful = sorted({w for p in plays for w in p["words"] if not is_word(lex, w)})
    doc = {"game": "crossword", "seed": d.seed, "players": record.players,
           "out": None if hand.out is None else hand.out + 1,
           "scores": hand.hand_scores() if hand.out is not None else None,
           "penalties": hand.penalties, "plays": plays, "challenges": challenges, "unchallenged_non_words": doubtful}
    if json:
        typer.echo(jsonlib.dumps(doc))
        return
    typer.echo(f"{record.name}: {len(plays)} plays stand, {len(challenges)} challenge(s)")
    if hand.out is not None:
        typer.echo(f"player {hand.out + 1} is out; charged against each hand: "
                   + ", ".join(f"P{i + 1} {v}" for i, v in enumerate(doc["scores"])))
    else:
        typer.echo("the hand is not over: nobody has played out")
    if doubtful:
        typer.echo("not in the lexicon but never challenged: " + ", ".join(doubtful))


def register(app: typer.Typer, deal_app: typer.Typer, verify_app: typer.Typer) -> None:
    app.command("deck")(deck)
    deal_app.command("word-solitaire")(deal_word_solitaire)
    deal_app.command("letter-patience")(deal_letter_patience)
    for game in DEAL_GAMES[2:]:
        deal_app.command(game)(_deal_command(game))
    verify_app.command("solitaire")(verify_solitaire)
    verify_app.command("crossword-hand")(verify_crossword_hand)


def _solve_range(words: Path | None, the_deck, a: int, b: int, jobs: int, progress: bool) -> dict:
    """Decide deals a..b over ``jobs`` processes, with a progress bar on a terminal."""
    import time

    from kitgen.games.game_of_words.rules import solve_service as service

    seeds = range(a, b + 1)
    results: dict[int, bool | None] = {}
    t0 = time.perf_counter()
    bar = None
    if progress:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

        bar = Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                       TimeRemainingColumn())
        bar.start()
        task = bar.add_task("solving", total=len(seeds))
    try:
        if jobs <= 1:
            service.init_worker(str(words) if words else None, the_deck)
            iterator = map(service.solve_seed, seeds)
            pool = None
        else:
            import multiprocessing

            pool = multiprocessing.get_context("fork").Pool(
                jobs, service.init_worker, (str(words) if words else None, the_deck))
            iterator = pool.imap_unordered(service.solve_seed, seeds, chunksize=8)
        for seed, won, _ in iterator:
            results[seed] = won
            if bar is not None:
                bar.advance(task)
        if pool is not None:
            pool.close()
            pool.join()
    finally:
        if bar is not None:
            bar.stop()
    wins = sum(1 for v in results.values() if v)
    lost = sorted(s for s, v in results.items() if v is False)
    undecided = sorted(s for s, v in results.items() if v is None)
    return {"game": "word-solitaire", "from": a, "to": b, "deals": len(results), "winnable": wins,
            "lost": len(lost), "undecided": len(undecided), "share": wins / len(results) if results else 0.0,
            "lost_seeds": lost, "undecided_seeds": undecided, "seconds": round(time.perf_counter() - t0, 3)}
