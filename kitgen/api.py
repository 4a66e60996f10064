"""The typed public API of kitgen (see docs/api.md)."""
