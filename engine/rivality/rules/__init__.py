"""Rivality's rules by role: `legality` (what may be chosen now, and why not), `perform` (what
each decision does), `resolution` (the rest of a turn, which runs by itself between decisions),
`sieges` (expert), `solo` (the magician's move and Souramoun's answer) and `flow` (turns
starting and ending, and the game ending)."""
