export * from './auth';
export * from './companies';
export * from './content';
export * from './orders';
export * from './places';
export * from './users';
