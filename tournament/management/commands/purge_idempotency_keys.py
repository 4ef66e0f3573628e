from django.core.management.base import BaseCommand

from ...web import idempotency


class Command(BaseCommand):
    help = ("Delete the answers kept for Idempotency-Key resends once older than "
            f"{idempotency.KEEP.total_seconds() / 3600:.0f} hours (run it daily, e.g. "
            "from cron).")

    def handle(self, *args, **options):
        removed = idempotency.purge()
        self.stdout.write(f"{removed} idempotency key{'s' if removed != 1 else ''} purged.")
