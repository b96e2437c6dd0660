from django.apps import AppConfig


class LearnConfig(AppConfig):
    name = "learn"
    verbose_name = "Learn to play"
    default_auto_field = "django.db.models.BigAutoField"
