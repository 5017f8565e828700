"""The solver's search, compiled: alpha-beta over the plays of a hand, on bit masks.

This is the one search behind :class:`notation.solver.solver.Solver`; nothing here knows a rule of
play. What a lead calls for, who may follow, which tile wins and what each tile counts come in
as the flat tables of :class:`notation.solver.solver.ContractTables` (built from
:mod:`notation.rules.play`); this module only searches them. It is compiled to machine code by
Numba on first use (and the machine code kept on disk beside the source, so later processes
load it in about a second): a search of some 50,000 plays takes milliseconds instead
of the tenths of a second CPython needs. Longer than 600 lines because the compiled search
is one loop that Numba must see whole (a call out of it costs at every play), with its
table, its sure-winner bounds and its move ordering beside it.

The search is fail-soft alpha-beta over single plays, one ply per play, written as a loop
over an explicit stack of plies (no recursion). A position between tricks is named by the
tiles left and the leader (each tile stays with the seat dealt it); a transposition table
holds bounds on the NS points still to come from such positions, and the best lead found
there. A position's first bounds come from the trumps each side is sure to win with, and from
the side on lead's sure winners (no tile it may lead can be beaten: it takes every trick
left, whatever anyone plays), which settle most lay-downs at once. Leads
are tried best-known first, then by a history of cutoffs, then high; followers by how they
stand to the trick (a partner's trick: count first; an opponent's: the cheapest winner, else
the cheapest loser); of tiles that are interchangeable (one closed suit, adjacent in rank
with no tile in play between them, equal count) one is tried.

Values are the points NS takes from the position on; EW takes the rest.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, TypeVar, cast

import numpy as np
import numpy.typing as npt
from numba import njit

from notation.notices import notify

Ints = npt.NDArray[np.int64]
Memory = tuple[Ints, ...]
"""What a search takes besides the position: a contract's tables (the suit each tile leads,
the followers of each suit, each tile's power per suit, the count of each tile and the masks
of the 10s and the 5s, the runs of
interchangeable tiles with their lengths and masks, the trumps strongest first, the tiles
that beat each tile led and those that tie or beat each tile in each suit led, Sevens'
nearest-to-7 masks, the next seat of each seat or -1), the seats that play for NS, the sort
keys of the followers' plays (to a partner's trick, winning and losing an opponent's), the
opening lead (the mask of the tiles that must open the hand when the leader holds one, and
the other suit each tile may open it as, -1 for none: an empty array when no tile has one),
then the solver's memory: the table's keys and entries, the leads' sort keys and the tally
of plays. Built by :class:`notation.solver.solver.Solver`."""
_F = TypeVar("_F", bound=Callable[..., Any])


def compiled(function: _F, **options: Any) -> _F:
    """Compile ``function`` with Numba on its first call. ``cache=True`` keeps the machine
    code beside this file (or, where that folder cannot be written, in the user's cache
    folder) for the next process; where there is nowhere to keep it, each process compiles
    it again rather than fail."""
    try:
        machine = njit(cache=True, nogil=True, **options)(function)
    except RuntimeError:  # Numba's "no locator available": no folder to cache in
        machine = njit(nogil=True, **options)(function)
    return cast(_F, machine)


def _inlined(function: _F) -> _F:
    """Compile ``function`` into each caller (no call, no reference counting of arrays)."""
    return compiled(function, inline="always")


TILES = 28
INF = 1 << 20
_CUTOFF = 99  # a ply's next-move index past any move list: the ply is cut off
_PLIES = TILES + 1
# The table: keys (the tiles left | leader << 28; 0 is an empty slot) and entries (lo | hi
# << 7 | (best lead + 1) << 14). Open addressing over a few slots; when they are full the
# entry nearest the end of the hand gives way (it is the cheapest to search again).
TABLE_BITS = 18
_PROBES = 4
# The hand's first trick is named apart in the table (its opening lead has rules of its own).
_OPENING_KEY = 1 << (TILES + 2)
_MOVES = 2 * 8  # a ply's moves at most: seven tiles, at the opening lead each twice


@_inlined
def _popcount(x: int) -> int:
    """Set bits of a mask under 2 ** 32."""
    x = x - ((x >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F
    return ((x * 0x01010101) & 0xFFFFFFFF) >> 24


@_inlined
def _low_index(bit: int) -> int:
    """The index of a mask's lowest set bit."""
    return _popcount((bit & -bit) - 1)


