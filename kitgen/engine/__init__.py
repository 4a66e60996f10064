"""What the games share: grids and lights, the free-form board, the lexicon, decks, seeded randomness."""
