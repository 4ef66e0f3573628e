from django.apps import AppConfig
from django.conf import settings
from django.db.models import signals


class TournamentConfig(AppConfig):
    name = "tournament"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from .public import tables_speed

        tables_speed.install()  # django-tables2's signature lookups, once per function
        # Here, not in the models: revoking a key is an action (audited).
        from .actions.tokens import revoke_on_official_removed, revoke_on_password_change

        signals.pre_save.connect(revoke_on_password_change, sender=settings.AUTH_USER_MODEL,
                                 dispatch_uid="api-token-password")
        signals.post_delete.connect(revoke_on_official_removed, sender="tournament.Official",
                                    dispatch_uid="api-token-official")
