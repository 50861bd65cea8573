"""A deliberately naive Number One, written straight from the rules, sharing no code with
the engine: cube coordinates, sets and dicts, every path walked step by step.

It reads a position in the notation, lists the legal moves in notation, plays a move and
writes the position back, so the tests can compare the engine with it move by move.
"""

from __future__ import annotations

from dataclasses import dataclass, field

LETTERS = "abcdefghijk"
SIZE_LETTERS = "SML"
LENGTH = {"S": 1, "M": 2, "L": 3}
ROWS = 11
# the six unit steps in cube coordinates (q, r, s), q + r + s == 0; E first
UNITS = [(1, 0, -1), (1, -1, 0), (0, -1, 1), (-1, 0, 1), (-1, 1, 0), (0, 1, -1)]

Cube = tuple[int, int, int]


def row_span(r: int) -> tuple[int, int]:
    """Smallest and largest q in row r (cube r from -5 at the top to 5 at the bottom)."""
    return max(-5, -5 - r), min(5, 5 - r)


def all_holes() -> list[Cube]:
    """Every hole of the 91-hole board in reading order."""
    out = []
    for r in range(-5, 6):
        lo, hi = row_span(r)
        out += [(q, r, -q - r) for q in range(lo, hi + 1)]
    return out


def hole_name(h: Cube) -> str:
    q, r, _ = h
    return f"{LETTERS[q - row_span(r)[0]]}{r + 6}"


def hole_at(text: str) -> Cube:
    r = int(text[1:]) - 6
    q = row_span(r)[0] + LETTERS.index(text[0])
    return (q, r, -q - r)


def size_of_board(h: Cube) -> int:
    return max(abs(c) for c in h)


def add(h: Cube, u: Cube, k: int = 1) -> Cube:
    return (h[0] + k * u[0], h[1] + k * u[1], h[2] + k * u[2])


def in_play(h: Cube, players: int) -> bool:
    return size_of_board(h) <= (5 if players == 4 else 4)


def neighbouring(u: Cube, v: Cube) -> bool:
    """Two step directions 60° apart: they differ by exactly one step."""
    return max(abs(a - b) for a, b in zip(u, v, strict=True)) == 1


