"""The command line: one Typer app, one module per command group. Parse, call, write; no rules here."""
