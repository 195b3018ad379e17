"""A chapter added to a copy of the course from its manifest: what a contributor writes by hand, the
course's own steps generate the rest, and both editions build. Minutes of building: not in ``make
test``, which leaves the ``scaffold`` mark out; ``make test-scaffold`` runs it, and so does CI.

Every test here is marked ``scaffold`` (tests/conftest.py marks each test with its folder).
"""
