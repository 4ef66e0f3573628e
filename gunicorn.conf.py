"""gunicorn's settings, read from the directory it is started in (the repository's root):
`gunicorn tournament.wsgi -w 5 -b ...` as docs/deploy.md runs it.

preload_app: the master loads the site once (tournament/wsgi.py warms it: every view
imported, every template compiled) and forks the workers from it, so they start warm and
share that memory; without it each worker loads the site itself (2-4 s of CPU each, at
the same moment) and the first spectators of each wait for it. Code changes then need a
restart of gunicorn (not a HUP) to be served.
"""

preload_app = True
