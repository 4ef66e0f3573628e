"""The entry form's pure code, shipped whole to the phone: no Django (docs/offline.md)."""
