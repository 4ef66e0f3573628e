"""Request and answer schemas: they validate bodies and document the API in OpenAPI."""

from datetime import datetime
from typing import Any, Literal

from ninja import Schema
from pydantic import Field, StrictInt, field_validator

from ..text.clean import TextError
from ..text.documents import check_json_text


class ResultIn(Schema):
    version: StrictInt = Field(description="The board's version as last read.")
    record: Any = Field(None, description=(
        "A fives-and-threes-match/1 record; side 0 is players[0] (in pairs seats 0 and 2). "
        "Its seats must be the event's (2, or 4 in pairs) and its `match`, if given, the "
        "event's format; at most 100 KB, 60 hands a set, 200 plays a hand. Required for a "
        "played match."))
    outcome: Literal["played", "forfeit", "double_forfeit", "abandoned"] = "played"
    conceded_by: StrictInt | None = Field(None, description="The side (0 or 1) that "
                                                            "forfeited or abandoned.")
    reason: str = Field("", description="Why a director corrects a confirmed result.")

    @field_validator("record", "reason")
    @classmethod
    def usable_text(cls, value, info):
        """NUL and lone surrogates would be a 500 on PostgreSQL: refused, naming where."""
        try:
            check_json_text(value, f"/{info.field_name}")
        except TextError as exc:
            raise ValueError(str(exc)) from None
        return value


class ConfirmIn(Schema):
    version: StrictInt


class DisputeIn(Schema):
    version: StrictInt
    reason: str = Field(description="What is wrong with the entered result; the "
                                    "officials read it first.")

    @field_validator("reason")
    @classmethod
    def usable_text(cls, value, info):
        try:
            check_json_text(value, "/reason")
        except TextError as exc:
            raise ValueError(str(exc)) from None
        return value


class Detail(Schema):
    detail: str
    errors: dict[str, list[str]] | None = None


class KeyRefused(Schema):
    """An Idempotency-Key refused: `idempotency_key_invalid` (400), `idempotency_key_reused`
    (422: the key was used for another request)."""

    detail: str
    code: Literal["idempotency_key_invalid", "idempotency_key_reused"]


class Report(Schema):
    valid: bool
    depth: str | None = None
    errors: list[dict[str, Any]]
    sets: list[Any] = []
    winner: int | None = None


class Refused(Schema):
    detail: str
    report: Report


class Named(Schema):
    """A refusal naming what is wrong: a JSON pointer (or field) -> messages."""

    detail: str
    errors: dict[str, list[str]] | None = None


# Statuses every read may answer besides its own (docs/api.md, "Limits and failures"):
# 304 to a conditional GET whose ETag or date still holds (no body), 429 over a request limit
# and 503 while the database is away; both {"detail"} with a Retry-After header.
READ = {304: None, 429: Detail, 503: Detail}
# Every write may also answer these: the body too big (413), a limit (429), the database away
# or a race lost three times (503).
WRITE = {413: Detail, 429: Detail, 503: Detail}


class Stored(Schema):
    version: int
    status: str
    report: dict[str, Any]


class Confirmed(Schema):
    version: int
    status: str


class Stale(Schema):
    detail: str
    version: int
    status: str
    outcome: str
    record: Any = None


class Result(Schema):
    outcome: str
    winner: int | None
    conceded_by: int | None
    sets: list[list[int]]
    awarded_to: list[int | None] = []


class TeamBoardOut(Schema):
    """A board of a team match: a match between the two teams' players."""

    id: int
    board: int
    players: list[int | None]
    status: str
    version: int
    result: Result | None
    kind: Literal["singles", "pairs"] | None
    lineup: list[list[int]] | None = Field(
        None, description="The member indices of each team on this board (one a side for "
                          "singles, two for pairs); null until both lineups are in.")
    team_match: int


class Pairing(Schema):
    id: int
    board: int
    players: list[int | None]
    status: str
    version: int
    result: Result | None
    team_score: list[int] | None = Field(None, description="A team match's boards won by "
                                         "each team so far.")
    postponed_to: str | None = Field(None, description="A postponed team match's date.")
    boards: list[TeamBoardOut] | None = Field(
        None, description="A team match's boards, each a match with its own id, entered and "
                          "accepted through the match endpoints.")


