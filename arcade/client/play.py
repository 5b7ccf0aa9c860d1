"""Starting matches: build the ``Match``, attach its replay recorder, open the game's table (by name, through the
router). Used by the title, seat setup, the command line and "Resume"."""

from __future__ import annotations

from collections import deque

from arcade.games import REGISTRY, definition_of
from arcade.core.match import Match, SeatSpec, allowed_counts, parse_seats, seat_teams
from arcade.core.replay import Replay, ReplayWriter, make_header, new_replay_path
from arcade.client.scenes import router
from arcade.client.thinking import in_background

__all__ = ["start_match", "attach_recorder", "resume_match", "start_tutorial", "mark_input", "TUTORIAL_THINK_TICKS"]

TUTORIAL_THINK_TICKS = 90  # the tutorial's bots wait 1.5 s before each decision
RECENT_EVENTS = 32  # public events a resumed turn game keeps for its table's log of the last moves


def start_match(app, game_id: str, seats: list[SeatSpec], seed: int, options: dict, demo: bool = False) -> None:
    """Create the match (recorded as a replay unless it is a demo) and push its table. Seats' chosen teams
    (``SeatSpec.team``) become the ``teams`` option unless ``options`` names it. Raises SpecError for teams the game
    does not allow (``match.seat_teams``)."""
    options = dict(seat_teams(game_id, seats), **options)
    match = Match(game_id, seats, seed, bot_think_ticks=app.opts.bot_think_ticks, bot_ahead=in_background, **options)
    if not demo and app.opts.record:
        attach_recorder(app, match)
    app.push(mark_input(app, router.table(game_id)(app, match, demo=demo)))


def mark_input(app, table):
    """Note on ``table`` which devices had been used before its match (``InputMap.used``), so the results can say
    what really played each seat (keys, the mouse, or both); returns the table."""
    table.input_mark = dict(app.input.used)
    return table


def attach_recorder(app, match: Match) -> None:
    header = make_header(match.game_id, match.seed, match.seat_specs(), match.options)
    header["bot_think_ticks"] = match.bot_think_ticks
    rec = ReplayWriter(new_replay_path(app.data_dir, match.game_id, match.seed), header,
                       flush_on_input=match.turn_based)
    if rec.error:
        app.notice = rec.error
        return
    match.recorder = rec


def resume_match(app, rep: Replay) -> None:
    """Continue an interrupted match exactly where it stood: re-simulate its inputs, then hand over the seats. A
    turn game's last ``RECENT_EVENTS`` public events replayed are left in ``match.recent_events`` (a table's log of
    the last moves starts from them)."""
    rules = REGISTRY[rep.game]
    seats = parse_seats(",".join(rep.header["seats"]), rules.min_players, max(allowed_counts(rep.game)))
    think = rep.header.get("bot_think_ticks")
    match = Match(rep.game, seats, rep.header["seed"],
                  bot_think_ticks=think if isinstance(think, int) and 0 <= think <= 600 else app.opts.bot_think_ticks,
                  bot_ahead=in_background, **rep.header["options"])
    writer = ReplayWriter(rep.path, rep.header, flush_on_input=match.turn_based)
    if writer.error is None:
        match.recorder = writer
    recent: deque = deque(maxlen=RECENT_EVENTS)
    for inputs in rep.inputs():
        before = match.state
        match.replay_tick(inputs)
        if match.turn_based and match.state is not before:  # what a table's log would have shown (public events)
            recent.extend(getattr(match.views([None])[None], "events", ()))
    match.recent_events = tuple(recent)
    app.push(mark_input(app, router.table(rep.game)(app, match)))


def start_tutorial(app, game_id: str) -> None:
    """"Learn to play": the game's seeded tutorial match (``GameDefinition.tutorial``) against slow bots, with its
    coach explaining each step on the table. Not recorded. Raises KeyError if the game has no tutorial."""
    game = definition_of(game_id)
    tut, spec = game.tutorial, game.spec
    if tut is None:
        raise KeyError(f"{spec.name} has no tutorial")
    seats = parse_seats(tut.seats, spec.min_players, spec.max_players)
    options = dict(spec.options_for_count(len(seats)), **tut.options)
    match = Match(game_id, seats, tut.seed, bot_think_ticks=TUTORIAL_THINK_TICKS, bot_player=tut.bot,
                  bot_ahead=in_background, **options)
    table = router.table(game_id)(app, match)
    coach = table.coach
    coach.say, coach.done, coach.wanted, coach.refuse = tut.coach, tut.done, tut.wanted, tut.refuse
    app.push(mark_input(app, table))
