"""The round clock (shared/spec/venue.md): its stored fields on Round, and the five clock
actions in the audit's choices."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournament', '0012_entries'),
    ]

    operations = [
        migrations.AddField(
            model_name='round',
            name='clock_duration_s',
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AddField(
            model_name='round',
            name='clock_ends_at',
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='round',
            name='clock_left_s',
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AddField(
            model_name='round',
            name='clock_state',
            field=models.CharField(choices=[('idle', 'Idle'), ('running', 'Running'), ('paused', 'Paused'), ('ended', 'Ended')], default='idle', max_length=8),
        ),
        migrations.AlterField(
            model_name='auditentry',
            name='action',
            field=models.CharField(choices=[('create_tournament', 'Create tournament'), ('update_settings', 'Update settings'), ('hide_tournament', 'Hide tournament'), ('show_tournament', 'Show tournament'), ('delete_tournament', 'Delete tournament'), ('add_official', 'Add official'), ('remove_official', 'Remove official'), ('create_token', 'Create token'), ('renew_token', 'Renew token'), ('revoke_token', 'Revoke token'), ('create_player_key', 'Create player key'), ('renew_player_key', 'Renew player key'), ('print_player_cards', 'Print player cards'), ('add_entrant', 'Add entrant'), ('import_entrants', 'Import entrants'), ('edit_entrant', 'Edit entrant'), ('delete_entrant', 'Delete entrant'), ('withdraw_entrant', 'Withdraw entrant'), ('reinstate_entrant', 'Reinstate entrant'), ('add_forbidden_pair', 'Add forbidden pair'), ('remove_forbidden_pair', 'Remove forbidden pair'), ('seed_from_ratings', 'Seed from ratings'), ('set_entries', 'Open, close or limit entries'), ('make_entry', 'An entry was made'), ('accept_entry', 'Accept entry'), ('decline_entry', 'Decline entry'), ('withdraw_entry', 'Withdraw entry'), ('entry_moved_up', 'An entry moved up from the waiting list'), ('set_attendance', 'Set attendance'), ('set_checkin', 'Check in or out'), ('add_stage', 'Add stage'), ('change_stage', 'Change stage'), ('delete_stage', 'Remove stage'), ('pair_round', 'Pair round'), ('set_pairing', 'Set pairing'), ('publish_round', 'Publish round'), ('delete_round', 'Delete round'), ('close_round', 'Close round'), ('reopen_round', 'Reopen round'), ('clock_start', "Start the round's clock"), ('clock_pause', "Pause the round's clock"), ('clock_resume', "Resume the round's clock"), ('clock_add', "Add time to the round's clock"), ('clock_stop', "Stop the round's clock"), ('enter_result', 'Enter result'), ('correct_result', 'Correct result'), ('confirm_result', 'Confirm result'), ('set_first_starter', 'Set who starts set 1'), ('player_enter_result', 'A player entered a result'), ('player_accept_result', 'A player accepted a result'), ('player_dispute_result', 'A player disputed a result'), ('set_lineup', "Set a team match's lineup"), ('open_lineups', "Open a team match's lineups"), ('postpone_match', 'Postpone a team match'), ('set_round_date', "Set a round's date"), ('player_accept_card', 'A captain accepted a card'), ('player_dispute_card', 'A captain disputed a card'), ('create_person', 'Create person'), ('link_person', 'Link person'), ('set_event_date', 'Set event date'), ('merge_people', 'Merge people'), ('unmerge_people', 'Unmerge people'), ('create_series', 'Create series'), ('series_scale', "Set a series' points scale"), ('series_add_event', 'Add an event to a series'), ('series_remove_event', 'Remove an event from a series'), ('import_tournament', 'Import an archive'), ('import_trf', 'Import a TRF file')], max_length=60),
        ),
    ]
