"""The sign-in lock-out (django-axes), in two tiers (settings: "Sign-in lock-out").

- **An account from an address**: AXES_FAILURE_LIMIT wrong passwords for one username
  from one address pause that username there. Someone elsewhere, and every other account
  at that address, still signs in, so a spectator behind the venue's NAT cannot lock the
  officials out, and nobody can lock a named account from anywhere.
- **An address**, gentler: SIGNIN_ADDRESS_FAILURE_LIMIT wrong passwords from one address
  for accounts that exist pause that address for every account: password spraying. Names
  that do not exist are not counted here, so guessing at them locks nobody real (they get
  only the first tier, for that made-up name).

axes compares one number with its one limit, so `get_failures` folds the two tiers into
that scale: the account's count, or the limit itself once the address tier is reached.
The 429 page says how long the pause lasts and carries Retry-After in seconds.
"""

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_cool_off, get_failure_limit
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import Sum
from django.shortcuts import render


def _sum(attempts) -> int:
    return attempts.aggregate(n=Sum("failures_since_start"))["n"] or 0


class TwoTierHandler(AxesDatabaseHandler):
    def get_failures(self, request, credentials=None) -> int:
        by_account, by_address = self.get_user_attempts(request, credentials)
        limit = get_failure_limit(request, credentials)
        account = _sum(by_account)
        if account >= limit:
            return account
        users = get_user_model()
        real = by_address.filter(username__in=users.objects.values(users.USERNAME_FIELD))
        return limit if _sum(real) >= settings.SIGNIN_ADDRESS_FAILURE_LIMIT else account


def locked_out(request, original_response=None, credentials=None):
    """The 429 page, with Retry-After: the cool-off in whole seconds."""
    cool_off = get_cool_off(request)
    response = render(request, settings.AXES_LOCKOUT_TEMPLATE,
                      {"cooloff_timedelta": cool_off}, status=429)
    if cool_off:
        response["Retry-After"] = str(max(1, int(cool_off.total_seconds())))
    return response
