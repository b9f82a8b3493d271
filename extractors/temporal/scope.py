"""How far a time phrase reaches: its clause, then the rest of the turn until another phrase.

A phrase governs every fact of its clause (and of the clauses coordinated with or governed by
it: the extractors' walkers pass it down). Past the sentence it was said in, it governs the
clauses of the following sentences of the same turn that speak of the same side of the
reference, until another phrase is said: "Last month I went to Rome. We saw the Colosseum."
dates the Colosseum by last month, but "Last month I went to Rome. I live in Berlin." leaves
where I live to the turn's date (a present-tense state is not an event of last month).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from extractors.schema import TimeMention


@dataclass(frozen=True)
class Carry:
    """The phrases a turn's earlier sentences leave for the later ones."""

    reference: datetime
    mentions: tuple[TimeMention, ...] = ()

    def to(self, *, past: bool, future: bool) -> tuple[TimeMention, ...]:
        """The carried phrases, for a clause in the past or future tense (none otherwise)."""
        if not self.mentions:
            return ()
        ahead = self.mentions[0].start > self.reference
        return self.mentions if (future and ahead) or (past and not ahead) else ()

    def after(self, own: tuple[TimeMention, ...]) -> Carry:
        """What the next sentence inherits once a sentence said `own` (its adverbial times):
        a new "when" replaces the old one; a sentence without one passes the old one on."""
        said = tuple(m for m in own if m.role == "at")
        return Carry(self.reference, said) if said else self
