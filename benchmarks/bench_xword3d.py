#!/usr/bin/env python3
"""Issue 6 benchmarks: replaying a 100-play 3-D log, and the nets PDF for 4 players.

* replay: a seeded, legal 100-play 3-D game (built here with the rules engine
  and the default lexicon) is written as a log, then read and replayed
  (target <= 50 ms after the lexicon is loaded). The naive way finds each
  play's words by re-scanning the whole board for every run before and after
  the play; both must agree word for word.
* nets: ``kitgen bricks --players 4`` as a PDF (target <= 1 s), in-process and
  as a fresh process; beside it, the pages a plain bounding-box grid would take.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import median_seconds, report  # noqa: E402

PLAYERS = ["ANN", "BOB", "CY"]
DIRS = {(0, 1): "across", (1, 1): "down", (2, 1): "up", (2, -1): "drop"}


def build_game(lexicon, plays: int = 100, seed: int = 6) -> str:
    """A legal 3-D game of ``plays`` plays as log text (a seeded search with the rules engine)."""
    from kitgen.core.random import SeededRandom
    from kitgen.games.xword3d.rules.game import Game, IllegalPlay

    rng = SeededRandom(seed, stream="bench-3dxword")
    words = [w for n in range(3, 7) for w in lexicon.words(n) if (lexicon.rank(w) or 99) <= 35]
    by_letter: dict[str, list[str]] = {}
    for w in words:
        for ch in set(w):
            by_letter.setdefault(ch, []).append(w)
    game = Game(list(PLAYERS), lexicon)
    lines = [f"players: {' '.join(PLAYERS)}", "version: 3d"]
    first = rng.choice(words)
    game.play("ANN", first, (0, 0, 0), "across")
    lines.append(f"ANN {first} 0,0,0 across")
    tries = 0
    while game.plays_made < plays:
        tries += 1
        if tries > 400_000:
            raise RuntimeError("could not build the benchmark game")
        cells = list(game.board.items())
        cell, letter = cells[rng.below(len(cells))]
        axis, step = list(DIRS)[rng.below(4) if game.three_d_allowed() else rng.below(2)]
        word = rng.choice(by_letter[letter])
        at = [i for i, ch in enumerate(word) if ch == letter]
        i = at[rng.below(len(at))]
        start = list(cell)
        start[axis] -= i * step
        player = game.to_play
        try:
            game.play(player, word, tuple(start), DIRS[(axis, step)])
        except IllegalPlay:
            continue
        lines.append(f"{player} {word} {','.join(map(str, start))} {DIRS[(axis, step)]}")
    lines.append("unused: " + " ".join(f"{p} {k}" for k, p in enumerate(PLAYERS)))
    return "\n".join(lines) + "\n"


def naive_words(log, lexicon) -> list[list[str]]:
    """Each play's words found by scanning every run of the whole board before and after it."""
    from kitgen.core.board import Board, placement_along
    from kitgen.games.xword3d.rules.game import DIRECTIONS

    def all_runs(cells: dict) -> set[tuple[int, tuple]]:
        runs = set()
        for c in cells:
            for axis in range(3):
                prev = c[:axis] + (c[axis] - 1,) + c[axis + 1:]
                if prev in cells:
                    continue
                run = [c]
                while (nxt := run[-1][:axis] + (run[-1][axis] + 1,) + run[-1][axis + 1:]) in cells:
                    run.append(nxt)
                if len(run) >= 2:
                    runs.add((axis, tuple(run)))
        return runs

    cells: dict = {}
    out = []
    for turn in log.turns:
        if turn.passed:
            out.append([])
            continue
        axis, step = DIRECTIONS[turn.direction]
        before = all_runs(cells)
        cells.update(placement_along(turn.start, axis, turn.word, Board(3, cells), step))
        new = all_runs(cells) - before
        words = []
        main = {turn.start[:axis] + (turn.start[axis] + k * step,) + turn.start[axis + 1:]
                for k in range(len(turn.word))}
        for ax, run in new:
            text = "".join(cells[c] for c in run)
            if ax == 2 and set(run) == main:
                text = turn.word
            elif ax == 2 and not lexicon.contains(text) and lexicon.contains(text[::-1]):
                text = text[::-1]
            words.append(text)
        out.append(sorted(words))
    return out


def main() -> None:
    from kitgen.core.lexicon import default_lexicon
    from kitgen.core.text import TextSource
    from kitgen.games.xword3d.formats.log import parse_log
    from kitgen.games.xword3d.rules.log import replay

    lexicon = default_lexicon()
    for n in range(2, 8):
        lexicon.index(n)
    text = build_game(lexicon)
    src = TextSource("bench.txt", text)
    log = parse_log(src)
    done = replay(log, lexicon)
    three_d = sum(1 for t in log.turns if t.direction in ("up", "drop") or t.start[2] > 0)
    assert [sorted(w.word for w in r.words) for _, r in done.results] == naive_words(log, lexicon)
    ours = median_seconds(lambda: replay(parse_log(src), lexicon), repeat=7)
    naive = median_seconds(lambda: naive_words(parse_log(src), lexicon), repeat=3)
    report(f"replay 100-play 3-D log ({three_d} 3-D plays)", ours, naive, "<=50 ms", ours <= 0.050)

    from kitgen import api
    from kitgen.games.xword3d.render import net_layout, pieces_of
    from kitgen.games.xword3d.rules.pieces import piece_set
    from kitgen.io.pdf import MM, Paper

    pieces = piece_set(4)
    with tempfile.TemporaryDirectory() as tmp:
        target = Path(tmp) / "nets.pdf"
        api.render("3dxword", "pieces", players=4)
        warm = median_seconds(lambda: target.write_bytes(api.render("3dxword", "pieces", players=4)), repeat=5)
        report("nets PDF, 4 players, 25 mm, A4 (in-process)", warm, None, "<=1 s", warm <= 1.0)
        runs = []
        for _ in range(3):
            t = time.perf_counter()
            subprocess.run([sys.executable, "-m", "kitgen", "bricks", "--players", "4", "--out", str(target)],
                           check=True, capture_output=True)
            runs.append(time.perf_counter() - t)
        cold = sorted(runs)[1]
        report("kitgen bricks --players 4 (fresh process)", cold, None, "<=1 s", cold <= 1.0)
    n = len(pieces_of(pieces))
    per = len(net_layout(Paper.a4, 25).positions)
    s, d = 25 * MM, 0.24 * 25 * MM
    pw, ph = Paper.a4.size
    grid = max(int((pw - 20 * MM) // (4 * s + d + MM)) * int((ph - 36 * MM) // (3 * s + MM)),
               int((ph - 36 * MM) // (4 * s + d + MM)) * int((pw - 20 * MM) // (3 * s + MM)))
    print(f"{'nets a page (A4, 25 mm): interlocking rows':<44} {per:>10}   naive grid {grid:>6}   "
          f"pages {-(-n // per)} vs {-(-n // grid)}")


if __name__ == "__main__":
    main()
