"""The laptop's address on the hall's network, and the settings a venue server runs with."""

from __future__ import annotations

import os
import secrets
import socket
from pathlib import Path


def lan_ip() -> str:
    """The address other devices on the local network reach this laptop at: the one the
    system would send from towards a private address (a UDP "connect" sends nothing)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.254.254.254", 1))
            ip = s.getsockname()[0]
        except OSError:
            ip = "127.0.0.1"  # no network at all: only this laptop can reach it
    return ip


def secret_key(var: Path) -> str:
    """The venue's own secret key, made once and kept (0600) so sessions survive a restart."""
    var.mkdir(parents=True, exist_ok=True)
    path = var / "venue-secret-key"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(50))
        path.chmod(0o600)
    return path.read_text().strip()


def environment(base: dict[str, str], *, ip: str, port: int, https: bool,
                var: Path) -> dict[str, str]:
    """Production settings (DEBUG off, manifest static files) for a server reached by
    address on a private network: plain HTTP unless a certificate is given."""
    origin = f"{'https' if https else 'http'}://{ip}:{port}"
    env = dict(base)
    env.pop("DEBUG", None)
    env.update({
        "LOCAL_DEV": "0",
        "SECRET_KEY": base.get("SECRET_KEY") or secret_key(var),
        "ALLOWED_HOSTS": ",".join(dict.fromkeys([ip, "127.0.0.1", "localhost",
                                                 socket.gethostname()])),
        "CSRF_TRUSTED_ORIGINS": origin,
        "SECURE_SSL_REDIRECT": "0",
        "SECURE_HSTS_SECONDS": "0",
        "SECURE_COOKIES": "1" if https else "0",
    })
    return env


def address(ip: str, port: int, https: bool) -> str:
    return f"{'https' if https else 'http'}://{ip}:{port}/"


def workers() -> int:
    return 2 * (os.cpu_count() or 1) + 1
