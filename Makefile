# Everything installs into .venv on first use; `make run` and `make test` work on a fresh machine.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEVSTAMP := $(VENV)/.installed-dev
N ?= 1e6

.PHONY: run install dev test test-all lint bench golden reports clean

run: $(STAMP)
	$(BIN)/sim run popejoan --variant five-pool -n $(N)

install: $(STAMP)

$(VENV)/bin/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(STAMP): pyproject.toml | $(VENV)/bin/python
	$(BIN)/pip install -q -e .
	touch $(STAMP)

$(DEVSTAMP): pyproject.toml $(STAMP)
	$(BIN)/pip install -q -e '.[dev]'
	touch $(DEVSTAMP)

dev: $(DEVSTAMP)

test: $(DEVSTAMP)
	$(BIN)/pytest -n 2 --dist loadgroup

test-all: $(DEVSTAMP)
	$(BIN)/pytest -n 2 --dist loadgroup -m ""

lint: $(DEVSTAMP)
	$(BIN)/ruff check sim tests analysis
	$(BIN)/ruff format --check sim tests analysis
	$(BIN)/mypy sim

bench: $(STAMP)
	$(BIN)/sim bench

reports: $(STAMP)
	$(BIN)/sim claims

golden: $(STAMP)
	$(BIN)/python tests/make_golden.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
