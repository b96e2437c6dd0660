"""The site's WSGI application with the benchmark's settings (``pages_settings``)."""

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "benchmarks.pages_settings")

from guardians_site.wsgi import application  # noqa: E402,F401
