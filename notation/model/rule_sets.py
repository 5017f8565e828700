"""Rule sets: the house rules a game was played under, as data.

A rule set is a name plus a value for every option. Records choose one with the ``Rules`` tag
and change single options with the ``Options`` tag (``"all-pass=reshake win-by=2"``).

>>> rs = rule_set("straight")
>>> rs.all_pass.value, rs.marks_to_win
('forced-bid', 7)
>>> rs.with_options({"all-pass": "reshake"}).all_pass.value
'reshake'
>>> list(RULE_SETS), bool(rule_set("texas").nello), rule_set("points").points_game
(['straight', 'texas', 'points'], True, True)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from notation.errors import T42Error
from notation.model.contracts import PIP_NAMES, DoublesRank, Special, Trump, TrumpKind
from notation.model.numbers import shown, whole_number
from notation.model.written import WrittenEnum


class AllPass(WrittenEnum):
    """What happens when all four seats pass (docs/rules.md, Bidding)."""

    FORCED_BID = "forced-bid"  # the dealer must bid at least 30
    RESHAKE = "reshake"  # the hand is thrown in and the deal passes left


class RenegePenalty(WrittenEnum):
    """What a proven renege costs (docs/rules.md, Reneges)."""

    LOSE_HAND = "lose-hand"  # the offending team loses the hand
    NONE = "none"  # the renege is reported but the hand scores as played


class Scoring(WrittenEnum):
    """How hands are scored (docs/rules.md, Scoring)."""

    MARKS = "marks"  # a made bid scores its marks; first to 7 marks
    POINTS = "points"  # the 250-point game: teams score the points they take


class FirstBidder(WrittenEnum):
    """Who bids first (docs/rules.md, Bidding)."""

    LEFT_OF_DEALER = "left-of-dealer"  # the seat to the dealer's left; the dealer bids last
    HOLDER_OF_0_1 = "holder-of-0-1"  # the seat holding the 1-0 (001), then clockwise


class OutOfTurn(WrittenEnum):
    """What a bid out of turn is (docs/rules.md, Bidding; 003)."""

    ERROR = "error"  # a bid out of turn breaks the rules
    WARNING = "warning"  # the opponents chose to play on, so it stands (003)
    RESHAKE = "reshake"  # the opponents may also have the same dealer shake again (003)


class FollowMeMin(WrittenEnum):
    """The smallest bid that may be played in follow-me (docs/rules.md, Contracts; 004)."""

    ANY = "any"  # any bid from 30 up
    ONE_MARK = "1m"  # only a bid of 1 mark (42) or more


class OpeningLead(WrittenEnum):
    """What the declarer may lead to the first trick (docs/rules.md, Contracts)."""

    ANY = "any"  # any tile ("most players agree", 004)
    TRUMP = "trump"  # a trump (001, 004)


class Toggle(WrittenEnum):
    """A contract or convention the table plays, or does not."""

    NO = "no"
    YES = "yes"

    def __bool__(self) -> bool:
        return self is Toggle.YES


class Offered(WrittenEnum):
    """Whether the table plays a special contract: never, whenever the bid allows it, or only
    by a dealer forced to bid after three passes (docs/rules.md, Contracts; 004)."""

    NO = "no"
    YES = "yes"
    FORCED = "forced"  # only the dealer, stuck with the bid after three passes (004)

    def __bool__(self) -> bool:
        return self is not Offered.NO


class LeastMarks(WrittenEnum):
    """The least bid a contract is played on, where tables differ (docs/rules.md, Contracts)."""

    THIRTY = "30"
    ONE_MARK = "1m"
    TWO_MARKS = "2m"


class PlungeBid(WrittenEnum):
    """The bid a Plunge is played on (docs/rules.md, Contracts, Plunge)."""

    BY_LEAD = "by-lead"  # 4 marks with the declarer leading, 3 with the partner (004)
    TWO_MARKS = "2m"
    THREE_MARKS = "3m"
    FOUR_MARKS = "4m"


class SplashBid(WrittenEnum):
    """The bid a Splash is played on (docs/rules.md, Contracts, Splash)."""

    TWO_MARKS = "2m"  # 2 marks or more, on the ladder (002, 004)
    TWO_OR_THREE = "2m-or-3m"  # 2 marks, or a jump to 3 marks: the bidder's choice
    THREE_MARKS = "3m"  # 3 marks, which the bidder may open at or jump to


class PartnerNames(WrittenEnum):
    """What the partner of a Plunge or Splash may name (docs/rules.md, Contracts, Plunge)."""

    TRUMP = "trump"  # a pip or the doubles: a trump, no follow-me
    PLAIN = "plain"  # any plain contract: a pip, the doubles, or follow-me
    ANY = "any"  # also Sevens or a Nello, follow-me in any reading of the doubles (004)


class NelloChoice(WrittenEnum):
    """Which Nello doubles options a declarer may name (docs/rules.md, Contracts; 004)."""

    ANY = "any"  # any of the four, named at the declaration
    TABLE = "table"  # only the table's nello-doubles option
    # or a list of the ones the table allows (a frozenset of DoublesRank): own-suit/high


class PlungeLead(WrittenEnum):
    """Who leads a Plunge, which fixes its bid (docs/rules.md, Contracts; 004)."""

    DECLARER = "declarer"  # 4 marks, the declarer leads
    PARTNER = "partner"  # 3 marks, the partner leads (the Fimble variant)


class RulesError(T42Error, ValueError):
    """An unknown rule set, option or option value."""

    @property
    def going_on(self) -> str:
        """What an ``unknown-rules`` problem says: this error, and that the game is not
        dropped but read and checked under the defaults."""
        return f"{self}; the game is read under straight 42 (the defaults)"


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Every option the engine knows, each with its default and what it means."""

    name: str = "straight"
    scoring: Scoring = Scoring.MARKS
    marks_to_win: int = 7
    points_to_win: int = 250
    win_by: int = 1
    all_pass: AllPass = AllPass.FORCED_BID
    first_bidder: FirstBidder = FirstBidder.LEFT_OF_DEALER
    bid_out_of_turn: OutOfTurn = OutOfTurn.ERROR
    opening_lead: OpeningLead = OpeningLead.ANY
    small_end_opening: Toggle = Toggle.NO
    trump_from_first_lead: Toggle = Toggle.NO
    follow_me_min: FollowMeMin = FollowMeMin.ANY
    follow_me_doubles: DoublesRank = DoublesRank.HIGH
    nello: Offered = Offered.NO
    nello_min: LeastMarks = LeastMarks.ONE_MARK
    nello_doubles: DoublesRank = DoublesRank.OWN_SUIT
    nello_doubles_choice: NelloChoice | frozenset[DoublesRank] = NelloChoice.ANY
    plunge: Toggle = Toggle.NO
    plunge_lead: PlungeLead = PlungeLead.DECLARER
    plunge_bid: PlungeBid = PlungeBid.BY_LEAD
    splash: Toggle = Toggle.NO
    splash_bid: SplashBid = SplashBid.TWO_MARKS
    partner_names: PartnerNames = PartnerNames.PLAIN
    sevens: Offered = Offered.NO
    low_no: Toggle = Toggle.NO
    renege_penalty: RenegePenalty = RenegePenalty.LOSE_HAND

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

    def nello_doubles_allowed(self) -> tuple[DoublesRank, ...]:
        """The doubles options a Nello declarer may name here, in their usual order.

        >>> table = RuleSet().with_options({"nello-doubles-choice": "own-suit/high"})
        >>> table.nello_doubles_allowed()
        (<DoublesRank.HIGH: 'high'>, <DoublesRank.OWN_SUIT: 'own-suit'>)
        >>> table.options()["nello-doubles-choice"]
        'high/own-suit'
        """
        choice = self.nello_doubles_choice
        if choice is NelloChoice.ANY:
            return tuple(DoublesRank)
        if choice is NelloChoice.TABLE:
            return (self.nello_doubles,)
        assert isinstance(choice, frozenset)
        return tuple(rank for rank in DoublesRank if rank in choice)

    def plays(self, special: Special) -> bool:
        """Whether the table plays the special contract ``special`` (docs/rules.md,
        Contracts).

        >>> RuleSet().plays(Special.NELLO), rule_set("texas").plays(Special.NELLO)
        (False, True)
        """
        return bool(
            {
                Special.NELLO: self.nello,
                Special.PLUNGE: self.plunge,
                Special.SPLASH: self.splash,
                Special.SEVENS: self.sevens,
                Special.LOW_NO: self.low_no,
            }[special]
        )

    def trump_named(
        self, word: str, doubles_word: str | None = None, *, special: str | None = None
    ) -> Trump:
        """The trump a call in words names at this table (:meth:`Trump.parse`), the table's
        doubles taken where the call names none (follow-me-doubles, nello-doubles).

        >>> RuleSet(follow_me_doubles=DoublesRank.LOW).trump_named("follow-me").doubles.word
        'doubles-low'
        """
        return Trump.parse(
            word, doubles_word, self.follow_me_doubles, special=special,
            nello_doubles=self.nello_doubles,
        )

    def trump_called(
        self,
        kind: TrumpKind,
        suit: int | None = None,
        doubles: DoublesRank | None = None,
        special: Special | None = None,
    ) -> Trump:
        """The trump a call names at this table (:meth:`Trump.called`), the table's doubles
        taken where the call names none (follow-me-doubles, nello-doubles).

        >>> RuleSet().trump_called(TrumpKind.FOLLOW_ME).doubles.word
        'doubles-high'
        """
        return Trump.called(
            kind, suit, doubles, special,
            follow_me_doubles=self.follow_me_doubles, nello_doubles=self.nello_doubles,
        )

    def plain_trumps(self) -> tuple[Trump, ...]:
        """The plain contracts a declarer may name here, in the order of a par table: the
        seven pip suits (blanks … sixes), the doubles, and follow-me with the table's
        follow-me-doubles reading (docs/rules.md, Contracts).

        >>> [str(t) for t in RuleSet(follow_me_doubles=DoublesRank.LOW).plain_trumps()][-3:]
        ['sixes', 'doubles', 'follow-me doubles-low']
        """
        pips = tuple(Trump.pip(suit) for suit in range(len(PIP_NAMES)))
        return (*pips, Trump.doubles_trump(), Trump.follow_me(self.follow_me_doubles))

    @property
    def points_game(self) -> bool:
        """True for the 250-point game."""
        return self.scoring is Scoring.POINTS


