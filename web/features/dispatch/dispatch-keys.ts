/** TanStack Query keys of the console's dispatch views. */
export const dispatchKeys = {
  all: ['dispatch'] as const,
  /** GET /order-drivers?orderId: the drivers of the order's search. */
  drivers: (orderId: number) => ['dispatch', 'drivers', orderId] as const,
  /** GET /api/orders/{id}/dispatch-trace. */
  trace: (orderId: number) => ['dispatch', 'trace', orderId] as const,
};
