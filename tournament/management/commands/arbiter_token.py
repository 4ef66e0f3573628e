"""`manage.py arbiter_token USERNAME --tournament SLUG`: an arbiter's API token for a device."""

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from tournament.actions.base import audit
from tournament.models import ApiToken, Official, Tournament


class Command(BaseCommand):
    help = ("Create USERNAME if needed, make them an arbiter of the tournament, and print "
            "their API token (the existing one if they have one) alone on a line.")

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("--tournament", required=True, metavar="SLUG")

    def handle(self, *args, username, tournament, **options):
        username = username.strip()
        if not username:
            raise CommandError("Give a username.")
        event = Tournament.objects.filter(slug=tournament).first()
        if event is None:
            raise CommandError(f"There is no tournament {tournament!r}.")
        key, note = grant(event, username)
        if note:
            self.stderr.write(note)
        self.stdout.write(key)


@transaction.atomic
def grant(event, username) -> tuple[str, str]:
    """(token key, a note for the operator). Run from the server's shell: the actor is None."""
    user, created = User.objects.get_or_create(username=username)
    if created:
        # Signs in with the token only, until a director sets a password.
        user.set_unusable_password()
        user.save(update_fields=["password"])
    official = Official.objects.filter(tournament=event, user=user).first()
    note = ""
    if official is None:
        Official.objects.create(tournament=event, user=user, role=Official.Role.ARBITER)
        audit(event, None, "add_official", f"{username} is now arbiter of {event.name} "
              "(arbiter_token command)", username=username, role="arbiter", created=created)
    elif official.role != Official.Role.ARBITER:
        # Never demote a director: their role already allows entering results.
        note = f"{username} stays {official.role} of {event.name}."
    token, _ = ApiToken.objects.get_or_create(user=user)
    return token.key, note
