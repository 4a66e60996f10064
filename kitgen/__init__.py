"""kitgen: print-ready kits, seeded deals and verifiers for paper word games."""

__version__ = "0.1.0"
