/**
 * The local stand-in for the ANAF VAT registry (PlatitorTvaRest v9): one implementation for the
 * API tests and the browser tests' server (e2e/support/fake-anaf.mjs).
 */
export {
  E2E_ANAF_COMPANIES,
  type FakeAnafMode,
  type FakeCompany,
  startFakeAnaf,
} from '../../e2e/support/fake-anaf.mjs';
