"""The language of the text a person reads: labels, rules, covers, refusals, web pages (docs/languages.md,
"The language of the text").

Every such string is written in English in the code or a template and looked up in one gettext catalogue,
``kitgen/locale/<lang>/LC_MESSAGES/kitgen.mo`` (made by Babel from ``kitgen.po``: ``make i18n-extract``,
``make i18n-update``, ``make i18n-compile``). English is the reference: its lookup returns the string itself,
so English output is exactly what it was before translations existed.

The language is a context variable, not an argument threaded through every renderer: a face (the command line,
a web request) or a kit job chooses it with ``speaking(code)`` around the work; ``gettext`` (``_``) reads it.
A language with no catalogue (one kitgen deals words in but nobody has translated yet) reads English.
"""

from __future__ import annotations

import errno
import gettext as _gettext
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache

from kitgen.core.resources import PACKAGE_DIR

DOMAIN = "kitgen"
ENGLISH = "en"
LOCALE_DIR = PACKAGE_DIR / "locale"

TRANSLATED = ("en", "de", "es", "fr", "it", "nl", "pt", "sv", "pl", "tr", "ru", "el")
"""The text languages with a catalogue (English is the reference and needs none). Swedish, Polish, Turkish,
Russian and Greek translate the labels and pages; their rules documents still read English (docs/languages.md)."""

_current: ContextVar[str] = ContextVar("kitgen_text_language", default=ENGLISH)


def text_language() -> str:
    """The code of the language text is being written in now (``en`` unless a face chose another)."""
    return _current.get()


def text_language_for(text_lang: str | None, lang: str | None) -> str:
    """The text language a command speaks: ``--text-lang`` when given, else the language of the words
    (``--lang``), English when neither is given. A code without a catalogue reads English."""
    chosen = text_lang or lang or ENGLISH
    return chosen if chosen in TRANSLATED else ENGLISH


_words: ContextVar[str] = ContextVar("kitgen_words_language", default=ENGLISH)


@contextmanager
def speaking(code: str | None, words: str | None = None) -> Iterator[str]:
    """Write text in ``code``'s language inside the ``with`` block (English for None or an untranslated code);
    ``words`` is the language of the words being played, when the face knows it (``text_variant``)."""
    chosen = code if code in TRANSLATED else ENGLISH
    token = _current.set(chosen)
    words_token = _words.set(words or chosen)
    try:
        yield chosen
    finally:
        _words.reset(words_token)
        _current.reset(token)


def text_variant() -> str | None:
    """``text-en`` when the text is not in the language of the words (``--lang fr --text-lang en``), for a file
    name: two runs that print different text never share a name. None when they agree (the default)."""
    code = _current.get()
    return None if code == _words.get() or (code == ENGLISH and _words.get() not in TRANSLATED) else f"text-{code}"


@cache
def translations(code: str) -> _gettext.NullTranslations:
    """The compiled catalogue of ``code`` (English, or a missing catalogue: the strings as written)."""
    if code == ENGLISH:
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, str(LOCALE_DIR), languages=[code], fallback=True)


def gettext(message: str) -> str:
    """``message`` in the current text language (itself in English, or where the catalogue has no entry)."""
    if not message:
        return message
    return translations(_current.get()).gettext(message)


_ = gettext


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural of a message for ``n``, in the current text language."""
    return translations(_current.get()).ngettext(singular, plural, n)


def N_(message: str) -> str:  # noqa: N802 -- the name gettext's tools look for
    """Mark a string for the catalogue where it is defined (a constant, a declaration); translate it with
    ``_`` where it is shown."""
    return message


UNREADABLE = N_("unreadable here")
"""What a parser's reason says where kitgen has no message of its own for it (outside English)."""


def library_reason(reason: str, known: frozenset[str]) -> str:
    """A library's English reason (a JSON or XML parser's) in the text language: a reason of a kind kitgen knows
    (``known``, each a catalogue message spelt as the library spells it) is its plain translation; one of no known
    kind (a newer library's) reads ``UNREADABLE`` outside English. English keeps the library's words."""
    if reason in known or _current.get() == ENGLISH:
        return gettext(reason)
    return gettext(UNREADABLE)


