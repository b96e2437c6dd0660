from typing import Any

from django.apps import AppConfig


class CoreConfig(AppConfig):
    """The bottom layer every app may use: the data revision, the page cache, the API's common parts, dates,
    widgets and text analysis. It imports no app of the project."""

    name = "core"
    verbose_name = "Site"

    def ready(self) -> None:
        from django.db.models.signals import m2m_changed, post_delete, post_save

        from core import revision

        def changed(sender: Any, raw: bool = False, **kwargs: Any) -> None:
            # Rows of other apps (sessions, users, the revision itself) are not the data.
            if sender._meta.app_label in revision.DATA_APPS:
                revision.data_changed()

        for name, signal in (("saved", post_save), ("deleted", post_delete), ("m2m", m2m_changed)):
            signal.connect(changed, dispatch_uid=f"data-revision-{name}", weak=False)
