"""Cost of a fair review of a whole hand, against one full-hand solve of the same deal.

Run: ``python bench/review.py [--deals N] [--seed S] [--samples K]``. For each of N seeded
deals (a random trump from :func:`notation.rules.dealing.random_trump`, a random declarer bidding
30 and leading, then a random legal line of play to the end) it times:

- one full-hand value from the opening lead with a fresh solver (the unit), and
- :func:`notation.analysis.review.review_line` of the whole line with K worlds per decision (32 by
  default): every play with a choice, every legal option solved in every world, and the
  audit's hindsight verdicts;
- :func:`notation.analysis.review.review_bid` of the winning bid (the declarer opening at 30): every
  plain trump solved from the opening lead in K worlds of the other 21 tiles.

It prints, per deal, the times and the ratios, then the median and worst ratio of the play
review (the target: at most 400× at the median) and of the play and bid reviews together,
the plays searched by the play review as a multiple of the one solve's (a count that does
not drift with the machine's load), the decisions reviewed, and the share of worlds a seat
carried from its last decision (the solver's table kept with them).

This is a benchmark, not a test: nothing here fails on a slow machine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from notation.analysis.review import review_bid, review_line
from notation.model.bids import Bid
from notation.model.contracts import Contract
from notation.model.seats import SEATS, Seat
from notation.model.tiles import ALL_TILES, Tile
from notation.rules.dealing import deal, random_trump
from notation.solver.solver import Position, Solver, contract_tables


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=9)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--samples", type=int, default=32)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    # Load the compiled search before timing anything.
    warm = deal(random.Random(0))
    Solver(contract_tables(random_trump(random.Random(0)))).value(Position.deal(warm, SEATS[0]))
    ratios: list[float] = []
    whole: list[float] = []
    plays_searched: list[float] = []
    decisions = kept = worlds = 0
    print(f"{'deal':>4}  {'trump':<10} {'full solve':>11} {'plays':>9} {'ratio':>7} "
          f"{'+ bid':>9} {'ratio':>7}")
    for n in range(1, args.deals + 1):
        hands = deal(rng)
        trump = random_trump(rng)
        declarer = rng.choice(SEATS)
        contract = Contract(declarer, Bid.points(30), trump)
        tables = contract_tables(trump)
        pos = Position.deal(hands, declarer)
        plays: list[tuple[Seat, Tile]] = []
        while pos.remaining:
            legal = pos.legal(tables)
            i = rng.choice([i for i in range(len(ALL_TILES)) if legal >> i & 1])
            plays.append((SEATS[pos.to_move(tables)], ALL_TILES[i]))
            pos = pos.play(i, tables)
        start = time.perf_counter()
        unit = Solver(tables)
        unit.value(Position.deal(hands, declarer))
        full = time.perf_counter() - start
        start = time.perf_counter()
        reviewed = review_line(hands, contract, plays, samples=args.samples, seed=n)
        spent = time.perf_counter() - start
        start = time.perf_counter()
        review_bid(hands[declarer], contract, [(declarer, contract.bid)],
                   samples=args.samples, seed=n)
        bid = time.perf_counter() - start
        ratios.append(spent / full)
        plays_searched.append(sum(r.nodes for r in reviewed) / unit.nodes)
        whole.append((spent + bid) / full)
        decisions += len(reviewed)
        kept += sum(r.kept for r in reviewed)
        worlds += sum(r.worlds for r in reviewed)
        print(f"{n:>4}  {trump!s:<10} {full * 1000:>8.1f} ms {spent:>7.2f} s "
              f"{spent / full:>6.0f}× {bid:>7.2f} s {(spent + bid) / full:>6.0f}×")
    print(f"review of a whole hand's play, {args.samples} worlds a decision, as a multiple of "
          f"one full-hand solve: median {statistics.median(ratios):.0f}×, worst "
          f"{max(ratios):.0f}× over {args.deals} deals")
    print(f"with the winning bid reviewed too: median {statistics.median(whole):.0f}×, worst "
          f"{max(whole):.0f}×")
    print(f"plays searched by the play review, as a multiple of the one solve's: median "
          f"{statistics.median(plays_searched):.0f}×, worst {max(plays_searched):.0f}×")
    print(f"{decisions / args.deals:.1f} decisions reviewed a hand; "
          f"{100 * kept / max(worlds, 1):.0f}% of worlds carried from the seat's last decision")


if __name__ == "__main__":
    main()
