"""Readers of the database for the pure cores: history, rating lists, the TRF export."""
