#!/usr/bin/env python3
"""Build kitgen's classroom-safe lists, ``kitgen/data/safe/XX.txt`` (read by ``kitgen.core.safe``).

Source: the *List of Dirty, Naughty, Obscene and Otherwise Bad Words*
(LDNOOBW, https://github.com/LDNOOBW, licence CC BY 4.0) as the npm package
``naughty-words`` packages it (one JSON list a language). Fetch it with npm's
own client, then run this script on the unpacked folder:

    npm pack naughty-words@1.2.0 && tar xzf naughty-words-1.2.0.tgz
    python scripts/build_safe_lists.py package/

Each file has the LDNOOBW entries as published (``@ldnoobw``), the entries
kitgen reviewed and still proposes because their first sense is an everyday
word (``@kept``, ``KEPT`` below), and kitgen's own reviewed additions
(``@added``, ``ADDED`` below): slurs and vulgar words LDNOOBW lacks. The
licence is copied beside them as ``LDNOOBW-LICENSE.txt``.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "kitgen" / "data" / "safe"
CODES = ("en", "fr", "de", "es", "it", "nl", "pt", "sv", "pl", "tr", "ru", "el")
"""Greek has no LDNOOBW list: its list is kitgen's reviewed additions alone. Russian LDNOOBW entries written in
Latin letters (transliterations) are left out: they have no fitting form in Russian."""

KEPT: dict[str, str] = {
    "en": "bastinado butt domination escort eunuch poof scat snatch spunk strappado suck sucks swinger",
    "fr": "bitte bourré bourrée folle gerbe gueule jouir pédale ramoner suce tanche trique",
    "de": "bonze fratze lümmel mufti nackt nippel rosette schabracke",
    "es": "asesinato asno chupada drogas heroína infierno maciza maldito martillo racista trio",
    "it": "bagnarsi balle battere biga brinca cadavere casci cornuto cozza fava ingoio mannaggia monta montare "
          "palle patacca pesce pisello pippa pompa porca porco quaglia regina rizzarsi ruffiano sbattere sega spagnola "
          "tarzanello tirare vacca vangare",
    "nl": "asbak balen bekken beurt boemelen buffelen del eikel gat hol kanen knor matje muts naaien naakt nicht "
          "paal palen poot pot raaskallen remsporen reutelen schatje slempen spuiten standje stootje toeter "
          "vergallen watje wippen zuigen",
    "pt": "aborto amador aranha ariano bissexual burro cerveja comer consolo gozar inferno mama pau saco torneira",
    "sv": "fan hård helvete satan stake sås tusan",
    "pl": "dmuchać jajko jajco",
    "tr": "",
    "ru": "бугор голый обнаженный хапать хрен",
}
"""LDNOOBW entries whose first sense is an everyday word (a fish, a hammer, a queen, beer): kitgen proposes
them. Reviewed by hand, entry by entry."""

ADDED: dict[str, str] = {
    "en": "arse arsed bitchy bugger chink crap crappy dago dyke gook gyp honky kraut piss pissed pisser prick "
          "redskin retard retarded shag slag snot spaz squaw turd twats wanker wanking wog wop",
    "fr": "bâtard bicot bougnoule chier couille enculer niquer négro pétasse salopard youpin zob",
    "de": "arschgeige dildo kanacke mongo scheiß schlitzauge spast tunte zigeuner",
    "es": "cabrona caga cagada cagar cagón cojones joder jodido negrata polla puto sudaca zorra",
    "it": "bastardo negro ricchione",
    "nl": "dildo neger nikker",
    "pt": "buceta fodido piça viado",
    "sv": "bög fitta hora jävla jävel kuk negerboll anal",
    "pl": "pedał cwel szmata chujowy skurwysynu",
    "tr": "sik sikmek siktir yarrak pezevenk",
    "ru": "пидор пидорас сука блядина шлюха пизда",
    "el": "μαλάκας μαλάκα γαμώ γαμημένος γαμιέται πούστης μουνί ψωλή πούτσα αρχίδι σκατά καριόλης πουτάνα "
          "γαμιόλης κωλοτρυπίδα "
          # from AllProfanity's Greek list (below), reviewed:
          "κώλος κωλότρυπα πρωκτός πρωκτικός μπάσταρδος σκύλα βυζί κλειτορίδα εκσπερμάτωση εκσπερμάτιση πούστρα "
          "καυλιάρης καυλί αυνανίζομαι αυνανισμός οργασμός πέος πορνογραφία μπουρδέλο πούτσος μαλακία βιασμός "
          "βιαστής πόρνη χύσια μουνόπανο όρχις "
          # kitgen's own, the Greek of LDNOOBW's English and German entries (porn, sex, slut, vulva, negro,
          # Zigeuner, shit) and of vulgar words whose slang sense is the common one (pipe: πίπα, τσιμπούκι):
          "πορνό σεξ τσούλα αιδοίο νέγρος αράπης γύφτος κερατάς χέζω κωλόπαιδο πίπα τσιμπούκι "
          # and sexual and prostitution, which the learner tier proposed (σεξουαλική at rank 10): English lists
          # sexual, sexually and sexuality, and πορνεία is πόρνη's trade; not words a teacher puts before a class
          "σεξουαλικός πορνεία",
}
"""kitgen's additions: slurs and vulgar words the LDNOOBW list lacks (English SQUAW, ARSE and SNOT were played
by deal 1's solutions before this list), reviewed by hand. LDNOOBW has no Greek list: Greek's second group is taken
from the Greek list of the npm package ``allprofanity`` 2.4.0 (``dist/languages/greek-words.js``, contributed by E.
Koutsogiannis, MIT licence), entry by entry; left out are its entries whose first sense is not vulgar (σπέρμα, also
seed; άμβλωση, abortion; λαγνεία, lust; σαδιστής, μαζοχιστής, δονητές), forms of words listed already (μαλάκες,
αρχίδια, καριόλα, γαμημένος), καριόλι (no dictionary lists it) and βιζιά (a misspelling of βυζιά)."""

HEADER = """\
# Classroom-safe list for {code}: kitgen never proposes these words (deals, par sheets, solutions,
# hints, fills, anagram and pattern suggestions) unless --all-words is given; verifiers still accept
# them when a player writes them. Built by scripts/build_safe_lists.py; read by kitgen.core.safe,
# which also blocks each entry's regular inflections (plurals; Spanish, Italian and Portuguese gender).
# @ldnoobw: the List of Dirty, Naughty, Obscene and Otherwise Bad Words (LDNOOBW), CC BY 4.0
#   (LDNOOBW-LICENSE.txt beside this file), npm package naughty-words {version}, file {code}.json.
# @kept: LDNOOBW entries kitgen still proposes, their first sense an everyday word.
# @added: kitgen's own reviewed additions.
"""


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        raise SystemExit(__doc__)
    package = Path(argv[0])
    version = json.loads((package / "package.json").read_text(encoding="utf-8"))["version"]
    OUT.mkdir(parents=True, exist_ok=True)
    for code in CODES:
        source = package / f"{code}.json"
        listed = json.loads(source.read_text(encoding="utf-8")) if source.exists() else []
        words = [w.strip() for w in listed if w.strip() and any(ch.isalpha() for ch in w)
                 and (code != "ru" or not w.isascii())]
        kept = KEPT.get(code, "").split()
        unknown = [w for w in kept if w not in {x.lower() for x in words}]
        if unknown:
            raise SystemExit(f"{code}: kept entries not in LDNOOBW: {unknown}")
        lines = [HEADER.format(code=code, version=version).rstrip("\n"), "@ldnoobw", *words, "@kept", *kept,
                 "@added", *ADDED.get(code, "").split()]
        (OUT / f"{code}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"{code}: {len(words)} LDNOOBW entries, {len(kept)} kept, {len(ADDED.get(code, '').split())} added",
              file=sys.stderr)
    shutil.copyfile(package / "LICENSE", OUT / "LDNOOBW-LICENSE.txt")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
