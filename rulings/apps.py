from django.apps import AppConfig


class RulingsConfig(AppConfig):
    name = "rulings"
    verbose_name = "Rules reference and rulings"

    def ready(self) -> None:
        from core import revision

        revision.count_as_data(self.label)  # A rule or ruling saved anywhere changes what the site shows.
