"""A deliberately naive Nebuchadnezzar, written straight from the rules.

It shares no code with the engine: the board is a list of rows of ``"."``, ``"b"``,
``"w"``; every rectangle of the board is tested against every condition point by point;
maximality is checked against every rectangle that contains a candidate; positions are
remembered in a plain list for the repetition rule. Slow and obvious: the yardstick the
engine is compared with.
"""

from __future__ import annotations

LETTERS = "abcdefghijklmnopqrstuvwxyz"
OTHER = {"b": "w", "w": "b"}


def name(r: int, c: int) -> str:
    return f"{LETTERS[c]}{r + 1}"


def can_place(board: list[list[str]], r: int, c: int, me: str) -> bool:
    """An empty point, unless its four neighbours are one enemy disc and three empty."""
    n = len(board)
    if board[r][c] != ".":
        return False
    around = [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
    if not all(0 <= y < n and 0 <= x < n for y, x in around):
        return True  # an edge point: the restriction does not apply
    discs = [board[y][x] for y, x in around]
    return not (discs.count(OTHER[me]) == 1 and discs.count(".") == 3)


def wall(board, points) -> str | None:
    """'edge' for a wall off the board, the colour of a single-coloured wall, else None."""
    n = len(board)
    if any(not (0 <= y < n and 0 <= x < n) for y, x in points):
        return "edge"
    colours = {board[y][x] for y, x in points}
    if len(colours) == 1 and colours != {"."}:
        return colours.pop()
    return None


def capturable(board, me: str, r0: int, c0: int, r1: int, c1: int) -> bool:
    """Conditions 1–4 of a capture, for the player of colour ``me``."""
    enemy = OTHER[me]
    for r in range(r0, r1 + 1):
        for c in range(c0, c1 + 1):
            if board[r][c] != enemy:
                return False
    top = wall(board, [(r0 - 1, c) for c in range(c0, c1 + 1)])
    bottom = wall(board, [(r1 + 1, c) for c in range(c0, c1 + 1)])
    left = wall(board, [(r, c0 - 1) for r in range(r0, r1 + 1)])
    right = wall(board, [(r, c1 + 1) for r in range(r0, r1 + 1)])
    if None in (top, bottom, left, right):
        return False
    counts = {"b": 0, "w": 0}
    for a, b, length in ((top, bottom, c1 - c0 + 1), (left, right, r1 - r0 + 1)):
        if a == "edge" and b == "edge":
            continue  # both neutral
        if a == "edge":
            a = b
        if b == "edge":
            b = a
        counts[a] += length
        counts[b] += length
    return counts[me] > counts[enemy]


def captures(board, me: str) -> list[tuple[int, int, int, int]]:
    """Every maximal capturable rectangle, ordered by top-left then bottom-right corner.

    Every rectangle is visited, corner by corner; one that holds a point which is not an
    enemy disc fails condition 1, and so does every wider or taller one from the same
    top-left corner, so those are passed over. Every other rectangle gets the full test,
    and each capturable one is compared with every rectangle that contains it.
    """
    n = len(board)
    enemy = OTHER[me]
    ok = set()
    for r0 in range(n):
        for c0 in range(n):
            width = n - c0  # columns c0.. that are enemy on every row so far
            for r1 in range(r0, n):
                run = 0
                while run < width and board[r1][c0 + run] == enemy:
                    run += 1
                width = run
                for c1 in range(c0, c0 + width):
                    if capturable(board, me, r0, c0, r1, c1):
                        ok.add((r0, c0, r1, c1))
    out = []
    for r0, c0, r1, c1 in sorted(ok):
        larger = [(a, b, c, d) for a in range(r0 + 1) for b in range(c0 + 1)
                  for c in range(r1, n) for d in range(c1, n) if (a, b, c, d) != (r0, c0, r1, c1)]
        if not any(big in ok for big in larger):
            out.append((r0, c0, r1, c1))
    return out


def capture_name(rect) -> str:
    r0, c0, r1, c1 = rect
    return f"x{name(r0, c0)}:{name(r1, c1)}"


class RefGame:
    """A game from a set-up: ``rows`` top to bottom, ``to_move`` the colour to move."""

    def __init__(self, rows: list[str], to_move: str) -> None:
        self.board = [list(row) for row in rows]
        self.n = len(rows)
        self.turn = to_move
        self.colour_of_seat = ["b", "w"]
        self.seat = 0 if to_move == "b" else 1
        self.passes = 0
        self.last = None
        self.seen = [self.key()]
        self.result = None  # (winner seat or None, reason)
        self._legal = None

    def key(self):
        return ("".join("".join(row) for row in self.board), self.turn)

    def count(self, colour: str) -> int:
        return sum(row.count(colour) for row in self.board)

    def discs(self) -> list[int]:
        return [self.count(self.colour_of_seat[s]) for s in (0, 1)]

    def legal_moves(self) -> list[str]:
        if self._legal is None:
            self._legal = self.list_moves()
        return self._legal

    def list_moves(self) -> list[str]:
        """Every legal move, in the engine's order: placements in reading order, captures by
        corner, swap; ``pass`` only when there is nothing else."""
        if self.result is not None:
            return []
        me = self.turn
        moves = [name(r, c) for r in range(self.n) for c in range(self.n)
                 if can_place(self.board, r, c, me)]
        moves += [capture_name(rect) for rect in captures(self.board, me)]
        discs = [(r, c) for r in range(self.n) for c in range(self.n) if self.board[r][c] != "."]
        if (me == "w" and len(discs) == 1 and self.board[discs[0][0]][discs[0][1]] == "b"
                and self.last != "swap"):
            moves.append("swap")
        return moves or ["pass"]

    def play(self, move: str) -> None:
        assert move in self.legal_moves(), move
        mover = self.seat
        if move == "swap":
            self.colour_of_seat.reverse()
            self.seat ^= 1  # the new White moves; the colour to move stays White
        else:
            if move == "pass":
                self.passes += 1
            else:
                self.passes = 0
                if move.startswith("x"):
                    a, b = move[1:].split(":")
                    r0, c0 = int(a[1:]) - 1, LETTERS.index(a[0])
                    r1, c1 = int(b[1:]) - 1, LETTERS.index(b[0])
                    for r in range(r0, r1 + 1):
                        for c in range(c0, c1 + 1):
                            self.board[r][c] = self.turn
                else:
                    self.board[int(move[1:]) - 1][LETTERS.index(move[0])] = self.turn
            self.turn = OTHER[self.turn]
            self.seat ^= 1
        self.last = move
        self._legal = None
        self.seen.append(self.key())
        self.result = self.judge(move, mover)

    def judge(self, move: str, mover: int):
        """(winner, reason) after ``mover`` played ``move``, or None while it goes on."""
        if move.startswith("x") and self.count(OTHER[self.colour_of_seat[mover]]) == 0:
            return (mover, "annihilation")
        reason = None
        if self.passes >= 2:
            reason = "blocked"
        elif self.seen.count(self.key()) >= 3:
            reason = "repetition"
        if reason is None:
            return None
        d = self.discs()
        return (None if d[0] == d[1] else (0 if d[0] > d[1] else 1), reason)
