# The developer loop. Everything runs from .venv (made by `make install`).
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: install test test-fast lint format bench ci

install:            ## the venv with the test extras (and Ray)
	python3 -m venv $(VENV) && $(BIN)/pip install -q -e '.[dev,ray]'

test:               ## every tier, as CI runs it
	$(BIN)/python -m pytest -q

test-fast:          ## without real processes, terminals, renders and kill -9 trials
	$(BIN)/python -m pytest -q -m "not slow"

lint:               ## the layer contract, ruff format --check, ruff, mypy (strict on src; on tests too)
	$(BIN)/lint-imports && $(BIN)/ruff format --check src tests benchmarks scripts && $(BIN)/ruff check src tests benchmarks scripts && $(BIN)/mypy && $(BIN)/mypy --config-file tests/mypy.ini tests

format:             ## ruff format, then ruff's fixes
	$(BIN)/ruff format src tests benchmarks scripts && $(BIN)/ruff check --fix src tests benchmarks scripts

bench:              ## the benchmark scripts, one after another (long: renders at scale)
	for script in benchmarks/bench_*.py; do echo "== $$script"; $(BIN)/python $$script || exit 1; done

ci:                 ## what CI runs: a fresh venv in a temporary folder, quick checks, then the tests
	.ci/run
