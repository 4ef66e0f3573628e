"""The few names of `typing`, `collections.abc` and `__future__` the engine's modules
import, for the phone's MicroPython (docs/offline.md): annotations are never evaluated
there, and the only run-time use, `isinstance(x, Mapping)`, meets the dicts `json.loads`
makes. bundle.py's boot installs this module under those three names."""

annotations = None  # from __future__ import annotations
TYPE_CHECKING = False
Any = object
Mapping = dict
Iterable = object
Callable = object
Sequence = object
