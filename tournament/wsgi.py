"""WSGI entry point: `gunicorn tournament.wsgi` (see docs/deploy.md).

Loading it also does what the first request would otherwise pay for (`warm`), and with
gunicorn.conf.py's `preload_app` that is done once, in the master, before the workers are
forked: a worker answers its first spectator as fast as its thousandth.
"""

import gc
import os

from django.core.exceptions import ImproperlyConfigured
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")
application = get_wsgi_application()

from django.conf import settings  # noqa: E402  (after the app registry is ready)

if not (settings.DEBUG or settings.LOCAL_DEV) and not os.environ.get("SECRET_KEY"):
    raise ImproperlyConfigured("Set SECRET_KEY in the environment before serving (DEBUG is off).")


def warm():
    """Import every view (the URL conf: the API's schemas, the A-Z collation table; 1.7 s
    of a first request, measured), the database's and Redis's client libraries (0.5 s) and
    compile every template, connecting to no database and no cache, so that no request
    waits for it."""
    import importlib

    from django.db import connections
    from django.template import engines
    from django.template.loaders.cached import Loader as Cached
    from django.urls import get_resolver, reverse

    get_resolver().url_patterns  # noqa: B018  (imports the URL conf and its views)
    reverse("public:events")  # the resolvers' reverse maps
    for alias in connections:
        connections[alias]  # noqa: B018  (imports its driver; connects on first use)
    if any("redis" in c["BACKEND"] for c in settings.CACHES.values()):
        importlib.import_module("redis")
    for engine in engines.all():
        for loader in getattr(engine, "engine", engine).template_loaders:
            inner = loader.loaders if isinstance(loader, Cached) else [loader]
            for each in inner:
                for folder in each.get_dirs():
                    for path in sorted(os.path.relpath(os.path.join(d, f), folder)
                                       for d, _, files in os.walk(folder)
                                       for f in files if f.endswith((".html", ".txt"))):
                        try:
                            engine.get_template(path)
                        except Exception:  # noqa: BLE001  (a template for another engine)
                            continue


warm()

# What loading Django and the project made lives as long as the worker: moved out of the
# garbage collector's reach, so that building a large page (the standings of 1,000
# players, which makes many small objects) does not walk all of it again and again.
gc.freeze()
