from django.apps import AppConfig


class CardsConfig(AppConfig):
    name = "cards"
    verbose_name = "Card database"

    def ready(self) -> None:
        from core import revision

        revision.count_as_data(self.label)  # A card saved anywhere changes what the site shows.
        # Keeps the search index in step with saves in the admin and anywhere else.
        from cards.search import checks, signals  # noqa: F401
