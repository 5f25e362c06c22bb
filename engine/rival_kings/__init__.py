"""Rival Kings: court characters, conflicts, subjects and buildings.

The package stays light so the game list loads without the rules (engine.registry reads
`meta.py`); the rules are in `engine.rival_kings.game` (`GAME`) and the modules it wires.
"""
