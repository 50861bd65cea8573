"""Why a move is not legal, in words a player understands.

Every refusal is an :class:`IllegalMove` whose ``reason`` is ``nebuchadnezzar.<what>``
and whose ``params`` name the points and moves in notation and colours as ``"black"`` or
``"white"``, so the page can say the same in the player's language.
"""

from __future__ import annotations

from ...core.errors import GameOver, IllegalMove
from .contract import NebuchadnezzarShape
from .moves import PASS, SWAP
from .notation import BLACK, COLOR_NAMES, WHITE
from .placement import restricted
from .walls import span, walls

R = "nebuchadnezzar."


def check_move(state: NebuchadnezzarShape, move: int) -> None:
    """Nothing if ``move`` is legal, else ``IllegalMove`` (``GameOver`` once it is over)."""
    if state.result is not None:
        raise GameOver("The game is over; no more moves can be played.")
    legal = state.legal_moves()
    if move in legal:
        return
    if move == PASS:
        _refuse_pass(state, legal)
    if move == SWAP:
        _refuse_swap(state)
    if move > SWAP:
        _refuse_placement(state, move)
    _refuse_capture(state, move, legal)


def _refuse_pass(state: NebuchadnezzarShape, legal: list[int]) -> None:
    places = sum(1 for m in legal if m > SWAP)
    takes = sum(1 for m in legal if m < 0)
    options = [f"{k} {what}{'' if k == 1 else 's'}"
               for k, what in ((places, "placement"), (takes, "capture")) if k]
    if not options:
        options = ["the swap"]
    raise IllegalMove(f"You cannot pass while you have a legal move ({' and '.join(options)}).",
                      R + "pass-not-allowed", placements=places, captures=takes)


def _refuse_swap(state: NebuchadnezzarShape) -> None:
    if state.color != WHITE:
        raise IllegalMove("Only White may swap, as White's first move; Black is to move.",
                          R + "swap-not-white")
    if state.after_swap:
        raise IllegalMove("The colours have just been swapped; they cannot be swapped back.",
                          R + "swap-again")
    b, w = state.black.bit_count(), state.white.bit_count()
    raise IllegalMove(
        f"A swap is allowed only while the board holds exactly one disc, a black one; it "
        f"holds {b} black and {w} white disc{'' if w == 1 else 's'}.",
        R + "swap-board", black=b, white=w)


def _refuse_placement(state: NebuchadnezzarShape, move: int) -> None:
    lay = state.lay
    cell = lay.name(*lay.point(move))
    bit = 1 << move
    for color, bits in ((BLACK, state.black), (WHITE, state.white)):
        if bits & bit:
            name = COLOR_NAMES[color]
            raise IllegalMove(f"{cell} is not empty: it holds a {name} disc.",
                              R + "occupied", cell=cell, disc=name)
    mine, theirs = ((state.black, state.white) if state.color == BLACK
                    else (state.white, state.black))
    if restricted(lay, mine, theirs) & bit:
        enemy = COLOR_NAMES[state.color ^ 1]
        raise IllegalMove(f"{cell} cannot be placed: it touches exactly one {enemy} disc and "
                          f"three empty points.", R + "place-restricted", cell=cell, enemy=enemy)
    raise AssertionError(f"placement {cell} refused for no reason")  # pragma: no cover


def _refuse_capture(state: NebuchadnezzarShape, move: int, legal: list[int]) -> None:
    lay = state.lay
    text = state.move_to_str(move)
    me, enemy = COLOR_NAMES[state.color], COLOR_NAMES[state.color ^ 1]
    mine, theirs = ((state.black, state.white) if state.color == BLACK
                    else (state.white, state.black))

    def disc(r: int, c: int) -> str | None:
        bit = 1 << lay.bit(r, c)
        return me if mine & bit else enemy if theirs & bit else None

    r0, c0, r1, c1 = lay.rect_of(-move)
    for r in range(r0, r1 + 1):
        for c in range(c0, c1 + 1):
            here = disc(r, c)
            if here is None:
                raise IllegalMove(
                    f"{text} cannot be captured: {lay.name(r, c)} is an empty point; every "
                    f"point of the rectangle must hold a {enemy} disc.",
                    R + "capture-empty", move=text, cell=lay.name(r, c), enemy=enemy)
            if here == me:
                raise IllegalMove(
                    f"{text} cannot be captured: {lay.name(r, c)} holds your own {me} disc; "
                    f"every point of the rectangle must hold a {enemy} disc.",
                    R + "capture-own", move=text, cell=lay.name(r, c), color=me, enemy=enemy)
    owners: dict[str, str] = {}  # side -> the colour of its wall, or "edge"
    for wall in walls(lay, r0, c0, r1, c1):
        if wall.edge:
            owners[wall.side] = "edge"
            continue
        found: dict[str | None, tuple[int, int]] = {}
        for r, c in wall.points:
            found.setdefault(disc(r, c), (r, c))
        where = f"its {wall.side} wall ({span(lay, wall)})"
        if None in found:
            cell = lay.name(*found[None])
            raise IllegalMove(f"{text} cannot be captured: {where} has an empty point at {cell}.",
                              R + "wall-empty", move=text, side=wall.side,
                              wall=span(lay, wall), cell=cell)
        if len(found) == 2:
            black, white = (lay.name(*found[COLOR_NAMES[k]]) for k in (BLACK, WHITE))
            raise IllegalMove(
                f"{text} cannot be captured: {where} holds both colours (a black disc at "
                f"{black}, a white disc at {white}); a wall must be one colour.",
                R + "wall-mixed", move=text, side=wall.side, wall=span(lay, wall),
                black=black, white=white)
        owner = next(iter(found))
        assert owner is not None  # a wall with an empty point was refused above
        owners[wall.side] = owner
    count = {me: 0, enemy: 0}
    neutral = 0
    for a, b, length in (("top", "bottom", c1 - c0 + 1), ("left", "right", r1 - r0 + 1)):
        x, y = owners[a], owners[b]
        if x == y == "edge":
            neutral += 2 * length
            continue
        x = y if x == "edge" else x
        y = x if y == "edge" else y
        count[x] += length
        count[y] += length
    if count[me] <= count[enemy]:
        note = (f" ({neutral} points on neutral edges count for nobody)" if neutral else "")
        raise IllegalMove(
            f"{text} cannot be captured: on its perimeter you ({me}) own {count[me]} "
            f"point{'' if count[me] == 1 else 's'} and {enemy} owns {count[enemy]}{note}; "
            f"you need more than {enemy}.",
            R + "perimeter", move=text, mine=count[me], theirs=count[enemy], neutral=neutral,
            color=me, enemy=enemy)
    mask = -move
    for m in legal:
        if m < 0 and (-m) & mask == mask:
            larger = state.move_to_str(m)
            raise IllegalMove(
                f"{text} cannot be captured: it lies inside a larger rectangle that can be "
                f"captured, {larger}, so it is not maximal.",
                R + "not-maximal", move=text, larger=larger)
    raise AssertionError(f"capture {text} refused for no reason")  # pragma: no cover
