"""Pieces shared by every game: geometry, the game protocol, records, randomness."""
