"""`SaveError`: the one error the saves package raises, as one line a player can read."""

from __future__ import annotations


class SaveError(ValueError):
    """A save could not be read, written or opened.

    `str(err)` is one line naming the file and the fault, for example
    "autumn.json: not a Rivals save (the JSON is cut off at line 3)". `source` and `fault`
    hold the two halves for callers that want to lay them out differently.
    """

    def __init__(self, source: str, fault: str | None = None) -> None:
        if fault is None:
            # Called with a finished message, as in SaveError("autumn.json: ...").
            source, _, fault = source.partition(": ") if ": " in source else ("", "", source)
        self.source = source
        self.fault = " ".join(fault.split())  # never more than one line
        super().__init__(f"{source}: {self.fault}" if source else self.fault)