# What each option means, in one line, for `t42 rules` and the notation reference.
OPTION_DESCRIPTIONS: dict[str, str] = {
    "scoring": "marks: a made bid scores its marks, first to marks-to-win; points: teams "
    "score the points they take, first to points-to-win",
    "marks_to_win": "marks a team needs to win the game (marks scoring)",
    "points_to_win": "points a team needs to win the game (points scoring); if both pass it "
    "on one hand, the bidders win",
    "win_by": "marks a team must lead by to win (2 in tournament play)",
    "all_pass": "when all four pass: the dealer must bid 30 (forced-bid), or the hand is "
    "thrown in and the deal passes left (reshake)",
    "first_bidder": "who bids first: the seat left of the dealer, or the holder of the 0-1",
    "bid_out_of_turn": "a bid out of turn is an error, or a warning (the opponents let it "
    "stand), or reshake: the opponents may also have the same dealer shake again (003)",
    "opening_lead": "the declarer's first lead may be any tile, or must be a trump",
    "small_end_opening": "on the first trick only, a non-trump lead may be played as the suit "
    "of its small end (004)",
    "trump_from_first_lead": "with no trump named before the first play, the suit of the "
    "first tile led becomes trump (yes), or it is an error (no)",
    "follow_me_min": "the smallest bid that may be played in follow-me: any, or 1m",
    "follow_me_doubles": "in follow-me, each double is the highest (high) or lowest (low) of "
    "its suit, or the doubles are a suit of their own (own-suit)",
    "nello": "the declarer of 1 mark or more may play Nello: lose every trick, partner sits "
    "out; forced: only the dealer stuck with the bid after three passes (force 30 or Nello)",
    "nello_min": "the least bid Nello is played on: 1m, 2m, or 30",
    "nello_doubles": "Nello doubles when none is named: own suit 6-6 high, high, low, or own "
    "suit 0-0 high (own-suit-inverted)",
    "nello_doubles_choice": "the Nello declarer may name any doubles option (any), only the "
    "table's nello-doubles (table), or one of a list the table allows (e.g. own-suit/high)",
    "plunge": "a declarer with 4 doubles may Plunge: the partner names trump, all 7 tricks",
    "plunge_lead": "who leads a Plunge: the declarer, or the partner who named trump",
    "plunge_bid": "the Plunge's bid: by-lead (4 marks with the declarer leading, 3 with the "
    "partner), or 4m, 3m or 2m whoever leads",
    "splash": "a declarer with 3 doubles may Splash at 2 marks: the partner names trump and "
    "leads, all 7 tricks",
    "splash_bid": "the Splash's bid: 2m (or more, on the ladder), 3m, or 2m-or-3m (the "
    "bidder may jump to 3 marks)",
    "partner_names": "what the Plunge or Splash partner may name: trump (a pip or doubles), "
    "plain (also follow-me), or any (also Sevens, Nello, any follow-me doubles)",
    "sevens": "the declarer of 1 mark or more may play Sevens: each play as close to 7 pips "
    "as the hand allows, all 7 tricks; forced: only the dealer forced to bid",
    "low_no": "points game: after three passes the dealer may bid Low-No, a Nello worth 42",
    "renege_penalty": "a proven renege loses the hand for the offending team (lose-hand), or "
    "is only reported (none)",
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


# Options that may also name a list joined by slashes, beside their own values: what the list
# is of, and an example of one.
LIST_OPTIONS: dict[str, tuple[type[Enum], str]] = {
    "nello_doubles_choice": (DoublesRank, "own-suit/high"),
}


def option_list_of(f: dataclasses.Field[Any]) -> type[Enum] | None:
    """What an option may also name as a list joined by slashes, beside its own values."""
    listed = LIST_OPTIONS.get(f.name)
    return listed[0] if listed else None


def _convert(f: dataclasses.Field[Any], text: str) -> Any:
    kind = type(f.default)
    word = text.strip().lower()
    listed = option_list_of(f)
    if listed is not None and word not in option_choices(f):
        names = [name.strip() for name in word.split("/")]
        members = {member.value: member for member in listed}
        unknown = [name for name in names if name not in members]
        if unknown:
            choices = ", ".join(option_choices(f))
            items = ", ".join(members)
            raise RulesError(
                f"option {option_name(f)} takes {choices}, or a list of {items} joined by "
                f"slashes, not {shown(text)!r}"
            )
        return frozenset(members[name] for name in names)
    if issubclass(kind, Enum):
        for member in kind:
            if member.value == word:
                return member
        choices = ", ".join(option_choices(f))
        raise RulesError(f"option {option_name(f)} takes {choices}, not {shown(text)!r}")
    number = whole_number(word)
    if number is not None and number > 0:
        return number
    raise RulesError(f"option {option_name(f)} takes a whole number, not {shown(text)!r}")


def _format(value: Any) -> str:
    if isinstance(value, frozenset):
        return "/".join(m.value for m in type(next(iter(value))) if m in value)
    return str(value.value) if isinstance(value, Enum) else str(value)


RULE_SETS: dict[str, RuleSet] = {
    "straight": RuleSet(),
    "texas": RuleSet(
        name="texas", nello=Offered.YES, plunge=Toggle.YES, splash=Toggle.YES,
        sevens=Offered.YES,
    ),
    "points": RuleSet(name="points", scoring=Scoring.POINTS, low_no=Toggle.YES),
}
RULE_SET_DESCRIPTIONS: dict[str, str] = {
    "straight": "straight 42: marks to 7, forced bid, pip trumps, doubles and follow-me only",
    "texas": "straight 42 plus Nello (doubles own suit), Plunge (4 marks, declarer leads), "
    "Splash and Sevens",
    "points": "the 250-point game: bids 30 … 42, 84, 168, Low-No, the bidders win a tie at "
    "250, a set at 42 or more scores only the bid",
}
DEFAULT_RULE_SET = "straight"


def rule_set(name: str) -> RuleSet:
    """The named rule set; raise :class:`RulesError` listing the valid names."""
    try:
        return RULE_SETS[name.strip().lower()]
    except KeyError:
        valid = ", ".join(RULE_SETS)
        raise RulesError(f"there is no rule set {name!r}; the rule sets are {valid}") from None


def tagged_rules(rules_tag: str | None, options_tag: str | None = None) -> RuleSet:
    """The rule set a game's ``Rules`` and ``Options`` tag values name: straight 42 when the
    Rules tag is missing or ``?``. Raise :class:`RulesError` for a name or option unknown.

    >>> tagged_rules("?", "win-by=2").win_by, tagged_rules(None).name
    (2, 'straight')
    """
    rules = rule_set(DEFAULT_RULE_SET if rules_tag in (None, "?") else rules_tag)
    if options_tag is not None:
        rules = rules.with_options(parse_options(options_tag))
    return rules


def parse_options(text: str) -> dict[str, str]:
    """Read an ``Options`` tag value: ``name=value`` pairs separated by spaces or commas."""
    pairs: dict[str, str] = {}
    for item in text.replace(",", " ").split():
        name, sep, value = item.partition("=")
        if not sep or not name or not value:
            raise RulesError(f"{item!r} is not written as option=value")
        pairs[name.lower()] = value
    return pairs
