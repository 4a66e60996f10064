"""The compiled letter puzzle (``_puzzle.pyx``; built by ``make kernel``)."""

from collections.abc import Sequence
from typing import Any

class Kernel:
    def __init__(self, tables: Sequence[dict[int, list[list[int]]]], four: list[list[int]],
                 offers: Sequence[Sequence[int]], lines: Sequence[Sequence[int]], long_lines: Sequence[int],
                 four_lines: Sequence[int], out_of_nodes: type[Exception]) -> None: ...
    def puzzle(self, search: Any, domains: list[int], lines: dict[int, tuple[int, int]],
               decided: tuple[bool | None, ...]) -> None: ...
