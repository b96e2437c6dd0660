from django.apps import AppConfig


class CombatConfig(AppConfig):
    name = "combat"
    verbose_name = "Combat simulator"

    def ready(self) -> None:
        # Registers the check that the shared PNG pictures' font is installed.
        from combat import picture_png  # noqa: F401
