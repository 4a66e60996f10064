"""kitgen's storage layer: class sessions and their submissions in a real database (SQLAlchemy 2, Alembic).

The web face (class sessions) and the CLI (``kitgen session``) use it; the games know nothing of it.
"""

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
