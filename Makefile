# Every target runs tools/run.py, which needs only Python: `make book` is
# `python3 tools/run.py book` (on Windows, without make: `py tools\run.py book`).
# Two commands do everything: `make book` and `make test`. Both create .venv
# when it is missing, install the pinned requirements and the `ndcg` package
# (editable), then build or test. `make help` lists the rest.

PYTHON ?= python3
PORT   ?= 8000
RUN    := $(PYTHON) tools/run.py

.PHONY: help setup check book pdf test test-fast lint nbval nbval-older serve lab notebooks exercises sync-check sentences anki benchmark races ltr-real participant-pack participant-pack-wheelhouse solutions manifest requirements clean

help:
	@$(RUN) help

setup:
	$(RUN) setup

check:
	$(RUN) check

book:
	$(RUN) book

# The book and its cheat sheet as PDFs, printed with Chromium (make book does it too when it finds one).
pdf:
	$(RUN) pdf

test:
	$(RUN) test

test-fast:
	$(RUN) test-fast

lint:
	$(RUN) lint

nbval:
	$(RUN) nbval

# The notebook tests with NumPy's AVX2 and AVX-512 kernels turned off.
nbval-older:
	$(RUN) nbval --older-kernels

serve:
	$(RUN) serve --port $(PORT)

lab:
	$(RUN) lab

notebooks:
	$(RUN) notebooks

exercises:
	$(RUN) exercises

sync-check:
	$(RUN) sync-check

sentences:
	$(RUN) sentences

anki:
	$(RUN) anki

benchmark:
	$(RUN) benchmark

# Chapter 6's races with 20 seeds each, into experiments/results/ (the chapter shows them as precomputed).
races:
	$(RUN) races

# Chapter 6's learners on a real collection you downloaded, beside published figures; writes experiments/results/*.json.
# make ltr-real DATA=~/data/MSLR-WEB10K DATASET=mslr-web10k ARGS="--folds 1 --learners lightgbm"
ltr-real:
	$(RUN) ltr-real --data=$(DATA) --dataset=$(DATASET) $(ARGS)

participant-pack:
	$(RUN) participant-pack

# The pack with a wheelhouse/ of everything to install, for a room without network.
participant-pack-wheelhouse:
	$(RUN) participant-pack --wheelhouse

solutions:
	$(RUN) solutions

manifest:
	$(RUN) manifest

requirements:
	$(RUN) requirements

clean:
	$(RUN) clean
