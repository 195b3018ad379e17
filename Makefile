# Two commands do everything: `make book` and `make test`.
# Both create .venv when it is missing, install the pinned requirements and
# the `ndcg` package (editable), then build or test.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
BOOK   := _build/html
PORT   ?= 8000

.PHONY: help setup check book test serve lab notebooks exercises anki clean requirements benchmark

help:
	@echo "make book       build the HTML book (every notebook executed; any warning fails)"
	@echo "make test       unit, property and docstring tests, and nbval over every notebook"
	@echo "make check      a quick setup check for workshop participants"
	@echo "make serve      serve the built book on http://localhost:$(PORT)"
	@echo "make lab        open the chapters and exercises in JupyterLab"
	@echo "make notebooks  re-execute every chapter notebook in place (then commit them)"
	@echo "make exercises  regenerate the student exercise notebooks from the solutions, executed"
	@echo "make anki       write every flashcard to an Anki deck, _build/ndcg-course.apkg"
	@echo "make benchmark  time ndcg.ndcg_score against scikit-learn"
	@echo "make clean      remove the built book and caches (keeps .venv)"

$(STAMP): requirements.txt pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
	  { echo "Python 3.11 or newer is needed (found: $$($(PYTHON) --version))"; exit 1; }
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt
	$(BIN)/python -m pip install --quiet --no-deps -e .
	touch $(STAMP)

setup: $(STAMP)

# A quick check that a participant's laptop is ready: the package, its widgets,
# and one exercise notebook run in a real Jupyter kernel.
check: $(STAMP)
	$(BIN)/python -c "import ndcg, ndcg.widgets, ndcg.cards; print('ndcg', ndcg.__version__, 'imports fine')"
	$(BIN)/python -m pytest --nbval exercises/00_why.ipynb -q -p no:cacheprovider
	@echo "All set: your setup is ready for the workshop."

book: $(STAMP)
	$(BIN)/jupyter-book build --warningiserror --nitpick --keep-going .
	@echo
	@echo "The book is in $(BOOK)/index.html  (open it, or run: make serve)"

test: $(STAMP)
	$(BIN)/python -m pytest --nbval

serve:
	@test -f $(BOOK)/index.html || { echo "No book yet: run make book first."; exit 1; }
	@echo "Serving the book on http://localhost:$(PORT)  (Ctrl-C to stop)"
	$(BIN)/python -m http.server $(PORT) --bind 127.0.0.1 --directory $(BOOK)

# Chapters are stored executed (nbval compares their outputs): after changing
# a chapter or the package, run this and commit the notebooks.
notebooks: $(STAMP)
	cd chapters && for nb in *.ipynb; do \
	  echo "executing chapters/$$nb"; \
	  ../$(BIN)/jupyter nbconvert --to notebook --execute --inplace \
	    --ExecutePreprocessor.kernel_name=python3 --ExecutePreprocessor.timeout=600 \
	    --ExecutePreprocessor.record_timing=False \
	    --ExecutePreprocessor.store_widget_state=False "$$nb" || exit 1; \
	done

# Student notebooks are generated from exercises/solutions/: never edit them by hand.
exercises: $(STAMP)
	$(BIN)/python exercises/make_student.py --solutions --execute

anki: $(STAMP)
	@mkdir -p _build
	$(BIN)/python -m ndcg.anki _build/ndcg-course.apkg

lab: $(STAMP)
	$(BIN)/jupyter lab --notebook-dir=.

benchmark: $(STAMP)
	$(BIN)/python benchmarks/bench_ndcg_score.py

# Regenerate requirements.txt from requirements.in (needs pip-tools).
requirements: $(STAMP)
	$(BIN)/python -m pip install --quiet pip-tools
	$(BIN)/pip-compile --quiet --strip-extras --allow-unsafe --no-emit-index-url \
	  --no-emit-find-links --no-emit-trusted-host requirements.in -o requirements.txt

clean:
	rm -rf _build .pytest_cache .hypothesis
	find . -name __pycache__ -not -path './$(VENV)/*' -prune -exec rm -rf {} +
