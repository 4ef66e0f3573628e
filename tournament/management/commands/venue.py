"""`make venue`: serve the event from a laptop on the hall's own network with the
production stack (collectstatic + WhiteNoise, gunicorn, the task worker), and print the
address and a QR code of it for the officials' phones (docs/deploy.md, "At the venue")."""

import os
import signal
import subprocess
import sys
from pathlib import Path

import segno
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from tournament.venue import network


class Command(BaseCommand):
    help = ("Serve the event on this laptop's local network address with gunicorn, "
            "WhiteNoise and the task worker; print the address and a QR code of it.")

    def add_arguments(self, parser):
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument("--bind", default="0.0.0.0", help="the address to listen on")
        parser.add_argument("--workers", type=int, default=network.workers())
        parser.add_argument("--certfile", default=os.environ.get("VENUE_CERT", ""),
                            help="serve HTTPS with this certificate (and --keyfile)")
        parser.add_argument("--keyfile", default=os.environ.get("VENUE_KEY", ""))
        parser.add_argument("--no-serve", action="store_true",
                            help="prepare and print the address, then stop")

    def handle(self, *args, port, bind, workers, certfile, keyfile, no_serve, **options):
        https = bool(certfile)
        if https != bool(keyfile):
            raise CommandError("Give both --certfile and --keyfile, or neither.")
        root = Path(settings.BASE_DIR)
        ip = network.lan_ip()
        env = network.environment(dict(os.environ), ip=ip, port=port, https=https,
                                  var=root / "var")
        python = sys.executable
        for step in (["migrate", "--noinput", "--verbosity", "0"],
                     ["collectstatic", "--noinput", "--verbosity", "0"]):
            subprocess.run([python, str(root / "manage.py"), *step], env=env, check=True)
        url = network.address(ip, port, https)
        self.stdout.write(f"\nThe event is served at  {url}\n")
        if ip == "127.0.0.1":
            self.stdout.write("(no network found: only this laptop reaches it)\n")
        self.stdout.write("Officials and players scan this on their phones:\n")
        self.stdout.flush()
        segno.make(url, error="m").terminal(out=sys.stdout, compact=True, border=2)
        sys.stdout.flush()
        if not https:
            self.stdout.write(
                "Plain HTTP: phones keep no pages offline (a service worker needs HTTPS); "
                "results typed while the wifi drops still wait on the open page. "
                "See docs/deploy.md for a certificate.\n")
        self.stdout.flush()
        if no_serve:
            return
        gunicorn = [str(Path(python).with_name("gunicorn")), "tournament.wsgi",
                    "-w", str(workers), "-b", f"{bind}:{port}", "--access-logfile", "-"]
        if https:
            gunicorn += ["--certfile", certfile, "--keyfile", keyfile]
        # Stopped by Ctrl-C or by a signal (a supervisor), the children stop with it.
        signal.signal(signal.SIGTERM, _stop)
        # The task worker rides out a database outage and is started again if it dies.
        worker = subprocess.Popen([python, str(root / "manage.py"), "task_worker",
                                   "--supervise", "--interval", "0.5"], env=env)
        server = subprocess.Popen(gunicorn, env=env)
        try:
            server.wait()
        except (KeyboardInterrupt, SystemExit):
            pass
        finally:
            for child in (server, worker):
                if child.poll() is None:
                    child.send_signal(signal.SIGTERM)
            for child in (server, worker):
                try:
                    child.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    child.kill()


def _stop(signum, frame):
    raise SystemExit(0)
