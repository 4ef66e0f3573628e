"""The entry pages offline: the service worker, the web manifest, the phone's copy of the
rules engine and a fresh CSRF token for a queued write (docs/offline.md)."""
