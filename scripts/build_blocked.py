#!/usr/bin/env python3
"""Build kitgen's block sets, ``kitgen/data/safe/blocked-XX.txt``: every form of every word of a language's
classroom-safe list (``kitgen/data/safe/XX.txt``), as fitting forms, one a line (read by ``kitgen.core.safe``).

docs/languages.md, "Classroom-safe lists". A listed word is a *lemma*: kitgen must propose none of its forms
(conjugations, participles, plurals with umlaut or a doubled consonant, feminine and derived forms), nor, in
German and Dutch, a compound with a listed word as its head or as its modifier. The forms come from real
morphology, at build time only (the shipped data is the precomputed set):

1. the language's Hunspell dictionary (Debian's ``hunspell-XX`` packages): every dictionary line whose stem is
   the listed word, or a stem Hunspell gives for it (``hunspell -s``), expanded with all its affixes by
   Hunspell's own ``unmunch`` (``hunspell-tools``); a listed word the dictionary lacks borrows the affix flags
   of the dictionary word with the longest common ending (its paradigm by analogy: Portuguese *foder* inflects
   like *morder*);
2. every entry of kitgen's lexicon whose Hunspell stem is a listed word or one of the stems of step 1;
3. German and Dutch: every lexicon entry made of a blocked form (a listed word's stem, form or, for a verb, its
   stem without -en) and other words, linking letters, verb prefixes or inflectional endings
   (``Arschlöcher``, ``gefickt``, ``kutwijf``), found by splitting each entry into known parts;
4. the regular endings ``kitgen.core.safe.variants`` adds to any entry (as before).

Forms of the ``@kept`` words (everyday first senses: Dutch *pot*, Italian *pesce*) are never blocked, and
``ONLY_AS_WRITTEN`` lists entries blocked only as written, because Hunspell's stem for them is an everyday word
(German *möpse* is also the plural of *Mops*, a pug).

Needs, at build time only:
``apt-get install hunspell hunspell-tools hunspell-en-us hunspell-fr hunspell-de-de hunspell-es hunspell-it
hunspell-nl hunspell-pt-pt``. Run ``python scripts/build_blocked.py [CODE ...]``; it prints, per language, how
many forms it blocks and the common words (rank 20 or commoner) among them, for review.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "kitgen" / "data" / "safe"
HUNSPELL = Path("/usr/share/hunspell")

DICTIONARIES = {"en": "en_US", "fr": "fr", "de": "de_DE", "es": "es_ES", "it": "it_IT", "nl": "nl",
                "pt": "pt_PT", "sv": "sv_SE", "pl": "pl_PL", "tr": "tr_TR", "ru": "ru_RU", "el": "el_GR"}
"""The Hunspell dictionary of each language (Debian: hunspell-en-us, -fr, -de-de, -es, -it, -nl, -pt-pt, -sv, -pl,
-tr, -ru, -el)."""

COMPOUNDING = frozenset({"de", "nl"})
"""Languages that write compounds as one word (step 3)."""

EVERYDAY: dict[str, frozenset[str]] = {
    "en": frozenset({"bone", "bustier", "date", "dress", "finger", "scissor", "shrimp", "shrimper", "spot", "toss"}),
    "fr": frozenset({"bande", "chat", "fou"}),
    "de": frozenset({"Möpschen", "Popper", "Schlamperei", "Vögel", "Vögelchen", "Vöglein", "verschlampen"}),
    "es": frozenset({"mamá", "pedazo", "pollo", "zorro"}),
    "it": frozenset({"belare", "cacce", "cessare", "chiave", "fico", "leccare", "palla", "pallone", "pipa", "pipe",
                     "pomice", "scopa", "scopi", "scopo", "sorcio", "succhiare", "tetti", "tetto", "topi", "topo",
                     "tromba"}),
    "nl": frozenset({"aantrekkelijk", "aantrekken", "aftrekken", "betrekken", "boer", "boeren", "boter", "boterham",
                     "flikkeren", "flikkering", "flikkerlicht", "lummelen", "negeren", "optrekken", "ros", "rossen",
                     "slijten", "terugtrekken", "trekken", "trekker", "uittrekken", "verrukkelijk", "verrukken",
                     "vertrekken", "vinger", "vlees"}),
    "pt": frozenset({"bicho", "coitado", "pico", "picos", "pinta", "pintar", "porreiro", "vibrar"}),
    "sv": frozenset({"disco", "kött"}),
    "pl": frozenset({"pieprz"}),
    "tr": frozenset({"ama"}),
}
"""Everyday words spelled like a form of a listed word, or made from one, never blocked (German *Vögel*, birds,
is also a form of *vögeln*; *Schlamperei*, sloppiness, comes from *schlampen*)."""

ONLY_AS_WRITTEN: dict[str, frozenset[str]] = {
    "de": frozenset({"ische", "kimme", "mongo", "möpse", "popel", "spast", "tunte"}),
    "nl": frozenset({"aardappels", "achter", "afwerkplaats", "anita", "boerelul", "boerenpummel", "botergeil",
                     "brugpieper", "del", "drol", "flikker", "gat", "gedoogzone", "graftak", "griet", "hoempert",
                     "huisdealer", "klootjesvolk", "kont", "kut", "lul", "mof", "paal", "pijpen", "pik",
                     "poep", "poot", "pot", "publiciteitsgeil", "reet", "slet", "snol", "tapijtnek", "teef",
                     "welzijnsmafia", "wijf", "zaadje", "zuiplap"}),
    "en": frozenset({"anal", "ass", "balls", "bang", "butt", "cock", "crap", "cum", "damn", "dick", "gay", "hell",
                     "homo", "hooker", "hump", "jerk", "knob", "nuts", "piss", "prick", "pussy", "screw", "sex",
                     "slut", "tit", "tits"}),
}
"""Listed words blocked with their inflections but not found inside compounds or through Hunspell's stem:
their stem is an everyday word, or, short, they are the letters of too many innocent words (German *Tische*
holds *ische*, Dutch *Pikant* holds *pik*)."""

GREEK_FORMS: dict[str, str] = {
    "γαμώ": "γαμάω γαμάς γαμάει γαμάμε γαμάτε γαμούν γαμάνε γαμούσε γαμούσαν γάμησα γάμησες γάμησε γαμήσαμε "
            "γάμησαν γαμήσει γαμήσω γαμήσου γαμιέμαι γαμιέσαι γαμιέται γαμιόμαστε γαμιούνται γαμήθηκε "
            "γαμημένος γαμημένη γαμημένο γαμημένοι γαμημένες γαμημένα γαμημένου γαμημένης γαμημένων γαμημένε "
            "γαμήσεις γαμηθεί γαμηθείς γαμηθείτε γαμηθώ γαμήσι γαμήσια γαμώτο γαμάτος γαμάτη γαμάτο γαμάτοι "
            "γαμάτες γαμάτα",
    "μαλάκας": "μαλάκα μαλάκες μαλάκων μαλακισμένος μαλακισμένη μαλακισμένο μαλακισμένε μαλακισμένοι "
               "μαλακισμένες μαλακισμένα μαλακισμένου μαλακισμένης",
    "γαμιόλης": "γαμιόλη γαμιόληδες γαμιόληδων",
    "καριόλης": "καριόλη καριόληδες καριόληδων καριόλα καριόλες",
    "πούστης": "πούστη πούστηδες πούστηδων πουστιά",
    "πουτάνα": "πουτάνες πουτάνας πουτανών πουτανιά πουτανάκι",
    "πούτσα": "πούτσες πούτσας πουτσών",
    "αρχίδι": "αρχίδια αρχιδιού αρχιδιών",
    "κωλοτρυπίδα": "κωλοτρυπίδες κωλοτρυπίδας",
    "σκατά": "σκατό σκατού σκατών σκατένιος σκατένια σκατένιο σκατένιες",
    "μουνί": "μουνιά μουνιού μουνιών μουνάκι μουνάκια",
    "ψωλή": "ψωλές ψωλής ψωλών",
    "κώλος": "κώλου κώλο κώλε κώλοι κώλων κώλους κωλαράκι κωλαράκια",
    "κωλότρυπα": "κωλότρυπες κωλότρυπας κωλοτρυπών",
    "κωλόπαιδο": "κωλόπαιδα κωλόπαιδου κωλόπαιδων",
    "πρωκτός": "πρωκτού πρωκτό πρωκτοί πρωκτών πρωκτούς",
    "πρωκτικός": "πρωκτική πρωκτικό πρωκτικού πρωκτικής πρωκτικοί πρωκτικές πρωκτικά πρωκτικών",
    "μπάσταρδος": "μπάσταρδου μπάσταρδο μπάσταρδε μπάσταρδοι μπάσταρδων μπάσταρδους μπάσταρδη μπάσταρδα",
    "σκύλα": "σκύλας σκύλες",
    "βυζί": "βυζιά βυζιού βυζιών βυζάκι βυζάκια",
    "κλειτορίδα": "κλειτορίδας κλειτορίδες κλειτορίδων κλειτορίς",
    "εκσπερμάτωση": "εκσπερμάτωσης εκσπερματώσεις εκσπερματώσεων",
    "εκσπερμάτιση": "εκσπερμάτισης εκσπερματίσεις εκσπερματίσεων",
    "πούστρα": "πούστρες πούστρας",
    "καυλιάρης": "καυλιάρη καυλιάρηδες καυλιάρηδων καυλιάρα καυλιάρες",
    "καυλί": "καυλιά καυλιού καυλιών καύλα καύλας καύλες καυλώνω καυλώνει καύλωσα καύλωσε καυλωμένος "
             "καυλωμένη καυλωμένο καυλωμένοι",
    "αυνανίζομαι": "αυνανίζεσαι αυνανίζεται αυνανιζόμαστε αυνανίζονται αυνανιζόταν αυνανίστηκε αυνανιστής",
    "αυνανισμός": "αυνανισμού αυνανισμό αυνανισμοί",
    "οργασμός": "οργασμού οργασμό οργασμοί οργασμών οργασμούς",
    "πέος": "πέους πέη πεών",
    "πορνογραφία": "πορνογραφίας πορνογραφίες πορνογραφικός πορνογραφική πορνογραφικό πορνογραφικού "
                   "πορνογραφικής πορνογραφικοί πορνογραφικές πορνογραφικά",
    "μπουρδέλο": "μπουρδέλου μπουρδέλα μπουρδέλων",
    "πούτσος": "πούτσου πούτσο πούτσοι",
    "μαλακία": "μαλακίας μαλακίες μαλακιών",
    "βιασμός": "βιασμού βιασμό βιασμοί βιασμών βιασμούς",
    "βιαστής": "βιαστή βιαστές βιαστών",
    "πόρνη": "πόρνης πόρνες πορνών",
    "χύσια": "χύσι",
    "μουνόπανο": "μουνόπανα μουνόπανου",
    "όρχις": "όρχεις όρχεων",
    "πορνό": "",
    "σεξ": "σέξι",
    "τσούλα": "τσούλας τσούλες τσουλών",
    "αιδοίο": "αιδοίου αιδοία αιδοίων",
    "νέγρος": "νέγρου νέγρο νέγροι νέγρων νέγρους νέγρα νέγρες",
    "αράπης": "αράπη αράπηδες αράπηδων αράπισσα αράπισσες",
    "γύφτος": "γύφτου γύφτο γύφτοι γύφτων γύφτους γύφτισσα γύφτισσες γυφτιά",
    "κερατάς": "κερατάδες κερατάδων",
    "χέζω": "χέζεις χέζει χέζουμε χέζετε χέζουν χέσε χέσω χέστηκα χέστηκε χεσμένος χεσμένη χεσμένο χέστης "
            "χεστεί χέσιμο",
    "πίπα": "πίπες πίπας",
    "τσιμπούκι": "τσιμπούκια τσιμπουκιού",
    "σεξουαλικός": "σεξουαλική σεξουαλικό σεξουαλικού σεξουαλικής σεξουαλικοί σεξουαλικές σεξουαλικά "
                   "σεξουαλικών σεξουαλικούς σεξουαλικέ σεξουαλικώς σεξουαλικότητα σεξουαλικότητας "
                   "σεξουαλικότητες σεξουαλικοτήτων",
    "πορνεία": "πορνείας πορνείες πορνειών πορνείο πορνείου πορνείων",
}
"""The inflected forms of the listed Greek words, written from Greek morphology and reviewed: Debian's el_GR
Hunspell dictionary is a list of full forms without affix rules, so it gives no paradigm to expand, and a stem
looked for at the start of entries would take innocent words (γαμ- is also γάμος, a wedding; μαλακ- is also
μαλακός, soft, once accents fold). A form spelled, once accents fold, like an everyday word is left out: κερατά
(vocative of κερατάς) is κέρατα, horns, and σκυλών (of σκύλα) is σκύλων, of dogs; μαλακία and μαλακιών are
kept, though they fold as μαλάκια, molluscs, does (docs/languages.md)."""


WRITTEN_FORMS: dict[str, dict[str, str]] = {
    "el": GREEK_FORMS,
    "ru": {
        "хуй": "хуй хуя хую хуем хуе хуи хуёв хуям хуями хуях хуйня хуйни хуйне хуйню хуйнёй хуйней хуйнёю нахуй "
               "похуй похую хуёвина хуйло хуесос хуесосы хуесоса охуел охуела охуели охуело охуенно охуенный "
               "охуенная охуенное охуенные охуенного охуенной охуенным охуительный охуевший охуевать охуеваю",
        "ебать": "ебу ебёшь ебёт ебём ебёте ебут еби ебите ёб ебла ебли ебал ебала ебали ебало ебаться ебётся "
                 "ебутся ебусь ебался ебалась ебались ебаный ебаная ебаное ебаные ебаного ебаной ебаному ебаным "
                 "ебаными ебаных ебаную ебанный ебанутый ебанутая ебанутое ебанутые ебанутого ебанат ебля еблю "
                 "еблей заебал заебала заебали заебало заебись заебался заебалась заебать выебать выебал "
                 "выебала выебали выебу уебать уебал уебан уёбок уёбки уёбище наебал наебала наебали наебнулся "
                 "разъебай разъебать",
        "пизда": "пизда пизды пизде пизду пиздой пиздою пизд пиздам пиздами пиздах пиздец пиздеца пиздецу "
                 "пиздецом пиздеце пиздецы пиздеть пизжу пиздишь пиздит пиздим пиздите пиздят пиздел пиздела "
                 "пиздели пиздело пиздёж пиздежа пиздабол пиздобол пиздоболы пиздатый пиздатая пиздатое "
                 "пиздатые пиздато пиздюк пиздюли пиздюлей пиздануть спиздил спиздила спиздили спиздят "
                 "распиздяй распиздяи",
        "говнюк": "говнюка говнюку говнюком говнюке говнюки говнюков говнюкам говнюками говнюках",
        "мудило": "мудилы мудиле мудилу мудилой мудил мудилам мудилами мудилах",
        "гандон": "гандона гандону гандоном гандоне гандоны гандонов гандонам гандонами гандонах",
        "блядь": "бля блять блядский блядская блядское блядские блядского блядской блядскому блядским "
                 "блядскими блядских блядскую блядун блядуны блядуна",
    },
    "tr": {
        "sikmek": "sik sike siki sikin sikim sikimi sikimin sikimde sikime sikler sikleri siktim siktin sikti "
                  "siktik siktiniz siktiler sikerim sikersin siker sikeriz sikersiniz sikerler sikmiş sikmişim "
                  "sikmişsin sikmişler sikiyor sikiyorum sikiyorsun sikiyoruz sikiyorlar sikecek sikeceğim "
                  "sikeceksin sikeyim siksin siksinler sikmez sikmem sikme sikmek sikmeyi sikik sikikler sikiş "
                  "sikişmek sikişme sikişiyor sikişti sikişler sikici sikilmiş sikildi sikilir siktir "
                  "siktirin siktirgit siktiri siktirmek siktiret siktirir siktirmez",
        "orospu": "orospuluk orospuluğu orospuluğa orospulukta orospuluktan orospulukla orospuluklar orospusu "
                  "orospuları orospuca orospuçocuğu orospuçocukları",
    },
    "sv": {
        "anal": "anal analt anala analsex analsexet",
    },
    "de": {
        "pissen": "gepisst gepisste gepissten",
    },
    "it": {
        "fottere": "fottendo",
    },
    "pt": {
        "puta": "putinha putinhas",
    },
}
"""Forms written from the language's morphology and reviewed, for listed words whose paradigm Hunspell does not
give: Greek's (a full-form dictionary), Russian's obscenities (``ru_RU`` lacks хуй and пизда, and ебать conjugates
ебу, ебёт, ебут, unlike any verb it would borrow affixes from), Turkish forms of *sikmek* and *orospu* beyond the
lexicon (a teacher's own list may hold *siktim* or *orospuluk*), Swedish *anal* with its adjective endings, and
forms the expansion missed (German *gepisst*, Italian *fottendo*, Portuguese *putinha*). A key
applies when it is a listed word (``XX.txt``); a form is one word (a phrase is written joined: orospuçocuğu),
so no everyday word of a phrase is blocked with it."""


def written_forms(code: str, listed: list[str], normalize: Callable[[str], str]) -> set[str]:
    """The fitting forms of ``WRITTEN_FORMS`` for the listed words of language ``code``."""
    table = WRITTEN_FORMS.get(code, {})
    return {f for w in listed for form in table.get(w.lower(), "").split() if (f := normalize(form))}


MIN_PART = 4
"""The shortest blocked part looked for inside a compound (step 3)."""

LINKS = ("", "S", "ES", "N", "EN", "ER", "E")
"""German and Dutch linking letters between a compound's parts (Hurensohn: HURE + N + SOHN)."""

PREFIXES = ("GE", "VER", "BE", "AB", "AN", "AUF", "AUS", "ER", "ZER", "OP", "UIT", "AF", "OVER", "DOOR", "TOE",
            "RUM", "HERUM", "RAN", "DURCH", "VOR", "ZU", "NACH", "WEG", "MIT", "EIN", "LOS")
"""Verb prefixes (German and Dutch) before a blocked stem: gefickt, verneukt, afrukken."""

ENDINGS = ("", "T", "TE", "TEN", "TER", "TES", "TEM", "ET", "E", "EN", "ER", "ERN", "ES", "EM", "S", "ST", "N",
           "ND", "END", "ENDE", "ENDEN", "ENDER", "ENDES", "ENDEM", "EREI", "EREIEN", "IN", "INNEN", "CHEN",
           "JE", "JES", "TJE", "TJES", "ERIJ", "ING", "INGEN", "UNG", "UNGEN", "D", "DE",
           "DEN", "ERS", "ERTJE")
"""Inflectional and diminutive endings after a blocked part (German and Dutch)."""


def read_safe(code: str) -> tuple[list[str], list[str]]:
    """The listed words of a language (LDNOOBW without ``@kept``, plus ``@added``) and the kept ones."""
    sys.path.insert(0, str(ROOT))
    from kitgen.core.safe import SAFE_FILES, parse_safe_list

    sections = parse_safe_list((ROOT / "kitgen" / "data" / SAFE_FILES.format(code=code)).read_text("utf-8"))
    kept = [w.lower() for w in sections.get("kept", [])]
    listed = [w for w in sections.get("ldnoobw", []) if w.lower() not in kept] + sections.get("added", [])
    return listed, kept


def encoding(name: str) -> str:
    """The character set of a Hunspell dictionary (its affix file's SET line: Greek's is ISO8859-7)."""
    for line in (HUNSPELL / f"{name}.aff").read_bytes().split(b"\n"):
        if line.startswith(b"SET "):
            return line[4:].strip().decode("ascii")
    return "utf-8"


def dictionary(name: str) -> dict[str, list[str]]:
    """The Hunspell dictionary's lines by lower-case stem (a stem may have several lines)."""
    lines: dict[str, list[str]] = {}
    text = (HUNSPELL / f"{name}.dic").read_text(encoding=encoding(name), errors="replace")
    for raw in re.split(r"\r\n|\r|\n", text)[1:]:  # el_GR.dic ends its lines with a carriage return
        line = raw.split("\t", 1)[0].strip()
        if not line or line.startswith("#"):
            continue
        stem = line.split("/", 1)[0]
        lines.setdefault(stem.lower(), []).append(line)
    return lines


def stems(words: Iterable[str], name: str) -> dict[str, set[str]]:
    """Hunspell's stems of each word (``hunspell -s``); a word Hunspell does not know has none."""
    words = list(dict.fromkeys(words))
    out = subprocess.run(["hunspell", "-s", "-d", str(HUNSPELL / name), "-i", "utf-8"], input="\n".join(words),
                         capture_output=True, text=True, check=True).stdout
    found: dict[str, set[str]] = {}
    for line in out.split("\n"):
        parts = line.split()
        if len(parts) == 2:
            found.setdefault(parts[0], set()).add(parts[1])
    return found


def unmunch(lines: list[str], name: str) -> set[str]:
    """Every form the dictionary lines make with their affixes (Hunspell's ``unmunch``), as written. ``unmunch``
    crashes on some lines of the Turkish dictionary (numeric flags past its tables): the lines are then expanded
    one by one, and a line it cannot expand gives its stem alone (its forms come from step 2, Hunspell's stems of
    the lexicon's entries)."""
    if not lines:
        return set()
    try:
        out = _unmunch(lines, name)
    except subprocess.CalledProcessError:
        if len(lines) == 1:
            print(f"{name}: unmunch cannot expand {lines[0].split('/', 1)[0]!r}", file=sys.stderr)
            return {lines[0].split("/", 1)[0]}
        return {form for line in lines for form in unmunch([line], name)}
    forms = set()
    for token in out.split():
        word = token.split("/", 1)[0].strip("-")
        word = re.split(r"['’]", word)[-1] if "'" in word or "’" in word else word
        if len(word) > 2 and all(ch.isalpha() or ch == "-" for ch in word):
            forms.add(word)
    return forms


PARTICIPLES: dict[str, tuple[tuple[str, str], ...]] = {
    "fr": (("er", "é"), ("ir", "i"), ("re", "u")),
    "es": (("ar", "ado"), ("er", "ido"), ("ir", "ido")),
    "it": (("are", "ato"), ("ere", "uto"), ("ere", "ito"), ("ire", "ito"), ("arsi", "ato"), ("ersi", "uto")),
    "pt": (("ar", "ado"), ("er", "ido"), ("ir", "ido")),
}
"""Infinitive ending and past participle ending of the Romance languages, whose dictionaries list a verb's
participle as a word of its own (Italian *fottuto*, *fottuta* beside *fottere*)."""


def _unmunch(lines: list[str], name: str) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        dic = Path(tmp) / "listed.dic"
        dic.write_text(f"{len(lines)}\n" + "\n".join(lines) + "\n", encoding=encoding(name), errors="replace")
        return subprocess.run(["unmunch", str(dic), str(HUNSPELL / f"{name}.aff")], capture_output=True,
                              check=True).stdout.decode(encoding(name), errors="replace")


def participles(lemma: str, code: str) -> list[str]:
    """The regular past participles of a verb lemma (to be looked up in the dictionary): Romance endings, and
    German and Dutch ge-...-t (*geneukt* beside *neuken*)."""
    found = [lemma[: -len(inf)] + part for inf, part in PARTICIPLES.get(code, ()) if lemma.endswith(inf)]
    if code in COMPOUNDING and lemma.endswith("en") and len(lemma) > 4:
        stem = lemma[:-2]
        found += ["ge" + stem + end for end in ("t", "d", "en")]
    return found


STEM_ENDS: dict[str, tuple[str, ...]] = {
    "en": ("e",),
    "fr": ("e", "er", "eur"),
    "es": ("a", "o", "e", "ar", "er", "ir"),
    "it": ("a", "o", "e", "i", "are", "ere", "ire"),
    "pt": ("a", "o", "e", "ar", "er", "ir"),
}
"""Endings taken off a lemma to find the stem its derived words are written on (French *nègre*: *nègr-*)."""

DERIVED: dict[str, tuple[str, ...]] = {
    "en": ("s", "es", "ed", "ing", "er", "ers", "y", "ies", "ier", "iest", "ish"),
    "fr": ("e", "es", "s", "x", "esse", "esses", "euse", "euses", "eur", "eurs", "eux", "ette", "ettes", "é",
           "ée", "és", "ées", "erie", "eries"),
    "es": ("a", "as", "o", "os", "es", "ona", "onas", "ones", "azo", "azos", "ito", "ita", "itos", "itas", "ado",
           "ada", "ados", "adas", "ido", "ida", "idos", "idas", "ero", "era", "eros", "eras"),
    "it": ("a", "e", "i", "o", "one", "ona", "oni", "ata", "ate", "ato", "ati", "uto", "uta", "uti", "ute", "ito",
           "ita", "iti", "ite", "accio", "accia", "etto", "etta", "essa", "esse", "oso", "osa", "osi", "ose"),
    "pt": ("a", "as", "o", "os", "ões", "ão", "ona", "onas", "inho", "inha", "inhos", "inhas", "ado", "ada",
           "ados", "adas", "ido", "ida", "idos", "idas", "eiro", "eira", "eiros", "eiras"),
}
"""Inflectional and derivational endings a dictionary lists as words of their own, on a listed word's stem (the
feminine *négresse*; Spanish *cabronazo*); English also with the last consonant doubled (*shitting*, *shitty*)."""

_FOLDED: dict[int, dict[str, list[str]]] = {}


def _folded(key: int, entries: dict[str, list[str]]) -> dict[str, list[str]]:
    """The dictionary's stems by their unaccented spelling (built once a dictionary)."""
    if key not in _FOLDED:
        by: dict[str, list[str]] = {}
        for stem in entries:
            by.setdefault(unaccented(stem), []).append(stem)
        _FOLDED[key] = by
    return _FOLDED[key]


MIN_STEM = 4
GENDERED = frozenset({"es", "it", "pt"})
"""Languages whose words end in a gender vowel: endings go on the stem without it (*puta*: *put-*), not after
it (Spanish *caca* is not the stem of *cacao*)."""
"""The shortest stem derived words are looked for on."""


def unaccented(word: str) -> str:
    import unicodedata

    return "".join(ch for ch in unicodedata.normalize("NFD", word) if not unicodedata.combining(ch))


def derived(lemma: str, code: str, entries: dict[str, list[str]]) -> set[str]:
    """Dictionary entries written as a lemma's stem and a derivational or inflectional ending (accents aside:
    *nègre*, *négresse*)."""
    folded = _folded(id(entries), entries)
    lemma = unaccented(lemma)
    bases = {lemma} | {lemma[: -len(end)] for end in STEM_ENDS.get(code, ()) if lemma.endswith(end)}
    found = set()
    for base in bases:
        if len(base) < MIN_STEM or (base == lemma and code in GENDERED and lemma[-1] in "aeiou"):
            continue
        doubled = (base + base[-1],) if code == "en" else ()
        for end in DERIVED.get(code, ()):
            found |= {e for w in (base, *doubled) for e in folded.get(w + end, ())}
    if code == "en" and len(lemma) == 3:  # consonant doubling on a short word: fag, fagged
        doubled = lemma + lemma[-1]
        found |= {doubled + end for end in ("ing", "ed", "er", "ers", "y") if doubled + end in entries}
    return found


_SORTED: dict[int, list[tuple[str, list[str]]]] = {}


def _sorted(key: int, entries: dict[str, list[str]]) -> list[tuple[str, list[str]]]:
    """The dictionary's stems in order, sorted once a dictionary (``by_analogy`` reads them for every ending of
    every unknown word: sorting them each time made a 150,000-stem dictionary's pass run for hours)."""
    if key not in _SORTED:
        _SORTED[key] = sorted(entries.items())
    return _SORTED[key]


def by_analogy(word: str, entries: dict[str, list[str]]) -> list[str]:
    """Dictionary lines for a word the dictionary lacks: the affix flags of the entry with the longest common
    ending (at least three letters), so it inflects the same way."""
    low = word.lower()
    ordered = _sorted(id(entries), entries)
    for cut in range(1, len(low) - 2):
        ending = low[cut:]
        for stem, lines in ordered:
            if stem.endswith(ending) and len(stem) > len(ending) and stem.isalpha():
                flagged = [line for line in lines if "/" in line]
                if flagged:
                    return [word + "/" + line.split("/", 1)[1] for line in flagged]
    return []


class Builder:
    """The block set of one language."""

    def __init__(self, code: str) -> None:
        from kitgen.core.language import language
        from kitgen.core.lexicon import language_lexicon

        self.code = code
        self.lang = language(code)
        self.name = DICTIONARIES[code]
        self.lexicon = language_lexicon(code)
        self.entries = dictionary(self.name)
        self.listed, self.kept = read_safe(code)
        self.only = ONLY_AS_WRITTEN.get(code, frozenset())

    def fit(self, words: Iterable[str]) -> set[str]:
        normalize = self.lang.normalize
        return {f for f in (normalize(w) for w in words) if f}

    def lemma_forms(self, words: list[str], use_stems: bool) -> tuple[set[str], set[str]]:
        """Step 1: the forms of the words' dictionary lines, and the lemmas used. A word the dictionary lacks
        (an inflected form: German *fickt*) is taken to its Hunspell stems (*ficken*) when ``use_stems``, or,
        when Hunspell knows no stem, inflected by analogy; a dictionary word is not (French *chatte* is not
        taken to *chat*)."""
        single = [w for w in words if " " not in w.strip()]
        lemmas = {w.lower() for w in single if w.lower() in self.entries}
        unknown = [w for w in single if w.lower() not in self.entries]
        if use_stems:  # a known word's stems that extend it: the verb of a noun (Hure, huren)
            found = stems({v for w in single for v in (w, w.lower(), w[:1].upper() + w[1:].lower())}, self.name)
            lemmas |= {st.lower() for w in single if w.lower() in self.entries for v in (w, w.lower(),
                       w[:1].upper() + w[1:].lower()) for st in found.get(v, ())
                       if st.lower().startswith(w.lower()) and st.lower() in self.entries}
        analogy: list[str] = []
        if use_stems and unknown:
            found = stems({v for w in unknown for v in (w, w.lower(), w[:1].upper() + w[1:].lower())}, self.name)
            for w in unknown:
                known = {s.lower() for v in (w, w.lower(), w[:1].upper() + w[1:].lower())
                         for s in found.get(v, ())} & set(self.entries)
                lemmas |= known
                if not known:
                    analogy.extend(by_analogy(w.lower(), self.entries))
        lemmas |= {p for lemma in lemmas for p in participles(lemma, self.code) if p in self.entries}
        if use_stems:
            lemmas |= {d for lemma in list(lemmas) for d in derived(lemma, self.code, self.entries)}
        lines = [line for lemma in sorted(lemmas) for line in self.entries[lemma]] + analogy
        return self.fit(unmunch(lines, self.name)) | self.fit(words), lemmas

    def analysed(self, lemmas: set[str]) -> set[str]:
        """Step 2: lexicon entries whose Hunspell stem is one of ``lemmas``."""
        shown = {self.lexicon.display(w): w for w in self.lexicon}
        found = stems(shown, self.name)
        return {shown[w] for w, ss in found.items() if w in shown and any(s.lower() in lemmas for s in ss)}

    def compounds(self, parts: set[str]) -> set[str]:
        """Step 3: lexicon entries split into known parts, one of them blocked."""
        words = {w for w in self.lexicon if len(w) >= 3}
        blocked_parts = {p for p in parts if len(p) >= MIN_PART}
        verb_stems = {p[: -len(end)] for p in blocked_parts for end in ("EN", "N")
                      if p.endswith(end) and len(p) - len(end) > MIN_PART}
        blocked_parts |= verb_stems
        out = set()
        for w in self.lexicon:
            if len(w) > MIN_PART and self._has_blocked_part(w, blocked_parts, words):
                out.add(w)
        return out

    def _has_blocked_part(self, w: str, blocked: set[str], words: set[str]) -> bool:
        n = len(w)
        for i in range(n - MIN_PART + 1):
            if i and not self._known_left(w[:i], words):
                continue
            for j in range(i + MIN_PART, n + 1):
                if (w[i:j] in blocked and self._known_right(w[j:], words, blocked)
                        and not self._inside_other(w, i, j, words, blocked)):
                    return True
        return False

    @staticmethod
    def _inside_other(w: str, i: int, j: int, words: set[str], blocked: set[str]) -> bool:
        """Whether the blocked part ``w[i:j]`` is the inside of a longer innocent word there (Vormarsch is VOR +
        MARSCH, not VORM + ARSCH; Wrijvingshitte is WRIJVINGS + HITTE)."""
        for k in range(max(0, i - 3), min(i + 3, j)):
            for end in range(max(j, k + 4), min(len(w), j + 3) + 1):
                if (k, end) in ((i, j), (0, len(w))) or (k > i and end == j):
                    continue
                if w[k:end] in words and w[k:end] not in blocked:
                    return True
        return False

    @staticmethod
    def _known_left(left: str, words: set[str]) -> bool:
        """A compound's modifier (a word, with a linking letter or not) or a verb prefix."""
        if left in PREFIXES:
            return True
        return any(left.endswith(link) and len(left) - len(link) >= 3 and left[: len(left) - len(link)] in words
                   for link in LINKS)

    @staticmethod
    def _known_right(right: str, words: set[str], blocked: set[str]) -> bool:
        """What follows a blocked part: an ending, a word (the compound's head) or another blocked part."""
        if right in ENDINGS:
            return True
        return len(right) >= 3 and (right in words or right in blocked or any(
            right.endswith(end) and right[: len(right) - len(end)] in words for end in ENDINGS if end))

    def build(self) -> set[str]:
        from kitgen.core.safe import variants

        open_words = [w for w in self.listed if w.lower() not in self.only]
        written = [w for w in self.listed if w.lower() in self.only]
        forms, lemmas = self.lemma_forms(open_words, use_stems=True)
        exact, _ = self.lemma_forms(written, use_stems=False)
        kept, _ = self.lemma_forms(self.kept, use_stems=False)
        everyday, _ = self.lemma_forms(list(EVERYDAY.get(self.code, ())), use_stems=False)
        lemmas -= {w.lower() for w in [*self.kept, *EVERYDAY.get(self.code, ())]}
        if self.code in COMPOUNDING:  # Dutch neukt: Hunspell's stem is neuk, the verb's stem
            lemmas |= {lemma[:-2] for lemma in lemmas if lemma.endswith("en") and len(lemma) > 5}
        blocked = forms | self.analysed(lemmas) | exact
        if self.code in COMPOUNDING:
            parts = {p for p in forms | self.fit(lemmas) if not self._everyday(p, everyday | kept)
                     and p not in self.fit(w for w in self.listed if " " in w.strip())}
            blocked |= self.compounds(parts)
        blocked |= written_forms(self.code, self.listed, self.lang.normalize)
        for fitting in self.fit(self.listed):
            blocked |= variants(fitting, self.code)
        return blocked - kept - (everyday - self.fit(self.listed))

    @staticmethod
    def _everyday(part: str, everyday: set[str]) -> bool:
        """Whether a part is an everyday word with an ending (German VOEGELN, birds, is VOEGEL + N)."""
        return any(part.endswith(end) and part[: len(part) - len(end)] in everyday for end in ENDINGS)

    def review(self, blocked: set[str]) -> list[str]:
        """The common words (rank 20 or commoner) that the block set takes from the lexicon."""
        return sorted(self.lexicon.display(w) for w in blocked if (self.lexicon.rank(w) or 99) <= 20)


HEADER = """\
# kitgen's block set for {code}: every fitting form kitgen never proposes unless --all-words is given, one a
# line: the words of {code}.txt (beside this file) in all their forms, from the Hunspell dictionary {name}
# (Debian hunspell packages, expanded with unmunch) and, in German and Dutch, the compounds that hold one.
# Built by scripts/build_blocked.py; {count} forms.
"""


def main(argv: list[str]) -> int:
    codes = argv or list(DICTIONARIES)
    for code in codes:
        builder = Builder(code)
        blocked = builder.build()
        head = HEADER.format(code=code, name=builder.name, count=len(blocked))
        (OUT / f"blocked-{code}.txt").write_text(head + "\n".join(sorted(blocked)) + "\n", encoding="utf-8")
        common = builder.review(blocked)
        print(f"{code}: {len(blocked)} forms blocked; {len(common)} common: {' '.join(common)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
