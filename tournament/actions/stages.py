"""An event's stages (shared/spec/competitions.md): adding one, changing or removing one
not yet begun, and seeding a round robin or a knock-out when its first round is paired.

Every event starts as one Swiss stage. Before round 1 the director may make that stage a
round robin or a knock-out cup (`change_stage`); before the event finishes, add a later
stage (`add_stage`), typically a knock-out top cut after the Swiss. Lots are drawn from
the stage's published `lot_seed` (`pairing.knockout.lot_order`), so anyone can check a
draw afterwards.
"""

from scoring.formats import MatchFormatError, match_format

from ..models import Stage, Tournament
from ..pairing import knockout
from ..reads import history
from ..text.clean import TextError, clean_text
from .base import Action, ActionError, atomic_action, audit, lock_event, require_director

SEEDINGS = {
    Stage.Kind.ROUND_ROBIN: (Stage.Seeding.ENTRY, Stage.Seeding.RATING, Stage.Seeding.DRAW,
                             Stage.Seeding.STANDINGS),
    Stage.Kind.KNOCKOUT: (Stage.Seeding.STANDINGS, Stage.Seeding.RATING, Stage.Seeding.ENTRY,
                          Stage.Seeding.DRAW),
}
MAX_LOT_SEED = 100


def _format(tournament, value, field: str) -> dict | None:
    if value in (None, {}):
        return None
    try:
        fmt = match_format(tournament.ruleset, value)
    except (MatchFormatError, TypeError, AttributeError) as exc:
        raise ActionError(f"The {field.replace('_', ' ')} is not allowed: {exc}",
                          {field: [str(exc)]}) from exc
    return {"target": fmt.target, "sets_to_win": fmt.sets_to_win}


def clean_stage(tournament, *, number: int, kind: str, size=None, seeding: str = "",
                cycles: int = 1, third_place: bool = False, plate: bool = False, match=None,
                final_match=None, lot_seed: str = "") -> dict:
    """The stage's fields, checked; ActionError naming the field otherwise."""
    if kind not in Stage.Kind.values:
        raise ActionError(f"Unknown kind of stage {kind!r}: choose "
                          f"{', '.join(Stage.Kind.values)}.", {"kind": ["Choose a kind."]})
    if kind == Stage.Kind.SWISS and number != 1:
        raise ActionError("A Swiss is an event's first stage: a later stage is a round "
                          "robin or a knock-out.", {"kind": ["A later stage cannot be a Swiss."]})
    try:
        lot_seed = clean_text(lot_seed or "", "lot seed", MAX_LOT_SEED).strip()
    except TextError as exc:
        raise ActionError(str(exc), {"lot_seed": [str(exc)]}) from exc
    fields = {"kind": kind, "size": None, "seeding": "", "cycles": 1, "third_place": False,
              "plate": False, "match": _format(tournament, match, "match"), "final_match": None,
              "lot_seed": lot_seed}
    if kind == Stage.Kind.SWISS:
        return fields
    allowed = SEEDINGS[kind]
    seeding = seeding or (Stage.Seeding.STANDINGS if number > 1 else Stage.Seeding.ENTRY)
    if seeding not in allowed:
        raise ActionError(f"Unknown seeding {seeding!r}: choose {', '.join(allowed)}.",
                          {"seeding": ["Choose how the stage is seeded."]})
    if seeding == Stage.Seeding.STANDINGS and number == 1:
        raise ActionError("The first stage has no standings before it to seed from: seed "
                          "by rating, entry order or lot.", {"seeding": ["No stage before."]})
    fields["seeding"] = seeding
    field = tournament.entrants.filter(withdrawn_after_round__isnull=True).count()
    if size not in (None, ""):
        if not isinstance(size, int) or isinstance(size, bool) or size < 2:
            raise ActionError("The stage's size is a whole number of entrants, at least 2.",
                              {"size": ["At least 2."]})
        if size > field:
            raise ActionError(f"A stage of {size} is larger than the field: {field} "
                              f"entrant{'s are' if field != 1 else ' is'} still playing.",
                              {"size": [f"At most {field}."]})
        fields["size"] = size
    if kind == Stage.Kind.ROUND_ROBIN:
        if cycles not in (1, 2):
            raise ActionError("A round robin has one cycle or two (home and away).",
                              {"cycles": ["1 or 2."]})
        fields["cycles"] = cycles
    else:
        fields["third_place"] = bool(third_place)
        fields["plate"] = bool(plate)
        fields["final_match"] = _format(tournament, final_match, "final_match")
    return fields


@atomic_action
def add_stage(tournament, actor, **options) -> Stage:
    """A later stage, played once the stages before it are complete: a round robin or a
    knock-out (`clean_stage`'s options). Refused once the event is finished."""
    require_director(tournament, actor)
    tournament = lock_event(tournament)
    if tournament.status == Tournament.Status.FINISHED:
        raise ActionError(f"{tournament.name} is finished: a stage is added before its last "
                          "round is closed. Reopen the last round first.")
    last = tournament.stages.order_by("-number").first()
    number = last.number + 1 if last else 1
    stage = Stage.objects.create(tournament=tournament, number=number,
                                 **clean_stage(tournament, number=number, **options))
    audit(tournament, actor, Action.ADD_STAGE, f"Added stage {number}: {stage.description}",
          stage=number, **_detail(stage))
    return stage


