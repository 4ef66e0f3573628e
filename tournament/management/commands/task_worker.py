"""`manage.py task_worker`: django-tasks-db's `db_worker`, with its options, riding out
database outages; `--supervise` also restarts it whenever it stops (tournament/web/worker.py,
docs/deploy.md)."""

import os

from django.core.management.base import CommandError
from django.utils.autoreload import DJANGO_AUTORELOAD_ENV, run_with_reloader
from django_tasks_db.management.commands.db_worker import Command as DbWorker

from tournament.web import worker


class Command(DbWorker):
    help = ("Run the background tasks (big pairings, imports, archives), riding out a "
            "database outage; with --supervise, start it again whenever it stops.")

    def add_arguments(self, parser):
        super().add_arguments(parser)
        parser.add_argument(
            "--supervise", action="store_true",
            help="run the worker as a child process and start another whenever it stops "
                 "(what make run, make venue and docs/deploy.md run)")

    def handle(self, *, verbosity, queue_name, interval, batch, backend_name, startup_delay,
               reload, max_tasks, worker_id, exclude_queues, supervise=False, **options):
        self.configure_logging(verbosity)
        queue_names = queue_name.split(",")
        excluded = exclude_queues.split(",") if exclude_queues else []
        if excluded and "*" not in queue_names:
            raise CommandError("--exclude-queues can only be used with --queue-name=*")
        if supervise:
            if batch or max_tasks:
                raise CommandError("--supervise restarts a worker that stops: it does not "
                                   "go with --batch or --max-tasks.")
            given = ["--verbosity", str(verbosity), "--queue-name", queue_name,
                     "--interval", str(interval), "--backend", backend_name]
            if exclude_queues:
                given += ["--exclude-queues", exclude_queues]
            if not startup_delay:
                given.append("--no-startup-delay")
            worker.supervise(lambda worker_id: worker.worker_command(worker_id, given))
            return
        task_worker = worker.TaskWorker(
            queue_names=queue_names, interval=interval, batch=batch,
            backend_name=backend_name, startup_delay=startup_delay, max_tasks=max_tasks,
            worker_id=worker_id, excluded_queue_names=excluded)
        if reload and not batch:
            if os.environ.get(DJANGO_AUTORELOAD_ENV) == "true":
                task_worker.configure_signals()  # only the reloaded child
            run_with_reloader(task_worker.run)
        else:
            task_worker.configure_signals()
            task_worker.run()
