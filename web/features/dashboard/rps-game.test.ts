import { describe, expect, it } from 'vitest';
import { judge, moveOfKey, newGame, play, randomMove } from './rps-game';

describe('rock-paper-scissors (first side to 2 wins)', () => {
  it('judges every pair of moves', () => {
    expect(judge('rock', 'scissors')).toBe('win');
    expect(judge('scissors', 'paper')).toBe('win');
    expect(judge('paper', 'rock')).toBe('win');
    expect(judge('rock', 'paper')).toBe('loss');
    expect(judge('paper', 'paper')).toBe('draw');
  });

  it('ends when a side has two wins; draws count for nobody; a finished game takes no move', () => {
    let game = play(newGame(), 'rock', 'rock');
    expect(game).toMatchObject({ playerWins: 0, computerWins: 0, winner: null });
    game = play(game, 'rock', 'scissors');
    game = play(game, 'rock', 'paper');
    expect(game).toMatchObject({ playerWins: 1, computerWins: 1, winner: null });
    game = play(game, 'paper', 'rock');
    expect(game).toMatchObject({ playerWins: 2, computerWins: 1, winner: 'player' });
    expect(game.rounds).toHaveLength(4);
    expect(play(game, 'rock', 'paper')).toBe(game);
    const lost = play(play(newGame(), 'rock', 'paper'), 'scissors', 'rock');
    expect(lost.winner).toBe('computer');
  });

  it('reads the keys 1/2/3 and P/H/F in either case', () => {
    expect(moveOfKey('1')).toBe('rock');
    expect(moveOfKey('h')).toBe('paper');
    expect(moveOfKey('F')).toBe('scissors');
    expect(moveOfKey('x')).toBeNull();
  });

  it('draws the computer move from the random source it is given', () => {
    expect(randomMove(() => 0)).toBe('rock');
    expect(randomMove(() => 0.5)).toBe('paper');
    expect(randomMove(() => 0.999)).toBe('scissors');
  });
});