def start_holes(players: int) -> list[tuple[Cube, Cube, Cube]]:
    """Per seat: (edge hole before the corner, corner, edge hole after), clockwise."""
    n = 5 if players == 4 else 4
    corners = [(0, -n, n), (n, -n, 0), (n, 0, -n), (0, n, -n), (-n, n, 0), (-n, 0, n)]
    used = {2: [0, 3], 3: [0, 2, 4], 4: [0, 1, 3, 4]}[players]
    out = []
    for k in used:
        c = corners[k]
        prev_c, next_c = corners[k - 1], corners[(k + 1) % 6]
        # one step along the edge towards each neighbouring corner
        before = add(c, tuple((p - x) // n for p, x in zip(prev_c, c, strict=True)))
        after = add(c, tuple((p - x) // n for p, x in zip(next_c, c, strict=True)))
        out.append((before, c, after))
    return out


@dataclass
class Pos:
    players: int
    tokens: set[Cube]
    pegs: list[dict[str, list]]  # per seat: letter -> [hole, turned]
    to_move: int
    moved: set[str] = field(default_factory=set)
    out: list[int] = field(default_factory=list)

    def winner(self) -> int | None:
        left = [s for s in range(self.players) if self.pegs[s]]
        return left[0] if len(left) == 1 else None


def start(players: int, arrangements: list[str]) -> Pos:
    tokens = {h for h in all_holes() if in_play(h, players)}
    pegs = []
    for seat, holes in enumerate(start_holes(players)):
        mine = {}
        for letter, h in zip(arrangements[seat], holes, strict=True):
            mine[letter] = [h, False]
            tokens.discard(h)
        pegs.append(mine)
    return Pos(players, tokens, pegs, 0)


def parse(text: str) -> Pos:
    board, pegs_text, turn, out = text.split()
    players = int(board[3])
    rows = board[5:].split("/")
    tokens = set()
    holes = iter(all_holes())
    for row in rows:
        for ch in row:
            h = next(holes)
            if ch == "o":
                tokens.add(h)
    pegs = []
    for group in pegs_text.split("/"):
        mine = {}
        if group != "-":
            for p in group.split(","):
                mine[p[0]] = [hole_at(p[1:].rstrip("*")), p.endswith("*")]
        pegs.append(mine)
    seat, _, moved = turn.partition(":")
    return Pos(players, tokens, pegs, int(seat) - 1, set(moved),
               [] if out == "-" else [int(s) - 1 for s in out.split(",")])


def write(p: Pos) -> str:
    rows, row, last_r = [], "", None
    for h in all_holes():
        if last_r is not None and h[1] != last_r:
            rows.append(row)
            row = ""
        last_r = h[1]
        row += "-" if not in_play(h, p.players) else "o" if h in p.tokens else "."
    rows.append(row)
    groups = []
    for mine in p.pegs:
        items = [f"{k}{hole_name(mine[k][0])}{'*' if mine[k][1] else ''}"
                 for k in SIZE_LETTERS if k in mine]
        groups.append(",".join(items) or "-")
    # only pegs still on the board are written as moved (one that left is gone)
    moved = "".join(k for k in SIZE_LETTERS if k in p.moved and k in p.pegs[p.to_move])
    out = ",".join(str(s + 1) for s in p.out) or "-"
    return f"one{p.players}:{'/'.join(rows)} {'/'.join(groups)} {p.to_move + 1}:{moved} {out}"


def peg_moves(p: Pos, seat: int, letter: str) -> list[str]:
    """Every move of one peg, in notation; its removal if it has no landing."""
    here, turned = p.pegs[seat][letter]
    taken = {peg[0] for mine in p.pegs for peg in mine.values()}
    n = LENGTH[letter]
    found = []
    for u in UNITS:
        for v in UNITS:
            if v != u and not neighbouring(u, v):
                continue
            for k in range(1, n + 1):
                if (v == u) != (k == n):  # a straight path once; a bend before the last step
                    continue
                path, h = [], here
                for i in range(n):
                    h = add(h, u if i < k else v)
                    path.append(h)
                if any(not in_play(x, p.players) or x in taken for x in path):
                    continue
                land = path[-1]
                via = "" if v == u else f"-{hole_name(path[k - 1])}"
                text = f"{letter}-{hole_name(here)}{via}-{hole_name(land)}"
                if land in p.tokens:
                    found.append(text)
                elif not turned:
                    found.append(text + "*")
    return found or [f"{letter}-{hole_name(here)}x"]


def legal_moves(p: Pos) -> set[str]:
    if p.winner() is not None:
        return set()
    out: set[str] = set()
    for letter, _ in p.pegs[p.to_move].items():
        if letter not in p.moved:
            out.update(peg_moves(p, p.to_move, letter))
    return out


def play(p: Pos, move: str) -> None:
    """Play a legal ``move`` (in notation) on ``p``."""
    seat = p.to_move
    mine = p.pegs[seat]
    letter = move[0]
    if move.endswith("x"):
        if letter == "S":
            mine.clear()
            p.out.append(seat)
        else:
            del mine[letter]
    else:
        land = hole_at(move.rstrip("*").split("-")[-1])
        mine[letter][0] = land
        if move.endswith("*"):
            mine[letter][1] = True
        else:
            p.tokens.remove(land)
    p.moved.add(letter)
    if not mine or set(mine) <= p.moved:
        p.moved = set()
        nxt = seat
        for _ in range(p.players):
            nxt = (nxt + 1) % p.players
            if p.pegs[nxt]:
                break
        p.to_move = nxt
