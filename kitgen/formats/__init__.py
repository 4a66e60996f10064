"""Readers and writers of the files people type and share (DESIGN.md, "Formats a person types")."""
