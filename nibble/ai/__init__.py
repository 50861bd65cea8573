"""Computer players that work for every game through the protocol."""
