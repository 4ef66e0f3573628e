"""A round's boards as a list of seats the director can rearrange by hand.

Seats run white, black of board 1, then board 2, ...; a bye is an empty black seat.
The engine's explanation (scores before the round, starter history, preference,
floats) is matched to the players by pairing number, so it still shows after a change.
"""

from dataclasses import dataclass


@dataclass
class Lineup:
    round: object
    matches: list
    seats: list
    explained: dict  # pairing number -> the explanation of that player
    engine_boards: list  # [(white number, black number or None)] as the engine paired

    @classmethod
    def of(cls, round_):
        matches = list(round_.matches.for_listing())
        seats = [p for m in matches for p in (m.white, m.black)]
        explained, engine = {}, []
        for board in round_.explanation or []:
            white, black = board.get("white"), board.get("black")
            for p in (white, black):
                if p:
                    explained[p["number"]] = p
            engine.append((white["number"] if white else None,
                           black["number"] if black else None))
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

    def set_board(self, board: int, white, black):
        """Seat `white` and `black` on `board`; its players take the seats they left."""
        first = 2 * (board - 1)
        for seat, player in ((first, white), (first + 1, black)):
            here = self.seat_of(player)
            self.seats[here], self.seats[seat] = self.seats[seat], self.seats[here]

    def pairs(self):
        """(white, black) per board for rounds.set_pairing; the bye goes to the last board."""
        boards = [(w, b) for w, b in self.boards if w is not None or b is not None]
        # A bye seat emptied on the white side: the lone player sits white.
        boards = [(b, None) if w is None else (w, b) for w, b in boards]
        return [p for p in boards if p[1] is not None] + [p for p in boards if p[1] is None]

    def changed_by_hand(self) -> bool:
        current = [(w.number, b.number if b else None) for w, b in self.boards]
        return bool(self.engine_boards) and current != self.engine_boards

    def rows(self):
        return [{"match": m, "white": self.explained.get(m.white.number),
                 "black": self.explained.get(m.black.number) if m.black_id else None}
                for m in self.matches]
