"""kitgen's storage layer: class sessions and their submissions in a real database (SQLAlchemy 2, Alembic).

The web face (class sessions) and the CLI (``kitgen session``) use it; the games know nothing of it.

The names below are read from ``kitgen.store.store`` when first used (PEP 562), so importing the package, or its
plain ``kitgen.store.kinds``, does not import SQLAlchemy: ``kitgen serve`` starts without it (some 0.4 s of CPU)
and imports it at the first class request.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kitgen.store.store import (
        ENV,
        Closed,
        Entry,
        Forbidden,
        KeyReused,
        NewSession,
        NotFound,
        SessionInfo,
        Store,
        StoreError,
        check_name,
        check_send_key,
        default_url,
    )

__all__ = ["ENV", "Closed", "Entry", "Forbidden", "KeyReused", "NewSession", "NotFound", "SessionInfo", "Store",
           "StoreError", "check_name", "check_send_key", "default_url"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        return getattr(import_module("kitgen.store.store"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