@_inlined
def _count_in(mask: int, tens: int, fives: int) -> int:
    """The count held in ``mask``: ``tens`` and ``fives`` are the masks of the 10s and 5s."""
    return 10 * _popcount(mask & tens) + 5 * _popcount(mask & fives)


@_inlined
def _slot(key: int, size_mask: int) -> int:
    return ((key * 0x9E3779B1) ^ (key >> 13)) & size_mask


@_inlined
def table_get(keys: Ints, entries: Ints, key: int) -> int:
    """The entry stored for ``key``, or -1."""
    mask = len(keys) - 1
    s = _slot(key, mask)
    for _ in range(_PROBES):
        k = keys[s]
        if k == key:
            return int(entries[s])
        if k == 0:
            return -1
        s = (s + 1) & mask
    return -1


@_inlined
def table_put(keys: Ints, entries: Ints, key: int, entry: int) -> None:
    """Store ``entry`` for ``key`` (in its own slot, or over a free one); when the slots
    probed are all taken, the position with the fewest tiles left gives way."""
    mask = len(keys) - 1
    s = _slot(key, mask)
    victim = s
    fewest = TILES + 1
    for _ in range(_PROBES):
        k = keys[s]
        if k == key or k == 0:
            keys[s] = key
            entries[s] = entry
            return
        tiles = _popcount(k & ((1 << TILES) - 1))
        if tiles < fewest:
            fewest, victim = tiles, s
        s = (s + 1) & mask
    keys[victim] = key
    entries[victim] = entry


@_inlined
def _interchangeable(runs: Ints, g: int, length: int, mine: int, present: int,
                     count: Ints) -> int:
    """The tiles of ``mine`` to skip in a run of one closed suit (strongest first): each that
    is next below another of ``mine`` with equal count and no tile still in play between them
    (it would do exactly what the higher one does)."""
    drop = 0
    prev = -1
    for j in range(length):
        i = runs[g, j]
        b = 1 << i
        if b & present:
            if b & mine:
                if prev >= 0 and count[prev] == count[i]:
                    drop |= b
                else:
                    prev = i
            else:
                prev = -1
    return drop


@_inlined
def _playable(hand: int, follower: bool, suit: int, present: int, follow: Ints,
              closest: Ints, runs: Ints, run_length: Ints, run_mask: Ints, count: Ints) -> int:
    """The tiles of ``hand`` that may be played (to a lead of ``suit`` when ``follower``), one
    of each interchangeable run."""
    if len(closest):
        legal = hand
        for m in closest:
            if hand & m:
                legal = hand & m
                break
    elif follower:
        legal = hand & follow[suit]
        if legal == 0:
            legal = hand
    else:
        legal = hand
    if legal & (legal - 1):
        for g in range(len(run_mask)):
            mine = legal & run_mask[g]
            if mine & (mine - 1):
                legal &= ~_interchangeable(runs, g, run_length[g], mine, present, count)
    return legal


@_inlined
def _sorted_into(moves: Ints, ply: int, start: int, mask: int, keys: Ints, row: int) -> int:
    """Write the tiles of ``mask`` into ``moves[ply]`` from ``start``, by ascending
    ``keys[row]``; the index past the last written. (Rows are indexed, not sliced: a slice
    is an array of its own, counted and freed.)"""
    n = start
    while mask:
        b = mask & -mask
        i = _low_index(b)
        mask ^= b
        key = keys[row, i]
        j = n
        while j > start and keys[row, moves[ply, j - 1]] > key:
            moves[ply, j] = moves[ply, j - 1]
            j -= 1
        moves[ply, j] = i
        n += 1
    return n


