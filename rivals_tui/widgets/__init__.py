"""Widgets shared by every game screen: the board base class, the action picker."""
