"""Text from outside (file names, typed values) shown safely in kitgen's one-line messages."""

from __future__ import annotations


def escaped(text: str) -> str:
    """``text`` with control and other unprintable characters written as Python escapes (``\\n``, ``\\x1b``,
    ``\\u200b``), so a newline or a terminal escape in a file name never splits or colours a message."""
    return "".join(ch if ch.isprintable() or ch == " " else ascii(ch)[1:-1] for ch in text)
