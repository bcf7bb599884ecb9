import { SearchBuilder } from '../features/search-config';

/** /builder ('Search-method (work-mode) builder'). */
export default function BuilderPage() {
  return <SearchBuilder />;
}
