# Two set-up commands for a fresh clone; each installs what it needs into .venv.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test test-fast

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/python examples/demo.py

# (-n auto: pytest-xdist runs the tests on every core; each worker its own session)
test: $(STAMP)
	$(BIN)/python -m pytest -n auto

# Unit and integration tests only (no framework installs, no long property runs):
# the quick loop while working. CI runs `make test`, the whole suite.
test-fast: $(STAMP)
	$(BIN)/python -m pytest -n auto -m "not e2e and not slow"
