from django.apps import AppConfig


class EditsConfig(AppConfig):
    name = "edits"
    verbose_name = "Edit history"

    def ready(self) -> None:
        # Records every save of a card, by any door, with who (when known) and what changed.
        from edits import recording  # noqa: F401
