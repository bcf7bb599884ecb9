import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render-ui';
import { RockPaperScissors } from './RockPaperScissors';
import type { Move } from './rps-game';

/** The computer's moves in order, so each round's outcome is known. */
const scripted = (moves: Move[]) => {
  let i = 0;
  return () => moves[i++ % moves.length] ?? 'rock';
};

describe('the dashboard mini game (keyboard)', () => {
  it('is won with the keys: 1 beats scissors, a draw counts for nobody, H beats rock', () => {
    renderUi(<RockPaperScissors computerMove={scripted(['scissors', 'paper', 'rock'])} />);
    fireEvent.keyDown(window, { key: '1' });
    expect(screen.getByTestId('rps-score').textContent).toBe('Tu 1 – 0 Calculator');
    fireEvent.keyDown(window, { key: 'h' });
    expect(screen.getByTestId('rps-score').textContent).toBe('Tu 1 – 0 Calculator');
    expect(screen.getByTestId('rps-status').textContent).toContain('Hârtie contra Hârtie: Egal.');
    fireEvent.keyDown(window, { key: 'H' });
    expect(screen.getByTestId('rps-winner').textContent).toBe('Ai câștigat jocul!');
    // Over: the moves wait for a new game (N).
    fireEvent.keyDown(window, { key: '3' });
    expect(screen.getByTestId('rps-score').textContent).toBe('Tu 2 – 0 Calculator');
    fireEvent.keyDown(window, { key: 'n' });
    expect(screen.queryByTestId('rps-winner')).toBeNull();
    expect(screen.getByTestId('rps-score').textContent).toBe('Tu 0 – 0 Calculator');
  });

  it('leaves the keys typed in a field to the field', () => {
    renderUi(
      <>
        <input data-testid="field" />
        <RockPaperScissors computerMove={() => 'scissors'} />
      </>,
    );
    fireEvent.keyDown(screen.getByTestId('field'), { key: '1' });
    expect(screen.getByTestId('rps-score').textContent).toBe('Tu 0 – 0 Calculator');
  });
});
