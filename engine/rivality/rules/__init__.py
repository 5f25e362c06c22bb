"""Rivality's rules by role: `phases` (the phase table: each decision's rules, effect and
prompt), `legality` (what may be chosen in each phase, and why not), `perform` (what each
decision does), `resolution` (the rest of a turn, which runs by itself between decisions),
`sieges` (expert), `solo` (the magician's move and Souramoun's answer) and `flow` (turns
starting and ending, and the game ending)."""
