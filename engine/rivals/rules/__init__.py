"""Phases and legality of Rivals: `phases` (the table of decision phases), `flow` (the tasks
that run by themselves), `turn`, `collect`, `choices`, `setup_phase` (the decisions), `bodies`
(what an Ashak and a drone both do from a menu: move and spend), `limits` (what a menu may offer
now), `targeting` (what a card may be aimed at), `resolve` and `combat` (playing a card), `board`
(moves on the Wildtech, scouting) and `common` (shared state changes), `events`; in drone mode
`drone_turn`, `drone_hack` and `drone_cards`. Read-only facts they share are in
`engine/rivals/queries.py`. Each imports only those below it (tests/engine/test_import_graph.py)."""
