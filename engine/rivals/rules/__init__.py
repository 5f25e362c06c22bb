"""Phases and legality of Rivals: `phases` (the table of decision phases), `flow` (the tasks
that run by themselves), `turn`, `collect`, `choices`, `setup_phase` (the decisions), `resolve`
and `combat` (playing a card), `board` and `common` (shared state changes), `events`."""
