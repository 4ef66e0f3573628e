"""Typed text: what can be stored, JSON documents, name folding and order, number fields."""
