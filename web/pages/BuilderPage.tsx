import { SearchBuilder } from '../features/search-config/SearchBuilder';

/** /builder (SPEC §2 'Search-method (work-mode) builder'). */
export default function BuilderPage() {
  return <SearchBuilder />;
}
