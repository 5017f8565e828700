"""``python -m t42`` is the ``t42`` command."""

from t42 import main

main()