class MatchOut(Pairing):
    tournament: str
    round: int
    stage: int = 1
    round_title: str = ""
    names: list[str | None]
    record: Any = None
    kind: Literal["singles", "pairs"] | None = None
    lineup: list[list[int]] | None = None
    team_match: int | None = Field(None, description="A board's team match (its id).")


class TournamentSummary(Schema):
    slug: str
    name: str
    status: str
    rounds_planned: int
    rounds_paired: int


class Member(Schema):
    name: str
    club: str = ""


class Player(Schema):
    number: int
    name: str
    club: str
    rating: int | None
    withdrawn_after_round: int | None
    members: list[Member] | None = Field(None, description="A pairs event's two partners "
                                         "(the pair is the entrant), a team's roster; null "
                                         "in singles.")
    captain: int | None = Field(None, description="A team's captain (an index into members).")
    venue: str | None = Field(None, description="A team's home venue.")


class RoundSummary(Schema):
    number: int
    status: str
    boards: int
    stage: int = Field(1, description="The number of the stage the round belongs to.")
    number_in_stage: int = Field(1, description="The round's number within its stage.")
    title: str = Field("", description='"Round 3", "Quarter-finals", "Final", ...')


class MatchFormatOut(Schema):
    target: int
    sets_to_win: int


class StageOut(Schema):
    """A stage of the event (shared/spec/competitions.md)."""

    number: int
    kind: Literal["swiss", "round_robin", "knockout"]
    title: str
    rounds_planned: int | None = Field(
        None, description="The Swiss's planned rounds; a round robin's and a knock-out's "
                          "follow from their seeds (null before the draw).")
    size: int | None = None
    seeding: Literal["standings", "rating", "entry", "draw"] | None = None
    cycles: int = 1
    third_place: bool = False
    lot_seed: str | None = Field(None, description="Published before the draw: each "
                                 "entrant's lot is sha256(lot_seed + ':' + number), lowest "
                                 "first.")
    match: MatchFormatOut
    final_match: MatchFormatOut | None = None
    seeds: list[int] = Field(default_factory=list,
                             description="Pairing numbers by seed, once drawn.")


class BracketMatch(Schema):
    board: int
    players: list[int | None]
    winner: int | None
    bye: bool
    decided_by: str | None = Field(None, description=(
        'A team match level on boards: how its winner was decided, "sets", "points" or '
        '"director" (docs/leagues.md); absent otherwise.'))


class BracketRound(Schema):
    number: int
    matches: list[BracketMatch]


class Placing(Schema):
    place: int
    entrant: int


class BracketOut(Schema):
    """`manage.py bracket --json`: entrants by pairing number."""

    stage: int
    size: int
    seeds: list[int]
    rounds: list[BracketRound]
    plate: Any = None
    placings: list[Placing]


def _points(text: str):
    return Field(description=f"Match points for {text}.")


class PointsOut(Schema):
    """The event's match points for each kind of result (the archive's `points`)."""

    win: int | float = _points("a win over the board")
    loss: int | float = _points("a loss over the board")
    bye: int | float = _points("the pairing's bye")
    forfeit_win: int | float = _points("a win by forfeit")
    forfeit_loss: int | float = _points("a forfeit (also each side of a double forfeit)")
    half_bye: int | float = _points("a requested half-point bye (no board)")
    zero_bye: int | float = _points("a requested zero-point bye (no board)")
    absent: int | float = _points("a round the director marked absent (no board)")
    late_entry: int | float = _points("each round a late entry missed (no board)")


class EntriesOut(Schema):
    """Entries before the day (shared/spec/venue.md): the public form `/{slug}/enter/` and
    `POST /api/v1/tournaments/{slug}/entries/` take them while open and before
    `closes_at`."""

    open: bool
    closes_at: str | None = Field(description="When entries close (ISO 8601), or null.")
    cap: int | None = Field(description="The most entrants; beyond it accepted entries "
                            "wait. Null: no cap.")


