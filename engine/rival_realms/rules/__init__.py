"""Rival Realms legality and resolution by role: `phases` (the phase table: each decision's
rules, effect and prompt), `setup_phase` (Valleys, the Raven, the adventurers), `turn` (a turn's
action, tokens and end), `draws` (the redraw and a gem's theft), `events` (answering an event)
and `flow` (turns beginning and ending, the redraw's course, the end of the game)."""
