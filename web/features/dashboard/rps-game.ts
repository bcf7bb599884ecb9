/**
 * The dashboard's rock-paper-scissors, shown while there are no orders: three moves,
 * rounds until one side has won two (a draw counts for nobody).
 */
export const MOVES = ['rock', 'paper', 'scissors'] as const;
export type Move = (typeof MOVES)[number];

export const MOVE_LABELS: Record<Move, string> = {
  rock: 'Piatră',
  paper: 'Hârtie',
  scissors: 'Foarfecă',
};

/** The keys of each move: its number, or its Romanian initial (P, H, F). */
export const MOVE_KEYS: Record<Move, readonly [string, string]> = {
  rock: ['1', 'P'],
  paper: ['2', 'H'],
  scissors: ['3', 'F'],
};

/** Starts a new game once one is over. */
export const NEW_GAME_KEY = 'N';

export const WINS_NEEDED = 2;

const BEATS: Record<Move, Move> = { rock: 'scissors', paper: 'rock', scissors: 'paper' };

export type RoundResult = 'win' | 'loss' | 'draw';

/** The round as the player sees it. */
export const judge = (player: Move, computer: Move): RoundResult =>
  player === computer ? 'draw' : BEATS[player] === computer ? 'win' : 'loss';

export interface Round {
  player: Move;
  computer: Move;
  result: RoundResult;
}

export interface GameState {
  rounds: readonly Round[];
  playerWins: number;
  computerWins: number;
  winner: 'player' | 'computer' | null;
}

export const newGame = (): GameState => ({
  rounds: [],
  playerWins: 0,
  computerWins: 0,
  winner: null,
});

/** One round; a finished game stays as it is. */
export function play(state: GameState, player: Move, computer: Move): GameState {
  if (state.winner) return state;
  const result = judge(player, computer);
  const playerWins = state.playerWins + (result === 'win' ? 1 : 0);
  const computerWins = state.computerWins + (result === 'loss' ? 1 : 0);
  return {
    rounds: [...state.rounds, { player, computer, result }],
    playerWins,
    computerWins,
    winner: playerWins >= WINS_NEEDED ? 'player' : computerWins >= WINS_NEEDED ? 'computer' : null,
  };
}

/** The move a key stands for (case-insensitive), if any. */
export function moveOfKey(key: string): Move | null {
  const upper = key.toUpperCase();
  return MOVES.find((move) => MOVE_KEYS[move].includes(upper)) ?? null;
}

/** The computer's move: uniformly random unless a test gives its own. */
export const randomMove = (random: () => number = Math.random): Move =>
  MOVES[Math.min(MOVES.length - 1, Math.floor(random() * MOVES.length))] ?? 'rock';
