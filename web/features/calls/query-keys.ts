/** Query keys of the calls' server data (TanStack Query). */
export const missedCallKeys = {
  all: ['calls', 'missed'] as const,
};

export const callerKeys = {
  byPhone: (phone: string) => ['calls', 'caller', phone] as const,
};
