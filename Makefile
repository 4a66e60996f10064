# Quick start: `make kit` and `make test` (see README.md).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: kit test check bench serve install clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

kit: $(STAMP)
	$(BIN)/kitgen kit --out output

# The suite (in two worker processes), then the static checks: mypy --strict over kitgen, mypy over the tests
# (tests/mypy.ini: not strict, but every call into kitgen checked), ruff, import contracts.
test: $(STAMP)
	$(BIN)/python -m pytest -n 2
	$(MAKE) --no-print-directory check

check: $(STAMP)
	$(BIN)/mypy
	$(BIN)/mypy --config-file tests/mypy.ini
	$(BIN)/ruff check kitgen tests benchmarks scripts
	$(BIN)/lint-imports

serve: $(STAMP)
	$(BIN)/kitgen serve

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) build dist *.egg-info
