from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.core.management.base import BaseCommand, CommandError


def direct_events_permission() -> Permission:
    return Permission.objects.get(content_type__app_label="tournament",
                                  codename="direct_events")


def grant(user, revoke: bool = False) -> None:
    """Give `user` the right to create events (or take it back). Events already created
    stay theirs to direct: that is their Official row, not this right."""
    if revoke:
        user.user_permissions.remove(direct_events_permission())
    else:
        user.user_permissions.add(direct_events_permission())


class Command(BaseCommand):
    help = ("Give an account the right to create events (tournament.direct_events), or take "
            "it back with --revoke. Staff can do the same in the admin (user permissions).")

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("--revoke", action="store_true",
                            help="take the right away instead")

    def handle(self, *args, username, revoke, **options):
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise CommandError(f"There is no account called {username!r}.")
        grant(user, revoke=revoke)
        if revoke:
            self.stdout.write(f"{username} may no longer create events "
                              "(the events they already direct stay theirs).")
        else:
            self.stdout.write(f"{username} may now create events at /manage/new/.")
