# Quick start: `make kit` and `make test` (see README.md).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: kit test check bench bench-compare bench-web-server serve install kernel clean i18n-extract i18n-update i18n-compile i18n-init i18n

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# The default kits' documents typeset once, at install time (issue 32: a first kit needs no weasyprint); again when
# a template, font or catalogue changes, or the code that keys them (a stale store is never used: kitgen/io/cache.py).
TYPESET := kitgen/typeset/.made
$(TYPESET): $(STAMP) scripts/prebuild_documents.py kitgen/io/documents.py kitgen/games/kit.py $(wildcard kitgen/games/*/declaration.py) $(shell find templates fonts kitgen/locale -type f 2>/dev/null) $(shell find kitgen/games -name "*.html" 2>/dev/null)
	$(BIN)/python scripts/prebuild_documents.py

install: $(STAMP) $(TYPESET)

kit: $(STAMP) $(TYPESET)
	$(BIN)/kitgen kit --out output

# The suite (in four worker processes on two cores: a quarter of the suite's time waits, on browsers, servers and
# child processes: with three workers a fresh-clone run used 24 of its 32 core-minutes), then the static checks: mypy --strict over kitgen, mypy over the tests
# (tests/mypy.ini: not strict, but every call into kitgen checked), ruff, import contracts. The 25 longest tests are listed at the end of the run
# (--durations), so a CI log shows where the 15 minutes go.
test: $(STAMP)
	$(BIN)/python -m pytest -n 4 --durations=25
	$(MAKE) --no-print-directory check

check: $(STAMP)
	$(BIN)/mypy
	$(BIN)/mypy --config-file tests/mypy.ini
	$(BIN)/ruff check kitgen tests benchmarks scripts
	$(BIN)/lint-imports

serve: $(STAMP)
	$(BIN)/kitgen serve

# The proven par's letter puzzle compiled (issue 30; docs/wordsearch.md, "The proven par"): optional, needs a C
# compiler; without it the same search runs in pure Python (same nodes and results, about 10x slower a node).
kernel: $(STAMP)
	$(BIN)/python -m pip install --quiet 'cython==3.3.1' setuptools
	$(BIN)/python scripts/build_kernel.py

bench: $(STAMP) $(TYPESET)
	$(BIN)/python benchmarks/run.py

# Every benchmark on two revisions, each in its own git worktree, interleaved round by round; fails when a CPU
# figure is worse by more than 10% (CONTRIBUTING.md, "Benchmarks"). `make bench-compare BEFORE=1ec0211`; ARGS
# passes --rounds, --rounds-for NAME=N, --only NAME ... Each run is niced once, to 10, by compare.py (not nice
# around it too: the two stacked to 19, which starved the runs on a loaded machine).
AFTER ?= HEAD
bench-compare: $(STAMP)
	$(BIN)/python benchmarks/compare.py --before $(BEFORE) --after $(AFTER) $(ARGS)

# The web server's own CPU on two revisions (the server, its fork server and workers; not the client), the same
# requests to both, interleaved; fails when a server's CPU is worse by more than 10%. `make bench-web-server
# BEFORE=1ec0211` (benchmarks/web_server_cpu.py; ARGS passes --rounds N).
bench-web-server: $(STAMP)
	$(BIN)/python benchmarks/web_server_cpu.py --before $(BEFORE) --after $(AFTER) $(ARGS)

clean:
	rm -rf $(VENV) build dist *.egg-info kitgen/games/wordsearch/rules/_puzzle.c kitgen/games/wordsearch/rules/_puzzle.*.so

# Translations (docs/languages.md, "The language of the text"): extract every string a person reads into the template
# catalogue, merge it into each language's kitgen.po, compile the .mo files the package ships (deterministic bytes;
# tests/core/test_i18n.py fails when a .mo does not match its .po). The template has no header (its date would change
# on every run); each language's kitgen.po keeps its own (Language, Plural-Forms, Last-Translator) and its own
# POT-Creation-Date through an update, so the .mo compiled from it does not change with the day it was updated.
# A new language: `make i18n-init CODE=pl`, then translate its kitgen.po and fill in its header's Last-Translator.
LOCALE := kitgen/locale
i18n-extract: $(STAMP)
	$(BIN)/pybabel -q extract -F babel.cfg --no-location --sort-output --omit-header --no-wrap -o $(LOCALE)/kitgen.pot .

i18n-update: i18n-extract
	$(BIN)/pybabel -q update -i $(LOCALE)/kitgen.pot -d $(LOCALE) -D kitgen --no-fuzzy-matching --ignore-obsolete --ignore-pot-creation-date --no-wrap

i18n-init: i18n-extract
	$(BIN)/pybabel -q init -i $(LOCALE)/kitgen.pot -d $(LOCALE) -D kitgen -l $(CODE) --no-wrap

i18n-compile: $(STAMP)
	$(BIN)/pybabel -q compile -d $(LOCALE) -D kitgen

i18n: i18n-update i18n-compile
