"""Web plumbing: idempotent writes, limits, sign-in lock, revisions, private pages, tasks."""
