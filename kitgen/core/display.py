"""Text from outside (file names, typed values) shown safely in kitgen's one-line messages."""

from __future__ import annotations


def escaped(text: str) -> str:
    """``text`` with control and other unprintable characters written as Python escapes (``\\n``, ``\\x1b``,
    ``\\u200b``), so a newline or a terminal escape in a file name never splits or colours a message. The no-break
    spaces a language's typography writes (French ``mot\\u00a0:``, ``\\u202f;``) print as spaces and are kept."""
    return "".join(ch if ch.isprintable() or ch in _SPACES else ascii(ch)[1:-1] for ch in text)


_SPACES = frozenset(" \u00a0\u202f")
"""The spaces a message may hold as they are: the space and the catalogues' no-break spaces."""


def invisible_at(text: str) -> int | None:
    """The index of the first character of ``text`` that prints nothing, or nothing you could tell apart: a
    control, format (zero-width space, word joiner, soft hyphen, byte-order mark), private-use, unassigned or
    separator character; None if there is none. Names that differ only by one look the same on paper."""
    import unicodedata

    for i, ch in enumerate(text):
        if unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cn", "Cs", "Zs", "Zl", "Zp"):
            return i
    return None
