"""The eight symmetries of a square board, on its rows of text: what a game's
``canonical_key`` reads so that a position and its mirror images are one."""

from __future__ import annotations


def square_images(rows: list[str]) -> list[list[str]]:
    """``rows`` (a square of one character per cell) turned and mirrored eight ways."""
    images: list[list[str]] = []
    grid = [list(r) for r in rows]
    for _ in range(4):
        grid = [list(col) for col in zip(*grid[::-1], strict=True)]  # a quarter turn
        images.append(["".join(r) for r in grid])
        images.append(["".join(r[::-1]) for r in grid])  # and its mirror
    return images


def least_square(rows: list[str]) -> str:
    """The least of the eight images of ``rows``, rows joined by ``/``."""
    return min("/".join(image) for image in square_images(rows))
