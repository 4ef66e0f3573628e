"""Match.first_starter becomes Match.first_set_starter, the glossary's word, and seat 0
is stored as 0 rather than NULL: the field is never empty. Whether a director chose the
seat is the SET_FIRST_STARTER audit row's to say, as it was already."""

from django.db import migrations, models


def seat_zero_as_zero(apps, schema_editor):
    Match = apps.get_model("tournament", "Match")
    Match.objects.filter(first_set_starter__isnull=True).update(first_set_starter=0)


def seat_zero_as_null(apps, schema_editor):
    Match = apps.get_model("tournament", "Match")
    Match.objects.filter(first_set_starter=0).update(first_set_starter=None)


class Migration(migrations.Migration):

    dependencies = [
        ('tournament', '0009_knockout_plate'),
    ]

    operations = [
        migrations.RenameField(
            model_name='match',
            old_name='first_starter',
            new_name='first_set_starter',
        ),
        migrations.RunPython(seat_zero_as_zero, seat_zero_as_null),
        migrations.AlterField(
            model_name='match',
            name='first_set_starter',
            field=models.PositiveSmallIntegerField(default=0),
        ),
    ]
