# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The letter puzzle of the proven par (``prove._Search.letters``) in C: an optional compiled kernel.

The same search as the pure-Python one, step for step: the same arc consistency over the constrained lines (its
fixpoint does not depend on the order lines are revised in), the same perfect matching of boxes to turns, the same
bound and "no slack" rule, the same box chosen (fewest letters, then lowest box) and its letters tried in the same
order (lowest first), one node spent before each child, and a leaf handed back to Python (``_Search.leaf``). So
the nodes, the par and the bound are the Python search's; only the time a node takes changes. Candidates are
bitsets of 64-bit words, letters 64-bit masks (a deal whose boxes hold a letter past the 64th is left to Python).

Built by ``make kernel`` (Cython); without it ``prove`` runs its pure-Python search (docs/wordsearch.md).
"""

from libc.stdint cimport uint64_t
from libc.stdlib cimport calloc, free
from libc.string cimport memcpy, memset

cdef extern from *:
    int popcount64 "__builtin_popcountll"(unsigned long long)
    int ctz64 "__builtin_ctzll"(unsigned long long)

cdef enum:
    NLINES = 20
    NCELLS = 25
    NROWS = 5
    NLET = 64
    MAXDEPTH = 40
    NKINDS = 3

cdef uint64_t ALL = <uint64_t>0xFFFFFFFFFFFFFFFF


cdef class Kernel:
    cdef uint64_t* tab[NKINDS][NLINES]
    cdef unsigned char* letter_at[NKINDS][NLINES]
    cdef int width[NKINDS][NLINES]
    cdef int plen[NLINES]
    cdef uint64_t* four
    cdef int four_w
    cdef uint64_t offers[NROWS][NLET]
    cdef int cells[NLINES][5]
    cdef int cell_lines[NCELLS][6]
    cdef int cell_nlines[NCELLS]
    cdef int long_lines[12]
    cdef int four_lines[4]
    cdef int nlong, nfour
    cdef int slot_off[NLINES]
    cdef int state_words
    cdef uint64_t* alive
    cdef uint64_t* scratch
    cdef uint64_t doms[MAXDEPTH][NCELLS]
    cdef signed char kind[MAXDEPTH][NLINES]
    cdef char fresh[MAXDEPTH][NLINES]
    cdef uint64_t seen[MAXDEPTH][NLINES][5]
    cdef int* nz
    cdef int nnz
    cdef signed char decided[12]
    cdef object search
    cdef object stop
    cdef object out_of_nodes
    cdef int best
    cdef int ties
    cdef long long left, spent

    def __init__(self, tables, four, offers, lines, long_lines, four_lines, out_of_nodes):
        """``tables[kind][line]``: the line's own readings' ``by_letter`` (position -> letter -> candidate bitset)
        or None; ``four``: every 4-letter reading's ``by_letter``; ``offers[row][letter]``: the turns (bitmask)
        that reach the row and offer the letter; ``lines``: every line's boxes."""
        cdef int k, line, p, c, n, w, widest
        self.out_of_nodes = out_of_nodes
        memset(self.cell_nlines, 0, sizeof(self.cell_nlines))
        for line in range(len(lines)):
            self.plen[line] = len(lines[line])
            for p in range(len(lines[line])):
                c = lines[line][p]
                self.cells[line][p] = c
                if len(lines[line]) >= 4:
                    self.cell_lines[c][self.cell_nlines[c]] = line
                    self.cell_nlines[c] += 1
        self.nlong = len(long_lines)
        self.nfour = len(four_lines)
        for k in range(self.nlong):
            self.long_lines[k] = long_lines[k]
        for k in range(self.nfour):
            self.four_lines[k] = four_lines[k]
        self.state_words = 0
        for line in range(NLINES):
            widest = 0
            for k in range(NKINDS):
                self.tab[k][line] = NULL
                self.letter_at[k][line] = NULL
                self.width[k][line] = 0
                by_letter = tables[k].get(line)
                if by_letter is None:
                    continue
                self.tab[k][line] = self._table(by_letter, &self.width[k][line])
                self.letter_at[k][line] = _letter_at(self.tab[k][line], len(by_letter), self.width[k][line])
                widest = max(widest, self.width[k][line])
            self.slot_off[line] = self.state_words
            self.state_words += widest
        self.four = self._table(four, &self.four_w)
        for p in range(NROWS):
            for n in range(NLET):
                self.offers[p][n] = offers[p][n] if n < len(offers[p]) else 0
        self.alive = <uint64_t*> calloc(MAXDEPTH * self.state_words + 1, sizeof(uint64_t))
        self.scratch = <uint64_t*> calloc(max(self.state_words, 1), sizeof(uint64_t))
        self.nz = <int*> calloc(max(self.state_words, 1), sizeof(int))
        if self.alive == NULL or self.scratch == NULL or self.nz == NULL:
            raise MemoryError()

    cdef uint64_t* _table(self, by_letter, int* width_out) except? NULL:
        cdef int positions = len(by_letter), p, letter, w, widest = 0
        for p in range(positions):
            for letter in range(min(NLET, len(by_letter[p]))):
                widest = max(widest, (by_letter[p][letter].bit_length() + 63) // 64)
        cdef uint64_t* table = <uint64_t*> calloc(positions * NLET * widest + 1, sizeof(uint64_t))
        if table == NULL:
            raise MemoryError()
        for p in range(positions):
            for letter in range(min(NLET, len(by_letter[p]))):
                bits = by_letter[p][letter]
                w = 0
                while bits:
                    table[(p * NLET + letter) * widest + w] = <uint64_t>(bits & 0xFFFFFFFFFFFFFFFF)
                    bits >>= 64
                    w += 1
        width_out[0] = widest
        return table

    def __dealloc__(self):
        cdef int k, line
        for k in range(NKINDS):
            for line in range(NLINES):
                if self.tab[k][line] != NULL:
                    free(self.tab[k][line])
                if self.letter_at[k][line] != NULL:
                    free(self.letter_at[k][line])
        if self.four != NULL:
            free(self.four)
        if self.alive != NULL:
            free(self.alive)
        if self.scratch != NULL:
            free(self.scratch)
        if self.nz != NULL:
            free(self.nz)

    # -- the entry point ------------------------------------------------------------------------------------

    def puzzle(self, search, list domains, dict lines, tuple decided):
        """``_Search.letters(node.copy(), list(node.lines))``: ``search``'s best, nodes left and spent are read
        here and written back (also before a leaf or a ``stop`` is asked, and when the nodes run out)."""
        cdef int c, line, k, w
        for c in range(NCELLS):
            self.doms[0][c] = domains[c]
        memset(self.kind[0], -1, NLINES)
        memset(self.fresh[0], 0, NLINES)
        memset(self.seen[0], 0, sizeof(uint64_t) * NLINES * 5)  # no box read yet: the first revision reads all
        cdef int queue[NLINES]
        cdef int qn = 0
        for line, (k, cand) in lines.items():
            self.kind[0][line] = k
            if cand < 0:
                self.fresh[0][line] = 1
            else:
                self._store(cand, self.alive + self.slot_off[line], self.width[k][line])
            queue[qn] = line
            qn += 1
        for k in range(len(decided)):
            self.decided[k] = -1 if decided[k] is None else (1 if decided[k] else 0)
        self.search = search
        self.ties = 1 if search.ties else 0
        self.stop = search.stop
        self.best = search.best
        self.left = search.left
        self.spent = search.spent
        try:
            self._letters(0, queue, qn)
        finally:
            self._sync()
            self.search = None
            self.stop = None

    cdef void _store(self, cand, uint64_t* out, int width):
        cdef int w
        for w in range(width):
            out[w] = <uint64_t>(cand & 0xFFFFFFFFFFFFFFFF)
            cand >>= 64

    cdef void _sync(self):
        self.search.left = self.left
        self.search.spent = self.spent

    cdef int _spend(self) except -1:
        if self.left <= 0:
            self._sync()
            raise self.out_of_nodes()
        self.left -= 1
        self.spent += 1
        if (self.spent & 255) == 0 and self.stop is not None:
            self._sync()
            if self.stop():
                self.search.stopped = True
                raise self.out_of_nodes()
        return 0

    # -- arc consistency, the matching and the bound ---------------------------------------------------------

    cdef int _revise(self, int d, int line) except -1:
        """The line's candidates against its boxes' letters: 0 none left, 1 unchanged, 2 narrowed. Only the boxes
        whose letters changed since the line's last revision are read (its candidates already agree with the
        others), and only the words of the bitset still holding a candidate; those are left in ``nz`` for
        ``_letters_of``."""
        cdef int k = self.kind[d][line], width = self.width[k][line], positions = self.plen[line]
        cdef uint64_t* table = self.tab[k][line]
        cdef uint64_t* alive = self.alive + d * self.state_words + self.slot_off[line]
        cdef uint64_t* seen = self.seen[d][line]
        cdef int fresh = self.fresh[d][line], w, p, letter, i, n, kept, changed = 0
        cdef uint64_t acc, mask, one, rest
        cdef uint64_t* row
        cdef int* nz = self.nz
        cdef uint64_t* out = self.scratch
        n = 0
        for w in range(width):
            acc = ALL if fresh else alive[w]
            if acc:
                out[w] = acc
                nz[n] = w
                n += 1
            else:
                out[w] = 0
        for p in range(positions):
            mask = self.doms[d][self.cells[line][p]]
            if not fresh and mask == seen[p]:
                continue
            if mask & (mask - 1) == 0:
                row = table + (p * NLET + ctz64(mask)) * width
                kept = 0
                for i in range(n):
                    w = nz[i]
                    acc = out[w] & row[w]
                    out[w] = acc
                    if acc:
                        nz[kept] = w
                        kept += 1
            else:
                kept = 0
                for i in range(n):
                    w = nz[i]
                    one = 0
                    rest = mask
                    while rest:
                        letter = ctz64(rest)
                        rest &= rest - 1
                        one |= table[(p * NLET + letter) * width + w]
                    acc = out[w] & one
                    out[w] = acc
                    if acc:
                        nz[kept] = w
                        kept += 1
            n = kept
            if not n:
                return 0
        self.nnz = n
        if not fresh:
            for i in range(width):
                if out[i] != alive[i]:
                    changed = 1
                    break
            if not changed:
                return 1
        memcpy(alive, out, width * sizeof(uint64_t))
        self.fresh[d][line] = 0
        return 2

    cdef void _saw(self, int d, int line):
        """The boxes' letters the line's candidates now agree with (after it narrowed them)."""
        cdef int p
        for p in range(self.plen[line]):
            self.seen[d][line][p] = self.doms[d][self.cells[line][p]]

    cdef int _few(self, int d, int line, uint64_t* held):
        """When the line has few candidates left, the letters they hold at each box, read candidate by candidate
        (``letter_at``) into ``held``: 1. Else 0, and ``_letters_of`` reads them letter by letter. Both give the
        letters of a box's domain some candidate holds there."""
        cdef int k = self.kind[d][line], width = self.width[k][line], positions = self.plen[line], i, w, p, c
        cdef uint64_t* alive = self.alive + d * self.state_words + self.slot_off[line]
        cdef unsigned char* at = self.letter_at[k][line]
        cdef long count = 0, letters = 0
        cdef uint64_t bits
        for i in range(self.nnz):
            count += popcount64(alive[self.nz[i]])
        for p in range(positions):
            letters += popcount64(self.doms[d][self.cells[line][p]])
        if count * positions > letters * self.nnz:
            return 0
        for p in range(positions):
            held[p] = 0
        for i in range(self.nnz):
            w = self.nz[i]
            bits = alive[w]
            while bits:
                c = w * 64 + ctz64(bits)
                bits &= bits - 1
                for p in range(positions):
                    held[p] |= (<uint64_t>1) << at[p * width * 64 + c]
        return 1

    cdef uint64_t _letters_of(self, int d, int line, int p, uint64_t within):
        cdef int k = self.kind[d][line], width = self.width[k][line], w, i, letter
        cdef uint64_t* table = self.tab[k][line]
        cdef uint64_t* alive = self.alive + d * self.state_words + self.slot_off[line]
        cdef uint64_t kept = 0, rest = within, bit
        cdef uint64_t* row
        while rest:
            letter = ctz64(rest)
            bit = rest & (~rest + 1)
            rest ^= bit
            row = table + (p * NLET + letter) * width
            for i in range(self.nnz):
                w = self.nz[i]
                if row[w] & alive[w]:
                    kept |= bit
                    break
        return kept

    cdef int _propagate(self, int d, int* queue, int qn) except -1:
        cdef char inq[NLINES]
        cdef int i, line, p, cell, other, got, by_candidate
        cdef uint64_t dom, narrowed
        cdef uint64_t held[5]
        memset(inq, 0, NLINES)
        for i in range(qn):
            inq[queue[i]] = 1
        while qn:
            qn -= 1
            line = queue[qn]
            inq[line] = 0
            got = self._revise(d, line)
            if got == 0:
                return 0
            if got == 1:
                self._saw(d, line)
                continue
            by_candidate = self._few(d, line, held)
            for p in range(self.plen[line]):
                cell = self.cells[line][p]
                dom = self.doms[d][cell]
                if dom & (dom - 1) == 0:
                    continue
                narrowed = held[p] & dom if by_candidate else self._letters_of(d, line, p, dom)
                if narrowed != dom:
                    self.doms[d][cell] = narrowed
                    for i in range(self.cell_nlines[cell]):
                        other = self.cell_lines[cell][i]
                        if other != line and self.kind[d][other] >= 0 and not inq[other]:
                            inq[other] = 1
                            queue[qn] = other
                            qn += 1
            self._saw(d, line)
        return self._matched(d)

    cdef int _matched(self, int d):
        """A perfect matching of the boxes to the turns (each box a turn that reaches its row and offers one of the
        box's letters), by augmenting paths."""
        cdef uint64_t options[NCELLS]
        cdef int owner[64]
        cdef int order[NCELLS]
        cdef int c, i, j, t
        cdef uint64_t mask
        for c in range(NCELLS):
            mask = self.doms[d][c]
            options[c] = 0
            while mask:
                options[c] |= self.offers[c // 5][ctz64(mask)]
                mask &= mask - 1
            order[c] = c
        for i in range(1, NCELLS):  # fewest turns first (any order gives the same answer; this one is quick)
            t = order[i]
            j = i - 1
            while j >= 0 and popcount64(options[order[j]]) > popcount64(options[t]):
                order[j + 1] = order[j]
                j -= 1
            order[j + 1] = t
        for t in range(64):
            owner[t] = -1
        cdef uint64_t seen
        for i in range(NCELLS):
            seen = 0
            if not _place(order[i], options, owner, &seen):
                return 0
        return 1

    cdef int _exists(self, uint64_t* table, int width, int d, int line, int start, int positions):
        """Whether some candidate of ``table`` fits the letters of the line's boxes from ``start``."""
        cdef int w, p, letter
        cdef uint64_t acc, allowed, mask
        if table == NULL:
            return 0
        for w in range(width):
            acc = ALL
            for p in range(positions):
                mask = self.doms[d][self.cells[line][start + p]]
                allowed = 0
                while mask:
                    letter = ctz64(mask)
                    mask &= mask - 1
                    allowed |= table[(p * NLET + letter) * width + w]
                acc &= allowed
                if not acc:
                    break
            if acc:
                return 1
        return 0

    cdef int _bound(self, int d, int* best_line, int* best_kind, int* nbest):
        """``_Search.bound``: the node's bound, and the lines that would have to do their best without slack."""
        cdef int total = NCELLS, i, line, gain, dec
        nbest[0] = 0
        for i in range(self.nlong):
            line = self.long_lines[i]
            dec = self.decided[i]
            if dec == 1:
                total += 3
                continue
            if dec == -1 and self._exists(self.tab[0][line], self.width[0][line], d, line, 0, 5):
                total += 3
                continue
            if self._exists(self.tab[1][line], self.width[1][line], d, line, 0, 5):
                gain = 2
            elif self._exists(self.four, self.four_w, d, line, 0, 4) or \
                    self._exists(self.four, self.four_w, d, line, 1, 4):
                gain = 1
            else:
                gain = 0
            total += gain
            if gain == 2 and dec == 0 and self.kind[d][line] < 0:
                best_line[nbest[0]] = line
                best_kind[nbest[0]] = 1
                nbest[0] += 1
        for i in range(self.nfour):
            line = self.four_lines[i]
            gain = self._exists(self.tab[2][line], self.width[2][line], d, line, 0, 4)
            total += gain
            if gain and self.kind[d][line] < 0:
                best_line[nbest[0]] = line
                best_kind[nbest[0]] = 2
                nbest[0] += 1
        return total

    # -- the depth-first search over the boxes' letters ------------------------------------------------------

    cdef int _letters(self, int d, int* queue, int qn) except -1:
        cdef int best_line[NLINES]
        cdef int best_kind[NLINES]
        cdef int nbest, value, i, c, cell, fewest, count, na
        cdef int around[NLINES]
        cdef int child_queue[NLINES]
        cdef uint64_t dom, rest, low
        while True:
            if not self._propagate(d, queue, qn):
                return 0
            value = self._bound(d, best_line, best_kind, &nbest)
            if value <= self.best:
                return 0
            if value > self.best + 1 or nbest == 0:
                break
            qn = 0
            for i in range(nbest):  # no slack: every such line must do its best
                self.kind[d][best_line[i]] = best_kind[i]
                self.fresh[d][best_line[i]] = 1
                queue[qn] = best_line[i]
                qn += 1
        cell = -1
        fewest = 1000
        for c in range(NCELLS):  # the fewest letters, then the most constrained lines (``prove._next_box``)
            dom = self.doms[d][c]
            if dom & (dom - 1):
                count = popcount64(dom) * 8  # a box is on at most 6 lines of four or five: the lines only break ties
                for i in range(self.cell_nlines[c] if self.ties else 0):
                    if self.kind[d][self.cell_lines[c][i]] >= 0:
                        count -= 1
                if count < fewest:
                    fewest = count
                    cell = c
        if cell < 0:
            self._sync()
            self.search.leaf([self.doms[d][c] for c in range(NCELLS)])
            self.best = self.search.best
            return 0
        if d + 1 >= MAXDEPTH:
            raise RecursionError("the letter puzzle went deeper than its kernel's stack")
        na = 0
        for i in range(self.cell_nlines[cell]):
            if self.kind[d][self.cell_lines[cell][i]] >= 0:
                around[na] = self.cell_lines[cell][i]
                na += 1
        rest = self.doms[d][cell]
        while rest:
            low = rest & (~rest + 1)
            rest ^= low
            self._spend()
            memcpy(self.doms[d + 1], self.doms[d], sizeof(uint64_t) * NCELLS)
            memcpy(self.kind[d + 1], self.kind[d], NLINES)
            memcpy(self.fresh[d + 1], self.fresh[d], NLINES)
            memcpy(self.seen[d + 1], self.seen[d], sizeof(uint64_t) * NLINES * 5)
            memcpy(self.alive + (d + 1) * self.state_words, self.alive + d * self.state_words,
                   self.state_words * sizeof(uint64_t))
            self.doms[d + 1][cell] = low
            memcpy(child_queue, around, na * sizeof(int))
            self._letters(d + 1, child_queue, na)
        return 0


cdef unsigned char* _letter_at(uint64_t* table, int positions, int width) except NULL:
    """For each position and candidate of a table, the code of its letter there (``table`` read back)."""
    cdef unsigned char* at = <unsigned char*> calloc(positions * width * 64 + 1, 1)
    cdef int p, letter, w
    cdef uint64_t bits
    if at == NULL:
        raise MemoryError()
    for p in range(positions):
        for letter in range(NLET):
            for w in range(width):
                bits = table[(p * NLET + letter) * width + w]
                while bits:
                    at[p * width * 64 + w * 64 + ctz64(bits)] = letter
                    bits &= bits - 1
    return at


cdef int _place(int box, uint64_t* options, int* owner, uint64_t* seen):
    cdef uint64_t free_ = options[box] & ~seen[0], low
    cdef int turn
    while free_:
        low = free_ & (~free_ + 1)
        free_ ^= low
        seen[0] |= low
        turn = ctz64(low)
        if owner[turn] < 0 or _place(owner[turn], options, owner, seen):
            owner[turn] = box
            return 1
    return 0
