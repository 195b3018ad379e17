# Every target runs tools/run.py, which needs only Python: `make book` is
# `python3 tools/run.py book` (on Windows, without make: `py tools\run.py book`).
# Two commands do everything: `make book` and `make test`. Both create .venv
# when it is missing, install the pinned requirements and the `ndcg` package
# (editable), then build or test. `make help` lists the rest.
# The build's steps are the package ndcg_book's (`python -m ndcg_book --help` lists them):
# tools/run.py runs them with the venv's Python.

PYTHON ?= python3
PORT   ?= 8000
RUN    := $(PYTHON) tools/run.py
MAKEFLAGS += --no-builtin-rules

help:
	@$(RUN) help

# Any other target is the run.py command of that name (`make help` lists them). FORCE runs it even
# when a file or folder of that name exists (notebooks/, exercises/, solutions/).
%: FORCE
	$(RUN) $@

# The targets that pass arguments on.
serve:
	$(RUN) serve --port $(PORT)

# Chapter 6's learners on a real collection you downloaded, beside published figures; writes experiments/results/*.json.
# make ltr-real DATA=~/data/MSLR-WEB10K DATASET=mslr-web10k ARGS="--folds 1 --learners lightgbm"
ltr-real:
	$(RUN) ltr-real --data=$(DATA) --dataset=$(DATASET) $(ARGS)

# The notebook tests with NumPy's AVX2 and AVX-512 kernels turned off.
nbval-older:
	$(RUN) nbval --older-kernels

# The pack with a wheelhouse/ of everything to install, for a room without network.
participant-pack-wheelhouse:
	$(RUN) participant-pack --wheelhouse

# make reads this file; no rule remakes it (else the pattern above would run `tools/run.py Makefile`).
Makefile: ;

.PHONY: FORCE help serve ltr-real nbval-older participant-pack-wheelhouse
FORCE:
