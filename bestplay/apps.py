from django.apps import AppConfig


class BestPlayConfig(AppConfig):
    """Best play for each side (the engine's solver) on the site: the API, the page and the background job."""

    name = "bestplay"
    verbose_name = "Best play"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from bestplay.panel import panel_context
        from combat.result_panels import add_result_panel

        # The combat result page shows the panel; the simulator sits below this app, so the panel is handed to it.
        add_result_panel("best_play", panel_context)
