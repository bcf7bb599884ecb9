export { useRuntimeConfig } from './use-runtime-config';
