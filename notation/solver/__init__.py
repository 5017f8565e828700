"""Best play: the search compiled by Numba (:mod:`notation.solver.search`), knowing no rule,
over the tables :mod:`notation.solver.solver` builds from the rules of play.

>>> from notation.solver import Solver
"""

from notation.solver.solver import *  # noqa: F403
