from django.conf import settings
from django.db import models

# Points by place unless the director sets another scale: 1st 10, 2nd 8, ... 8th 1.
DEFAULT_SCALE = [10, 8, 6, 5, 4, 3, 2, 1]


def default_scale():
    return list(DEFAULT_SCALE)


class Series(models.Model):
    """Events grouped (a season, a festival) and scored by place: see actions/series.py."""

    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=60, unique=True)
    # Points for 1st, 2nd, ...; places beyond the scale score nothing.
    scale = models.JSONField(default=default_scale)
    events = models.ManyToManyField("tournament.Tournament", blank=True, related_name="series")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "name"]
        verbose_name_plural = "series"

    def __str__(self):
        return self.name
