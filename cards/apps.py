from django.apps import AppConfig


class CardsConfig(AppConfig):
    name = "cards"
    verbose_name = "Card database"

    def ready(self) -> None:
        from core import revision
        from edits.recording import record_edits_of

        revision.count_as_data(self.label)  # A card saved anywhere changes what the site shows.
        # Every save of a card, by any door, goes into the edit history with who (when known) and what changed.
        record_edits_of(self.get_model("Card"))
        # Keeps the search index in step with saves in the admin and anywhere else.
        from cards.search import checks, signals  # noqa: F401
