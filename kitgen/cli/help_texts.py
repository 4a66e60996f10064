"""Every command's and option's help as the command line shows it, marked for the catalogue so that ``--help``
speaks the text language (``kitgen.cli.build`` looks each one up by its English text; docs/languages.md). Made from
the declarations; tests/cli/test_help_language.py checks it holds every help a command or option declares."""

from __future__ import annotations

from kitgen.api import N_

HELP_TEXTS = (
    N_('Blank numbered crossword patterns: generate (--style, --symmetry, --seed, --count), import (--from),'
       ' export (--ipuz), print (PDF with a score table), or check one (--check FILE).\n'
       '\n'
       'With --json, print {"seed", "patterns": [{"name", "rows", "lights"}], "pdf", "ipuz": [...]}, or the '
       'legality report with --check, instead of "wrote" lines.'),
    N_("Replay a crossword game record: every entry's legality, the scores, the bonus and the winner.\n"
       '\n'
       'Exit 1 with RECORD:LINE:COL if an entry breaks a rule; exit 2 if the record is malformed.'),
    N_("Printable 5x5 Make a Wordsearch score sheets; with --seed N (or --book FILE) the deal's 25 words are"
       ' printed in the turn log so a group plays the same game.'),
    N_('Score a finished Make a Wordsearch sheet and check its turn log (exit 1 if a rule is broken).'),
    N_('The 25 words of a seeded Make a Wordsearch deal (or of --book FILE), one a turn; --par finds a par score.'),
    N_('The Game of Words letter-card deck: faces, backs, Sub Cards, crop marks, a rules summary.'),
    N_('A seeded Word Solitaire deal (default deal 1); --solve decides it, --range A-B --solve a range, one '
       'JSON line a deal.'),
    N_('A seeded Letter Patience deal (default deal 1); --solve decides it with every card known.'),
    N_('A seeded crossword-solitaire-a deal (default deal 1): text, --json, or a deal sheet with --out FILE.pdf.'),
    N_('A seeded crossword-solitaire-b deal (default deal 1): text, --json, or a deal sheet with --out FILE.pdf.'),
    N_('A seeded crossword deal (default deal 1): text, --json, or a deal sheet with --out FILE.pdf.'),
    N_('A seeded anagrams deal (default deal 1): text, --json, or a deal sheet with --out FILE.pdf.'),
    N_('Check a finished solitaire against its seeded deal (exit 1 if it breaks a rule).'),
    N_('Replay a Game of Words Crossword Game hand, or a game of hands to a target, against its seeded deals'
       ' (exit 1 if a play breaks a rule).'),
    N_('Check an Anagrams score-keeping record: turns, the centre, steals, no word twice before a player, '
       'challenges, the final card totals (exit 1 if a turn breaks a rule).'),
    N_("Check an O-U-T Game score sheet: letters in hand, words of nine or more, O, U, T penalties and E's, "
       'asks, who starts each word (exit 1 if a turn breaks a rule).'),
    N_("Check a Guess-O-Gram score-keeping record: the Thinker's word and points, letters and words guessed,"
       ' the next Thinker (exit 1 if a turn breaks a rule).'),
    N_('3DXWORD pieces to print: brick nets (cubes) or flat tiles, red and blue Joiners, X pieces, a score pad.'),
    N_("Replay a 3DXWORD game log: every play's words and score, the 3-D rules, the totals after unused "
       'letters.\n'
       '\n'
       "Exit 1 with LOG:LINE:COL and the rule's name if a play breaks a rule; exit 2 if the log is "
       'malformed.'),
    N_('A whole print-ready kit for each game: cover, how to print, rules, components, score pads.'),
    N_('kitgen in a browser: print, deal and check every game, and an HTTP API (http://127.0.0.1:8000).'),
    N_('Exit 0 if WORD is acceptable, 1 if not; says whether it is a plural or a past form, and of what '
       '(--json: the forms).'),
    N_('Every entry that fits PATTERN, one a line.'),
    N_('Words makeable from LETTERS (each used once) plus --wild wild cards, longest first.'),
    N_('Every class session in the class database, newest first.'),
    N_("A session's sheets, ranked (--csv: for a spreadsheet; --json: with each sheet's verdict)."),
    N_("A session's class set: the deal's sheets, each with a QR code students scan to send it from a phone."),
    N_('Rows and columns of a square pattern (3..63).'),
    N_('Rows (3..63), overriding --size.'),
    N_('Columns (3..63), overriding --size.'),
    N_('british (blocked cryptic, the default), american (every cell checked) or barred (bars, no blocks).'),
    N_('rotational (180), quarter (90), mirror or none.'),
    N_('How many patterns (1..1000); with --from, how many copies to print.'),
    N_('Print each pattern this many times, laid out --per-page: a class set of one pattern (1..200).'),
    N_('Deal number / seed (0 to 2147483647).'),
    N_('Print this pattern (.txt, .ipuz, .puz, .jpz or .xd) instead of generating; letters are blanked.'),
    N_('Also export ipuz here (with --count N: STEM-1.ipuz .. STEM-N.ipuz).'),
    N_('Also export Crossword Compiler jpz here (with --count N: STEM-1.jpz .. STEM-N.jpz).'),
    N_('Also export Across Lite .puz here (with --count N: STEM-1.puz .. STEM-N.puz); a barred or shaped '
       'grid cannot be .puz and is refused.'),
    N_("Report a pattern's legality instead (exit 1 if it breaks --style when given)."),
    N_('Patterns a page: 1, 2 or 4.'),
    N_('Paper size: a3, a4, a5, letter, legal or tabloid.'),
    N_("Output file (with the output's extension) or directory (ending in / or existing; default: output/)."),
    N_('Print each pattern as text too.'),
    N_('Fill every light with words (the lexicon or --words; no word twice, common words first): the fill '
       'goes to the ipuz and .puz solution and --text.'),
    N_('Keep only generated patterns a fill exists for (each printed pattern is certified playable to the '
       'last light).'),
    N_('Add a solution page: each pattern filled (implies a fill).'),
    N_('Word list for --fill/--fillable/--solution (one word or phrase a line), replacing the default lexicon.'),
    N_('Language of the words: en (default), fr, de, es, it, nl, pt, sv, pl, tr, ru or el (its lexicon, '
       'alphabet and book; docs/languages.md).'),
    N_('Dutch (--lang nl): write IJ in two cells, I and J, as Scrabble does; one cell by default, as Dutch '
       'crosswords print it (docs/languages.md).'),
    N_('Let kitgen propose any word of the lexicon, even those of the classroom-safe list (left out of '
       'deals, solutions, hints and suggestions by default).'),
    N_('Large print: squares and boxes 12 mm or more, every word and number 16 pt or more (one a page).'),
    N_('Print a grid whose squares come out under 6 mm on this paper (a big --size on small paper) rather '
       'than refuse it; the footer says how small.'),
    N_('Replace an existing file kitgen did not write.'),
    N_('Also write a PNG preview of every page into this directory.'),
    N_('Print the result as JSON (a documented contract).'),
    N_('Language of the text people read (labels, rules, covers, messages): by default the language of the '
       'words (--lang), English for a command without one.'),
    N_('No progress bars or chatter.'),
    N_('A crossword game record (pattern:, players:, one turn a line).'),
    N_('Word list (one word or phrase a line, # comments) replacing the default lexicon.'),
    N_('Ink mode: a misspelt or ill-fitting entry stands, scores nothing and costs 10.'),
    N_('Show the best three entries available at each turn.'),
    N_("A text file read in order as the 'book': the first word of each non-blank line is one page (one turn)."),
    N_('How many sheets (1..1000).'),
    N_('Sheets a page: 1, 2 or 4.'),
    N_("A typed-back 5x5 sheet (five lines of five letters, then an optional turn log 'turn word letter row col')."),
    N_('Tutorial scoring: boxes only, no bonuses.'),
    N_('The shortest words that score: 3 by the rules, 2 for a player who struggles (a 2-letter word scores '
       'its boxes, no bonus).'),
    N_('The deal the sheet was played with: its words check the turn log (or, with no log, that some legal '
       'order makes the grid).'),
    N_("Also search for the deal's par score and show it beside this sheet's (needs --deal or --book)."),
    N_('Steps of the par search (changes tried): the same deal, budget and word list give the same par on '
       'every machine; a larger budget never a lower one (at most 10,000,000: about 2-3 minutes).'),
    N_('A time cap on the par search: it stops there if the budget is not spent by then (the par then '
       'depends on the machine, and says so).'),
    N_('Search for the best sheet this deal allows (the par).'),
    N_('With --par: then search exactly for a better sheet, up to --budget nodes more (minutes), until the '
       'par is proven best or the budget ends; the bound it proves is shown.'),
    N_("With --par: then ask the exact CP-SAT model (the par extra: pip install 'kitgen[par]') for a better "
       'sheet and a proof, for at most SECONDS of its deterministic time on one worker (the same answer on '
       'every machine).'),
    N_('Seeds A-B: work every deal of the range, one JSON line each (at most 1,000,000).'),
    N_('Worker processes for --range (0: every core).'),
    N_('Run --range on Dask: a local cluster (--dask alone) or a scheduler (--dask tcp://host:8786). Needs '
       'Dask: the kitgen dask extra.'),
    N_('With --range: the summary only (shares, no seed lists).'),
    N_('With --range: also draw the survey as a chart, an SVG file (Make a Wordsearch: par and bound per '
       'deal; the solitaires: the winnable share along the range). Needs matplotlib: the kitgen charts '
       'extra.'),
    N_('Deck spec file (.toml or .csv), or a preset: whitman-1938 (the default), lexicon-1932, spanish, '
       'swedish, polish, turkish, russian, greek. Without it, --lang es, sv, pl, tr, ru and el deal their '
       "language's preset."),
    N_('Card size: poker (63x88 mm), bridge (57x89), tarot (70x120), mini (44x63) or square (70x70).'),
    N_('Any card size, WIDTHxHEIGHT in mm (25 to 200 a side), e.g. 60x90; instead of --size.'),
    N_('Bleed around each card, mm (0..5).'),
    N_('Add back pages mirrored for double-sided printing.'),
    N_('Crop marks outside the cards.'),
    N_('Least margin around the cards, mm (5..20). Default: nine a page, 3 x 3 portrait, with 10 mm margins '
       'or down to 7 mm where that keeps nine (poker cards on Letter).'),
    N_('Also write a cut file for a cutting machine (Cricut, Silhouette): an SVG at true size for each page '
       "of pieces or cards, beside the PDF, with cut lines on the layer 'cut' and fold lines on the layer "
       "'fold'."),
    N_("Lay the deck out to fold instead of printing it double-sided: landscape pages with card faces on the left "
       "half and their backs mirrored on the right, a dashed fold line between; fold, glue, cut."),
    N_("Print a thin grey quarter circle in each corner of every card face and back, of 1/8 in (3.2 mm) radius, to "
       "round the corners to with a corner rounder or scissors."),
    N_("Also write a cut file for a laser cutter: a DXF in millimetres for each page of pieces or cards, beside "
       "the PDF, with the layers of --cut-svg's SVG."),
    N_('Print-then-cut on a cutting machine with a camera (Silhouette): registration marks in three corners '
       'of every page of cards or pieces, as Silhouette Studio prints them (type 1: 20 mm long, 0.5 mm '
       'thick, 10 mm in), the cards or pieces laid out inside them (fewer a page), nothing else printed in '
       'their band; the cut files (--cut-svg) carry the marks on a layer of their own.'),
    N_('Also write the deck for a print-on-demand service into this folder: a PNG of each card face in deck '
       'order and back.png, 300 dpi with the bleed (--bleed, or 3.175 mm; --card-size: 3 mm), and deck.csv '
       'listing the cards.'),
    N_('Also write the deck for a print-on-demand service as one PDF: each card a page, its face then its back, '
       'each page the card plus the bleed (--bleed, or 3.175 mm; --card-size: 3 mm) with the card exactly as its '
       'TrimBox.'),
    N_('Decide whether the deal can be won; print a solution.'),
    N_('Deal the first winnable deal at or after --seed.'),
    N_('Output file (.pdf) or directory (ending in / or existing; default: output/).'),
    N_('Decide whether the deal can be won (all cards known).'),
    N_('Players (crossword 2..12, anagrams 1..12).'),
    N_('A finished solitaire typed back in.'),
    N_('The solitaire played: word-solitaire, letter-patience, crossword-solitaire-a or crossword-solitaire-b.'),
    N_("A Crossword Game hand (or a game: 'hand N' lines) typed back in, one turn a line."),
    N_("The game's target score (default: the record's 'target:' line, else 50); the game ends when a score "
       'reaches it, low score wins.'),
    N_('The Free-for-All: plurals and proper nouns may be used.'),
    N_("An Anagrams record: 'players: NAME ...', then one turn a line."),
    N_('The deal played (kitgen deal anagrams --seed N --players P): each card held and drawn is checked. '
       'Without it, any cards the pack holds.'),
    N_("An O-U-T Game record: 'players: NAME ...' (4 to 8), then one turn a line."),
    N_('The deal played (every card dealt one by one round the table from seat 1): each letter played is '
       "checked against the player's cards."),
    N_("A Guess-O-Gram record: 'players: NAME ...', then one turn a line."),
    N_('Players (2..12): 20 letter pieces each, 2P-2 Joiners of each colour, one X piece each.'),
    N_('cubes (fold-up brick nets) or tiles (flat squares with crop marks, for the table version).'),
    N_('Brick edge / tile side in mm (10..60).'),
    N_("A piece-set spec (TOML) instead of the standard set (or the language's own set with --lang: es, sv, pl, tr, "
       "ru, el)."),
    N_('A 3DXWORD game log.'),
    N_('Games: crossword, wordsearch, game-of-words, 3dxword (default: all of them).'),
    N_('Players (3DXWORD pieces, deals).'),
    N_('Kits built at once (default: one a core).'),
    N_('Address to listen on (127.0.0.1: this machine only).'),
    N_('Port to listen on (1..65535).'),
    N_('Open the app in a browser.'),
    N_("Worker processes doing the games' work (1..16)."),
    N_('Seconds any one request may work (a solve, a par search, a big PDF) before it is stopped with a 503 (1..600).'),
    N_('The class database for class sessions: a SQLAlchemy URL (postgresql+psycopg://user@host/kitgen for a'
       ' school server); default $KITGEN_DB, else a file in your user data folder.'),
    N_('A word or phrase.'),
    N_('Letters and ? for an unknown letter, e.g. ?A?A?C?'),
    N_("Propose words up to this commonness rank (10 commonest .. 70 rarest; 0: the language's learner tier,"
       ' rank 40 outside English).'),
    N_('Show at most this many (0: all).'),
    N_('The letters in hand, e.g. RETAINS.'),
    N_('Wild cards (Sub Cards) in hand (0..4).'),
    N_('Shortest word to show.'),
    N_('The class database: a SQLAlchemy URL (sqlite:///classes.db, postgresql+psycopg://user@host/db); '
       'default $KITGEN_DB, else a file in your user data folder.'),
    N_("The session's id (the end of its link)."),
    N_('The ranking as CSV (for a spreadsheet).'),
    N_("The address students' phones open kitgen serve at (http://192.168.1.20:8000): printed on every sheet"
       ' as a QR code and as text.'),
    N_('How many sheets (1..60).'),
    N_("Language of the text (the same as --text-lang: a session's words are its own): en (default), fr, de, es, it,"
       ' nl, pt, sv, pl, tr, ru or el.'),
    N_("A class session's id: print its class set instead (the same as kitgen session sheets ID; needs --url)."),
    N_('How many sheets (1..1000; with --session 1..60, 30 if not given).'),
    N_("Ask for a teacher's password as the server starts ($KITGEN_TEACHER_PASSWORD, else a prompt; never on the"
       " command line): teachers sign in with it at /teacher to start a class session or open any session's"
       " teacher page."),
)
