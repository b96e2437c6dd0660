from django.apps import AppConfig


class EditsConfig(AppConfig):
    name = "edits"
    verbose_name = "Edit history"
