"""The service worker (served from the site's root so that its scope covers every entry
page), the web manifest, the engine's files and a fresh CSRF token for a queued write."""

import hashlib
import json
from pathlib import Path

from django.conf import settings
from django.http import Http404, HttpResponse, JsonResponse
from django.middleware.csrf import get_token
from django.templatetags.static import static
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from . import config
from .bundle import engine_bundle, engine_bundle_gzip
from .user import request_tag

WORKER = Path(__file__).with_name("sw.js")


@require_GET
def service_worker(request):
    """sw.js with its settings on the first line; its version changes with any of them,
    so a deploy that changes a kept file replaces the phone's copies."""
    conf = {"pages": config.PAGES, "precache": config.precache(),
            "queue": static("js/queue.js"), "engine": config.engine_version(),
            "static": settings.STATIC_URL, "signout": config.sign_outs(),
            "token": reverse("offline:token"), "sender": static("js/offline.js"),
            "stylesheet": static("css/site.css")}
    source = WORKER.read_text()
    material = json.dumps([conf, config.stamps()], sort_keys=True) + source
    conf["version"] = hashlib.sha256(material.encode()).hexdigest()[:12]
    body = f"self.OFFLINE = {json.dumps(conf)};\n{source}"
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    # The browser checks for a new worker on every visit; it must not keep this one.
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


@require_GET
def manifest(request):
    data = {
        "name": "Fives and Threes result entry",
        "short_name": "F&T entry",
        "description": "Enter and confirm results at the tables, with or without the network.",
        "start_url": "/arbiter/start/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#1d4f91",
        "icons": [
            {"src": static("offline/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
            {"src": static("offline/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("offline/icon-512.png"), "sizes": "512x512", "type": "image/png",
             "purpose": "any maskable"},
        ],
    }
    return JsonResponse(data, content_type="application/manifest+json")


@require_GET
def engine(request, digest):
    """The engine's source files as one JSON object, gzip'd where the browser takes it
    (every browser does; compressed once, bundle.py)."""
    data, current = engine_bundle()
    if digest != current:
        raise Http404("That build of the rules engine is not the current one.")
    if "gzip" in request.headers.get("Accept-Encoding", ""):
        response = HttpResponse(engine_bundle_gzip(), content_type="application/json")
        response["Content-Encoding"] = "gzip"
    else:
        response = HttpResponse(data, content_type="application/json")
    patch_vary_headers(response, ["Accept-Encoding"])
    response["Cache-Control"] = "public, max-age=31536000, immutable"  # named by its hash
    return response


@never_cache
@require_GET
def token(request):
    """A CSRF token for the session as it is now, and whose session it is: a write queued
    on the phone is sent with this token, and only for the user who queued it."""
    return JsonResponse({"csrf": get_token(request), "user": request_tag(request)})