@compiled
def _search(hands_in: Ints, leader: int, trick: Ints, alpha: int, beta: int,
            memory: Memory, opening: bool, led_as: int) -> int:
    """A fail-soft alpha-beta value, for NS, of the position: ``hands_in`` by seat index,
    ``leader`` of the trick under way, ``trick`` the tiles played to it so far, in the window
    (``alpha``, ``beta``); ``opening`` when that trick is the hand's first, ``led_as`` the
    suit its lead was played as when not the suit its tile calls for (else -1). Plays
    searched are added to the tally (see :data:`Memory`).

    A play is a tile index, or at the opening lead a tile index plus ``TILES`` for the tile
    played as the suit of its small end."""
    (led_suit, follow, power, count, count_masks, runs, run_length, run_mask, trumps, beaten_by,
     rivals, closest, nxt, maximizes, partner_key, winner_key, loser_key, openers, small_end,
     keys, entries, lead_rank, tally) = memory
    tens, fives = count_masks[0], count_masks[1]
    size = 0
    for s in range(4):
        if nxt[s] >= 0:
            size += 1
    hands = hands_in.copy()
    seat_at = np.zeros(_PLIES, np.int64)
    hand_at = np.zeros(_PLIES, np.int64)
    moves_at = np.zeros((_PLIES, _MOVES), np.int64)
    count_of = np.zeros(_PLIES, np.int64)  # moves in the list
    next_at = np.zeros(_PLIES, np.int64)
    alpha_at = np.zeros(_PLIES, np.int64)
    beta_at = np.zeros(_PLIES, np.int64)
    best_at = np.zeros(_PLIES, np.int64)
    move_at = np.full(_PLIES, -1, np.int64)
    suit_at = np.zeros(_PLIES, np.int64)
    power_at = np.zeros(_PLIES, np.int64)  # the winning power so far, before the ply plays
    winner_at = np.zeros(_PLIES, np.int64)  # the seat winning so far, before the ply plays
    points_at = np.zeros(_PLIES, np.int64)  # the count played so far, before the ply plays
    present_at = np.zeros(_PLIES, np.int64)  # the tiles in play when the trick was led
    # At a lead: the position's key, its window and bounds, and what the trick before it
    # gave NS (added when its value is backed up into that trick).
    key_at = np.zeros(_PLIES, np.int64)
    low_at = np.zeros(_PLIES, np.int64)
    high_at = np.zeros(_PLIES, np.int64)
    window_low = np.zeros(_PLIES, np.int64)
    window_high = np.zeros(_PLIES, np.int64)
    gain_at = np.zeros(_PLIES, np.int64)
    nodes = 0
    # Where each ply stands in its trick (ply 0 leads the trick under way).
    leads = np.zeros(_PLIES, np.bool_)
    ends = np.zeros(_PLIES, np.bool_)
    for j in range(_PLIES):
        leads[j] = j % size == 0
        ends[j] = j % size == size - 1

    # Ply p of the search is the p-th play from the lead of the trick under way.
    played = len(trick)
    start = played
    if played == 0:
        # The root is a position between tricks: it is entered as any other below.
        q = 0
        seat = leader
        a, b = alpha, beta
    else:
        # A trick under way: replay it into its suit, the winner so far and its count.
        suit = led_suit[trick[0]] if led_as < 0 else led_as
        seat = leader
        win_power = power[suit, trick[0]]
        win_seat = leader
        pts = count[trick[0]]
        present = 1 << trick[0]
        for j in range(1, played):
            seat = nxt[seat]
            t = trick[j]
            present |= 1 << t
            if power[suit, t] > win_power:
                win_power, win_seat = power[suit, t], seat
            pts += count[t]
        seat = nxt[seat]
        present |= hands[0] | hands[1] | hands[2] | hands[3]
        q = start
        seat_at[q] = seat
        hand_at[q] = hands[seat]
        suit_at[q] = suit
        power_at[q], winner_at[q], points_at[q] = win_power, win_seat, pts
        present_at[q] = present
        alpha_at[q], beta_at[q] = alpha, beta
        a, b = alpha, beta
    # The main loop. ``enter`` asks for the position between tricks at ply q, ``seat`` to
    # lead, window (a, b): it is settled from the table when it can be, else its lead ply
    # is set up. Otherwise a follower's ply q is set up, or a ply is searched on.
    enter = played == 0
    follower_ready = played > 0
    p = start
    v = 0
    while True:
        if enter:
            enter = False
            left = hands[0] | hands[1] | hands[2] | hands[3]
            settled = True
            at_opening = opening and q == 0  # ply 0 leads the root's trick, and only it
            if left == 0:
                v = 0
            else:
                n_left = _popcount(left)
                total = _count_in(left, tens, fives) + n_left // size
                if n_left == size and not at_opening:
                    # The last trick: each seat has one tile left, so it plays itself.
                    lead = _low_index(hands[seat])
                    row = led_suit[lead]
                    best_seat, best_power = seat, power[row, lead]
                    s = seat
                    for _ in range(size - 1):
                        s = nxt[s]
                        pw = power[row, _low_index(hands[s])]
                        if pw > best_power:
                            best_seat, best_power = s, pw
                    v = 0 if best_seat & 1 else total
                else:
                    key = left | seat << TILES
                    if at_opening:
                        key |= _OPENING_KEY
                    entry = table_get(keys, entries, key)
                    best_lead = -1
                    if entry >= 0:
                        lo, hi = entry & 127, (entry >> 7) & 127
                        best_lead = (entry >> 14) - 1
                    else:
                        lo, hi = _sure_bounds(hands, left, total, trumps, tens, fives)
                        # A lead played as its small end is not in the sweep's reckoning.
                        if (lo < hi and not (at_opening and len(small_end))
                                and _sweeps(hands, seat, led_suit, beaten_by, rivals)):
                            lo = hi = 0 if seat & 1 else total
                    if lo >= b:
                        v = lo
                    elif hi <= a:
                        v = hi
                    elif lo == hi:
                        v = lo
                    else:
                        settled = False
                        aa = a if a > lo else lo
                        bb = b if b < hi else hi
                        seat_at[q] = seat
                        hand_at[q] = hands[seat]
                        present_at[q] = left
                        alpha_at[q], beta_at[q] = aa, bb
                        window_low[q], window_high[q] = aa, bb
                        low_at[q], high_at[q] = lo, hi
                        key_at[q] = key
                        best_at[q] = -INF if maximizes[seat] else INF
                        move_at[q] = -1
                        next_at[q] = 0
                        hand = hands[seat]
                        if at_opening and hand & openers[0]:
                            hand &= openers[0]  # the opening lead held to these tiles
                        legal = _playable(hand, False, 0, left, follow, closest, runs,
                                          run_length, run_mask, count)
                        n = _sorted_into(moves_at, q, 0, legal, lead_rank, 0)
                        if at_opening and len(small_end):
                            # Each lead again, played as the suit of its small end.
                            m = legal
                            while m:
                                bit = m & -m
                                m ^= bit
                                t = _low_index(bit)
                                if small_end[t] >= 0:
                                    moves_at[q, n] = t + TILES
                                    n += 1
                        first = moves_at[q, 0]
                        if best_lead >= 0 and legal >> best_lead & 1 and first != best_lead:
                            # The best lead found before goes first.
                            j = 0
                            while moves_at[q, j] != best_lead:
                                j += 1
                            while j > 0:
                                moves_at[q, j] = moves_at[q, j - 1]
                                j -= 1
                            moves_at[q, 0] = best_lead
                        count_of[q] = n
                        p = q
            if settled:
                if q == start:
                    break
                # Back into the last play of the trick before, with what that trick gave.
                p = q - 1
                v += gain_at[q]
                hands[seat_at[p]] = hand_at[p]
            else:
                continue
        elif follower_ready:
            follower_ready = False
            p = q
            s = seat_at[p]
            suit = suit_at[p]
            legal = _playable(hands[s], True, suit, present_at[p], follow, closest, runs,
                              run_length, run_mask, count)
            beats = 0
            m = legal
            while m:
                bit = m & -m
                if power[suit, _low_index(bit)] > power_at[p]:
                    beats |= bit
                m ^= bit
            if maximizes[winner_at[p]] == maximizes[s]:
                # Partner winning: count first unless it would overtake, then low.
                n = _sorted_into(moves_at, p, 0, legal ^ beats, partner_key, suit)
                n = _sorted_into(moves_at, p, n, beats, partner_key, suit)
            else:
                # Opponent winning: the cheapest winner, else the lowest count, lowest power.
                n = _sorted_into(moves_at, p, 0, beats, winner_key, suit)
                n = _sorted_into(moves_at, p, n, legal ^ beats, loser_key, suit)
            count_of[p] = n
            next_at[p] = 0
            move_at[p] = -1
            best_at[p] = -INF if maximizes[s] else INF
            continue
        else:
            n = next_at[p]
            if n < count_of[p]:
                i = moves_at[p, n]
                next_at[p] = n + 1
                s = seat_at[p]
                nodes += 1
                if leads[p]:
                    if i < TILES:
                        suit = led_suit[i]
                    else:  # a tile played as the suit of its small end
                        i -= TILES
                        suit = small_end[i]
                    hands[s] = hand_at[p] ^ (1 << i)
                    win_power, win_seat, pts = power[suit, i], s, count[i]
                else:
                    hands[s] = hand_at[p] ^ (1 << i)
                    suit = suit_at[p]
                    win_power = power[suit, i]
                    if win_power > power_at[p]:
                        win_seat = s
                    else:
                        win_power, win_seat = power_at[p], winner_at[p]
                    pts = points_at[p] + count[i]
                q = p + 1
                if ends[p]:
                    # The trick is decided: on to the next, led by its winner.
                    gain = 0 if win_seat & 1 else pts + 1
                    gain_at[q] = gain
                    seat = win_seat
                    a, b = alpha_at[p] - gain, beta_at[p] - gain
                    enter = True
                else:
                    t = nxt[s]
                    seat_at[q] = t
                    hand_at[q] = hands[t]
                    suit_at[q] = suit
                    power_at[q], winner_at[q], points_at[q] = win_power, win_seat, pts
                    present_at[q] = present_at[p]
                    alpha_at[q], beta_at[q] = alpha_at[p], beta_at[p]
                    follower_ready = True
                continue
            # Ply p is searched.
            v = best_at[p]
            if leads[p]:
                # A position between tricks: keep what was learned of it.
                lo, hi = low_at[p], high_at[p]
                if v <= window_low[p]:
                    hi = v
                elif v >= window_high[p]:
                    lo = v
                else:
                    lo = hi = v
                table_put(keys, entries, key_at[p], lo | hi << 7 | (move_at[p] + 1) << 14)
                v += gain_at[p]
            if p == start:
                break
            p -= 1
            hands[seat_at[p]] = hand_at[p]
        # Back the value v up into ply p: a better value for the seat there raises its best
        # and narrows its window; past the window the ply is cut off.
        if maximizes[seat_at[p]]:
            if v > best_at[p]:
                best_at[p] = v
                move_at[p] = moves_at[p, next_at[p] - 1]
                if v > alpha_at[p]:
                    alpha_at[p] = v
                    if v >= beta_at[p]:
                        next_at[p] = _CUTOFF
        elif v < best_at[p]:
            best_at[p] = v
            move_at[p] = moves_at[p, next_at[p] - 1]
            if v < beta_at[p]:
                beta_at[p] = v
                if alpha_at[p] >= v:
                    next_at[p] = _CUTOFF
        if next_at[p] == _CUTOFF and leads[p]:
            # A lead that cuts off is tried early elsewhere (a history of cutoffs), weighted
            # towards the root.
            lead_rank[0, move_at[p]] -= 1 << (_popcount(present_at[p]) >> 1)
    tally[0] += nodes
    return v


