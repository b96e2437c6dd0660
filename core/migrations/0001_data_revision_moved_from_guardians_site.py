"""DataRevision, moved here from the project package guardians_site, which is no longer an app.

A new database gets the table here. A database made before the move already has it, as
guardians_site's 0001_initial created it under the same name (``db_table``): the table and its row are
kept as they are, and the migration only records the model as core's. The stale row guardians_site
left in ``django_migrations`` is harmless; ``remove_stale_contenttypes`` clears its content type.
"""

import django.utils.timezone
from django.db import migrations, models


class CreateModelUnlessTablePresent(migrations.CreateModel):
    """CreateModel whose table may already exist (made by the model's former app under the same name)."""

    def database_forwards(self, app_label, schema_editor, from_state, to_state):  # type: ignore[no-untyped-def]
        model = to_state.apps.get_model(app_label, self.name)
        if model._meta.db_table in schema_editor.connection.introspection.table_names():
            return
        super().database_forwards(app_label, schema_editor, from_state, to_state)

    def describe(self) -> str:
        return f"Create model {self.name}, unless its table is there from guardians_site"


class Migration(migrations.Migration):
    initial = True

    dependencies = []

    operations = [
        CreateModelUnlessTablePresent(
            name="DataRevision",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("number", models.PositiveBigIntegerField(default=1)),
                ("changed_at", models.DateTimeField(default=django.utils.timezone.now)),
            ],
            options={
                "verbose_name": "data revision",
                "db_table": "guardians_site_datarevision",
            },
        ),
    ]
