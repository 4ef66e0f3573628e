"""Player keys: the secret a player carries on a card, to enter and accept results at
the table and to open their own page without an account (shared/spec/table-entry.md).

A key is 80 random bits written as 16 characters of Crockford's base32 in four groups
(`7K2M-Q9RX-…`): short enough to type from the card, and what a QR code carries. As with
the API tokens (models/tokens.py) only a SHA-256 digest is stored: 80 random bits need
no salt or stretching, and the lookup stays one indexed query. A key is shown once, when
the director makes it (on the printed card); renewing it makes a new one, and the old
one stops working.
"""

import hashlib
import re
import secrets

from django.db import models

from .entrants import Entrant
from .event import Tournament

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford: no I, L, O, U
KEY_BITS = 80
KEY_CHARS = KEY_BITS // 5
# What a person may type instead: lower case, O for 0, I or L for 1, spaces and dashes.
_TYPED = str.maketrans({"O": "0", "I": "1", "L": "1"})
_NOT_KEY = re.compile(r"[\s\-_.]")


def new_key() -> str:
    number = secrets.randbits(KEY_BITS)
    chars = "".join(ALPHABET[(number >> (5 * i)) & 31] for i in range(KEY_CHARS))
    return "-".join(chars[i:i + 4] for i in range(0, KEY_CHARS, 4))


def normalised(typed: str) -> str | None:
    """The key as stored (16 characters, no dashes), or None if it cannot be one."""
    if not isinstance(typed, str) or len(typed) > 64:
        return None
    text = _NOT_KEY.sub("", typed).upper().translate(_TYPED)
    if len(text) != KEY_CHARS or any(c not in ALPHABET for c in text):
        return None
    return text


def digest_of(key: str) -> str | None:
    text = normalised(key)
    return None if text is None else hashlib.sha256(text.encode()).hexdigest()


class PlayerKeyQuerySet(models.QuerySet):
    def holding(self, key: str):
        """The key's row (with its entrant and event) if `key` is a current key."""
        digest = digest_of(key)
        if digest is None:
            return None
        return self.by_digest(digest)

    def by_digest(self, digest: str):
        return (self.select_related("entrant", "tournament")
                .filter(digest=digest).first())


class PlayerKey(models.Model):
    """The key of one player: a singles entrant, or one member (1 or 2) of a pair."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE,
                                   related_name="player_keys")
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="keys")
    # 0 in a singles event; a pair's member 1 or 2 (its `members` list, from 1).
    member = models.PositiveSmallIntegerField(default=0)
    digest = models.CharField(max_length=64, unique=True)
    hint = models.CharField(max_length=4, blank=True,
                            help_text="The key's first characters, to tell cards apart.")
    created_at = models.DateTimeField(auto_now=True)

    objects = PlayerKeyQuerySet.as_manager()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["entrant", "member"], name="one_key_per_player"),
        ]

    def __str__(self):
        # How the audit names the player (actions.checkin words it "by the player …").
        return f"{self.name} (no. {self.entrant.number})"

    @property
    def name(self) -> str:
        """The player's own name: the entrant's, or the pair's member's."""
        if self.member:
            names = self.entrant.member_names
            if len(names) >= self.member and names[self.member - 1]:
                return names[self.member - 1]
            return f"{self.entrant.name} ({self.member})"
        return self.entrant.name

    def who(self) -> dict:
        """The player as the audit names them."""
        return {"player": self.entrant.number, "member": self.member or None,
                "name": self.name}
