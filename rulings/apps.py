from django.apps import AppConfig


class RulingsConfig(AppConfig):
    name = "rulings"
    verbose_name = "Rules reference and rulings"

    def ready(self) -> None:
        from cards.page_parts import add_card_page_part
        from core import revision
        from rulings.queries import card_page_part

        revision.count_as_data(self.label)  # A rule or ruling saved anywhere changes what the site shows.
        add_card_page_part("rulings", card_page_part)