class ClockOut(Schema):
    state: Literal["idle", "running", "paused", "ended"] = Field(
        description="ended: stopped, or its time is up (nothing else is decided at time).")
    duration_s: int = Field(description="The seconds it was started with, and any added "
                                        "or taken off since.")
    remaining_s: int = Field(description="The seconds left at server_time; never negative.")
    ends_at: datetime | None = Field(description="When it reaches 0: only while running.")
    server_time: datetime = Field(description="The server's time of this answer: count "
                                              "down from it, not from the device's clock.")


class RoundClockOut(ClockOut):
    round: int = Field(description="The round whose clock this is.")


class TournamentOut(TournamentSummary):
    ruleset: str
    entrants: Literal["singles", "pairs", "teams"] = Field(
        "singles", description="What an entrant is: a player, a pair ranked as one, or a "
                               "team.")
    team_match: Any = Field(None, description="A team event's team match format "
                            "(shared/spec/competitions.md); null otherwise.")
    team_points: Any = Field(None, description="A team event's team points; null otherwise.")
    points: PointsOut
    tiebreaks: list[str]
    require_confirmation: bool
    entry_policy: Literal["officials", "players_accept", "players_then_official"] = Field(
        "officials", description="Who enters results and when they count "
                                 "(shared/spec/table-entry.md).")
    revision: int
    players: list[Player]
    rounds: list[RoundSummary]
    stages: list[StageOut] = Field(default_factory=list)
    entries: EntriesOut
    clock: RoundClockOut | None = Field(
        None, description="The latest published round's clock, with its round (null before "
                          "a round is published). This answer is cached until the event "
                          "changes: its remaining_s is what was left at its server_time; "
                          "GET the round's clock for the clock now.")


class StepNoteOut(Schema):
    tiebreak: str
    label: str
    outcome: Literal["separated", "level", "not_reached"]
    detail: str | None = Field(description="What the step found for this player.")


class GroupStepOut(Schema):
    tiebreak: str
    label: str
    outcome: Literal["separated", "level", "not_reached"]
    text: str = Field(description="What the step did to the tied group, in words.")


class Explanation(Schema):
    placed: str = Field(description="How the player was placed, in a sentence.")
    group: int | None = Field(description="The rank where the player's tied group starts "
                              "(the group's first row has this rank); null when alone on "
                              "points.")
    steps: list[StepNoteOut] = Field(description="Every tie-break of the order, as the "
                                     "player's tied group met it, with this player's "
                                     "detail; none when alone on points.")
    group_steps: list[GroupStepOut] = Field(description="The tied group's line for every "
                                            "tie-break of the order, given once per group: "
                                            "on its first row only, empty on the others.")


class StandingRow(Schema):
    rank: int
    shared: bool
    player: int
    name: str
    points: int | float
    tiebreaks: dict[str, int | float]
    withdrawn_after_round: int | None = Field(
        description="The round after which the player withdrew (0: before round 1), if he "
                    "had by the table's round; null otherwise.")
    explanation: Explanation
    played: int | None = Field(None, description="Teams: team matches played.")
    won: int | None = None
    drawn: int | None = None
    lost: int | None = None
    boards_for: int | None = None
    boards_against: int | None = None


class CheckedIn(Schema):
    round: int | None
    checked_in: bool


class MyBoard(Schema):
    id: int
    round: int
    board: int
    opponent: dict[str, Any] | None = Field(description="{number, name}; null for a bye.")
    # The JSON key stays `starts_set_one` for its readers: players.reads'
    # has_first_set_starter (the player's side holds the first-set starter).
    starts_set_one: bool | None = Field(description="Whether the player's side starts set "
                                        "1; null where a draw at the table decides.")
    status: str
    version: int


class MyResult(Schema):
    id: int
    round: int
    board: int
    opponent: int | None
    status: str
    version: int
    counts: bool
    result: Result | None
    record: Any = None


class Me(Schema):
    tournament: str
    player: int
    member: int | None = Field(None, description="A pair's member (1 or 2); null in "
                                                 "singles.")
    name: str
    checked_in: CheckedIn
    board: MyBoard | None
    results: list[MyResult]
