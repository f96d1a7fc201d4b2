# The two commands: `make demo` (no services, no API key) and `make test` (PostgreSQL + Redis).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install demo test lint format services browser clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

demo: install
	$(BIN)/python scripts/demo.py

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(BIN)/mypy

format: install
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

services:
	scripts/ensure-services.sh

browser:
	scripts/ensure-browser.sh

# pytest exits 5 when it collects no tests; make treats any non-zero exit as failure, so an
# empty collection can never pass for green.
test: install lint services browser
	$(BIN)/python -m pytest

clean:
	rm -rf var .pytest_cache .ruff_cache .mypy_cache .import_linter_cache