@_inlined
def _sure_bounds(hands: Ints, left: int, total: int, trumps: Ints, tens: int,
                 fives: int) -> tuple[int, int]:
    """Bounds on NS points from the trumps each side is sure to win with.

    A trump with no higher trump left in the other side's hands wins whatever trick it falls
    in for its side (only a partner's higher trump beats it), so that side takes its count
    and a trick for each of them one seat holds.
    """
    ns = hands[0] | hands[2]
    team = -1
    run = 0
    for t in trumps:
        bit = 1 << t
        if not bit & left:
            continue
        holder = 0 if bit & ns else 1
        if team >= 0 and holder != team:
            break
        team = holder
        run |= bit
    if team < 0:
        return 0, total
    tricks = max(_popcount(run & hands[team]), _popcount(run & hands[team + 2]))
    got = _count_in(run, tens, fives) + tricks
    if team == 0:
        return got, total
    return 0, total - got


@_inlined
def _leads_win(leads: int, partner: int, others: int, led_suit: Ints, beaten_by: Ints,
               rivals: Ints) -> int:
    """Whether each tile of ``leads``, led, wins its trick for the leader's side whatever is
    played: no tile of ``others`` can beat it, or every tile of ``partner`` would beat each
    one that can. -1 when one may lose; else the mask of the leads the partner may take."""
    over = 0
    m = leads
    while m:
        b = m & -m
        m ^= b
        t = _low_index(b)
        beaten = beaten_by[t]
        if beaten & partner:
            over |= b
        danger = beaten & others
        if danger:
            if partner == 0:
                return -1
            suit = led_suit[t]
            q = partner
            while q:
                c = q & -q
                q ^= c
                if rivals[suit, _low_index(c)] & danger:
                    return -1
            over |= b
    return over


