import { SearchBuilder } from '../features/search-config/SearchBuilder';

/** /builder ('Search-method (work-mode) builder'). */
export default function BuilderPage() {
  return <SearchBuilder />;
}
