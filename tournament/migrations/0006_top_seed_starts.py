"""Round 1's lot as a yes/no (top_seed_starts) instead of TRF's XXC words
(first_colour "white1"/"black1"): FIDE's colours stay inside the pairing package."""

from django.db import migrations, models


def forward(apps, schema_editor):
    Tournament = apps.get_model("tournament", "Tournament")
    Tournament.objects.filter(first_colour="white1").update(top_seed_starts=True)
    Tournament.objects.filter(first_colour="black1").update(top_seed_starts=False)


def backward(apps, schema_editor):
    Tournament = apps.get_model("tournament", "Tournament")
    Tournament.objects.filter(top_seed_starts=True).update(first_colour="white1")
    Tournament.objects.filter(top_seed_starts=False).update(first_colour="black1")


class Migration(migrations.Migration):
    dependencies = [("tournament", "0005_audit_action_choices")]

    operations = [
        migrations.AddField(
            model_name="tournament", name="top_seed_starts",
            field=models.BooleanField(blank=True, null=True)),
        migrations.RunPython(forward, backward),
        migrations.RemoveField(model_name="tournament", name="first_colour"),
    ]
