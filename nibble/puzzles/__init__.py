"""The puzzle maker: positions from the engine's own games where one move only wins,
found after a mistake that swings the game (docs/puzzles.md). Pure Python like the rest
of the engine; only :mod:`.runner` starts processes."""
