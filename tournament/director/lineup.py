"""A round's boards as a list of seats the director can rearrange by hand.

Seats run side0, side1 of board 1, then board 2, ...; a bye is an empty side1 seat.
The engine's explanation (scores before the round, starter history, preference,
floats) is matched to the players by pairing number, so it still shows after a change.
"""

from dataclasses import dataclass, replace

from .engine_words import due_to_start, notes


@dataclass
class Lineup:
    round: object
    matches: list
    seats: list
    explained: dict  # pairing number -> the explanation of that player
    engine_boards: list  # [(side0 number, side1 number or None)] as the engine paired

    @classmethod
    def of(cls, round_):
        matches = list(round_.matches.pairings().for_listing())
        seats = [p for m in matches for p in (m.side0, m.side1)]
        explained, engine = {}, []
        for board in round_.explanation or []:
            side0, side1 = board.get("side0"), board.get("side1")
            for p in (side0, side1):
                if p:
                    explained[p["number"]] = p
            engine.append((side0["number"] if side0 else None,
                           side1["number"] if side1 else None))
        return cls(round_, matches, seats, explained, engine)

    @property
    def boards(self):
        return [(self.seats[i], self.seats[i + 1]) for i in range(0, len(self.seats), 2)]

    def player_ids(self) -> list[int]:
        return [p.pk for p in self.seats if p is not None]

    def seat_of(self, entrant) -> int:
        return next(i for i, p in enumerate(self.seats) if p is not None and p.pk == entrant.pk)

    def swap(self, a, b):
        i, j = self.seat_of(a), self.seat_of(b)
        self.seats[i], self.seats[j] = self.seats[j], self.seats[i]

    def set_board(self, board: int, side0, side1):
        """Seat `side0` and `side1` on `board`; its players take the seats they left."""
        first = 2 * (board - 1)
        for seat, player in ((first, side0), (first + 1, side1)):
            here = self.seat_of(player)
            self.seats[here], self.seats[seat] = self.seats[seat], self.seats[here]

    def pairs(self):
        """(side0, side1) per board for rounds.set_pairing; the bye goes to the last board."""
        boards = [(w, b) for w, b in self.boards if w is not None or b is not None]
        # A bye seat emptied on side 0: the lone player moves to side 0.
        boards = [(b, None) if w is None else (w, b) for w, b in boards]
        return [p for p in boards if p[1] is not None] + [p for p in boards if p[1] is None]

    def changed_by_hand(self) -> bool:
        current = [(w.number, b.number if b else None) for w, b in self.boards]
        return bool(self.engine_boards) and current != self.engine_boards

    def colour_warnings(self) -> list[str]:
        """Boards changed by hand whose starter goes against the players' colour
        preferences (FIDE's colour; here who starts set 1): both due to start, neither due
        to, or the one due to start placed second. A warning for the director, not a
        refusal: the engine's own boards are not second-guessed."""
        engine = set(self.engine_boards)
        warnings = []
        # Numbered as stored (pairs()), so right both before and after storing a change.
        for board, (side0, side1) in enumerate(self.pairs(), start=1):
            if side1 is None or (side0.number, side1.number) in engine:
                continue
            first, second = (self.explained.get(p.number) or {} for p in (side0, side1))
            due0, due1 = due_to_start(first), due_to_start(second)
            if due0 is None or due1 is None:
                continue
            if due0 and due1:
                warnings.append(f"Board {board}: {who(side0, first)} and {who(side1, second)} "
                                f"are both due to start set 1; {side0.name} starts.")
            elif not due0 and not due1:
                warnings.append(f"Board {board}: neither {who(side0, first)} nor "
                                f"{who(side1, second)} is due to start set 1; "
                                f"{side0.name} starts.")
            elif due1:
                warnings.append(f"Board {board}: {who(side1, second)} is due to start set 1, "
                                f"but {who(side0, first)} starts.")
        return warnings

    def rows(self, *, drawn=False, points=None):
        """Each board with the engine's notes on its players, in plain words
        (engine_words.py); `drawn`: a draw at the table decides who starts; `points`:
        pairing number -> the event's match points before the round (history.points_before)."""
        def of(entrant):
            said = notes(self.explained.get(entrant.number), drawn=drawn) if entrant else None
            if said is None:
                return None
            return replace(said, standing=(points or {}).get(entrant.number, 0))

        return [{"match": m, "side0": of(m.side0), "side1": of(m.side1)}
                for m in self.matches]


def who(entrant, info) -> str:
    strength = info.get("strength")
    return f"{entrant.name} ({strength})" if strength and strength != "none" else entrant.name
