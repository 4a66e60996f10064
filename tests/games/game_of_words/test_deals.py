"""Seeded deals for every Game of Words game (issue 5; docs/game-of-words.md "Deals"): golden deals 1-5."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from click.testing import Result

from kitgen.core.errors import InputError
from kitgen.games.game_of_words.formats.deck_spec import preset
from kitgen.games.game_of_words.rules.deals import (
    GAMES,
    UnknownGame,
    deal,
    deal_word_solitaire,
    solitaire_piles,
    word_solitaire_letters,
)
from kitgen.games.game_of_words.rules.solve_service import deck_letters, piles_of

Invoke = Callable[..., Result]


DECK = preset()


def reference_shuffle(cards: Sequence[str], seed: int) -> list[str]:
    """The FreeCell deal, written out independently (docs/game-of-words.md, "Deals"): rand mod n, swap in the last."""
    cards, out, state = list(cards), [], seed
    while cards:
        state = (214013 * state + 2531011) % 2**31
        j = (state >> 16) % len(cards)
        out.append(cards[j])
        cards[j] = cards[-1]
        cards.pop()
    return out


def flat(x: Sequence[Sequence[str]]) -> str:
    return " ".join("".join(p) for p in x)


WORD_SOLITAIRE = {
    1: ("TZH CRS RVO TUB IAU NAM LEK IGP XIO WTW RWJ IHE AAO UHS YNL EFQ ESD", "L"),
    2: ("VTS UOE WJF EPT GHR BID XWE INA HRN TZE ULI LLO WHY KAM COA QAI SRS", "U"),
    3: ("WWE CTE UIR NLX LZN OLF SAR HHB MAE UTG ROA UAD WKT PEI QYO VJH SSI", "I"),
    4: ("ZTL UWE EHN UHD IEU XWS LNT FRV BIW AAC YOP OOL AGR RIT JEQ ISM KSH", "A"),
    5: ("AIO PWR CEZ WXV GIH RLA EOD ESS INS ATK QNL YOJ HUU BTU EMR HIA FWL", "T"),
}
LETTER_PATIENCE = {
    1: ("T CI RXU TWYR IREVA NIEUEI LAZAGTW", "HAHNFSHSOBUMKPOWJEOSLQDL"),
    2: ("V UI WHK ETCO GUQJI BLSPWR XWTHNZL", "LHAOARSEFTRDEANEIOYMAISU"),
    3: ("W CH UMP NUQT LRVIL OUSLAA SWWZHTO", "AKEYJSEERXNFRBEGADTIOHII"),
    4: ("Z UF EBR UAJW IYIHW XOKHNI LATERAO", "OGIESSLENDUSTVWCPLRTQMHA"),
    5: ("A PE CIB WAEW GQHEL RYFXON EHIISTN", "OUTMIWORZVHADSSKLJUURALT"),
}
SOLITAIRE_A = {
    1: ("TCRTIN", "L", "IXWRIAUYEEZRVUAAEGITWHAHNFSHSOBUMKPOWJEOSLQDL"),
    2: ("VUWEGB", "X", "IHTULWKCQSTOJPHIWNRZLLHAOARSEFTRDEANEIOYMAISU"),
    3: ("WCUNLO", "S", "HMURUWPQVSWTILZLAHATOAKEYJSEERXNFRBEGADTIOHII"),
    4: ("ZUEUIX", "L", "FBAYOARJIKTWHHEWNRIAOOGIESSLENDUSTVWCPLRTQMHA"),
    5: ("APCWGR", "E", "EIAQYHBEHFIWEXILOSNTNOUTMIWORZVHADSSKLJUURALT"),
}
SOLITAIRE_B = {
    1: ("TCRTINLIXWRI", "AUYEEZRVUAAEGITWHAHNFSHSOBUMKPOWJEOSLQDL"),
    2: ("VUWEGBXIHTUL", "WKCQSTOJPHIWNRZLLHAOARSEFTRDEANEIOYMAISU"),
    3: ("WCUNLOSHMURU", "WPQVSWTILZLAHATOAKEYJSEERXNFRBEGADTIOHII"),
    4: ("ZUEUIXLFBAYO", "ARJIKTWHHEWNRIAOOGIESSLENDUSTVWCPLRTQMHA"),
    5: ("APCWGREEIAQY", "HBEHFIWEXILOSNTNOUTMIWORZVHADSSKLJUURALT"),
}
CROSSWORD = {
    1: (2, "TUIDWWHAYA LPUOO*IZOF", "S", "IWULSCNEJRHEKLATQRXREAV*HNBESMGIT"),
    2: (1, "HWAIWLQDNI VIRWR*E*KX", "L", "LCSHENSIGASHRMOABTZTETAEFUOUYOUPJ"),
    3: (2, "WSPZX*EUSO THEAIMHJBY", "T", "NGH*WQNOLAKEELFUAIWTIARSRVOUILRCD"),
    4: (2, "ZHV*GMXAWL PO*SRNOAIE", "H", "WILUAQWSRTCOSFJEBIEKTDUAUYHNLIRET"),
    5: (1, "J*KLHNUIID ARELXVENPI", "C", "AMASFGWURQOTWHBW*EZHSTLRYIUSAOOTE"),
}
ANAGRAMS = {
    1: ("TL", 2, "UPIUDOWOW*HIAZYOAFSIWULSCNEJRHEKLATQRXREAV*HNBESMGIT"),
    2: ("VH", 2, "IWRAWIRW*LEQ*DKNXILLCSHENSIGASHRMOABTZTETAEFUOUYOUPJ"),
    3: ("WT", 2, "SHPEZAXI*MEHUJSBOYTNGH*WQNOLAKEELFUAIWTIARSRVOUILRCD"),
    4: ("ZP", 2, "HOV**SGRMNXOAAWILEHWILUAQWSRTCOSFJEBIEKTDUAUYHNLIRET"),
    5: ("AJ", 1, "R*EKLLXHVNEUNIPIIDCAMASFGWURQOTWHBW*EZHSTLRYIUSAOOTE"),
}


@pytest.mark.parametrize("seed", range(1, 6))
def test_golden_word_solitaire(seed: int) -> None:
    j = deal("word-solitaire", DECK, seed).to_json()
    assert (flat(j["piles"]), j["extra"]) == WORD_SOLITAIRE[seed]


@pytest.mark.parametrize("seed", range(1, 6))
def test_golden_letter_patience(seed: int) -> None:
    j = deal("letter-patience", DECK, seed).to_json()
    assert (flat(j["piles"]), "".join(j["stock"])) == LETTER_PATIENCE[seed]


@pytest.mark.parametrize("seed", range(1, 6))
def test_golden_crossword_solitaire_a_and_b(seed: int) -> None:
    a = deal("crossword-solitaire-a", DECK, seed).to_json()
    b = deal("crossword-solitaire-b", DECK, seed).to_json()
    assert ("".join(a["row"]), a["turned"], "".join(a["blind"])) == SOLITAIRE_A[seed]
    assert ("".join(b["hand"]), "".join(b["blind"])) == SOLITAIRE_B[seed]


@pytest.mark.parametrize("seed", range(1, 6))
def test_golden_crossword_and_anagrams(seed: int) -> None:
    c = deal("crossword", DECK, seed, 2).to_json()
    assert (c["dealer"], flat(c["hands"]), c["turned"], "".join(c["stack"])) == CROSSWORD[seed]
    a = deal("anagrams", DECK, seed, 2).to_json()
    assert ("".join(a["holding"]), a["first"], "".join(a["pack"])) == ANAGRAMS[seed]


@pytest.mark.parametrize("seed", [0, 1, 2, 617, 2**31 - 1])
def test_word_solitaire_deal_is_the_freecell_shuffle_dealt_round_the_piles(seed: int) -> None:
    order = reference_shuffle([c.letter for c in DECK.letters], seed)
    j = deal("word-solitaire", DECK, seed).to_json()
    assert j["piles"] == [order[i:51:17] for i in range(17)]
    assert j["extra"] == order[51] and j["aside"] == ["*", "*"]
    piles, extra = word_solitaire_letters(deck_letters(DECK), seed, solitaire_piles(DECK))  # the solver's fast deal
    assert piles + list(extra) == piles_of(deal_word_solitaire(DECK, seed))


def test_word_solitaire_has_17_piles_of_three_and_no_sub_cards() -> None:
    j = deal("word-solitaire", DECK, 42).to_json()
    assert len(j["piles"]) == 17 and all(len(p) == 3 for p in j["piles"])
    letters = Counter(ch for p in j["piles"] for ch in p) + Counter(j["extra"])
    assert letters == Counter(c.letter for c in DECK.letters)


def test_letter_patience_piles_one_to_seven_and_24_stock() -> None:
    j = deal("letter-patience", DECK, 9).to_json()
    assert [len(p) for p in j["piles"]] == [1, 2, 3, 4, 5, 6, 7]
    assert len(j["stock"]) == 24 and "*" not in j["stock"]
    order = reference_shuffle([c.letter for c in DECK.letters], 9)
    assert j["piles"][6] == [order[6], order[12], order[17], order[21], order[24], order[26], order[27]]


def test_crossword_hand_sizes_and_two_packs() -> None:
    for players, size in ((2, 10), (4, 10), (5, 7), (7, 7)):
        j = deal("crossword", DECK, 3, players).to_json()
        assert [len(h) for h in j["hands"]] == [size] * players and j["packs"] == 1
        assert sum(map(len, j["hands"])) + 1 + len(j["stack"]) == 54
    j = deal("crossword", DECK, 3, 12).to_json()
    assert j["packs"] == 2 and sum(map(len, j["hands"])) + 1 + len(j["stack"]) == 108


def test_crossword_dealer_cut_closest_to_a_and_first_player_left_of_dealer() -> None:
    for seed in range(1, 30):
        j = deal("crossword", DECK, seed, 4).to_json()
        def rank(ch: str) -> int:
            return 91 if ch == "*" else ord(ch)

        dealer = j["dealer"] - 1
        first_cuts = [rank(c[0]) for c in j["cuts"]]
        assert first_cuts[dealer] == min(first_cuts)
        rounds = len(j["cuts"][dealer])
        last = [rank(c[-1]) for c in j["cuts"] if len(c) == rounds]
        assert rank(j["cuts"][dealer][-1]) == min(last) and last.count(min(last)) == 1
        assert j["first"] == j["dealer"] % 4 + 1
        # the player to the dealer's left gets the first card of the deal
        order = reference_shuffle([c.letter for c in DECK.cards], seed)
        assert j["hands"][j["first"] - 1][0] == order[0]


def test_anagrams_first_player_holds_letter_closest_to_a() -> None:
    j = deal("anagrams", DECK, 5, 3).to_json()
    rank = [91 if ch == "*" else ord(ch) for ch in j["holding"]]
    assert rank[j["first"] - 1] == min(rank)


def test_same_seed_same_deal_different_seed_differs() -> None:
    assert deal("letter-patience", DECK, 77).to_json() == deal("letter-patience", DECK, 77).to_json()
    assert deal("letter-patience", DECK, 77).to_json() != deal("letter-patience", DECK, 78).to_json()


def test_lexicon_deck_word_solitaire_has_no_extra() -> None:
    j = deal("word-solitaire", preset("lexicon-1932"), 1).to_json()
    assert len(j["piles"]) == 17 and j["extra"] is None


def test_unknown_game_and_bad_players_and_seed() -> None:
    with pytest.raises(UnknownGame):
        deal("bridge", DECK, 1)
    with pytest.raises(InputError, match="2 to 12 players"):
        deal("crossword", DECK, 1, 13)
    with pytest.raises(InputError, match="out of range"):
        deal("crossword", DECK, 2**31)


def test_fast_path_matches(benchmark: object = None) -> None:
    letters = "".join(c.letter for c in DECK.letters)
    piles, extra = word_solitaire_letters(letters, 1)
    assert piles[0] == "TZH" and extra == "L"


def test_cli_deal_json_contract(invoke: Invoke) -> None:
    for game in GAMES:
        r = invoke("deal", game, "--seed", "3", "--json")
        assert r.exit_code == 0, r.stderr
        doc = json.loads(r.stdout)
        assert doc["game"] == game and doc["seed"] == 3 and doc["deck"] == "whitman-1938"
    doc = json.loads(invoke("deal", "word-solitaire", "--seed", "1", "--json").stdout)
    assert flat(doc["piles"]) == WORD_SOLITAIRE[1][0] and doc["extra"] == "L"


def test_cli_deal_errors_exit_2(invoke: Invoke, tmp_path: Path) -> None:
    r = invoke("deal", "crossword", "--players", "1")
    assert r.exit_code == 2 and "2 to 12 players" in r.stderr
    r = invoke("deal", "word-solitaire", "--seed", "2147483648")
    assert r.exit_code == 2 and "out of range" in r.stderr
    bad = tmp_path / "d.csv"
    bad.write_text("letter,count,value\nA,1,x\n", encoding="utf-8")
    r = invoke("deal", "letter-patience", "--spec", str(bad))
    assert r.exit_code == 2 and "d.csv:2:5:" in r.stderr
    r = invoke("deal", "poker")
    assert r.exit_code == 2


@pytest.mark.parametrize("game", GAMES)
def test_a_spec_deck_too_small_for_the_game_names_its_file(invoke: Invoke, tmp_path: Path, game: str) -> None:
    """A valid spec of two cards deals nothing: the one error line names the spec file (the fuzzer found it bare)."""
    small = tmp_path / "two.toml"
    small.write_text('[letters]\nA = { count = 1, value = 1 }\nB = { count = 1, value = 1 }\n', encoding="utf-8")
    r = invoke("deal", game, "--spec", str(small))
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr.startswith(f"kitgen: {small}:1:1: {game} needs at least ") and r.stderr.count("\n") == 1


def test_cli_deal_with_spec_preset(invoke: Invoke) -> None:
    r = invoke("deal", "crossword-solitaire-b", "--seed", "1", "--spec", "lexicon-1932", "--json")
    doc = json.loads(r.stdout)
    assert doc["deck"] == "lexicon-1932" and len(doc["hand"]) + len(doc["blind"]) == 51


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**31 - 1), st.integers(2, 12))
def test_every_deal_uses_each_card_exactly_once(seed: int, players: int) -> None:
    letters = Counter(c.letter for c in DECK.letters)
    everything = Counter(c.letter for c in DECK.cards)
    ws = deal("word-solitaire", DECK, seed).to_json()
    assert Counter(ch for p in ws["piles"] for ch in p) + Counter(ws["extra"]) == letters
    lp = deal("letter-patience", DECK, seed).to_json()
    assert Counter(ch for p in lp["piles"] for ch in p) + Counter(lp["stock"]) == letters
    a = deal("crossword-solitaire-a", DECK, seed).to_json()
    assert Counter(a["row"]) + Counter(a["turned"]) + Counter(a["blind"]) == letters
    cw = deal("crossword", DECK, seed, players).to_json()
    packs = 2 if players > 7 else 1
    got = Counter(ch for h in cw["hands"] for ch in h) + Counter(cw["turned"]) + Counter(cw["stack"])
    assert got == Counter({k: v * packs for k, v in everything.items()})
    an = deal("anagrams", DECK, seed, players).to_json()
    assert Counter(an["holding"]) + Counter(an["pack"]) == everything


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**31 - 1), st.sampled_from(["whitman-1938", "lexicon-1932"]))
def test_fast_word_solitaire_path_is_the_reference_shuffle(seed: int, name: str) -> None:
    """The unrolled big-integer dealer gives exactly the written-out FreeCell deal, for any deal number."""
    letters = [c.letter for c in preset(name).letters]
    order = "".join(reference_shuffle(letters, seed))
    piles, extra = word_solitaire_letters("".join(letters), seed)
    assert piles == [order[i:51:17] for i in range(17)] and extra == order[51:]


@pytest.mark.parametrize("n,piles", [(2, 0), (6, 2), (7, 2), (20, 6), (30, 12), (60, 20)])
def test_fast_word_solitaire_path_for_other_deck_sizes(n: int, piles: int) -> None:
    letters = "".join(chr(65 + i % 26) for i in range(n))
    for seed in (0, 1, 617, 2**31 - 1):
        order = "".join(reference_shuffle(letters, seed))
        got = word_solitaire_letters(letters, seed, piles)
        assert got == ([order[i:3 * piles:piles] for i in range(piles)], order[3 * piles:])


def test_the_straight_line_dealer_is_what_the_script_writes_and_deals_as_the_loop() -> None:
    """dealer52 (written by scripts/build_dealer.py, checked in) deals every seed as WordSolitaireDealer does."""
    import subprocess
    import sys

    from conftest import ROOT

    from kitgen.games.game_of_words.formats.deck_spec import default_deck
    from kitgen.games.game_of_words.rules import dealer52
    from kitgen.games.game_of_words.rules.deals import WordSolitaireDealer, word_solitaire_dealer
    from kitgen.games.game_of_words.rules.solve_service import deck_letters

    check = subprocess.run([sys.executable, str(ROOT / "scripts" / "build_dealer.py"), "--check"])
    assert check.returncode == 0, "dealer52.py differs from what scripts/build_dealer.py writes: rerun it"
    letters = deck_letters(default_deck())
    assert word_solitaire_dealer(len(letters), 17) is dealer52.deal
    loop = WordSolitaireDealer(len(letters), 17)
    for seed in [*range(300), 2**31 - 1, 1_000_000, 123_456_789]:
        assert dealer52.deal(letters, seed) == loop(letters, seed)
