"""Grisbi Arcade: a pygame-ce arcade client for five tabletop games about cops, robbers and outlaws.

``arcade.games`` holds the pure rules (no pygame); the rest of the package is the client.
"""

__version__ = "0.1.0"
