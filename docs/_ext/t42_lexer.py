"""A Pygments lexer for the t42 notation, so that ```` ```t42 ```` blocks are coloured on the
site as a reader sees them: tags, keywords, seats, tiles, numbers and comments (docs/notation.md).
"""

from __future__ import annotations

from typing import Any, ClassVar

from pygments.lexer import RegexLexer, bygroups
from pygments.token import Comment, Keyword, Name, Number, Punctuation, String, Text
from sphinx.application import Sphinx


class T42Lexer(RegexLexer):
    name = "t42"
    aliases: ClassVar[list[str]] = ["t42"]
    filenames: ClassVar[list[str]] = ["*.t42"]

    tokens: ClassVar[dict[str, Any]] = {
        "root": [
            (r";[^\n]*", Comment.Single),
            (r"\{", Comment.Multiline, "comment"),
            (r'(\[)(\s*[A-Za-z][\w-]*)(\s+)("(?:[^"\\\n]|\\.)*")(\s*\])',
             bygroups(Punctuation, Name.Tag, Text, String, Punctuation)),
            (r"(?i)\b(hand|dealer|deal|bid|trump|end|points|marks|total|pass|made|set|"
             r"laydown)\b", Keyword),
            (r"\b[0-6]-[0-6]\b", Number),
            (r"\b(NS|EW|N|E|S|W)\b", Name.Builtin),
            (r"\d+m?\b", Number),
            (r"[^\S\n]+", Text),
            (r"\n", Text),
            (r".", Text),
        ],
        "comment": [
            (r"[^}]+", Comment.Multiline),
            (r"\}", Comment.Multiline, "#pop"),
        ],
    }


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_lexer("t42", T42Lexer)
    return {"parallel_read_safe": True, "version": "1"}
