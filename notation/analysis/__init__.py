"""Analysis with the solver: a hand's audit, par tables, and the analysis of an
archive."""