SYSTEM_REASONS = {
    errno.ENOENT: N_("not found"), errno.EACCES: N_("permission denied"), errno.EPERM: N_("permission denied"),
    errno.EISDIR: N_("is a folder"), errno.ENOTDIR: N_("a part of the path is not a folder"),
    errno.ENOSPC: N_("the disk is full"), getattr(errno, "EDQUOT", errno.ENOSPC): N_("the disk is full"),
    errno.EFBIG: N_("the file is too large"), errno.EROFS: N_("the disk is read-only"),
    errno.ENAMETOOLONG: N_("the name is too long"), errno.EEXIST: N_("already exists"),
    errno.ELOOP: N_("too many symbolic links"), errno.EIO: N_("the disk or device failed"),
    errno.EMFILE: N_("too many files are open"), errno.ENFILE: N_("too many files are open"),
    errno.EBUSY: N_("in use"), errno.ETXTBSY: N_("in use"), errno.EXDEV: N_("on another disk"),
}
"""Plain words for each family of the system's errors (``errno``), where the system's ``strerror`` is English."""


def system_reason(exc: OSError) -> str:
    """Why the system refused (a file not found, a full disk) in the text language: the system's own words in
    English (``No such file or directory``), a ``SYSTEM_REASONS`` message elsewhere, or for an error of no family
    listed, ``a system error`` with its code (``ENXIO``)."""
    if _current.get() == ENGLISH:
        return exc.strerror or str(exc)
    said = SYSTEM_REASONS.get(exc.errno or 0)
    if said is not None:
        return gettext(said)
    return gettext("a system error ({code})").format(code=errno.errorcode.get(exc.errno or 0, "?"))


def either(items: Sequence[str]) -> str:
    """Choices joined as the text language joins them with its "or": ``1, 2 or 3`` in English (kitgen's own way,
    no comma before "or"), ``1, 2 ou 3`` in French, ``1 или 2`` in Russian (CLDR's, through Babel)."""
    if len(items) < 2 or _current.get() == ENGLISH:
        return " or ".join([", ".join(items[:-1]), items[-1]]) if len(items) > 1 else "".join(items)
    from babel.lists import format_list

    return str(format_list(list(items), style="or", locale=_current.get()))


DECIMAL_COMMA = frozenset({"de", "es", "fr", "it", "nl", "pt", "sv", "pl", "tr", "ru", "el"})
"""Text languages that write a decimal comma (12,5 mm)."""


def decimal(value: float, places: int = 1) -> str:
    """``value`` written with ``places`` decimals in the current text language: ``12.5`` in English, ``12,5``
    where a decimal comma is written."""
    text = f"{value:.{places}f}"
    return text.replace(".", ",") if _current.get() in DECIMAL_COMMA else text


_BREAKS = re.compile(r"[ \t\r\n]+")


def words_of(text: str) -> list[str]:
    """The pieces a line wrapper may break ``text`` between: it breaks at spaces, tabs and newlines, never at a
    no-break space (French writes one before ``: ; ! ?``; ``str.split()`` would break there)."""
    return [word for word in _BREAKS.split(text) if word]


def number(value: float) -> str:
    """``value`` as ``{:g}`` writes it (25, 12.5), with a decimal comma where the text language writes one."""
    text = f"{value:g}"
    return text.replace(".", ",") if _current.get() in DECIMAL_COMMA else text


_GROUPS = {"en": ",", "de": ".", "es": ".", "it": ".", "nl": ".", "pt": ".", "tr": ".", "el": ".",
           "fr": "\u202f", "sv": "\u00a0", "pl": "\u00a0", "ru": "\u00a0"}
"""The thousands separator each text language writes: 1,000,000; 1.000.000; French's narrow no-break space."""


def whole(value: int) -> str:
    """A whole number with its thousands grouped as the text language writes them (1,000,000 in English)."""
    return f"{value:,}".replace(",", _GROUPS.get(_current.get(), ","))


_QUOTES = {"en": ("\u201c", "\u201d"), "de": ("\u201e", "\u201c"), "fr": ("\u00ab\u00a0", "\u00a0\u00bb"),
           "es": ("\u00ab", "\u00bb"), "it": ("\u00ab", "\u00bb"), "nl": ("\u2018", "\u2019"),
           "pt": ("\u00ab", "\u00bb"), "sv": ("\u201d", "\u201d"), "pl": ("\u201e", "\u201d"),
           "tr": ("\u201c", "\u201d"), "ru": ("\u00ab", "\u00bb"), "el": ("\u00ab", "\u00bb")}


def quoted(text: str) -> str:
    """``text`` in the current text language's quotation marks: “word”, „Wort“, « mot »."""
    left, right = _QUOTES.get(_current.get(), _QUOTES[ENGLISH])
    return f"{left}{text}{right}"


def typed(text: str) -> str:
    """What a person typed, shown in a refusal: Python's quotes in English (``'b5'``, as kitgen has always written
    it), the text language's quotation marks elsewhere (``„b5“``)."""
    return repr(text) if _current.get() == ENGLISH else quoted(text)
