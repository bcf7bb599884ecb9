/** Who a history item names: a user, or the system (no id). */
export interface Actor {
  userId: number | null;
  userName: string;
}

/** The dispatch engine in the order history (the demo seed's automatic steps use it too). */
export const SYSTEM_ACTOR: Actor = { userId: null, userName: 'Sistem' };
