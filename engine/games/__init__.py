"""One package per game (a plugin); each exposes `SPECS`, its GameSpec(s).

Adding a game to the engine takes new files only, plus its line in
`engine.registry.PLUGINS`:
- rules: a `GameState` subclass (engine.core) with its move type (a NamedTuple with
  `steps` and `__str__` in the game's notation), `parse_move`, `position()` and
  `_set_position()` (the position text, documented in the module), and, for typed
  answers, `refusal`, `_click_reason`, `_prompt`, `formed_lines`, `cell_name`;
- an evaluation `evaluate(state) -> int` (side to move's view);
- a `GameSpec` with the messages ('refuse_<code>', 'prompt_<code>', BASE_MESSAGES
  included) and optionally rule options, levels, an exact endgame solver, an oracle.
The registry checks every part at import; tests/test_contract.py then runs the whole
contract on the new game, and tests/plugins/tictactoe.py is a complete small example.
"""
