"""Rule sets: the house rules a game was played under, as data.

A rule set is a name plus a value for every option. Records choose one with the ``Rules`` tag
and change single options with the ``Options`` tag (``"all-pass=reshake win-by=2"``).

>>> rs = rule_set("straight")
>>> rs.all_pass.value, rs.marks_to_win
('forced-bid', 7)
>>> rs.with_options({"all-pass": "reshake"}).all_pass.value
'reshake'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from notation.contracts import DoublesRank


class AllPass(Enum):
    """What happens when all four seats pass (RULES.md, Bidding)."""

    FORCED_BID = "forced-bid"  # the dealer must bid at least 30
    RESHAKE = "reshake"  # the hand is thrown in and the deal passes left


class RenegePenalty(Enum):
    """What a proven renege costs (RULES.md, Reneges)."""

    LOSE_HAND = "lose-hand"  # the offending team loses the hand
    NONE = "none"  # the renege is reported but the hand scores as played


class RulesError(ValueError):
    """An unknown rule set, option or option value."""


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Every option the engine knows, each with its default and what it means."""

    name: str = "straight"
    all_pass: AllPass = AllPass.FORCED_BID
    follow_me_doubles: DoublesRank = DoublesRank.HIGH
    renege_penalty: RenegePenalty = RenegePenalty.LOSE_HAND
    marks_to_win: int = 7
    win_by: int = 1

    def with_options(self, overrides: Mapping[str, str]) -> RuleSet:
        """A copy with options changed, named as in the ``Options`` tag."""
        changes: dict[str, Any] = {}
        for name, text in overrides.items():
            opt = option_field(name)
            changes[opt.name] = _convert(opt, text)
        return dataclasses.replace(self, **changes)

    def options(self) -> dict[str, str]:
        """Every option and its value, as written in an ``Options`` tag."""
        return {
            option_name(f): _format(getattr(self, f.name)) for f in dataclasses.fields(self)
            if f.name != "name"
        }


# What each option means, in one line, for `t42 rules` and the notation reference.
OPTION_DESCRIPTIONS: dict[str, str] = {
    "all_pass": "when all four pass: the dealer must bid 30 (forced-bid), or the hand is "
    "thrown in and the deal passes left (reshake)",
    "follow_me_doubles": "in follow-me, each double is the highest (high) or lowest (low) of "
    "its suit, or the doubles are a suit of their own (own-suit)",
    "renege_penalty": "a proven renege loses the hand for the offending team (lose-hand), or "
    "is only reported (none)",
    "marks_to_win": "marks a team needs to win the game",
    "win_by": "marks a team must lead by to win (2 in tournament play)",
}


def option_description(f: dataclasses.Field[Any]) -> str:
    return OPTION_DESCRIPTIONS[f.name]


def option_name(f: dataclasses.Field[Any]) -> str:
    return f.name.replace("_", "-")


def option_fields() -> tuple[dataclasses.Field[Any], ...]:
    return tuple(f for f in dataclasses.fields(RuleSet) if f.name != "name")


def option_field(name: str) -> dataclasses.Field[Any]:
    for f in option_fields():
        if option_name(f) == name.strip().lower():
            return f
    valid = ", ".join(option_name(f) for f in option_fields())
    raise RulesError(f"there is no rule option {name!r}; the options are {valid}")


def option_choices(f: dataclasses.Field[Any]) -> tuple[str, ...]:
    """The values an option takes, or () for a number."""
    kind = type(f.default)
    if issubclass(kind, Enum):
        return tuple(str(m.value) for m in kind)
    return ()


def _convert(f: dataclasses.Field[Any], text: str) -> Any:
    kind = type(f.default)
    word = text.strip().lower()
    if issubclass(kind, Enum):
        for member in kind:
            if member.value == word:
                return member
        choices = ", ".join(option_choices(f))
        raise RulesError(f"option {option_name(f)} takes {choices}, not {text!r}")
    if word.isdigit() and int(word) > 0:
        return int(word)
    raise RulesError(f"option {option_name(f)} takes a whole number, not {text!r}")


def _format(value: Any) -> str:
    return str(value.value) if isinstance(value, Enum) else str(value)


RULE_SETS: dict[str, RuleSet] = {
    "straight": RuleSet(),
}
RULE_SET_DESCRIPTIONS: dict[str, str] = {
    "straight": "straight 42: marks to 7, forced bid, pip trumps, doubles and follow-me",
}
DEFAULT_RULE_SET = "straight"


def rule_set(name: str) -> RuleSet:
    """The named rule set; raise :class:`RulesError` listing the valid names."""
    try:
        return RULE_SETS[name.strip().lower()]
    except KeyError:
        valid = ", ".join(sorted(RULE_SETS))
        raise RulesError(f"there is no rule set {name!r}; the rule sets are {valid}") from None


def parse_options(text: str) -> dict[str, str]:
    """Read an ``Options`` tag value: ``name=value`` pairs separated by spaces or commas."""
    pairs: dict[str, str] = {}
    for item in text.replace(",", " ").split():
        name, sep, value = item.partition("=")
        if not sep or not name or not value:
            raise RulesError(f"{item!r} is not written as option=value")
        pairs[name.lower()] = value
    return pairs
