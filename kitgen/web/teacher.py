"""The teacher's password (``kitgen serve --teacher``; docs/web.md, "Who may do what"): the issue's other teacher's
secret beside a session's key. The server asks for it once as it starts (a prompt, or ``$KITGEN_TEACHER_PASSWORD``;
never the command line, where ``ps`` and the shell's history would show it) and keeps only its scrypt hash, in
memory. A teacher signs in at ``/teacher`` (kitgen/web/classroom.py: a form from this site only, with its token; a
few tries a minute from one device) and gets a cookie that opens every session's teacher pages and the form that
starts one, which then needs it (403 without it).
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import time
from dataclasses import dataclass

from starlette.requests import Request

from kitgen.api import InputError
from kitgen.api import gettext as _

PASSWORD_ENV = "KITGEN_TEACHER_PASSWORD"
COOKIE = "kitgen_teacher_login"
SIGNED_IN_SECONDS = 12 * 60 * 60
"""A sign-in lasts a school day; a restarted server (a new secret) asks again."""
TRIES_PER_MINUTE = 5
"""Sign-in tries one device may make in a minute: a teacher mistypes once or twice; a script guesses thousands."""
SHORTEST = 8
LONGEST = 200
"""The longest password hashed: a longer one is refused before any work."""


def _scrypt(password: str, salt: bytes) -> bytes:
    return hashlib.scrypt(password.encode("utf-8"), salt=salt, n=2**14, r=8, p=1, dklen=32)


@dataclass(frozen=True)
class Password:
    """The teacher's password as the server keeps it: a random salt and the scrypt hash, never the password."""

    salt: bytes
    digest: bytes

    @classmethod
    def of(cls, password: str) -> Password:
        if not SHORTEST <= len(password) <= LONGEST:
            raise InputError(_("The teacher's password needs {least} to {most} characters.").format(
                least=SHORTEST, most=LONGEST))
        salt = secrets.token_bytes(16)
        return cls(salt, _scrypt(password, salt))

    def matches(self, given: str) -> bool:
        return len(given) <= LONGEST and hmac.compare_digest(_scrypt(given, self.salt), self.digest)


def read_password(ask: bool) -> Password | None:
    """``kitgen serve --teacher``'s password: ``$KITGEN_TEACHER_PASSWORD`` (then taken out of the environment, so
    the server's worker processes do not inherit it), else asked twice at the terminal without echo."""
    if not ask:
        return None
    given = os.environ.pop(PASSWORD_ENV, None)
    if given is None:
        import getpass
        import sys

        if not sys.stdin.isatty():
            raise InputError(_("--teacher asks for the password at a terminal: run kitgen serve in one, or set "
                               "${name}").format(name=PASSWORD_ENV))
        given = getpass.getpass(_("Teacher's password: "))
        if getpass.getpass(_("The same again: ")) != given:
            raise InputError(_("The two passwords differ: start kitgen serve again."))
    return Password.of(given)


def stamp(secret: bytes, password: Password, expires: int) -> str:
    mac = hmac.new(secret, f"teacher {expires}".encode() + password.digest, hashlib.sha256).hexdigest()
    return f"{expires}.{mac}"


def signed_in(request: Request) -> bool:
    """Whether the request carries a teacher's sign-in from this server, still valid."""
    room = request.app.state.classroom
    password: Password | None = room.password
    given = request.cookies.get(COOKIE, "")
    expires, _dot, _mac = given.partition(".")
    if password is None or not (expires.isascii() and expires.isdigit()) or int(expires) < time.time():
        return False
    return hmac.compare_digest(given.encode(), stamp(room.secret, password, int(expires)).encode())


def next_page(where: str) -> str:
    """Where to go after signing in: a page of this site only (never ``//elsewhere``)."""
    return where if where.startswith("/") and not where.startswith("//") and "\\" not in where else "/class"


def signed_in_cookie(secret: bytes, password: Password) -> tuple[str, int]:
    """The sign-in cookie's value, and how long it lasts (seconds)."""
    return stamp(secret, password, int(time.time()) + SIGNED_IN_SECONDS), SIGNED_IN_SECONDS
