"""The standings: wins, then marks won, then fewest marks against; forfeit 7–0, bye 7–4."""

from __future__ import annotations

from club.standings import BYE, FORFEIT, Result, standings


def test_ties_on_wins_go_to_marks_won_then_to_fewest_marks_against() -> None:
    results = [
        Result("A", "B", 7, 5),  # A: 1 win, 7 for, 5 against
        Result("C", "D", 8, 2),  # C: 1 win, 8 for (a 2-mark hand ended it)
        Result("E", "F", 7, 3),  # E: 1 win, 7 for, 3 against: above A
    ]
    table = standings(["A", "B", "C", "D", "E", "F"], results)
    assert [s.team for s in table] == ["C", "E", "A", "B", "F", "D"]
    # B and F lost with 5 and 3 marks: B won more marks; D only 2.
    assert [(s.wins, s.losses, s.marks_for, s.marks_against) for s in table[:3]] == [
        (1, 0, 8, 2), (1, 0, 7, 3), (1, 0, 7, 5)]


def test_a_forfeit_counts_seven_to_nothing_and_a_bye_seven_to_four() -> None:
    assert FORFEIT == (7, 0)
    assert BYE == (7, 4)
    table = standings(["A", "B", "C"], [Result("A", "B", *FORFEIT), Result("C", None, *BYE)])
    lines = {s.team: (s.wins, s.losses, s.marks_for, s.marks_against, s.played) for s in table}
    assert lines == {"A": (1, 0, 7, 0, 1), "C": (1, 0, 7, 4, 1), "B": (0, 1, 0, 7, 1)}
    assert [s.team for s in table] == ["A", "C", "B"]


def test_teams_level_on_everything_keep_the_order_given() -> None:
    assert [s.team for s in standings(["X", "Y", "Z"], [])] == ["X", "Y", "Z"]
