"""Phases and legality of Rivals: `phases` (the table of decision phases), `flow` (the tasks
that run by themselves), `turn`, `collect`, `choices`, `setup_phase` (the decisions), `limits`
(what a menu may offer now), `targeting` (what a card may be aimed at), `resolve` and `combat`
(playing a card), `board` and `common` (shared state changes), `events`; in drone mode
`drone_turn`, `drone_collect`, `drone_hack` and `drone_cards`. Each imports only those below it
(tests/engine/test_import_graph.py)."""
