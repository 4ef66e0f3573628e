"""The site's URLs, plus stand-ins for pages other engineers are still writing.

base.html links to public:events and arbiter:home, and the dashboard to public:event;
until those exist, these stubs let the director's pages render in tests.
"""

from django.http import HttpResponse
from django.urls import NoReverseMatch, include, path, reverse

from tournament.urls import urlpatterns as site_patterns


def stub(request, *args, **kwargs):
    return HttpResponse("stub")


def has(name, *args):
    try:
        reverse(name, args=args)
    except NoReverseMatch:
        return False
    return True


public = [path("", stub, name="events"), path("<slug:slug>/", stub, name="event")]
arbiter = [path("", stub, name="home")]
urlpatterns = [p for p in site_patterns if getattr(p, "namespace", None) not in
               {"public", "arbiter"}]
urlpatterns += [path("arbiter/", include((arbiter, "arbiter"))),
                path("", include((public, "public")))]
