"""Exporting the edit for other editors."""
