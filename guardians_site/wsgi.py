import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "guardians_site.settings")
django_application = get_wsgi_application()

from core.request_body import ReadChunkedBodies  # noqa: E402 - needs the settings configured above

# A chunked body is read (and limited) here, before Django, which sizes a body by Content-Length alone.
application = ReadChunkedBodies(django_application)

# Each gunicorn worker imports this module when it starts: its first request should not pay for loading.
from sitewide.warm import warm  # noqa: E402

warm(application)
