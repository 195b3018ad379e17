"""Learning to rank, ``ndcg.ltr``: losses, models, training, LambdaMART, LETOR data, the races. In ``make
test-fast``.

Every test here is marked ``ltr`` (tests/conftest.py marks each test with its folder).
"""
