"""What the library has to say besides its results (the solver being compiled: a wait of
some seconds ahead). The library never writes to a stream on its own: each notice goes to
the logger of its package (``logging.getLogger("notation.solver")``, at ``INFO``; silent
unless the program configures logging) and to each function given to :func:`listen` (the
``t42`` command says them on stderr, ``t42: …``, as it always has).

>>> heard: list[str] = []
>>> stop = listen(heard.append)
>>> notify("notation.solver", "compiling")
>>> stop()
>>> notify("notation.solver", "again")
>>> heard
['compiling']
"""

from __future__ import annotations

from collections.abc import Callable

_LISTENERS: list[Callable[[str], None]] = []


def listen(hear: Callable[[str], None]) -> Callable[[], None]:
    """Have ``hear`` called with the words of every notice from now on; returns the function
    that stops it."""
    _LISTENERS.append(hear)

    def stop() -> None:
        if hear in _LISTENERS:
            _LISTENERS.remove(hear)

    return stop


def notify(package: str, words: str) -> None:
    """Say ``words`` as ``package`` (``notation.solver`` …): to its logger, at ``INFO``, and
    to every listener."""
    import logging  # loaded only by a notice: `import notation` and the t42 command stay light

    logging.getLogger(package).info(words)
    for hear in list(_LISTENERS):
        hear(words)
