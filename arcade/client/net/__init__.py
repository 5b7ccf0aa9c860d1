"""The client's network side in one place: a network match from the lobby through the matches to the rematch.

- ``link``: ``LanLink``, this machine's side in the window (a netplay session and its runner, LAN or online);
- ``assembly``: the match assembled once (``assemble_match``: the window's link and the headless host and join);
- ``effects``: netplay's typed events turned into table effects once (one table, ``EFFECTS``);
- ``words``: each notice worded once (``Said``: its code for the log, its translation for the screen);
- ``status``: what the screens read (``NetStatus``, built by ``status_of``, the one reader of the session's phase,
  driver, referee and stats);
- ``prompts``: the table's network prompts (``NetTable``);
- ``setup``: addresses, settings, the late joiner's snapshot codec, the player's token;
- ``script``: the command line's scripted runs (``--lan-auto``, ``--lan-summary``...).
"""
