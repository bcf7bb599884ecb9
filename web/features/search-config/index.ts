export { PriorityWindowButton } from './PriorityWindowButton';
export { SearchBuilder } from './SearchBuilder';
export { StepEditor } from './StepEditor';