@_inlined
def _sweeps(hands: Ints, seat: int, led_suit: Ints, beaten_by: Ints, rivals: Ints) -> bool:
    """Whether the side of ``seat``, on lead, is sure of every trick left, whatever anyone
    plays (a bound that settles most lay-downs at once). Each tile the leader may lead must
    win (:func:`_leads_win`: beaten by no tile the other side holds, or the partner holds
    nothing but tiles that would beat each such tile, a partner of high trumps, say); and
    if the partner may take the lead, so must each of the partner's tiles, the leader then
    short of the tile the partner took (when only one could be). ``beaten_by[t]`` holds the
    tiles that beat ``t`` led, ``rivals[s, p]`` those that tie or beat ``p`` in a trick led
    in suit ``s``. Playing tiles keeps the answer true, so it bounds every later position."""
    others = hands[seat ^ 1] | hands[seat ^ 3]
    leader, partner = hands[seat], hands[seat ^ 2]
    over = _leads_win(leader, partner, others, led_suit, beaten_by, rivals)
    if over <= 0:
        return over == 0
    if over & (over - 1) == 0:
        leader &= ~over
    return _leads_win(partner, leader, others, led_suit, beaten_by, rivals) >= 0


@compiled
def _value(hands: Ints, leader: int, trick: Ints, total: int, guess: int,
           memory: Memory, opening: bool, led_as: int) -> int:
    """The exact value (NS points, of ``total`` still to be won), by zero-window searches
    alone, bisecting the range (fail-soft answers narrow it faster); ``guess`` (-1: none) is
    tested first, then points away from it in steps of 1, 2, 4 … until the value is
    bracketed, then the bracket is bisected: a close guess settles it in two tests, a far
    one costs a few cheap tests rather than a bisection of the whole range."""
    lo, hi = 0, total
    test = (lo + hi + 1) // 2 if guess < 0 else guess
    step = 0 if guess < 0 else 1  # 0: bisecting
    rising = True  # the way the steps go from the guess
    tested = False
    while lo < hi:
        test = max(lo + 1, min(hi, test))
        # Is the value at least ``test``? Fail-soft: the answer also bounds it.
        found = _search(hands, leader, trick, test - 1, test, memory, opening, led_as)
        above = found >= test
        if above:
            lo = found
        else:
            hi = found
        if step and (not tested or above == rising):
            # Still on one side of the guess: step further away, twice as far.
            test = lo + step if above else hi - step + 1
            step *= 2
            rising = above
            tested = True
        else:
            step = 0
            test = (lo + hi + 1) // 2
    return lo


