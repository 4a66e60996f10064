"""Files a person brings to the web app: a grid to print (.puz, .ipuz, a text grid), a word list, a book
(docs/web.md, "Uploads").

The browser reads the file and sends its bytes as a request's body (``POST /api/upload?name=FILE``); the
server keeps them in memory (a few dozen, 64 MB at most, the oldest dropped) under a token made from their
digest, ``upload:<hex>``, and a later request names the token where the command line names a file
(``/api/pdf/pattern?from_file=upload:...&count=30``). No request ever names a file on the server: the
worker process writes the bytes into a folder of its own, under the upload's cleaned-up name, and the
command reads that. Only the options that read a person's input take a token (``UPLOADABLE``).
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
import tempfile
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, TypeVar, cast

UPLOADABLE = frozenset({"from_file", "words", "book"})
"""Options whose value is a file a person gives (a grid to print, a word list, a book): a token over HTTP."""
TOKEN = re.compile(r"upload:[0-9a-f]{24}")
MAX_KEPT = 48
MAX_BYTES = 64_000_000
SAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")
J = TypeVar("J")


class UnknownUpload(Exception):
    """A token the server does not hold (never given, or dropped since): the person chooses the file again."""


@dataclass(frozen=True)
class Upload:
    """One uploaded file: its cleaned-up name and its bytes (sent to a worker with the job)."""

    name: str
    data: bytes

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.data).hexdigest()[:24]


def clean_name(name: str) -> str:
    """A file name safe to write in a folder of the worker's own: no folders, no odd characters, an extension."""
    base = SAFE_NAME.sub("-", name.replace("\\", "/").rsplit("/", 1)[-1]).strip(".-")[:60] or "upload"
    stem, dot, ext = base.rpartition(".")
    if not dot or not stem or not ext.isalnum() or len(ext) > 5:
        return f"{base}.txt"
    return base


class Uploads:
    """The server's uploads, oldest dropped first (used from the event loop only: no lock)."""

    def __init__(self) -> None:
        self._kept: OrderedDict[str, Upload] = OrderedDict()

    def add(self, name: str, data: bytes) -> str:
        upload = Upload(clean_name(name), data)
        token = f"upload:{upload.digest}"
        self._kept[token] = upload
        self._kept.move_to_end(token)
        while len(self._kept) > MAX_KEPT or sum(len(u.data) for u in self._kept.values()) > MAX_BYTES:
            self._kept.popitem(last=False)
        return token

    def get(self, token: str) -> Upload:
        if token not in self._kept:
            raise UnknownUpload(token)
        self._kept.move_to_end(token)
        return self._kept[token]

    def resolve(self, job: J) -> J:
        """A job with each token (an uploadable option's value) replaced by its Upload."""
        return cast(J, _walk(job, self._token))

    def _token(self, key: str, value: Any) -> Any:
        if key in UPLOADABLE and isinstance(value, str) and TOKEN.fullmatch(value):
            return self.get(value)
        return value


def _walk(thing: Any, at: Callable[[str, Any], Any]) -> Any:
    """``thing`` rebuilt with ``at(key, value)`` applied to every option value: in dicts, in ``(name, value)``
    pairs (a PDF target's options) and through a job's dataclass fields."""
    if isinstance(thing, Upload):
        return at("", thing)
    if dataclasses.is_dataclass(thing) and not isinstance(thing, type):
        return dataclasses.replace(thing, **{f.name: _walk(getattr(thing, f.name), at)
                                            for f in dataclasses.fields(thing) if f.init})
    if isinstance(thing, dict):
        return {k: at(k, _walk(v, at)) for k, v in thing.items()}
    if isinstance(thing, tuple):
        if len(thing) == 2 and isinstance(thing[0], str):
            return (thing[0], at(thing[0], _walk(thing[1], at)))
        return tuple(_walk(t, at) for t in thing)
    return thing


def materialize(job: J, folder: Path | None = None) -> J:
    """In a worker: each Upload in a job written into a folder of the worker's own (one folder a content digest,
    so the same upload is the same path and a worker's PDF cache finds it) and replaced by its path."""
    home = folder or _folder()

    def write(key: str, value: Any) -> Any:
        if not isinstance(value, Upload):
            return value
        place = home / value.digest
        path = place / value.name
        if not path.exists():
            place.mkdir(parents=True, exist_ok=True, mode=0o700)
            partial = place / f".{value.name}.part"
            partial.write_bytes(value.data)
            partial.replace(path)
        return path

    return cast(J, _walk(job, write))


@cache
def _folder() -> Path:
    """This worker's own folder for uploads (made private by mkdtemp; a worker lives until the server stops)."""
    return Path(tempfile.mkdtemp(prefix="kitgen-uploads-"))
