"""Bitsets as text in the on-disk indexes (kitgen/core/bitsets.py): a round trip, and every damaged text refused."""

import pytest

from kitgen.core.bitsets import bits_text, text_bits


@pytest.mark.parametrize("bits, nbytes", [(0, 0), (0, 3), (1, 1), (0b1011_0000_0001, 2), (2 ** 64 - 1, 8)])
def test_a_bitset_reads_back_as_written(bits: int, nbytes: int) -> None:
    assert text_bits(bits_text(bits, nbytes), nbytes, "an index") == bits


def test_the_bytes_are_little_endian_base64() -> None:
    assert bits_text(0x0102, 2) == "AgE="


@pytest.mark.parametrize("text, nbytes", [(None, 1), (5, 1), ("AgE=", 1), ("AgE=", 3), ("A*E=", 2), ("AgE", 2)])
def test_damaged_text_is_refused_naming_what_it_is_not(text: object, nbytes: int) -> None:
    with pytest.raises(ValueError, match="^not an index$"):
        text_bits(text, nbytes, "an index")
