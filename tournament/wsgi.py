"""WSGI entry point: `gunicorn tournament.wsgi` (see docs/deploy.md)."""

import os

from django.core.exceptions import ImproperlyConfigured
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")
application = get_wsgi_application()

from django.conf import settings  # noqa: E402  (after the app registry is ready)

if not (settings.DEBUG or settings.LOCAL_DEV) and not os.environ.get("SECRET_KEY"):
    raise ImproperlyConfigured("Set SECRET_KEY in the environment before serving (DEBUG is off).")
