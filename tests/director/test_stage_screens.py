"""The director's stage screens: the dashboard's stages, adding, changing, removing."""

from tournament.models import Stage

from ..stages import add, play_round


def test_the_dashboard_lists_stages_and_adds_a_top_cut(event, director, dc):
    add(event, director, 8)
    page = dc.get(f"/manage/{event.slug}/")
    assert b"Stage 1</strong>: a Swiss" in page.content
    answer = dc.post(f"/manage/{event.slug}/stages/add/", {
        "kind": "knockout", "size": "4", "seeding": "standings", "cycles": "1",
        "third_place": "on", "final_sets": "", "lot_seed": "open-2026"})
    assert answer.status_code == 302
    cut = event.stages.get(number=2)
    assert (cut.kind, cut.size, cut.third_place, cut.lot_seed) == ("knockout", 4, True,
                                                                 "open-2026")
    page = dc.get(f"/manage/{event.slug}/").content.decode()
    assert "a knock-out of 4 (seeded by final standings of the stage before, third-place " \
           "match)" in page and "open-2026" in page


def test_a_refused_stage_says_why_and_keeps_what_was_typed(event, director, dc):
    add(event, director, 6)
    answer = dc.post(f"/manage/{event.slug}/stages/add/", {
        "kind": "knockout", "size": "16", "cycles": "1", "lot_seed": "typed"})
    assert answer.status_code == 400
    assert b"larger than the field" in answer.content and b'value="typed"' in answer.content
    assert event.stages.count() == 1


def test_the_first_stage_becomes_a_cup_and_the_dashboard_pairs_the_draw(event, director, dc):
    add(event, director, 5)
    answer = dc.post(f"/manage/{event.slug}/stages/1/", {
        "kind": "knockout", "seeding": "rating", "cycles": "1", "final_sets": ""})
    assert answer.status_code == 302
    assert event.stages.get().kind == Stage.Kind.KNOCKOUT
    page = dc.get(f"/manage/{event.slug}/").content.decode()
    assert "Pair round 1 (the draw)" in page
    assert "Pairing file" not in page  # a cup has no TRF
    paired = dc.post(f"/manage/{event.slug}/rounds/pair/", follow=True)
    assert b"Quarter-finals are paired as a draft" in paired.content
    round_ = event.rounds.get()
    play_round(round_, director)
    assert "Pair the semi-finals" in dc.get(f"/manage/{event.slug}/").content.decode()
    # Begun: the stage can no longer be changed.
    assert b"has begun" in dc.get(f"/manage/{event.slug}/stages/1/").content


def test_a_later_stage_is_removed_from_its_page(event, director, dc):
    add(event, director, 6)
    dc.post(f"/manage/{event.slug}/stages/add/", {"kind": "round_robin", "cycles": "2"})
    assert event.stages.count() == 2
    assert dc.post(f"/manage/{event.slug}/stages/2/delete/").status_code == 302
    assert event.stages.count() == 1


def test_only_the_events_director_may_change_stages(event, director, client_for):
    from django.contrib.auth.models import User

    from tournament.actions import events

    add(event, director, 4)
    User.objects.create_user("arnie", password="pw-123456")
    events.add_official(event, director, username="arnie")
    arbiter = client_for(User.objects.get(username="arnie"))
    assert arbiter.post(f"/manage/{event.slug}/stages/add/", {
        "kind": "knockout", "cycles": "1"}).status_code == 403
    stranger = client_for(User.objects.create_user("sam", password="pw-123456"))
    assert stranger.post(f"/manage/{event.slug}/stages/1/", {
        "kind": "knockout", "cycles": "1"}).status_code == 404
    assert event.stages.get().kind == "swiss"
