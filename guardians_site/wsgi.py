import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "guardians_site.settings")
application = get_wsgi_application()

# Each gunicorn worker imports this module when it starts: its first request should not pay for loading.
from guardians_site.warm import warm  # noqa: E402

warm(application)
