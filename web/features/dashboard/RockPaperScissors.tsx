import { Badge, Button, Group, Kbd, Paper, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import {
  type GameState,
  MOVE_KEYS,
  MOVE_LABELS,
  MOVES,
  type Move,
  moveOfKey,
  NEW_GAME_KEY,
  newGame,
  play,
  type RoundResult,
  randomMove,
  WINS_NEEDED,
} from './rps-game';

const RESULT_TEXT: Record<RoundResult, string> = {
  win: 'Ai câștigat runda.',
  loss: 'Calculatorul a câștigat runda.',
  draw: 'Egal.',
};

/** Keys typed in a field belong to the field (the dashboard's forms sit beside the game). */
const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The mini game shown while there are no orders: Piatră, Hârtie, Foarfecă against
 * the computer, first to 2 wins; played with the buttons or the keys 1/2/3 (or P/H/F), N for a
 * new game. `computerMove` is injectable so a test can know the computer's move.
 */
export function RockPaperScissors({ computerMove = randomMove }: { computerMove?: () => Move }) {
  const [game, setGame] = useState<GameState>(newGame);
  const last = game.rounds.at(-1);

  const choose = useCallback(
    (move: Move) => setGame((state) => play(state, move, computerMove())),
    [computerMove],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || typingIn(event.target)) return;
      if (event.key.toUpperCase() === NEW_GAME_KEY) {
        setGame(newGame());
        return;
      }
      const move = moveOfKey(event.key);
      if (move) choose(move);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [choose]);

  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      bg="var(--mantine-color-gray-0)"
      data-testid="rps-game"
      data-rounds={game.rounds.length}
    >
      <Stack gap="xs">
        <Text size="sm">
          Nicio comandă încă. Până vine prima: Piatră, Hârtie, Foarfecă — primul la {WINS_NEEDED}{' '}
          victorii câștigă.
        </Text>
        <Group gap="xs">
          {MOVES.map((move) => (
            <Button
              key={move}
              size="xs"
              variant="default"
              disabled={game.winner !== null}
              onClick={() => choose(move)}
              rightSection={
                <Kbd size="xs">
                  {MOVE_KEYS[move][0]}/{MOVE_KEYS[move][1]}
                </Kbd>
              }
            >
              {MOVE_LABELS[move]}
            </Button>
          ))}
        </Group>
        <Group gap="xs" aria-live="polite" data-testid="rps-status">
          <Badge variant="light" color="teal" tt="none" data-testid="rps-score">
            Tu {game.playerWins} – {game.computerWins} Calculator
          </Badge>
          {last && (
            <Text size="sm">
              {MOVE_LABELS[last.player]} contra {MOVE_LABELS[last.computer]}:{' '}
              {RESULT_TEXT[last.result]}
            </Text>
          )}
        </Group>
        {game.winner && (
          <Group gap="xs">
            <Text
              fw={600}
              size="sm"
              c={game.winner === 'player' ? 'teal' : 'red'}
              data-testid="rps-winner"
            >
              {game.winner === 'player' ? 'Ai câștigat jocul!' : 'Calculatorul a câștigat jocul.'}
            </Text>
            <Button size="xs" variant="subtle" onClick={() => setGame(newGame())}>
              Joc nou{' '}
              <Kbd size="xs" ml={6}>
                {NEW_GAME_KEY}
              </Kbd>
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
