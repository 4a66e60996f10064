"""The Game of Words (Whitman 1938): one module per game (seed ``game-of-words-1938.txt``).

Pure Python: no I/O, no PDF, no CLI. ``deals`` makes the seeded layouts;
``word_solitaire`` holds Word Solitaire's rules and solver, ``crossword_game``
the Crossword Game, ``crossword_solitaire`` the A/B verifiers,
``letter_patience``, ``anagrams``, ``out_game`` and ``guess_o_gram`` the rest.
"""
