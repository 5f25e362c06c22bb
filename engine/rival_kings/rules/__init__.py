"""The Rival Kings rules, by role: `phases` (the phase table), `legality` (what may be done
now, and why not), `cycle` (the secret choice, the reveal, the start windows, conflicts, the end
of a cycle and of the game) and `turn` (a player's turn as a chain of small decisions)."""
