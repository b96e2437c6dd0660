from django.apps import AppConfig


class CombatConfig(AppConfig):
    name = "combat"
    verbose_name = "Combat simulator"

    def ready(self) -> None:
        # Registers the check that the shared PNG pictures' font is installed.
        from cards.page_parts import add_card_page_part
        from combat import picture_png  # noqa: F401
        from combat.card_trial import card_page_part
        from combat.examples import ExamplesForRules
        from rulings import simulator

        # A card's page links to the simulator with the card in a set-up where its type plays.
        add_card_page_part("trial", card_page_part)
        # The rules pages list the worked duels and link their examples to the simulator.
        simulator.connect(ExamplesForRules())
