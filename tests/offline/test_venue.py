"""`make venue`: the address the hall's devices reach, the production settings it runs
with (DEBUG off, its own kept secret key, the address allowed and trusted for CSRF), and
the address printed with a QR code (drawn in the terminal)."""

import io
import ipaddress
import socket

import pytest
import segno
from django.core.management import CommandError, call_command

from tournament.venue import network


def test_the_address_is_an_ipv4_address_of_this_machine():
    ip = ipaddress.ip_address(network.lan_ip())
    assert ip.version == 4
    if not ip.is_loopback:  # a machine with a network: it can listen on that address
        with socket.socket() as s:
            s.bind((str(ip), 0))


def test_the_settings_are_production_ones_for_that_address(tmp_path):
    env = network.environment({"DEBUG": "1", "PATH": "/bin"}, ip="192.168.1.20", port=8000,
                              https=False, var=tmp_path)
    assert "DEBUG" not in env and env["LOCAL_DEV"] == "0" and env["PATH"] == "/bin"
    assert "192.168.1.20" in env["ALLOWED_HOSTS"].split(",")
    assert env["CSRF_TRUSTED_ORIGINS"] == "http://192.168.1.20:8000"
    assert env["SECURE_COOKIES"] == "0" and env["SECURE_SSL_REDIRECT"] == "0"
    key = env["SECRET_KEY"]
    assert len(key) > 50 and (tmp_path / "venue-secret-key").stat().st_mode & 0o077 == 0
    again = network.environment({}, ip="192.168.1.20", port=8000, https=True, var=tmp_path)
    assert again["SECRET_KEY"] == key  # kept: sessions survive a restart
    assert again["SECURE_COOKIES"] == "1"
    assert again["CSRF_TRUSTED_ORIGINS"] == "https://192.168.1.20:8000"
    given = network.environment({"SECRET_KEY": "x" * 60}, ip="10.0.0.2", port=80,
                                https=False, var=tmp_path)
    assert given["SECRET_KEY"] == "x" * 60


def test_the_address_and_a_qr_code_of_it():
    url = network.address("192.168.1.20", 8000, False)
    assert url == "http://192.168.1.20:8000/"
    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    assert out.getvalue().count("\n") > 10


def test_a_certificate_needs_its_key():
    with pytest.raises(CommandError, match="both --certfile and --keyfile"):
        call_command("venue", "--certfile", "venue.crt", "--no-serve")
