"""Cards sort by a case-ignoring name key that compares the same on SQLite and PostgreSQL."""

from django.db import migrations, models


def fill_sort_keys(apps, schema_editor):  # type: ignore[no-untyped-def]
    # cards.models.name_sort_key as it is now, copied so later changes to it do not rewrite history.
    def name_sort_key(name: str) -> str:
        return name.casefold().encode().hex()

    card_model = apps.get_model("cards", "Card")
    cards = list(card_model.objects.only("pk", "name"))
    for card in cards:
        card.sort_key = name_sort_key(card.name)
    card_model.objects.bulk_update(cards, ["sort_key"], batch_size=1000)


class Migration(migrations.Migration):
    dependencies = [("cards", "0003_printing_rarity_read_from")]

    operations = [
        migrations.AddField(
            model_name="card",
            name="sort_key",
            field=models.TextField(default="", editable=False, help_text="name_sort_key(name), kept by save()."),
        ),
        migrations.RunPython(fill_sort_keys, migrations.RunPython.noop),
        migrations.AlterModelOptions(name="card", options={"ordering": ["sort_key", "slug"]}),
        migrations.AddIndex(
            model_name="card",
            index=models.Index(fields=["sort_key", "slug"], name="cards_card_sort_ke_b5ed44_idx"),
        ),
    ]