search = _search
"""The fail-soft value of a position in a window (see ``_search``), compiled."""
value = _value
"""The exact value of a position (see ``_value``), compiled."""

COMPILING = (
    "compiling the solver for its first use here (some seconds, once: later runs load it "
    "from the cache)"
)
_prepared = False
_preparing = threading.Lock()


def prepare() -> None:
    """Say, once a process, when the search is about to be compiled rather than loaded from
    Numba's cache (the first use after an install or an upgrade), so that the wait of some
    seconds that follows need not be silent: a notice of ``notation.solver``
    (:mod:`notation.notices`: its logger, and whoever listens; the ``t42`` command says it on
    stderr). Called before each first search."""
    global _prepared
    if _prepared:
        return
    with _preparing:
        if not _prepared:
            if not all(map(_kept, (_search, _value))):
                notify("notation.solver", COMPILING)
            _prepared = True


def _kept(compiled: Any) -> bool:
    """Whether Numba keeps machine code of ``compiled`` on disk for its present source: a
    cache index of this Numba's version and this source's stamp, naming some code."""
    try:
        return bool(compiled._cache._cache_file._load_index())
    except Exception:  # no cache where Numba has nowhere to keep one, or another Numba
        return False


def new_table(bits: int = TABLE_BITS) -> tuple[Ints, Ints]:
    """An empty transposition table of ``2 ** bits`` slots: its keys and entries.

    >>> keys, entries = new_table(4)
    >>> len(keys), int(keys.sum())
    (16, 0)
    """
    if not 2 <= bits <= 30:
        raise ValueError(f"a table of 2 ** {bits} slots: bits must be from 2 to 30")
    return np.zeros(1 << bits, np.int64), np.zeros(1 << bits, np.int64)


def as_ints(values: Any) -> Ints:
    """A sequence of ints (or of rows of ints) as the int64 array the search takes."""
    return np.asarray(values, dtype=np.int64)
