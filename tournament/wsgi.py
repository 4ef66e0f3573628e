"""WSGI entry point: `gunicorn tournament.wsgi` (see docs/deploy.md)."""

import gc
import os

from django.core.exceptions import ImproperlyConfigured
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")
application = get_wsgi_application()

# What loading Django and the project made lives as long as the worker: moved out of the
# garbage collector's reach, so that building a large page (the standings of 1,000
# players, which makes many small objects) does not walk all of it again and again.
gc.freeze()

from django.conf import settings  # noqa: E402  (after the app registry is ready)

if not (settings.DEBUG or settings.LOCAL_DEV) and not os.environ.get("SECRET_KEY"):
    raise ImproperlyConfigured("Set SECRET_KEY in the environment before serving (DEBUG is off).")
