"""Whole events in and out: the archive and entrants' CSV."""
