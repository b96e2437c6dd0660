from django.apps import AppConfig


class BestPlayConfig(AppConfig):
    """Best play for each side (the engine's solver) on the site: the API, the page and the background job."""

    name = "bestplay"
    verbose_name = "Best play"
    default_auto_field = "django.db.models.BigAutoField"