@atomic_action
def change_stage(stage, actor, **options) -> Stage:
    """Change a stage whose first round is not paired yet (the first stage's kind too:
    an event becomes a round robin or a cup before round 1)."""
    tournament = stage.tournament
    require_director(tournament, actor)
    tournament = lock_event(tournament)
    stage = Stage.objects.select_for_update().get(pk=stage.pk)
    stage.tournament = tournament
    if stage.rounds.exists():
        raise ActionError(f"Stage {stage.number} has begun: its settings are fixed once its "
                          "first round is paired.")
    before = stage.description
    for key, value in clean_stage(tournament, number=stage.number, **options).items():
        setattr(stage, key, value)
    stage.seeds = []
    stage.save()
    audit(tournament, actor, Action.CHANGE_STAGE,
          f"Changed stage {stage.number}: was {before}, now {stage.description}",
          stage=stage.number, **_detail(stage))
    return stage


@atomic_action
def delete_stage(stage, actor) -> None:
    """Remove a later stage not yet begun."""
    tournament = stage.tournament
    require_director(tournament, actor)
    tournament = lock_event(tournament)
    if stage.number == 1:
        raise ActionError("The first stage is the event itself: change it instead.")
    if stage.rounds.exists():
        raise ActionError(f"Stage {stage.number} has begun: it cannot be removed.")
    if tournament.stages.filter(number__gt=stage.number).exists():
        raise ActionError(f"Only the last stage can be removed (stage {stage.number} has "
                          "stages after it).")
    words = stage.description
    stage.delete()
    from .progress import update_status

    update_status(tournament, settle=False)
    audit(tournament, actor, Action.DELETE_STAGE, f"Removed stage {stage.number}: {words}",
          stage=stage.number)


def _detail(stage) -> dict:
    return {"kind": stage.kind, "size": stage.size, "seeding": stage.seeding,
            "cycles": stage.cycles, "third_place": stage.third_place, "plate": stage.plate,
            "match": stage.match,
            "final_match": stage.final_match, "lot_seed": stage.lot_seed}


def draw_seeds(stage) -> list[int]:
    """The stage's seeds (entrant ids, best first) as its seeding says, withdrawn
    entrants passed over; `stage.size` of them (default: everyone still playing). Lots
    are drawn on pairing numbers (the archive's and the public pages' ids), so anyone can
    check a draw: `sha256(lot_seed + ":" + str(number))`, lowest first. Needs the
    published lot seed where a lot decides (a draw, places shared in the standings).
    Called when the stage's first round is paired; ActionError if it cannot be done."""
    tournament = stage.tournament
    ids = dict(tournament.entrants.values_list("number", "id"))
    playing = list(tournament.entrants.filter(withdrawn_after_round__isnull=True)
                   .order_by("number").values_list("number", "rating"))
    size = stage.size or len(playing)
    if size > len(playing):
        raise ActionError(f"Stage {stage.number} takes {size} entrants; only {len(playing)} "
                          "are still playing.")
    if size < 2:
        raise ActionError(f"Stage {stage.number} needs at least 2 entrants still playing.")

    def need_lot(what: str) -> None:
        if not stage.lot_seed:
            raise ActionError(f"Stage {stage.number}'s draw needs a lot ({what}): publish its "
                              "lot seed first, so that anyone can check the draw afterwards.",
                              {"lot_seed": ["Publish the lot seed before the draw."]})

    seeding = stage.seeding or Stage.Seeding.ENTRY
    if seeding == Stage.Seeding.DRAW:
        need_lot("every place is drawn")
        numbers = knockout.lot_order(stage.lot_seed, [n for n, _ in playing])[:size]
    elif seeding == Stage.Seeding.ENTRY:
        numbers = [n for n, _ in playing][:size]
    elif seeding == Stage.Seeding.RATING:
        numbers = [n for n, _ in sorted(playing, key=lambda p: (-(p[1] or 0), p[0]))][:size]
    else:
        numbers = _by_standings(stage, size, need_lot)
    return [ids[n] for n in numbers]


def _by_standings(stage, size, need_lot) -> list[int]:
    """The first `size` pairing numbers of the standings of the stage before, places
    shared ordered by lot, withdrawn entrants passed over."""
    tournament = stage.tournament
    before = tournament.stages.filter(number__lt=stage.number, kind__in=Stage.RANKING) \
        .order_by("-number").first()
    if before is None:
        raise ActionError(f"Stage {stage.number} is seeded by standings, and no stage before "
                          "it has standings.")
    withdrawn = set(tournament.entrants.filter(withdrawn_after_round__isnull=False)
                    .values_list("number", flat=True))
    groups: dict[int, list[int]] = {}
    for row in history.compute(tournament, stage=before, public=False).rows:
        if row.player not in withdrawn:
            groups.setdefault(row.rank, []).append(row.player)
    taken, count = [], 0
    for rank in sorted(groups):
        taken.append(groups[rank])
        count += len(groups[rank])
        if count >= size:
            break
    if any(len(g) > 1 for g in taken):
        need_lot("places shared in the standings")
    try:
        return knockout.seed_by_ranking(taken, size, stage.lot_seed)
    except knockout.BracketError as exc:
        raise ActionError(f"Stage {stage.number} cannot be seeded: {exc}.") from exc
