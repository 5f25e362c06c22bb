"""The app's screens: menu, new game, load, rules, settings, game, pass-the-keyboard, game over."""
