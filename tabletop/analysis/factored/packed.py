"""Exact count of a component too large for the dense byte table: every profile checked, 32 at a
time, each wide best-response condition computed through its context types.

Two ideas make a component of 30 variables (``2 ** 30`` profiles) countable in well under a
second:

* **Best responses by context types** (:func:`own_masks`). A wide condition's owner compares its
  own values against a sum of terms; each term reaches that comparison only through the function
  *own values -> payoff difference* that its other variables leave, and a term has few such
  functions (its context *types*). The best own values are computed once per combination of
  types, as a bit mask (bit ``o`` set when own value ``o`` is a best response), then every
  context gets its mask by one table look-up: ``2 ** (scope - own)`` look-ups instead of
  ``2 ** scope`` sums. This is the same rewriting as the counting through types of
  :mod:`~tabletop.analysis.factored.counting`, used here to build tables instead of factors.
* **Bit-parallel enumeration** (:func:`packed_count`). Five variables (the *block*: the own
  variables of the widest condition) index the bits of one 32-bit word, so a word holds the
  verdict of the 32 profiles that differ only there; each condition becomes a table of words
  over its other variables, the tables are combined with bitwise AND along long rows, a slice of
  the profiles at a time, and the count is the population count of the result. This is
  exhaustive enumeration (generate and test) done as *bit slicing*, the broadword technique
  of Knuth, "The Art of Computer Programming" 4A, section 7.1.3.

Its work is planned from the scopes and the number of context types before anything is laid
out (:func:`packed_cost`), so that which method runs never depends on the machine.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from tabletop.analysis.factored.adaptive import HARD_CELLS, as_table
from tabletop.analysis.factored.constraints import (
    INNER,
    AnyConstraint,
    Constraint,
    ImplicitConstraint,
    lay,
)
from tabletop.analysis.factored.counting import merged_terms
from tabletop.analysis.factored.game import TOL

#: Variables of one word (``2 ** 5`` = 32 profiles a word).
WORD = 5
#: Most words of the whole profile table (``2 ** 25`` words: 128 MB if held at once; it is
#: combined a slice at a time, see :data:`SLICE`).
MAX_WORDS = 2.0**25
#: Variables of the profile table combined at once (``2 ** 20`` words, 4 MB: the slice and the
#: tables laid over it stay in the processor's caches).
SLICE = 20
#: Most combinations of context types (times the owner's values) of one condition.
MAX_TYPE_CELLS = 2.0**24

Typed = tuple[tuple[int, ...], np.ndarray, np.ndarray]
#: Context types already found, by condition (``id``): the planning, the choice of the block
#: and the tables all ask for them, and finding them sorts every cell of every term.
Known = dict[int, list[Typed] | None]


def types_of(constraint: ImplicitConstraint, known: Known | None) -> list[Typed] | None:
    """:func:`context_types`, found once per condition when ``known`` keeps them."""
    if known is None:
        return context_types(constraint)
    if id(constraint) not in known:
        known[id(constraint)] = context_types(constraint)
    return known[id(constraint)]


def context_types(constraint: ImplicitConstraint) -> list[Typed] | None:
    """Each term of a wide condition as ``(context variables, type of every context cell,
    payoff difference of every type over every own value)``; ``None`` when a term is a rule
    (no table to read types from) or the owner has more than :data:`WORD` own variables.

    A type's payoffs are taken relative to the owner's first own value: best responses only
    depend on differences, so terms that differ by a constant share a type.
    """
    own = constraint.own
    if constraint.has_rules or not 0 < len(own) <= WORD:
        return None
    out: list[Typed] = []
    values_of_own = np.arange(2 ** len(own))
    for term in merged_terms(constraint.terms):
        mine = [k for k, v in enumerate(term.scope) if v in own]
        others = [k for k, v in enumerate(term.scope) if v not in own]
        flat = np.moveaxis(term.values, mine + others, list(range(len(term.scope))))
        flat = flat.reshape(2 ** len(mine), -1).T  # rows: context cells; columns: own values
        types, inverse = np.unique(flat - flat[:, :1], axis=0, return_inverse=True)
        # Column of each of the owner's values (its bits, first own variable highest) in the
        # term's own values (the term's own variables in the term's order).
        column = np.zeros(len(values_of_own), dtype=np.int64)
        for k in mine:
            bit = len(own) - 1 - own.index(term.scope[k])
            column = column * 2 + (values_of_own >> bit & 1)
        context = tuple(term.scope[k] for k in others)
        out.append((context, np.ravel(inverse), types[:, column]))
    return out


def type_cells(typed: Sequence[Typed], own: int) -> float:
    """Cells of the table of best responses over every combination of context types."""
    return float(np.prod([len(t[2]) for t in typed], dtype=np.float64)) * 2.0**own


def own_masks(
    constraint: ImplicitConstraint,
    typed: Sequence[Typed] | None = None,
    context: Sequence[int] | None = None,
) -> tuple[tuple[int, ...], np.ndarray]:
    """A wide condition as one bit mask per context: the context variables (sorted, or in the
    order given) and an array over them (axis ``k`` = ``context[k]``) of ``uint32`` masks, bit
    ``o`` set when own value ``o`` (the own variables' bits, first highest) is a best response.

    >>> from tabletop.analysis.factored.game import Term
    >>> term = Term(0, (0, 1), np.array([[0.0, 0.0], [-1.0, 1.0]]))  # 1 pays iff the other is 1
    >>> context, masks = own_masks(ImplicitConstraint(0, (0, 1), (0,), (term,)))
    >>> context, masks.tolist()  # other at 0: own 0 is best (bit 0); at 1: own 1 (bit 1)
    ((1,), [1, 2])
    """
    typed = context_types(constraint) if typed is None else typed
    if typed is None:
        raise ValueError("this condition has no context types (a rule term or too many own)")
    by_type = _masks_by_type(typed, len(constraint.own))
    if context is None:
        context = sorted(set(constraint.scope) - set(constraint.own))
    context = tuple(context)
    # int32 look-ups: half the memory traffic of int64 (at most 2**24 type combinations).
    index = np.zeros((1,) * len(context), dtype=np.int32)
    stride = 1
    for k in range(len(typed) - 1, -1, -1):  # the last type varies fastest, as in ``by_type``
        term_context, inverse, payoffs = typed[k]
        order = sorted(range(len(term_context)), key=lambda m: context.index(term_context[m]))
        cells = inverse.reshape((2,) * len(term_context))
        cells = np.transpose(cells, order) if len(term_context) > 1 else cells
        present = set(term_context)
        cells = cells.astype(np.int32).reshape([2 if v in present else 1 for v in context])
        index = index + cells * np.int32(stride)
        stride *= len(payoffs)
    index = np.broadcast_to(index, (2,) * len(context))
    masks: np.ndarray = by_type[index]
    return context, masks


def _masks_by_type(typed: Sequence[Typed], own: int) -> np.ndarray:
    """The best own values (as a ``uint32`` mask) of every combination of context types (flat,
    the last type varying fastest)."""
    sizes = [len(payoffs) for _, _, payoffs in typed]
    values = [payoffs for _, _, payoffs in typed]
    whole = all(np.array_equal(v, np.round(v)) for v in values)
    bound = sum(float(np.abs(v).max()) for v in values)
    # Small whole payoffs are summed as int16: a quarter of the memory traffic of float64.
    dtype = np.int16 if whole and bound < 2**14 else np.float64
    total = np.zeros((*sizes, 2**own), dtype=dtype)
    for k, payoffs in enumerate(values):
        shape = [1] * len(sizes) + [2**own]
        shape[k] = sizes[k]
        total += payoffs.astype(dtype).reshape(shape)
    slack = 0 if dtype == np.int16 else TOL
    best = (total >= total.max(axis=-1, keepdims=True) - slack).reshape(-1, 2**own)
    packed = np.packbits(best, axis=-1, bitorder="little")
    return _as_words(packed)


def _as_words(packed: np.ndarray) -> np.ndarray:
    """Rows of up to four bytes (first byte lowest) as ``uint32`` words."""
    words = np.zeros(len(packed), dtype=np.uint32)
    for k in range(packed.shape[1]):
        words |= packed[:, k].astype(np.uint32) << np.uint32(8 * k)
    return words


def transpose_bits(rows: np.ndarray) -> np.ndarray:
    """Each 32 x 32 bit matrix transposed: ``rows[..., j]`` bit ``o`` becomes ``out[..., o]``
    bit ``j`` (five rounds of masked block swaps on whole arrays, Warren, "Hacker's Delight",
    2nd ed., section 7-3).

    >>> out = transpose_bits(np.array([[1] + [0] * 31, [2] * 32], dtype=np.uint32))
    >>> int(out[0, 0]), int(out[1, 1]) == 2**32 - 1
    (1, True)
    """
    x = np.array(rows, dtype=np.uint32).reshape(-1, 32)
    for step, mask in (
        (16, 0x0000FFFF),
        (8, 0x00FF00FF),
        (4, 0x0F0F0F0F),
        (2, 0x33333333),
        (1, 0x55555555),
    ):
        view = x.reshape(len(x), 32 // (2 * step), 2, step)
        low, high = view[:, :, 0, :], view[:, :, 1, :]
        swap = ((low >> np.uint32(step)) ^ high) & np.uint32(mask)
        high ^= swap
        low ^= swap << np.uint32(step)
    return x.reshape(np.shape(rows))


def packed_table(
    constraint: AnyConstraint, block: tuple[int, ...], known: Known | None = None
) -> tuple[tuple[int, ...], np.ndarray]:
    """One condition as a table of words: the variables it reads outside ``block`` and, for
    each of their cells, the 32-bit word whose bit ``j`` says whether the profiles with block
    value ``j`` (bits of ``block``, first highest) meet it (block variables it does not read
    repeat the bits)."""
    if isinstance(constraint, ImplicitConstraint):
        typed = _typed_use(constraint, block, known)
        if typed is not None and constraint.own == block:
            return own_masks(constraint, typed)  # bit o = own value o: already the block's word
        if typed is not None:
            return _transposed(constraint, typed, block)
    table = as_table(constraint)
    scope = table.scope
    outer = tuple(v for v in scope if v not in block)
    inside = tuple(v for v in block if v in scope)
    allowed = np.transpose(table.allowed, [scope.index(v) for v in (*outer, *inside)])
    flat = np.ascontiguousarray(allowed).reshape(-1, 2 ** len(inside))
    flat = flat[:, _block_part(block, inside)]  # one column per block value
    words = _as_words(np.packbits(flat, axis=-1, bitorder="little"))
    return outer, words.reshape((2,) * len(outer))


def _typed_use(
    constraint: ImplicitConstraint, block: tuple[int, ...], known: Known | None = None
) -> list[Typed] | None:
    """The context types of a wide condition when its masks can make its words: its own
    variables are the block, or none of them is in it."""
    if constraint.own != block and set(constraint.own) & set(block):
        return None
    return types_of(constraint, known)


def _transposed(
    constraint: ImplicitConstraint, typed: Sequence[Typed], block: tuple[int, ...]
) -> tuple[tuple[int, ...], np.ndarray]:
    """The words of a wide condition whose own variables lie outside the block: the masks of
    the contexts that differ only in block variables, one row per block value, are a bit
    matrix whose transpose holds one word per own value."""
    inside = tuple(v for v in block if v in constraint.scope)
    outside = sorted(set(constraint.scope) - set(constraint.own) - set(inside))
    _, masks = own_masks(constraint, typed, (*outside, *inside))
    rows = masks.reshape(-1, 2 ** len(inside))[:, _block_part(block, inside)]
    rows = np.pad(rows, ((0, 0), (0, 32 - rows.shape[1])))
    words = transpose_bits(rows)[:, : 2 ** len(constraint.own)]
    scope = (*outside, *constraint.own)
    return scope, words.reshape((2,) * len(scope))


def _block_part(block: tuple[int, ...], inside: tuple[int, ...]) -> np.ndarray:
    """For every block value, the index of its part over the ``inside`` variables (bits of
    ``inside``, first highest).

    >>> _block_part((4, 7), (7,)).tolist()
    [0, 1, 0, 1]
    """
    values = np.arange(2 ** len(block))
    part = np.zeros_like(values)
    for v in inside:
        part = part * 2 + (values >> (len(block) - 1 - block.index(v)) & 1)
    return part


def choose_block(
    constraints: Sequence[AnyConstraint], scope: tuple[int, ...], known: Known | None = None
) -> tuple[int, ...]:
    """The word's variables: the own variables of the widest condition that has context types
    (its table of words is then its masks as they are), else the last :data:`WORD` variables.

    >>> from tabletop.analysis.factored.game import Term
    >>> term = Term(0, (0, 1), np.zeros((2, 2)))
    >>> choose_block([ImplicitConstraint(0, (0, 1), (0,), (term,))], (0, 1))
    (0,)
    """
    typed = [
        c
        for c in constraints
        if isinstance(c, ImplicitConstraint) and types_of(c, known) is not None
    ]
    if typed:
        return max(typed, key=lambda c: (len(c.scope), -c.scope[0])).own
    return scope[-min(WORD, len(scope)) :]


def packed_cost(
    constraints: Sequence[AnyConstraint],
    scope: tuple[int, ...],
    block: tuple[int, ...],
    known: Known | None = None,
) -> float:
    """Planned cell operations of :func:`packed_count`, ``inf`` when a table would be larger
    than :data:`~tabletop.analysis.factored.adaptive.HARD_CELLS` or the words more than
    :data:`MAX_WORDS` (decided from the scopes and the number of context types, before any
    table is laid out)."""
    words = 2.0 ** (len(scope) - len(block))
    if words > MAX_WORDS:
        return math.inf
    cost = words * (2 * len(constraints) + 2)  # each table laid over the words, then ANDed
    for c in constraints:
        cost += _table_cost(c, block, known)
    return cost


def _table_cost(constraint: AnyConstraint, block: tuple[int, ...], known: Known | None) -> float:
    """Planned cell operations of :func:`packed_table` for one condition."""
    cells = 2.0 ** len(constraint.scope)
    if isinstance(constraint, Constraint):
        return cells * 4 if cells <= HARD_CELLS else math.inf
    typed = _typed_use(constraint, block, known)
    if typed is None:  # made a table from its terms first (best_table)
        return cells * (len(constraint.terms) + 6) if cells <= HARD_CELLS else math.inf
    combinations = type_cells(typed, len(constraint.own))
    if combinations > MAX_TYPE_CELLS:
        return math.inf
    contexts = 2.0 ** (len(constraint.scope) - len(constraint.own))
    cost = combinations * (len(typed) + 3) + contexts * (len(typed) + 2)
    if constraint.own != block:
        # One row of 32 words per context outside the block, five rounds of swaps on each.
        inside = sum(v in constraint.scope for v in block)
        cost += contexts / 2.0**inside * 32 * 10
    return cost


def popcount(words: np.ndarray) -> int:
    """Set bits in an array of 32-bit words.

    >>> popcount(np.array([3, 2**31], dtype=np.uint32))
    3
    """
    if hasattr(np, "bitwise_count"):
        return int(np.bitwise_count(words).sum(dtype=np.int64))
    per_byte = np.array([bin(b).count("1") for b in range(256)], dtype=np.int64)
    return int(per_byte[np.ascontiguousarray(words).view(np.uint8)].sum())


def packed_count(
    constraints: Sequence[AnyConstraint],
    scope: tuple[int, ...],
    block: tuple[int, ...] | None = None,
    known: Known | None = None,
) -> int:
    """The exact number of profiles of ``scope`` meeting every constraint, 32 profiles a word.

    The variables outside the block are ordered by how many tables read them, fewest first;
    the words are combined a slice of :data:`SLICE` variables at a time (the first ones fixed
    for each slice), along rows of ``2 ** 12`` words over the variables most tables read (a
    table is repeated only over the few of those it lacks).

    >>> either = Constraint(0, (0, 1), np.array([[False, True], [True, False]]))  # exactly one
    >>> packed_count([either, Constraint(1, (1, 2), np.ones((2, 2), bool))], (0, 1, 2))
    4
    """
    known = {} if known is None else known
    block = choose_block(constraints, scope, known) if block is None else block
    tables = [packed_table(c, block, known) for c in constraints]
    readers = {v: sum(v in t for t, _ in tables) for v in scope}
    outer = tuple(sorted((v for v in scope if v not in block), key=lambda v: (readers[v], v)))
    place = {v: k for k, v in enumerate(outer)}
    ordered = []
    for table_scope, words in tables:
        order = sorted(range(len(table_scope)), key=lambda k: place[table_scope[k]])
        if order != list(range(len(table_scope))):
            words = np.ascontiguousarray(np.transpose(words, order))
        ordered.append((tuple(table_scope[k] for k in order), words))
    fixed_count = max(0, len(outer) - SLICE)
    rest = outer[fixed_count:]
    inner = min(INNER, len(rest))
    full = np.uint32(2 ** (2 ** len(block)) - 1)
    total = 0
    for value in range(2**fixed_count):
        fixed = {outer[k]: value >> (fixed_count - 1 - k) & 1 for k in range(fixed_count)}
        ok = np.full((2,) * (len(rest) - inner) + (2**inner,), full, dtype=np.uint32)
        for table_scope, words in ordered:
            # The fixed variables lead every table: each slice is a contiguous block.
            at = tuple(fixed[v] for v in table_scope if v in fixed)
            kept = table_scope[len(at) :]
            ok &= lay(kept, np.asarray(words[at]), rest, inner)
        total += popcount(ok)
    return total
