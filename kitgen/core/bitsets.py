"""Bitsets kept in the plain-data indexes written to disk (the anagram index, the Word Solitaire index): a Python
int's bits as little-endian bytes, ``nbytes`` of them, in base64 text. Reading checks the text and its length, so a
damaged or foreign entry is a ``ValueError`` naming what it is not, never a wrong bitset."""

from __future__ import annotations

import base64
import binascii


def bits_text(bits: int, nbytes: int) -> str:
    """``bits`` (not negative, under ``2 ** (8 * nbytes)``) as base64 text of its ``nbytes`` little-endian bytes."""
    return base64.b64encode(bits.to_bytes(nbytes, "little")).decode()


def text_bits(text: object, nbytes: int, what: str) -> int:
    """The bitset ``bits_text`` wrote; ``ValueError("not " + what)`` unless ``text`` is base64 of ``nbytes`` bytes."""
    if not isinstance(text, str):
        raise ValueError(f"not {what}")
    try:
        raw = base64.b64decode(text, validate=True)
    except binascii.Error:
        raise ValueError(f"not {what}") from None
    if len(raw) != nbytes:
        raise ValueError(f"not {what}")
    return int.from_bytes(raw, "little")


__all__ = ["bits_text", "text_bits"]
