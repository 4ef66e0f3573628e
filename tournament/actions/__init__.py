"""Every change to an event is one function here.

Each is one durable change (`@atomic_action`, base.py), checks the actor's rights on the server, and
writes an audit row; views, the API, commands and tests all call the same ones.
"""

from .base import ActionError, PermissionDenied

__all__ = ["ActionError", "PermissionDenied"]
